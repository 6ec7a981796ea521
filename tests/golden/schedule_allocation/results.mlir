module {
  util.func public @tiedOperands(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.resource<transient> {
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %c255_i32 = arith.constant 255 : i32
    %c0_0 = arith.constant 0 : index
    %0 = stream.cmd.execute with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
      stream.cmd.fill %c255_i32, %arg2[%c0 for %c128] : i32 -> !stream.resource<transient>{%arg1}
    } => !stream.timepoint
    util.return %arg0 : !stream.resource<transient>
  }
}
// -----
module {
  util.func public @tiedOperandSubviews(%arg0: !stream.resource<external>, %arg1: index, %arg2: index, %arg3: index, %arg4: index, %arg5: index, %arg6: index, %arg7: index) -> (!stream.resource<external>, !stream.resource<external>) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c0_0 = arith.constant 0 : index
    %0 = arith.addi %arg2, %arg3 : index
    %1 = arith.addi %arg2, %arg3 : index
    %2 = stream.resource.subview %arg0[%1] : !stream.resource<external>{%arg1} -> !stream.resource<external>{%arg6}
    %3 = stream.cmd.execute with(%arg0 as %arg8: !stream.resource<external>{%arg1}) {
    } => !stream.timepoint
    %c0_1 = arith.constant 0 : index
    %4 = stream.cmd.execute with(%2 as %arg8: !stream.resource<external>{%arg6}) {
      stream.cmd.copy %arg8[%arg4], %arg8[%c0], %arg7 : !stream.resource<external>{%arg6} -> !stream.resource<external>{%arg6}
    } => !stream.timepoint
    %c0_2 = arith.constant 0 : index
    %5 = arith.addi %arg3, %c16 : index
    %6 = arith.addi %5, %c32 : index
    %7 = arith.addi %arg3, %c16 : index
    %8 = arith.addi %7, %c32 : index
    %9 = stream.resource.subview %arg0[%8] : !stream.resource<external>{%arg1} -> !stream.resource<external>{%arg6}
    %10 = stream.cmd.execute with(%arg0 as %arg8: !stream.resource<external>{%arg1}) {
    } => !stream.timepoint
    util.return %2, %9 : !stream.resource<external>, !stream.resource<external>
  }
}
// -----
module {
  util.func public @passthroughOperands(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.resource<transient> {
    %c0 = arith.constant 0 : index
    %0 = stream.cmd.execute with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    } => !stream.timepoint
    util.return %arg0 : !stream.resource<transient>
  }
}
// -----
module {
  util.func public @producedResults(%arg0: index, %arg1: index, %arg2: !stream.timepoint) -> (!stream.resource<transient>, !stream.resource<transient>, !stream.resource<external>, !stream.timepoint) {
    %c64 = arith.constant 64 : index
    %c254_i32 = arith.constant 254 : i32
    %c255_i32 = arith.constant 255 : i32
    %result, %result_timepoint = stream.resource.alloca uninitialized await(%arg2) => !stream.resource<external>{%c64} => !stream.timepoint
    %c0 = arith.constant 0 : index
    %0:3 = stream.resource.pack slices({
      [0, 0] = %arg0,
      [0, 0] = %arg1
    }) : index
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized await(%arg2) => !stream.resource<transient>{%0#0} => !stream.timepoint
    %1 = stream.resource.subview %result_0[%0#1] : !stream.resource<transient>{%0#0} -> !stream.resource<transient>{%arg0}
    %2 = stream.resource.subview %result_0[%0#2] : !stream.resource<transient>{%0#0} -> !stream.resource<transient>{%arg1}
    %3 = stream.timepoint.join max(%arg2, %result_timepoint, %result_timepoint_1) => !stream.timepoint
    %4 = stream.cmd.execute await(%3) => with(%result as %arg3: !stream.resource<external>{%c64}, %1 as %arg4: !stream.resource<transient>{%arg0}, %2 as %arg5: !stream.resource<transient>{%arg1}) {
      stream.cmd.fill %c254_i32, %arg4[%c0 for %arg0] : i32 -> !stream.resource<transient>{%arg0}
      stream.cmd.fill %c255_i32, %arg3[%c0 for %c64] : i32 -> !stream.resource<external>{%c64}
      stream.cmd.fill %c255_i32, %arg5[%c0 for %arg1] : i32 -> !stream.resource<transient>{%arg1}
    } => !stream.timepoint
    util.return %1, %2, %result, %4 : !stream.resource<transient>, !stream.resource<transient>, !stream.resource<external>, !stream.timepoint
  }
}
// -----
module {
  util.global private @dev : !hal.device
  util.func public @transferResult(%arg0: !stream.resource<external>, %arg1: index) -> (!stream.resource<external>, !stream.resource<external>) {
    %c0 = arith.constant 0 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev, [0, 1]>) : !stream.resource<external>{%arg1} => !stream.timepoint
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev, [0]>) : !stream.resource<external>{%arg1} => !stream.timepoint
    %0 = stream.timepoint.join max(%result_timepoint, %result_timepoint_1) => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@dev, [0]>) await(%0) => with(%arg0 as %arg2: !stream.resource<external>{%arg1}, %result as %arg3: !stream.resource<external>{%arg1}, %result_0 as %arg4: !stream.resource<external>{%arg1}) {
      stream.cmd.copy %arg2[%c0], %arg3[%c0], %arg1 : !stream.resource<external>{%arg1} -> !stream.resource<external>{%arg1}
      stream.cmd.flush to(#hal.device.affinity<@dev, [1]>) %arg3[%c0 for %arg1] : !stream.resource<external>{%arg1}
      stream.cmd.copy %arg2[%c0], %arg4[%c0], %arg1 : !stream.resource<external>{%arg1} -> !stream.resource<external>{%arg1}
    } => !stream.timepoint
    util.return %result, %result_0 : !stream.resource<external>, !stream.resource<external>
  }
}
