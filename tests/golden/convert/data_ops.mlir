module {
  util.func public @splat_clone_slice(%arg0: !stream.resource<external>, %arg1: index) -> (!stream.resource<external>, !stream.resource<transient>, !stream.timepoint) {
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    %c144 = arith.constant 144 : index
    %c255_i32 = arith.constant 255 : i32
    %c0 = arith.constant 0 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<external>{%arg1} => !stream.timepoint
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized : !stream.resource<transient>{%c128} => !stream.timepoint
    %0:2 = stream.resource.pack slices({
      [0, 2] = %arg1
    }) : index
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized : !stream.resource<transient>{%0#0} => !stream.timepoint
    %1 = stream.timepoint.join max(%result_timepoint, %result_timepoint_1, %result_timepoint_3) => !stream.timepoint
    %2 = arith.addi %0#1, %c16 : index
    %3 = stream.cmd.execute await(%1) => with(%arg0 as %arg2: !stream.resource<external>{%arg1}, %result as %arg3: !stream.resource<external>{%arg1}, %result_0 as %arg4: !stream.resource<transient>{%c128}, %result_2 as %arg5: !stream.resource<transient>{%0#0}) {
      stream.cmd.fill %c255_i32, %arg5[%0#1 for %arg1] : i32 -> !stream.resource<transient>{%0#0}
      stream.cmd.copy %arg2[%c0], %arg3[%c0], %arg1 : !stream.resource<external>{%arg1} -> !stream.resource<external>{%arg1}
      stream.cmd.copy %arg5[%2], %arg4[%c0], %c128 : !stream.resource<transient>{%0#0} -> !stream.resource<transient>{%c128}
    } => !stream.timepoint
    %4 = stream.resource.dealloca await(%3) => %result_2 : !stream.resource<transient>{%0#0} => !stream.timepoint
    %5 = stream.timepoint.join max(%4, %3) => !stream.timepoint
    util.return %result, %result_0, %5 : !stream.resource<external>, !stream.resource<transient>, !stream.timepoint
  }
}
// -----
module {
  util.func public @fill_update_copy(%arg0: !stream.resource<external>, %arg1: !stream.resource<transient>, %arg2: index, %arg3: index) -> (!stream.resource<transient>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %c144 = arith.constant 144 : index
    %c7_i8 = arith.constant 7 : i8
    %c0_0 = arith.constant 0 : index
    %0 = stream.cmd.execute with(%arg0 as %arg4: !stream.resource<external>{%arg2}, %arg1 as %arg5: !stream.resource<transient>{%arg3}) {
      stream.cmd.fill %c7_i8, %arg5[%c16 for %c128] : i8 -> !stream.resource<transient>{%arg3}
      stream.cmd.copy %arg4[%c0_0], %arg5[%c32], %arg2 : !stream.resource<external>{%arg2} -> !stream.resource<transient>{%arg3}
      stream.cmd.copy %arg4[%c16], %arg5[%c0], %c128 : !stream.resource<external>{%arg2} -> !stream.resource<transient>{%arg3}
      stream.cmd.copy %arg4[%c0], %arg5[%c32], %c16 : !stream.resource<external>{%arg2} -> !stream.resource<transient>{%arg3}
    } => !stream.timepoint
    util.return %arg1, %0 : !stream.resource<transient>, !stream.timepoint
  }
}
// -----
module {
  func.func @locals(%arg0: index, %arg1: !stream.timepoint) -> !stream.timepoint {
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %c72 = arith.constant 72 : index
    %c1_i32 = arith.constant 1 : i32
    %0:5 = stream.resource.pack slices({
      [0, 5] = %c72,
      [2, 3] = %c64,
      [3, 5] = %c64,
      [6, 6] = %arg0
    }) : index
    %result, %result_timepoint = stream.resource.alloca uninitialized await(%arg1) => !stream.resource<transient>{%0#0} => !stream.timepoint
    %1 = stream.timepoint.join max(%arg1, %result_timepoint) => !stream.timepoint
    %2 = arith.addi %0#1, %c8 : index
    %3 = arith.addi %0#3, %c8 : index
    %4 = arith.addi %0#1, %c8 : index
    %5 = arith.addi %0#1, %c8 : index
    %6 = arith.addi %0#1, %c8 : index
    %7 = stream.cmd.execute await(%1) => with(%result as %arg2: !stream.resource<transient>{%0#0}) {
      stream.cmd.fill %c1_i32, %arg2[%0#1 for %c72] : i32 -> !stream.resource<transient>{%0#0}
      stream.cmd.fill %c1_i32, %arg2[%6 for %c64] : i32 -> !stream.resource<transient>{%0#0}
      stream.cmd.copy %arg2[%5], %arg2[%0#2], %c64 : !stream.resource<transient>{%0#0} -> !stream.resource<transient>{%0#0}
      stream.cmd.copy %arg2[%0#2], %arg2[%0#3], %c64 : !stream.resource<transient>{%0#0} -> !stream.resource<transient>{%0#0}
      stream.cmd.copy %arg2[%0#3], %arg2[%4], %c64 : !stream.resource<transient>{%0#0} -> !stream.resource<transient>{%0#0}
      stream.cmd.copy %arg2[%2], %arg2[%3], %c64 : !stream.resource<transient>{%0#0} -> !stream.resource<transient>{%0#0}
    } => !stream.timepoint
    %8 = stream.resource.dealloca await(%7) => %result : !stream.resource<transient>{%0#0} => !stream.timepoint
    %9 = stream.timepoint.join max(%8, %7) => !stream.timepoint
    return %9 : !stream.timepoint
  }
}
// -----
module {
  util.func public @subview_in_region(%arg0: !stream.resource<external>, %arg1: index) -> (!stream.resource<external>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %c5_i32 = arith.constant 5 : i32
    %c0_0 = arith.constant 0 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<external>{%c64} => !stream.timepoint
    %0 = stream.cmd.execute await(%result_timepoint) => with(%arg0 as %arg2: !stream.resource<external>{%arg1}, %result as %arg3: !stream.resource<external>{%c64}) {
      stream.cmd.copy %arg2[%c16], %arg3[%c0_0], %c64 : !stream.resource<external>{%arg1} -> !stream.resource<external>{%c64}
      stream.cmd.fill %c5_i32, %arg3[%c0 for %c16] : i32 -> !stream.resource<external>{%c64}
    } => !stream.timepoint
    util.return %result, %0 : !stream.resource<external>, !stream.timepoint
  }
}
