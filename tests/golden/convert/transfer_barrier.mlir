module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @transfer_plain(%arg0: !stream.resource<transient>, %arg1: index) -> (!stream.resource<transient>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%arg1} => !stream.timepoint
    %0 = stream.cmd.execute await(%result_timepoint) => with(%arg0 as %arg2: !stream.resource<transient>{%arg1}, %result as %arg3: !stream.resource<transient>{%arg1}) {
      stream.cmd.copy %arg2[%c0], %arg3[%c0], %arg1 : !stream.resource<transient>{%arg1} -> !stream.resource<transient>{%arg1}
    } => !stream.timepoint
    util.return %result, %0 : !stream.resource<transient>, !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @transfer_affinities(%arg0: !stream.resource<external>, %arg1: !stream.resource<staging>, %arg2: index) -> (!stream.resource<external>, !stream.resource<staging>, !stream.resource<external>, !stream.resource<external>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %0:4 = stream.resource.pack on(#hal.device.affinity<@dev0>) slices({
      [0, 0] = %arg2,
      [0, 0] = %arg2,
      [0, 0] = %arg2
    }) : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev0>) : !stream.resource<external>{%0#0} => !stream.timepoint
    %1 = stream.resource.subview %result[%0#1] : !stream.resource<external>{%0#0} -> !stream.resource<external>{%arg2}
    %2 = stream.resource.subview %result[%0#2] : !stream.resource<external>{%0#0} -> !stream.resource<external>{%arg2}
    %3 = stream.resource.subview %result[%0#3] : !stream.resource<external>{%0#0} -> !stream.resource<external>{%arg2}
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev0>) : !stream.resource<staging>{%arg2} => !stream.timepoint
    %4 = stream.timepoint.join max(%result_timepoint, %result_timepoint_1) => !stream.timepoint
    %5 = stream.cmd.execute on(#hal.device.affinity<@dev0>) await(%4) => with(%arg0 as %arg3: !stream.resource<external>{%arg2}, %arg1 as %arg4: !stream.resource<staging>{%arg2}, %1 as %arg5: !stream.resource<external>{%arg2}, %2 as %arg6: !stream.resource<external>{%arg2}, %3 as %arg7: !stream.resource<external>{%arg2}, %result_0 as %arg8: !stream.resource<staging>{%arg2}) {
      stream.cmd.invalidate from(#hal.device.affinity<@dev1>) %arg3[%c0 for %arg2] : !stream.resource<external>{%arg2}
      stream.cmd.copy %arg3[%c0], %arg5[%c0], %arg2 : !stream.resource<external>{%arg2} -> !stream.resource<external>{%arg2}
      stream.cmd.copy %arg5[%c0], %arg8[%c0], %arg2 : !stream.resource<external>{%arg2} -> !stream.resource<staging>{%arg2}
      stream.cmd.flush %arg8[%c0 for %arg2] : !stream.resource<staging>{%arg2}
      stream.cmd.invalidate %arg4[%c0 for %arg2] : !stream.resource<staging>{%arg2}
      stream.cmd.copy %arg4[%c0], %arg6[%c0], %arg2 : !stream.resource<staging>{%arg2} -> !stream.resource<external>{%arg2}
      stream.cmd.copy %arg6[%c0], %arg7[%c0], %arg2 : !stream.resource<external>{%arg2} -> !stream.resource<external>{%arg2}
      stream.cmd.flush to(#hal.device.affinity<@dev0, [1]>) %arg7[%c0 for %arg2] : !stream.resource<external>{%arg2}
    } => !stream.timepoint
    util.return %1, %result_0, %2, %3, %5 : !stream.resource<external>, !stream.resource<staging>, !stream.resource<external>, !stream.resource<external>, !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @transfer_no_execute_affinity(%arg0: !stream.resource<external>, %arg1: index) -> (!stream.resource<external>, !stream.timepoint) attributes {stream.affinity = #hal.device.affinity<@dev0>} {
    %c0 = arith.constant 0 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev0>) : !stream.resource<external>{%arg1} => !stream.timepoint
    %0 = stream.cmd.execute await(%result_timepoint) => with(%arg0 as %arg2: !stream.resource<external>{%arg1}, %result as %arg3: !stream.resource<external>{%arg1}) {
      stream.cmd.invalidate from(#hal.device.affinity<@dev0>) %arg2[%c0 for %arg1] : !stream.resource<external>{%arg1}
      stream.cmd.copy %arg2[%c0], %arg3[%c0], %arg1 : !stream.resource<external>{%arg1} -> !stream.resource<external>{%arg1}
      stream.cmd.flush to(#hal.device.affinity<@dev0>) %arg3[%c0 for %arg1] : !stream.resource<external>{%arg1}
    } => !stream.timepoint
    util.return %result, %0 : !stream.resource<external>, !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @transfer_in_wave(%arg0: !stream.resource<external>, %arg1: index) -> (!stream.resource<external>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c0_0 = arith.constant 0 : index
    %0:3 = stream.resource.pack on(#hal.device.affinity<@dev0>) slices({
      [0, 1] = %arg1,
      [0, 2] = %arg1
    }) : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev0>) : !stream.resource<transient>{%0#0} => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@dev0>) await(%result_timepoint) => with(%arg0 as %arg2: !stream.resource<external>{%arg1}, %result as %arg3: !stream.resource<transient>{%0#0}) {
      stream.cmd.concurrent {
        stream.cmd.copy %arg2[%c0_0], %arg3[%0#1], %arg1 : !stream.resource<external>{%arg1} -> !stream.resource<transient>{%0#0}
        stream.cmd.flush to(#hal.device.affinity<@dev1>) %arg3[%0#1 for %arg1] : !stream.resource<transient>{%0#0}
        stream.cmd.invalidate from(#hal.device.affinity<@dev1>) %arg2[%c0_0 for %arg1] : !stream.resource<external>{%arg1}
        stream.cmd.copy %arg2[%c0_0], %arg3[%0#2], %arg1 : !stream.resource<external>{%arg1} -> !stream.resource<transient>{%0#0}
        stream.cmd.flush to(#hal.device.affinity<@dev1>) %arg3[%0#2 for %arg1] : !stream.resource<transient>{%0#0}
      }
      stream.cmd.copy %arg3[%0#1], %arg2[%c0], %arg1 : !stream.resource<transient>{%0#0} -> !stream.resource<external>{%arg1}
      stream.cmd.copy %arg3[%0#2], %arg2[%c0], %arg1 : !stream.resource<transient>{%0#0} -> !stream.resource<external>{%arg1}
    } => !stream.timepoint
    %2 = stream.resource.dealloca on(#hal.device.affinity<@dev0>) await(%1) => %result : !stream.resource<transient>{%0#0} => !stream.timepoint
    %3 = stream.timepoint.join max(%2, %1) => !stream.timepoint
    util.return %arg0, %3 : !stream.resource<external>, !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @barriers(%arg0: !stream.resource<external>, %arg1: index) -> (!stream.resource<external>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c5_i32 = arith.constant 5 : i32
    %c0_0 = arith.constant 0 : index
    %0:2 = stream.resource.pack slices({
      [0, 3] = %c64
    }) : index
    %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%0#0} => !stream.timepoint
    %1 = stream.cmd.execute await(%result_timepoint) => with(%arg0 as %arg2: !stream.resource<external>{%arg1}, %result as %arg3: !stream.resource<transient>{%0#0}) {
      stream.cmd.fill %c5_i32, %arg3[%0#1 for %c64] : i32 -> !stream.resource<transient>{%0#0}
      stream.cmd.copy %arg3[%0#1], %arg3[%0#1], %c64 : !stream.resource<transient>{%0#0} -> !stream.resource<transient>{%0#0}
      stream.cmd.copy %arg2[%c0_0], %arg2[%c0_0], %arg1 : !stream.resource<external>{%arg1} -> !stream.resource<external>{%arg1}
      stream.cmd.copy %arg3[%0#1], %arg2[%c0], %c64 : !stream.resource<transient>{%0#0} -> !stream.resource<external>{%arg1}
    } => !stream.timepoint
    %2 = stream.resource.dealloca await(%1) => %result : !stream.resource<transient>{%0#0} => !stream.timepoint
    %3 = stream.timepoint.join max(%2, %1) => !stream.timepoint
    util.return %arg0, %3 : !stream.resource<external>, !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @aliased_affinities(%arg0: !stream.resource<external>, %arg1: index) -> (!stream.resource<external>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c0_0 = arith.constant 0 : index
    %0:3 = stream.resource.pack on(#hal.device.affinity<@dev0>) slices({
      [0, 1] = %arg1,
      [1, 2] = %arg1
    }) : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev0>) : !stream.resource<transient>{%0#0} => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@dev0>) await(%result_timepoint) => with(%arg0 as %arg2: !stream.resource<external>{%arg1}, %result as %arg3: !stream.resource<transient>{%0#0}) {
      stream.cmd.copy %arg2[%c0_0], %arg3[%0#1], %arg1 : !stream.resource<external>{%arg1} -> !stream.resource<transient>{%0#0}
      stream.cmd.flush to(#hal.device.affinity<@dev1>) %arg3[%0#1 for %arg1] : !stream.resource<transient>{%0#0}
      stream.cmd.invalidate from(#hal.device.affinity<@dev1>) %arg3[%0#1 for %arg1] : !stream.resource<transient>{%0#0}
      stream.cmd.copy %arg3[%0#1], %arg3[%0#2], %arg1 : !stream.resource<transient>{%0#0} -> !stream.resource<transient>{%0#0}
      stream.cmd.copy %arg3[%0#2], %arg2[%c0], %arg1 : !stream.resource<transient>{%0#0} -> !stream.resource<external>{%arg1}
    } => !stream.timepoint
    %2 = stream.resource.dealloca on(#hal.device.affinity<@dev0>) await(%1) => %result : !stream.resource<transient>{%0#0} => !stream.timepoint
    %3 = stream.timepoint.join max(%2, %1) => !stream.timepoint
    util.return %arg0, %3 : !stream.resource<external>, !stream.timepoint
  }
}
