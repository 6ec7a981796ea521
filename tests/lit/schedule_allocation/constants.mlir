// schedule-allocation: stream.async.constant hoisting.
// Escaping constants replace the execute results; local ones are captured.

util.func public @constantsAndVariables(%tp: !stream.timepoint, %operand: !stream.resource<transient>, %size: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %c255_i32 = arith.constant 255 : i32
  %results:4, %result_timepoint = stream.async.execute await(%tp) => with(%operand as %capture: !stream.resource<transient>{%size}) -> (!stream.resource<constant>{%c8}, !stream.resource<constant>{%c16}, !stream.resource<variable>{%c32}, !stream.resource<transient>{%size}) {
    %0 = stream.async.constant : !stream.resource<constant>{%c8} = dense<3> : tensor<8xi8>
    %1 = stream.async.constant : !stream.resource<constant>{%c16} = dense<4> : tensor<4x2xi16>
    %2 = stream.async.constant : !stream.resource<variable>{%c32} = dense<5> : tensor<8xi32>
    %3 = stream.async.fill %c255_i32, %capture[%c0 to %c128 for %c128] : i32 -> %capture as !stream.resource<transient>{%size}
    stream.yield %0, %1, %2, %3 : !stream.resource<constant>{%c8}, !stream.resource<constant>{%c16}, !stream.resource<variable>{%c32}, !stream.resource<transient>{%size}
  } => !stream.timepoint
  util.optimization_barrier %result_timepoint : !stream.timepoint
  util.optimization_barrier %results#0 : !stream.resource<constant>
  util.optimization_barrier %results#1 : !stream.resource<constant>
  util.optimization_barrier %results#2 : !stream.resource<variable>
  util.optimization_barrier %results#3 : !stream.resource<transient>
  util.return
}

// -----

// One constant escapes, one is only read inside (captured, awaited), one is
// unused (it still gets uploaded, and a transient slice).
util.global private @dev : !hal.device
util.func public @splitLifetimes(%tp: !stream.timepoint, %size: index) -> (!stream.resource<constant>, !stream.resource<external>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %r:2, %t = stream.async.execute on(#hal.device.affinity<@dev>) await(%tp) => with() -> (!stream.resource<constant>{%c8}, !stream.resource<external>{%size}) {
    %cst0 = stream.async.constant : !stream.resource<constant>{%c8} = dense<3> : tensor<8xi8>
    %cst1 = stream.async.constant : !stream.resource<constant>{%c16} = dense<4> : tensor<16xi8>
    %unused = stream.async.constant : !stream.resource<constant>{%c16} = dense<7> : tensor<16xi8>
    %d = stream.async.dispatch @ex::@dispatch(%cst0[%c0 to %c8 for %c8], %cst1[%c0 to %c16 for %c16]) : (!stream.resource<constant>{%c8}, !stream.resource<constant>{%c16}) -> !stream.resource<external>{%size}
    stream.yield %cst0, %d : !stream.resource<constant>{%c8}, !stream.resource<external>{%size}
  } => !stream.timepoint
  util.return %r#0, %r#1, %t : !stream.resource<constant>, !stream.resource<external>, !stream.timepoint
}

// -----

// Only escaping constants: nothing captured, so the upload is joined after
// the execute instead of awaited by it.
util.func public @onlyEscaping(%n: index) -> (!stream.resource<constant>, !stream.resource<variable>, !stream.timepoint) {
  %c4 = arith.constant 4 : index
  %r:2, %t = stream.async.execute with() -> (!stream.resource<constant>{%c4}, !stream.resource<variable>{%c4}) {
    %a = stream.async.constant : !stream.resource<constant>{%c4} = dense<1> : tensor<1xi32>
    %b = stream.async.constant : !stream.resource<variable>{%c4} = dense<2> : tensor<1xi32>
    stream.yield %a, %b : !stream.resource<constant>{%c4}, !stream.resource<variable>{%c4}
  } => !stream.timepoint
  util.return %r#0, %r#1, %t : !stream.resource<constant>, !stream.resource<variable>, !stream.timepoint
}

// -----

// A variable initialized in place: the fill is tied to the captured upload.
util.func public @variableInit() -> (!stream.resource<variable>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c9_i32 = arith.constant 9 : i32
  %r, %t = stream.async.execute with() -> !stream.resource<variable>{%c32} {
    %v = stream.async.constant : !stream.resource<variable>{%c32} = dense<5> : tensor<8xi32>
    %f = stream.async.fill %c9_i32, %v[%c0 to %c16 for %c16] : i32 -> %v as !stream.resource<variable>{%c32}
    stream.yield %f : !stream.resource<variable>{%c32}
  } => !stream.timepoint
  util.return %r, %t : !stream.resource<variable>, !stream.timepoint
}
