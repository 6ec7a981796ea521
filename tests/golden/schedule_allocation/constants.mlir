module {
  util.func public @constantsAndVariables(%arg0: !stream.timepoint, %arg1: !stream.resource<transient>, %arg2: index) {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %c255_i32 = arith.constant 255 : i32
    %results:2, %result_timepoint = stream.resource.constants : 
      !stream.resource<constant>{%c8} = dense<3> : tensor<8xi8>,
      !stream.resource<constant>{%c16} = dense<4> : tensor<4x2xi16>
      => !stream.timepoint
    %results_0, %result_timepoint_1 = stream.resource.constants : 
      !stream.resource<variable>{%c32} = dense<5> : tensor<8xi32>
      => !stream.timepoint
    %c0_2 = arith.constant 0 : index
    %0 = stream.cmd.execute await(%arg0) => with(%arg1 as %arg3: !stream.resource<transient>{%arg2}) {
      stream.cmd.fill %c255_i32, %arg3[%c0 for %c128] : i32 -> !stream.resource<transient>{%arg2}
    } => !stream.timepoint
    %1 = stream.timepoint.join max(%result_timepoint, %result_timepoint_1, %0) => !stream.timepoint
    %2 = util.optimization_barrier %1 : !stream.timepoint
    %3 = util.optimization_barrier %results#0 : !stream.resource<constant>
    %4 = util.optimization_barrier %results#1 : !stream.resource<constant>
    %5 = util.optimization_barrier %results_0 : !stream.resource<variable>
    %6 = util.optimization_barrier %arg1 : !stream.resource<transient>
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
    %results, %result_timepoint = stream.resource.constants on(#hal.device.affinity<@dev>) : 
      !stream.resource<constant>{%c8} = dense<3> : tensor<8xi8>
      => !stream.timepoint
    %results_0:2, %result_timepoint_1 = stream.resource.constants on(#hal.device.affinity<@dev>) : 
      !stream.resource<constant>{%c16} = dense<4> : tensor<16xi8>,
      !stream.resource<constant>{%c16} = dense<7> : tensor<16xi8>
      => !stream.timepoint
    %c0_2 = arith.constant 0 : index
    %result, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev>) await(%arg0) => !stream.resource<external>{%arg1} => !stream.timepoint
    %0 = stream.timepoint.join max(%arg0, %result_timepoint, %result_timepoint_1, %result_timepoint_3) => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@dev>) await(%0) => with(%results as %arg2: !stream.resource<constant>{%c8}, %results_0#0 as %arg3: !stream.resource<constant>{%c16}, %result as %arg4: !stream.resource<external>{%arg1}) {
      stream.cmd.dispatch @ex::@dispatch {
        ro %arg2[%c0 for %c8] : !stream.resource<constant>{%c8},
        ro %arg3[%c0 for %c16] : !stream.resource<constant>{%c16},
        wo %arg4[%c0_2 for %arg1] : !stream.resource<external>{%arg1}
      }
    } => !stream.timepoint
    util.return %results, %result, %1 : !stream.resource<constant>, !stream.resource<external>, !stream.timepoint
  }
}
// -----
module {
  util.func public @onlyEscaping(%arg0: index) -> (!stream.resource<constant>, !stream.resource<variable>, !stream.timepoint) {
    %c4 = arith.constant 4 : index
    %results, %result_timepoint = stream.resource.constants : 
      !stream.resource<constant>{%c4} = dense<1> : tensor<1xi32>
      => !stream.timepoint
    %results_0, %result_timepoint_1 = stream.resource.constants : 
      !stream.resource<variable>{%c4} = dense<2> : tensor<1xi32>
      => !stream.timepoint
    %0 = stream.cmd.execute with() {
    } => !stream.timepoint
    %1 = stream.timepoint.join max(%result_timepoint, %result_timepoint_1, %0) => !stream.timepoint
    util.return %results, %results_0, %1 : !stream.resource<constant>, !stream.resource<variable>, !stream.timepoint
  }
}
// -----
module {
  util.func public @variableInit() -> (!stream.resource<variable>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c9_i32 = arith.constant 9 : i32
    %results, %result_timepoint = stream.resource.constants : 
      !stream.resource<variable>{%c32} = dense<5> : tensor<8xi32>
      => !stream.timepoint
    %c0_0 = arith.constant 0 : index
    %0 = stream.cmd.execute await(%result_timepoint) => with(%results as %arg0: !stream.resource<variable>{%c32}) {
      stream.cmd.fill %c9_i32, %arg0[%c0 for %c16] : i32 -> !stream.resource<variable>{%c32}
    } => !stream.timepoint
    util.return %results, %0 : !stream.resource<variable>, !stream.timepoint
  }
}
