module {
  func.func @collective_out_of_place(%arg0: !stream.resource<external>, %arg1: index, %arg2: !stream.resource<transient>, %arg3: index, %arg4: index, %arg5: !stream.channel) -> (!stream.resource<transient>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %0 = util.optimization_barrier %arg5 : !stream.channel
    %c0_0 = arith.constant 0 : index
    %1 = stream.cmd.execute with(%arg0 as %arg6: !stream.resource<external>{%arg1}, %arg2 as %arg7: !stream.resource<transient>{%arg3}) {
      stream.cmd.collective<all_gather : f32>[%arg4] channel(%0) {
        ro %arg6[%c0 for %arg1] : !stream.resource<external>{%arg1},
        wo %arg7[%c0 for %arg3] : !stream.resource<transient>{%arg3}
      }
    } => !stream.timepoint
    return %arg2, %1 : !stream.resource<transient>, !stream.timepoint
  }
}
// -----
module {
  util.func public @collective_locals(%arg0: !stream.resource<external>, %arg1: index, %arg2: !stream.channel, %arg3: i32) -> (!stream.resource<external>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %c80 = arith.constant 80 : index
    %c256 = arith.constant 256 : index
    %c1_i32 = arith.constant 1 : i32
    %c0_0 = arith.constant 0 : index
    %0:3 = stream.resource.pack slices({
      [0, 2] = %c256,
      [1, 4] = %c256
    }) : index
    %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%0#0} => !stream.timepoint
    %1 = arith.addi %0#2, %c64 : index
    %2 = arith.addi %0#1, %c16 : index
    %3 = arith.addi %0#2, %c64 : index
    %4 = stream.cmd.execute await(%result_timepoint) => with(%arg0 as %arg4: !stream.resource<external>{%arg1}, %result as %arg5: !stream.resource<transient>{%0#0}) {
      stream.cmd.fill %c1_i32, %arg5[%0#1 for %c256] : i32 -> !stream.resource<transient>{%0#0}
      stream.cmd.fill %c1_i32, %arg5[%0#2 for %c256] : i32 -> !stream.resource<transient>{%0#0}
      stream.cmd.collective<all_reduce with sum : f32>[%c16] channel(%arg2) {
        ro %arg5[%2 for %c256] : !stream.resource<transient>{%0#0},
        wo %arg5[%3 for %c256] : !stream.resource<transient>{%0#0}
      }
      stream.cmd.collective<broadcast : f32>[%c16] channel(%arg2) param(%arg3 : i32) {
        ro %arg5[%0#2 for %c256] : !stream.resource<transient>{%0#0},
        wo %arg4[%c16 for %arg1] : !stream.resource<external>{%arg1}
      }
      stream.cmd.collective<reduce with maximum : si32>[%c16] channel(%arg2) param(%arg3 : i32) {
        ro %arg5[%1 for %c256] : !stream.resource<transient>{%0#0},
        wo %arg4[%c0 for %arg1] : !stream.resource<external>{%arg1}
      }
    } => !stream.timepoint
    %5 = stream.resource.dealloca await(%4) => %result : !stream.resource<transient>{%0#0} => !stream.timepoint
    %6 = stream.timepoint.join max(%5, %4) => !stream.timepoint
    util.return %arg0, %6 : !stream.resource<external>, !stream.timepoint
  }
}
