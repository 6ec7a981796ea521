module {
  util.func public @constantsAndVariables(%arg0: !stream.timepoint, %arg1: !stream.resource<transient>, %arg2: index) {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %c255_i32 = arith.constant 255 : i32
    %results:4, %result_timepoint = stream.async.execute await(%arg0) => with(%arg1 as %arg3: !stream.resource<transient>{%arg2}) -> (!stream.resource<constant>{%c8}, !stream.resource<constant>{%c16}, !stream.resource<variable>{%c32}, !stream.resource<transient>{%arg2}) {
      %cst = stream.async.constant : !stream.resource<constant>{%c8} = dense<3> : tensor<8xi8>
      %cst_0 = stream.async.constant : !stream.resource<constant>{%c16} = dense<4> : tensor<4x2xi16>
      %cst_1 = stream.async.constant : !stream.resource<variable>{%c32} = dense<5> : tensor<8xi32>
      %5 = stream.async.fill %c255_i32, %arg3[%c0 to %c128 for %c128] : i32 -> %arg3 as !stream.resource<transient>{%arg2}
      stream.yield %cst, %cst_0, %cst_1, %5 : !stream.resource<constant>{%c8}, !stream.resource<constant>{%c16}, !stream.resource<variable>{%c32}, !stream.resource<transient>{%arg2}
    } => !stream.timepoint
    %0 = util.optimization_barrier %result_timepoint : !stream.timepoint
    %1 = util.optimization_barrier %results#0 : !stream.resource<constant>
    %2 = util.optimization_barrier %results#1 : !stream.resource<constant>
    %3 = util.optimization_barrier %results#2 : !stream.resource<variable>
    %4 = util.optimization_barrier %results#3 : !stream.resource<transient>
    util.return
  }
}
// -----
module {
  util.global private @dev : !hal.device
  util.func public @splitLifetimes(%arg0: !stream.timepoint, %arg1: index) -> (!stream.resource<constant>, !stream.resource<external>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %results:2, %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev>) await(%arg0) => with() -> (!stream.resource<constant>{%c8}, !stream.resource<external>{%arg1}) {
      %cst = stream.async.constant : !stream.resource<constant>{%c8} = dense<3> : tensor<8xi8>
      %cst_0 = stream.async.constant : !stream.resource<constant>{%c16} = dense<4> : tensor<16xi8>
      %cst_1 = stream.async.constant : !stream.resource<constant>{%c16} = dense<7> : tensor<16xi8>
      %0 = stream.async.dispatch @ex::@dispatch(%cst[%c0 to %c8 for %c8], %cst_0[%c0 to %c16 for %c16]) : (!stream.resource<constant>{%c8}, !stream.resource<constant>{%c16}) -> !stream.resource<external>{%arg1}
      stream.yield %cst, %0 : !stream.resource<constant>{%c8}, !stream.resource<external>{%arg1}
    } => !stream.timepoint
    util.return %results#0, %results#1, %result_timepoint : !stream.resource<constant>, !stream.resource<external>, !stream.timepoint
  }
}
// -----
module {
  util.func public @onlyEscaping(%arg0: index) -> (!stream.resource<constant>, !stream.resource<variable>, !stream.timepoint) {
    %c4 = arith.constant 4 : index
    %results:2, %result_timepoint = stream.async.execute with() -> (!stream.resource<constant>{%c4}, !stream.resource<variable>{%c4}) {
      %cst = stream.async.constant : !stream.resource<constant>{%c4} = dense<1> : tensor<1xi32>
      %cst_0 = stream.async.constant : !stream.resource<variable>{%c4} = dense<2> : tensor<1xi32>
      stream.yield %cst, %cst_0 : !stream.resource<constant>{%c4}, !stream.resource<variable>{%c4}
    } => !stream.timepoint
    util.return %results#0, %results#1, %result_timepoint : !stream.resource<constant>, !stream.resource<variable>, !stream.timepoint
  }
}
// -----
module {
  util.func public @variableInit() -> (!stream.resource<variable>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c9_i32 = arith.constant 9 : i32
    %results, %result_timepoint = stream.async.execute with() -> !stream.resource<variable>{%c32} {
      %cst = stream.async.constant : !stream.resource<variable>{%c32} = dense<5> : tensor<8xi32>
      %0 = stream.async.fill %c9_i32, %cst[%c0 to %c16 for %c16] : i32 -> %cst as !stream.resource<variable>{%c32}
      stream.yield %0 : !stream.resource<variable>{%c32}
    } => !stream.timepoint
    util.return %results, %result_timepoint : !stream.resource<variable>, !stream.timepoint
  }
}
