module {
  util.func public @concurrent_regions(%arg0: !stream.resource<transient>, %arg1: index) -> (!stream.resource<transient>, !stream.resource<transient>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %c254_i32 = arith.constant 254 : i32
    %c255_i32 = arith.constant 255 : i32
    %c0_0 = arith.constant 0 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%arg1} => !stream.timepoint
    %0 = stream.cmd.execute await(%result_timepoint) => with(%arg0 as %arg2: !stream.resource<transient>{%arg1}, %result as %arg3: !stream.resource<transient>{%arg1}) {
      stream.cmd.concurrent {
        stream.cmd.fill %c254_i32, %arg2[%c0 for %c128] : i32 -> !stream.resource<transient>{%arg1}
        stream.cmd.fill %c255_i32, %arg3[%c0_0 for %arg1] : i32 -> !stream.resource<transient>{%arg1}
      }
    } => !stream.timepoint
    util.return %arg0, %result, %0 : !stream.resource<transient>, !stream.resource<transient>, !stream.timepoint
  }
}
// -----
module {
  util.func public @in_place_concurrent_copies(%arg0: !stream.resource<external>, %arg1: !stream.resource<transient>, %arg2: index) -> (!stream.resource<transient>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    %c144 = arith.constant 144 : index
    %c0_0 = arith.constant 0 : index
    %0 = stream.cmd.execute with(%arg0 as %arg3: !stream.resource<external>{%arg2}, %arg1 as %arg4: !stream.resource<transient>{%arg2}) {
      stream.cmd.concurrent {
        stream.cmd.copy %arg3[%c0], %arg4[%c0], %c16 : !stream.resource<external>{%arg2} -> !stream.resource<transient>{%arg2}
        stream.cmd.copy %arg3[%c16], %arg4[%c16], %c128 : !stream.resource<external>{%arg2} -> !stream.resource<transient>{%arg2}
      }
    } => !stream.timepoint
    util.return %arg1, %0 : !stream.resource<transient>, !stream.timepoint
  }
}
// -----
module {
  util.func public @nested_waves(%arg0: !stream.resource<external>, %arg1: index) -> (!stream.resource<external>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %c3_i32 = arith.constant 3 : i32
    %c0_0 = arith.constant 0 : index
    %0:3 = stream.resource.pack slices({
      [0, 1] = %c64,
      [0, 1] = %c64
    }) : index
    %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%0#0} => !stream.timepoint
    %1 = stream.cmd.execute await(%result_timepoint) => with(%arg0 as %arg2: !stream.resource<external>{%arg1}, %result as %arg3: !stream.resource<transient>{%0#0}) {
      stream.cmd.concurrent {
        stream.cmd.fill %c3_i32, %arg3[%0#1 for %c64] : i32 -> !stream.resource<transient>{%0#0}
        stream.cmd.copy %arg2[%c0_0], %arg3[%0#2], %c64 : !stream.resource<external>{%arg1} -> !stream.resource<transient>{%0#0}
      }
      stream.cmd.concurrent {
        stream.cmd.concurrent {
          stream.cmd.copy %arg3[%0#1], %arg2[%c8], %c64 : !stream.resource<transient>{%0#0} -> !stream.resource<external>{%arg1}
        }
        stream.cmd.copy %arg3[%0#2], %arg2[%c0], %c8 : !stream.resource<transient>{%0#0} -> !stream.resource<external>{%arg1}
      }
    } => !stream.timepoint
    %2 = stream.resource.dealloca await(%1) => %result : !stream.resource<transient>{%0#0} => !stream.timepoint
    %3 = stream.timepoint.join max(%2, %1) => !stream.timepoint
    util.return %arg0, %3 : !stream.resource<external>, !stream.timepoint
  }
}
