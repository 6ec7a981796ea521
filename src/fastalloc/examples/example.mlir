// A tiny two-layer MLP after IREE's stream partitioning, before memory planning.
//
//   fastalloc opt --passes schedule-allocation,layout-slices example.mlir
//
// The execute region below computes
//   hidden = relu(input x W1 + b1);  logits = hidden x W2;  probs = softmax(logits)
// on one device.  Its values fall into the three classes memory planning cares about:
//   * constants (the weights): uploaded once, `!stream.resource<constant>`;
//   * transients (hidden activations, scratch): live only inside the region, so
//     schedule-allocation packs them into ONE slab (`stream.resource.pack`) and
//     layout-slices assigns each an offset, reusing bytes of dead ones;
//   * the result (probs) escapes the region: it gets its own allocation.
// Sizes are bytes: batch 4 x 256 f32 features = 4096, 256x256 f32 weights = 262144.

// Short names for the resource types (the parser must expand aliases).
!transient = !stream.resource<transient>
!external = !stream.resource<external>
!constant = !stream.resource<constant>
#gpu = #hal.device.affinity<@device>

util.global private @device : !hal.device

// The kernels.  A dispatch's export takes one !stream.binding per resource operand
// and per untied (freshly written) result, then its scalar operands.
stream.executable private @mlp {
  stream.executable.export public @matmul_bias_relu
  stream.executable.export public @matmul
  stream.executable.export public @softmax
  builtin.module {
    // (input, weights, bias) -> hidden
    func.func @matmul_bias_relu(%in: !stream.binding, %w: !stream.binding, %b: !stream.binding, %out: !stream.binding, %rows: index) {
      return
    }
    // (hidden, weights) -> logits
    func.func @matmul(%in: !stream.binding, %w: !stream.binding, %out: !stream.binding, %rows: index) {
      return
    }
    // logits -> probs, written in place (tied result: a read-write binding)
    func.func @softmax(%x: !stream.binding, %rows: index) {
      return
    }
  }
}

// Offsets and sizes inside the slab are aligned to 64 bytes on this target.
util.func public @predict(%input: !external, %input_size: index)
    -> (!external, !stream.timepoint)
    attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 64, max_buffer_range = 1073741824, min_buffer_range_alignment = 64, index_bits = 32}>} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1024 = arith.constant 1024 : index       // one bias vector: 256 x f32
  %c4096 = arith.constant 4096 : index       // one activation batch: 4 x 256 x f32
  %c262144 = arith.constant 262144 : index   // one weight matrix: 256 x 256 x f32
  %zero = arith.constant 0 : i32

  // The input is captured (live-in); probs is the one escaping result.
  %probs, %done = stream.async.execute on(#gpu)
      with(%input as %x: !external{%input_size})
      -> !external{%c4096} {
    // Weights: uploaded by schedule-allocation as stream.resource.constants.
    %w1 = stream.async.constant : !constant{%c262144} = dense<0.01> : tensor<256x256xf32>
    %b1 = stream.async.constant : !constant{%c1024} = dense<0.1> : tensor<256xf32>
    %w2 = stream.async.constant : !constant{%c262144} = dense<0.02> : tensor<256x256xf32>

    // Layer 1: a fresh transient, dead after layer 2 reads it.
    %hidden = stream.async.dispatch @mlp::@matmul_bias_relu[%c4](
        %x[%c0 to %input_size for %input_size],
        %w1[%c0 to %c262144 for %c262144],
        %b1[%c0 to %c1024 for %c1024], %c4)
        : (!external{%input_size}, !constant{%c262144}, !constant{%c1024}, index)
        -> !transient{%c4096}

    %logits = stream.async.dispatch @mlp::@matmul[%c4](
        %hidden[%c0 to %c4096 for %c4096],
        %w2[%c0 to %c262144 for %c262144], %c4)
        : (!transient{%c4096}, !constant{%c262144}, index) -> !transient{%c4096}

    // A zero-filled accumulator (a splat) that the logits are added into in
    // place: the update's result is tied to (shares storage with) %acc.  %hidden
    // is dead by now, so layout-slices can put %acc at %hidden's offset.
    %acc = stream.async.splat %zero : i32 -> !transient{%c4096}
    %sum = stream.async.update %logits, %acc[%c0 to %c4096]
        : !transient{%c4096} -> %acc as !transient{%c4096}

    // The result leaves the region, so it is cloned out of the slab into an
    // external buffer; softmax then runs in place on it (tied result).
    %out = stream.async.clone %sum : !transient{%c4096} -> !external{%c4096}
    %soft = stream.async.dispatch @mlp::@softmax[%c4](%out[%c0 to %c4096 for %c4096], %c4)
        : (!external{%c4096}, index) -> %out{%c4096}
    stream.yield %soft : !external{%c4096}
  } => !stream.timepoint

  util.return %probs, %done : !external, !stream.timepoint
}
