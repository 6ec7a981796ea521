module {
  util.func public @concurrentRegions(%arg0: !stream.resource<transient>, %arg1: index) -> (!stream.resource<transient>, !stream.resource<transient>) {
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
    util.return %arg0, %result : !stream.resource<transient>, !stream.resource<transient>
  }
}
// -----
module {
  util.func public @unusedDispatchResult(%arg0: !stream.resource<transient>, %arg1: index, %arg2: index, %arg3: index, %arg4: index) -> !stream.resource<transient> {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %0:2 = stream.resource.pack slices({
      [0, 0] = %arg1
    }) : index
    %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%0#0} => !stream.timepoint
    %1 = stream.cmd.execute await(%result_timepoint) => with(%arg0 as %arg5: !stream.resource<transient>{%arg1}, %result as %arg6: !stream.resource<transient>{%0#0}) {
      stream.cmd.concurrent {
        stream.cmd.dispatch @executable::@dispatch[%c1, %c1, %c1](%c4 : index) {
          rw %arg5[%arg2 for %arg4] : !stream.resource<transient>{%arg1},
          wo %arg6[%0#1 for %arg1] : !stream.resource<transient>{%0#0}
        }
      }
    } => !stream.timepoint
    %2 = stream.resource.dealloca await(%1) => %result : !stream.resource<transient>{%0#0} => !stream.timepoint
    %3 = stream.timepoint.join max(%2, %1) => !stream.timepoint
    util.return %arg0 : !stream.resource<transient>
  }
}
// -----
module {
  util.func public @nestedWaves(%arg0: !stream.resource<external>, %arg1: index) -> (!stream.resource<external>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c3_i32 = arith.constant 3 : i32
    %c0_0 = arith.constant 0 : index
    %0:3 = stream.resource.pack slices({
      [0, 1] = %c64,
      [1, 2] = %c64
    }) : index
    %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%0#0} => !stream.timepoint
    %1 = stream.cmd.execute await(%result_timepoint) => with(%arg0 as %arg2: !stream.resource<external>{%arg1}, %result as %arg3: !stream.resource<transient>{%0#0}) {
      stream.cmd.fill %c3_i32, %arg3[%0#1 for %c64] : i32 -> !stream.resource<transient>{%0#0}
      stream.cmd.concurrent {
        stream.cmd.concurrent {
          stream.cmd.fill %c3_i32, %arg2[%c0 for %c64] : i32 -> !stream.resource<external>{%arg1}
          stream.cmd.copy %arg3[%0#1], %arg3[%0#2], %c64 : !stream.resource<transient>{%0#0} -> !stream.resource<transient>{%0#0}
        }
      }
      stream.cmd.copy %arg3[%0#2], %arg2[%c0], %c64 : !stream.resource<transient>{%0#0} -> !stream.resource<external>{%arg1}
    } => !stream.timepoint
    %2 = stream.resource.dealloca await(%1) => %result : !stream.resource<transient>{%0#0} => !stream.timepoint
    %3 = stream.timepoint.join max(%2, %1) => !stream.timepoint
    util.return %arg0, %3 : !stream.resource<external>, !stream.timepoint
  }
}
