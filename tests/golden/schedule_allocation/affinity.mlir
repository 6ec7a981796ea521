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
    %results, %result_timepoint = stream.resource.constants on(#hal.device.optimal<[#hal.device.affinity<@gpu0>, #hal.device.affinity<@gpu1>]>) : 
      !stream.resource<constant>{%c4} = dense<7> : tensor<4xi8>
      => !stream.timepoint
    %results_0, %result_timepoint_1 = stream.resource.constants on(#hal.device.affinity<@gpu0>) : 
      !stream.resource<constant>{%c12} = dense<8> : tensor<3xi32>
      => !stream.timepoint
    %results_2, %result_timepoint_3 = stream.resource.constants on(#hal.device.optimal<[#hal.device.affinity<@gpu0>, #hal.device.affinity<@gpu2>]>) : 
      !stream.resource<variable>{%c64} = dense<9> : tensor<16xi32>
      => !stream.timepoint
    %c0_4 = arith.constant 0 : index
    %0 = stream.timepoint.join max(%arg0, %result_timepoint_3) => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@gpu0>) await(%0) => with(%results_2 as %arg1: !stream.resource<variable>{%c64}) {
      stream.cmd.fill %c1_i32, %arg1[%c0 for %c4] : i32 -> !stream.resource<variable>{%c64}
    } => !stream.timepoint
    %2 = stream.timepoint.join max(%result_timepoint, %result_timepoint_1, %1) => !stream.timepoint
    %c0_5 = arith.constant 0 : index
    %3 = stream.cmd.execute on(#hal.device.affinity<@gpu1>) await(%2) => with(%results as %arg1: !stream.resource<constant>{%c4}) {
    } => !stream.timepoint
    %c0_6 = arith.constant 0 : index
    %4 = stream.cmd.execute on(#hal.device.affinity<@gpu2>) await(%2) => with(%results_2 as %arg1: !stream.resource<variable>{%c64}) {
    } => !stream.timepoint
    %5 = util.optimization_barrier %results_0 : !stream.resource<constant>
    %6 = util.optimization_barrier %3 : !stream.timepoint
    %7 = util.optimization_barrier %4 : !stream.timepoint
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
    %c0_0 = arith.constant 0 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@gpu0>, #hal.device.affinity<@gpu1>]>) await(%arg0) => !stream.resource<transient>{%c32} => !stream.timepoint
    %1 = stream.timepoint.join max(%arg0, %result_timepoint) => !stream.timepoint
    %2 = stream.cmd.execute on(#hal.device.affinity<@gpu0>) await(%1) => with(%0 as %arg2: !stream.resource<external>{%c32}, %result as %arg3: !stream.resource<transient>{%c32}) {
      stream.cmd.dispatch @ex::@first {
        ro %arg2[%c0 for %c32] : !stream.resource<external>{%c32},
        wo %arg3[%c0_0 for %c32] : !stream.resource<transient>{%c32}
      }
    } => !stream.timepoint
    %c0_1 = arith.constant 0 : index
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@gpu0>, #hal.device.affinity<@gpu1>]>) await(%2) => !stream.resource<external>{%c32} => !stream.timepoint
    %3 = stream.timepoint.join max(%2, %result_timepoint_3) => !stream.timepoint
    %4 = stream.cmd.execute on(#hal.device.affinity<@gpu1>) await(%3) => with(%result as %arg2: !stream.resource<transient>{%c32}, %result_2 as %arg3: !stream.resource<external>{%c32}) {
      stream.cmd.dispatch @ex::@second {
        ro %arg2[%c0 for %c32] : !stream.resource<transient>{%c32},
        wo %arg3[%c0_1 for %c32] : !stream.resource<external>{%c32}
      }
    } => !stream.timepoint
    %5 = stream.tensor.export on(#hal.device.affinity<@gpu0>) %result_2 : tensor<8xf32> in !stream.resource<external>{%c32} -> i64
    util.return %4, %5 : !stream.timepoint, i64
  }
}
// -----
module {
  util.global private @gpu0 : !hal.device
  util.global private @gpu1 : !hal.device
  util.func public @transfersOut(%arg0: !stream.resource<transient>, %arg1: index) -> (!stream.resource<transient>, !stream.resource<transient>) {
    %c0 = arith.constant 0 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@gpu0>, #hal.device.affinity<@gpu1>]>) : !stream.resource<transient>{%arg1} => !stream.timepoint
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@gpu0>) : !stream.resource<transient>{%arg1} => !stream.timepoint
    %0 = stream.timepoint.join max(%result_timepoint, %result_timepoint_1) => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@gpu0>) await(%0) => with(%arg0 as %arg2: !stream.resource<transient>{%arg1}, %result as %arg3: !stream.resource<transient>{%arg1}, %result_0 as %arg4: !stream.resource<transient>{%arg1}) {
      stream.cmd.concurrent {
        stream.cmd.copy %arg2[%c0], %arg3[%c0], %arg1 : !stream.resource<transient>{%arg1} -> !stream.resource<transient>{%arg1}
        stream.cmd.flush to(#hal.device.affinity<@gpu1>) %arg3[%c0 for %arg1] : !stream.resource<transient>{%arg1}
        stream.cmd.copy %arg2[%c0], %arg4[%c0], %arg1 : !stream.resource<transient>{%arg1} -> !stream.resource<transient>{%arg1}
        stream.cmd.flush to(#hal.device.affinity<@gpu0, [1]>) %arg4[%c0 for %arg1] : !stream.resource<transient>{%arg1}
      }
    } => !stream.timepoint
    util.return %result, %result_0 : !stream.resource<transient>, !stream.resource<transient>
  }
}
