// Dispatches and calls: resource operands bind ro (or rw when a result is
// tied to them), untied results bind wo over the result size; primitives go
// to the uniform operands (dispatch) or stay in place (call); offsets are
// added to the range offsets; dialect attributes carry over.

stream.executable private @ex {
  stream.executable.export public @d2
  stream.executable.export public @d3
  builtin.module {
    func.func @d2(%b0: !stream.binding, %b1: !stream.binding, %p0: index) {
      return
    }
    func.func @d3(%b0: !stream.binding, %b1: !stream.binding, %b2: !stream.binding, %b3: !stream.binding, %p0: i32, %p1: index) {
      return
    }
  }
}

util.func public @dispatch_tied_untied(%operand: !stream.resource<transient>, %size: index, %offset: index, %end: index, %length: index) -> (!stream.resource<transient>, !stream.resource<transient>, !stream.timepoint) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %results:2, %result_timepoint = stream.async.execute with(%operand as %capture: !stream.resource<transient>{%size}) -> (%operand as !stream.resource<transient>{%size}, !stream.resource<transient>{%size}) {
    %0:2 = stream.async.dispatch @executable::@dispatch[%c1, %c1, %c1](%capture[%offset to %end for %length], %c4) : (!stream.resource<transient>{%size}, index) -> (%capture{%size}, !stream.resource<transient>{%size})
    stream.yield %0#0, %0#1 : !stream.resource<transient>{%size}, !stream.resource<transient>{%size}
  } => !stream.timepoint
  util.return %results#0, %results#1, %result_timepoint : !stream.resource<transient>, !stream.resource<transient>, !stream.timepoint
}

// -----

stream.executable private @ex {
  stream.executable.export public @d2
  stream.executable.export public @d3
  builtin.module {
    func.func @d2(%b0: !stream.binding, %b1: !stream.binding, %p0: index) {
      return
    }
    func.func @d3(%b0: !stream.binding, %b1: !stream.binding, %b2: !stream.binding, %b3: !stream.binding, %p0: i32, %p1: index) {
      return
    }
  }
}

util.func public @dispatch_locals(%in: !stream.resource<external>, %n: index, %x: i32) -> (!stream.resource<external>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %c72 = arith.constant 72 : index
  %r, %rt = stream.async.execute with(%in as %a: !stream.resource<external>{%n}) -> (%in as !stream.resource<external>{%n}) {
    %s = stream.async.splat %x : i32 -> !stream.resource<transient>{%c72}
    %d:2 = stream.async.dispatch @ex::@d2(%s[%c8 to %c72 for %c64], %c4) : (!stream.resource<transient>{%c72}, index) -> (%s{%c72}, !stream.resource<transient>{%c64})
    %e:2 = stream.async.dispatch @ex::@d3[%c4, %c8](%x, %d#1[%c0 to %c64 for %c64], %d#0[%c8 to %c72 for %c64], %a[%c8 to %c72 for %c64], %c4) {stream.note = "kept", unprefixed = 1 : i32} : (i32, !stream.resource<transient>{%c64}, !stream.resource<transient>{%c72}, !stream.resource<external>{%n}, index) -> (!stream.resource<transient>{%c64}, %a{%n})
    %u = stream.async.update %e#0, %e#1[%c0 to %c64] : !stream.resource<transient>{%c64} -> %e#1 as !stream.resource<external>{%n}
    stream.yield %u : !stream.resource<external>{%n}
  } => !stream.timepoint
  util.return %r, %rt : !stream.resource<external>, !stream.timepoint
}

// -----

stream.async.func private @callee(%arg0: !stream.resource<*>, %arg1: index, %arg2: !stream.resource<*>) -> (%arg2, !stream.resource<*>)
stream.async.func private @producer(%arg0: i32) -> !stream.resource<*>

util.func public @calls(%in: !stream.resource<external>, %n: index, %x: i32) -> (!stream.resource<external>, !stream.resource<external>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %c72 = arith.constant 72 : index
  %r:2, %rt = stream.async.execute with(%in as %a: !stream.resource<external>{%n}) -> (%in as !stream.resource<external>{%n}, !stream.resource<external>{%c64}) {
    %p = stream.async.call @producer(%x) {stream.tag = 1 : i32, dropped = 2 : i32} : (i32) -> !stream.resource<transient>{%c72}
    %k:2 = stream.async.call @callee(%p[%c8 to %c72 for %c64], %c4, %a[%c8 to %c72 for %c64]) : (!stream.resource<transient>{%c72}, index, !stream.resource<external>{%n}) -> (%a{%n}, !stream.resource<external>{%c64})
    stream.yield %k#0, %k#1 : !stream.resource<external>{%n}, !stream.resource<external>{%c64}
  } => !stream.timepoint
  util.return %r#0, %r#1, %rt : !stream.resource<external>, !stream.resource<external>, !stream.timepoint
}

// -----

// An initializer: its execute becomes `stream.cmd.execute once`; a variable
// constant and a dispatch writing a global's storage.
util.global private mutable @var : !stream.resource<variable>
util.initializer {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c1_i32 = arith.constant 1 : i32
  %r, %rt = stream.async.execute with() -> !stream.resource<variable>{%c64} {
    %k = stream.async.constant : !stream.resource<variable>{%c64} = dense<2> : tensor<16xi32>
    %f = stream.async.fill %c1_i32, %k[%c0 to %c64 for %c64] : i32 -> %k as !stream.resource<variable>{%c64}
    %d = stream.async.dispatch @ex::@fn(%f[%c0 to %c64 for %c64]) : (!stream.resource<variable>{%c64}) -> %f{%c64}
    stream.yield %d : !stream.resource<variable>{%c64}
  } => !stream.timepoint
  %ready = stream.timepoint.await %rt => %r : !stream.resource<variable>{%c64}
  util.global.store %ready, @var : !stream.resource<variable>
  util.return
}
