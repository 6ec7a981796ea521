module {
  util.global private @device : !hal.device
  util.func public @locals(%arg0: index, %arg1: index, %arg2: !stream.timepoint) -> !stream.timepoint {
    %c254_i32 = arith.constant 254 : i32
    %c255_i32 = arith.constant 255 : i32
    %0:3 = stream.resource.pack on(#hal.device.affinity<@device>) slices({
      [0, 0] = %arg0,
      [1, 1] = %arg1
    }) : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@device>) await(%arg2) => !stream.resource<transient>{%0#0} => !stream.timepoint
    %1 = stream.timepoint.join max(%arg2, %result_timepoint) => !stream.timepoint
    %2 = stream.cmd.execute on(#hal.device.affinity<@device>) await(%1) => with(%result as %arg3: !stream.resource<transient>{%0#0}) {
      stream.cmd.fill %c254_i32, %arg3[%0#1 for %arg0] : i32 -> !stream.resource<transient>{%0#0}
      stream.cmd.fill %c255_i32, %arg3[%0#2 for %arg1] : i32 -> !stream.resource<transient>{%0#0}
    } => !stream.timepoint
    %3 = stream.resource.dealloca on(#hal.device.affinity<@device>) await(%2) => %result : !stream.resource<transient>{%0#0} => !stream.timepoint
    %4 = stream.timepoint.join max(%3, %2) => !stream.timepoint
    util.return %4 : !stream.timepoint
  }
}
// -----
module {
  util.func public @chains(%arg0: !stream.resource<external>, %arg1: index) -> (!stream.resource<external>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %c7_i32 = arith.constant 7 : i32
    %c0_0 = arith.constant 0 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<external>{%c256} => !stream.timepoint
    %0:5 = stream.resource.pack slices({
      [0, 0] = %arg1,
      [1, 2] = %c256,
      [2, 8] = %c256,
      [3, 5] = %c128
    }) : index
    %result_1, %result_timepoint_2 = stream.resource.alloca uninitialized : !stream.resource<transient>{%0#0} => !stream.timepoint
    %1 = stream.timepoint.join max(%result_timepoint, %result_timepoint_2) => !stream.timepoint
    %2 = arith.addi %0#3, %c64 : index
    %3 = arith.addi %0#3, %c128 : index
    %4 = stream.cmd.execute await(%1) => with(%arg0 as %arg2: !stream.resource<external>{%arg1}, %result as %arg3: !stream.resource<external>{%c256}, %result_1 as %arg4: !stream.resource<transient>{%0#0}) {
      stream.cmd.fill %c7_i32, %arg4[%0#2 for %c256] : i32 -> !stream.resource<transient>{%0#0}
      stream.cmd.copy %arg4[%0#2], %arg4[%0#3], %c256 : !stream.resource<transient>{%0#0} -> !stream.resource<transient>{%0#0}
      stream.cmd.copy %arg4[%0#3], %arg4[%0#4], %c128 : !stream.resource<transient>{%0#0} -> !stream.resource<transient>{%0#0}
      stream.cmd.fill %c7_i32, %arg4[%0#3 for %c64] : i32 -> !stream.resource<transient>{%0#0}
      stream.cmd.copy %arg4[%0#4], %arg4[%3], %c128 : !stream.resource<transient>{%0#0} -> !stream.resource<transient>{%0#0}
      stream.cmd.copy %arg2[%c0], %arg4[%2], %c64 : !stream.resource<external>{%arg1} -> !stream.resource<transient>{%0#0}
      stream.cmd.copy %arg4[%0#3], %arg4[%0#3], %c256 : !stream.resource<transient>{%0#0} -> !stream.resource<transient>{%0#0}
      stream.cmd.copy %arg4[%0#3], %arg3[%c0_0], %c256 : !stream.resource<transient>{%0#0} -> !stream.resource<external>{%c256}
    } => !stream.timepoint
    %5 = stream.resource.dealloca await(%4) => %result_1 : !stream.resource<transient>{%0#0} => !stream.timepoint
    %6 = stream.timepoint.join max(%5, %4) => !stream.timepoint
    util.return %result, %6 : !stream.resource<external>, !stream.timepoint
  }
}
// -----
module {
  func.func @twoRegions(%arg0: index) -> !stream.timepoint {
    %c9_i8 = arith.constant 9 : i8
    %0:3 = stream.resource.pack slices({
      [0, 0] = %arg0,
      [1, 1] = %arg0
    }) : index
    %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%0#0} => !stream.timepoint
    %1 = stream.cmd.execute await(%result_timepoint) => with(%result as %arg1: !stream.resource<transient>{%0#0}) {
      stream.cmd.fill %c9_i8, %arg1[%0#2 for %arg0] : i8 -> !stream.resource<transient>{%0#0}
    } => !stream.timepoint
    %2 = stream.resource.dealloca await(%1) => %result : !stream.resource<transient>{%0#0} => !stream.timepoint
    %3 = stream.timepoint.join max(%2, %1) => !stream.timepoint
    %4:3 = stream.resource.pack slices({
      [0, 1] = %arg0,
      [1, 1] = %arg0
    }) : index
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized await(%3) => !stream.resource<transient>{%4#0} => !stream.timepoint
    %5 = stream.timepoint.join max(%3, %result_timepoint_1) => !stream.timepoint
    %6 = stream.cmd.execute await(%5) => with(%result_0 as %arg1: !stream.resource<transient>{%4#0}) {
      stream.cmd.fill %c9_i8, %arg1[%4#1 for %arg0] : i8 -> !stream.resource<transient>{%4#0}
      stream.cmd.copy %arg1[%4#1], %arg1[%4#2], %arg0 : !stream.resource<transient>{%4#0} -> !stream.resource<transient>{%4#0}
    } => !stream.timepoint
    %7 = stream.resource.dealloca await(%6) => %result_0 : !stream.resource<transient>{%4#0} => !stream.timepoint
    %8 = stream.timepoint.join max(%7, %6) => !stream.timepoint
    return %8 : !stream.timepoint
  }
}
