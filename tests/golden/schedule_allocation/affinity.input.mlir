module {
  util.global private @gpu0 : !hal.device
  util.global private @gpu1 : !hal.device
  util.global private @gpu2 : !hal.device
  util.func public @constantsUsedElsewhere(%arg0: !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c12 = arith.constant 12 : index
    %c64 = arith.constant 64 : index
    %c1_i32 = arith.constant 1 : i32
    %results:3, %result_timepoint = stream.async.execute on(#hal.device.affinity<@gpu0>) await(%arg0) => with() -> (!stream.resource<constant>{%c4}, !stream.resource<constant>{%c12}, !stream.resource<variable>{%c64}) {
      %cst = stream.async.constant : !stream.resource<constant>{%c4} = dense<7> : tensor<4xi8>
      %cst_4 = stream.async.constant : !stream.resource<constant>{%c12} = dense<8> : tensor<3xi32>
      %cst_5 = stream.async.constant : !stream.resource<variable>{%c64} = dense<9> : tensor<16xi32>
      %3 = stream.async.fill %c1_i32, %cst_5[%c0 to %c4 for %c4] : i32 -> %cst_5 as !stream.resource<variable>{%c64}
      stream.yield %cst, %cst_4, %3 : !stream.resource<constant>{%c4}, !stream.resource<constant>{%c12}, !stream.resource<variable>{%c64}
    } => !stream.timepoint
    %results_0, %result_timepoint_1 = stream.async.execute on(#hal.device.affinity<@gpu1>) await(%result_timepoint) => with(%results#0 as %arg1: !stream.resource<constant>{%c4}) -> !stream.resource<constant>{%c4} {
      stream.yield %arg1 : !stream.resource<constant>{%c4}
    } => !stream.timepoint
    %results_2, %result_timepoint_3 = stream.async.execute on(#hal.device.affinity<@gpu2>) await(%result_timepoint) => with(%results#2 as %arg1: !stream.resource<variable>{%c64}) -> %results#2{%c64} {
      stream.yield %arg1 : !stream.resource<variable>{%c64}
    } => !stream.timepoint
    %0 = util.optimization_barrier %results#1 : !stream.resource<constant>
    %1 = util.optimization_barrier %result_timepoint_1 : !stream.timepoint
    %2 = util.optimization_barrier %result_timepoint_3 : !stream.timepoint
    util.return
  }
}
// -----
module {
  util.global private @gpu0 : !hal.device
  util.global private @gpu1 : !hal.device
  util.func public @pinnedByExport(%arg0: !stream.timepoint, %arg1: i64) -> (!stream.timepoint, i64) {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %0 = stream.tensor.import on(#hal.device.affinity<@gpu0>) %arg1 : i64 -> tensor<8xf32> in !stream.resource<external>{%c32}
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@gpu0>) await(%arg0) => with(%0 as %arg2: !stream.resource<external>{%c32}) -> !stream.resource<transient>{%c32} {
      %2 = stream.async.dispatch @ex::@first(%arg2[%c0 to %c32 for %c32]) : (!stream.resource<external>{%c32}) -> !stream.resource<transient>{%c32}
      stream.yield %2 : !stream.resource<transient>{%c32}
    } => !stream.timepoint
    %results_0, %result_timepoint_1 = stream.async.execute on(#hal.device.affinity<@gpu1>) await(%result_timepoint) => with(%results as %arg2: !stream.resource<transient>{%c32}) -> !stream.resource<external>{%c32} {
      %2 = stream.async.dispatch @ex::@second(%arg2[%c0 to %c32 for %c32]) : (!stream.resource<transient>{%c32}) -> !stream.resource<external>{%c32}
      stream.yield %2 : !stream.resource<external>{%c32}
    } => !stream.timepoint
    %1 = stream.tensor.export on(#hal.device.affinity<@gpu0>) %results_0 : tensor<8xf32> in !stream.resource<external>{%c32} -> i64
    util.return %result_timepoint_1, %1 : !stream.timepoint, i64
  }
}
// -----
module {
  util.global private @gpu0 : !hal.device
  util.global private @gpu1 : !hal.device
  util.func public @transfersOut(%arg0: !stream.resource<transient>, %arg1: index) -> (!stream.resource<transient>, !stream.resource<transient>) {
    %results:2, %result_timepoint = stream.async.execute on(#hal.device.affinity<@gpu0>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) -> (!stream.resource<transient>{%arg1}, !stream.resource<transient>{%arg1}) {
      %0:2 = stream.async.concurrent with(%arg2 as %arg3: !stream.resource<transient>{%arg1}) -> (!stream.resource<transient>{%arg1}, !stream.resource<transient>{%arg1}) {
        %1 = stream.async.transfer %arg3 : !stream.resource<transient>{%arg1} -> to(#hal.device.affinity<@gpu1>) !stream.resource<transient>{%arg1}
        %2 = stream.async.transfer %arg3 : !stream.resource<transient>{%arg1} -> to(#hal.device.affinity<@gpu0, [1]>) !stream.resource<transient>{%arg1}
        stream.yield %1, %2 : !stream.resource<transient>{%arg1}, !stream.resource<transient>{%arg1}
      }
      stream.yield %0#0, %0#1 : !stream.resource<transient>{%arg1}, !stream.resource<transient>{%arg1}
    } => !stream.timepoint
    util.return %results#0, %results#1 : !stream.resource<transient>, !stream.resource<transient>
  }
}
