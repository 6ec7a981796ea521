// IREE's pipeline anchors the pass on util.initializer, util.func and
// func.func: the packs of all three are lowered.
util.global private @g : index
util.initializer {
  %c100 = arith.constant 100 : index
  %0:2 = stream.resource.pack slices({
    [0, 0] = %c100
  }) : index
  util.global.store %0#0, @g : index
  util.return
}
func.func @f(%n: index) -> (index, index) {
  %0:2 = stream.resource.pack slices({
    [0, 0] = %n
  }) : index
  return %0#0, %0#1 : index, index
}

// -----

// Empty pack: the total is the constant 0.
util.func public @empty() -> index {
  %0 = stream.resource.pack slices({
  }) : index
  util.return %0 : index
}

// -----

// A dynamic size that is the total of an earlier pack (already lowered).
util.func public @chained(%n: index) -> (index, index, index, index) {
  %c10 = arith.constant 10 : index
  %0:2 = stream.resource.pack slices({
    [0, 0] = %c10
  }) : index
  %1:3 = stream.resource.pack offset(%0#0) slices({
    [0, 1] = %0#0,
    [1, 2] = %0#0
  }) : index
  util.return %0#1, %1#0, %1#1, %1#2 : index, index, index, index
}

// -----

// An initializer with a static and a dynamic pack under a resource config,
// the shape of the packs schedule-allocation leaves in initializers.
util.global private @g0 : index
util.global private @g1 : index
util.initializer attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1024, min_buffer_offset_alignment = 16, max_buffer_range = 4096, min_buffer_range_alignment = 16, index_bits = 64}>} {
  %c100 = arith.constant 100 : index
  %c300 = arith.constant 300 : index
  %n = util.global.load @g0 : index
  %0:4 = stream.resource.pack slices({
    [0, 1] = %c100,
    [1, 2] = %c300,
    [0, 2] = %n
  }) : index
  util.global.store %0#0, @g1 : index
  util.global.store %0#3, @g0 : index
  util.return
}
