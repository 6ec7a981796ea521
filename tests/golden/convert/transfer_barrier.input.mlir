module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @transfer_plain(%arg0: !stream.resource<transient>, %arg1: index) -> (!stream.resource<transient>, !stream.timepoint) {
    %results, %result_timepoint = stream.async.execute with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) -> !stream.resource<transient>{%arg1} {
      %0 = stream.async.transfer %arg2 : !stream.resource<transient>{%arg1} -> !stream.resource<transient>{%arg1}
      stream.yield %0 : !stream.resource<transient>{%arg1}
    } => !stream.timepoint
    util.return %results, %result_timepoint : !stream.resource<transient>, !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @transfer_affinities(%arg0: !stream.resource<external>, %arg1: !stream.resource<staging>, %arg2: index) -> (!stream.resource<external>, !stream.resource<staging>, !stream.resource<external>, !stream.resource<external>, !stream.timepoint) {
    %results:4, %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev0>) with(%arg0 as %arg3: !stream.resource<external>{%arg2}, %arg1 as %arg4: !stream.resource<staging>{%arg2}) -> (!stream.resource<external>{%arg2}, !stream.resource<staging>{%arg2}, !stream.resource<external>{%arg2}, !stream.resource<external>{%arg2}) {
      %0 = stream.async.transfer %arg3 : !stream.resource<external>{%arg2} from(#hal.device.affinity<@dev1>) -> to(#hal.device.affinity<@dev0>) !stream.resource<external>{%arg2}
      %1 = stream.async.transfer %0 : !stream.resource<external>{%arg2} -> !stream.resource<staging>{%arg2}
      %2 = stream.async.transfer %arg4 : !stream.resource<staging>{%arg2} -> !stream.resource<external>{%arg2}
      %3 = stream.async.transfer %2 : !stream.resource<external>{%arg2} from(#hal.device.affinity<@dev0>) -> to(#hal.device.affinity<@dev0, [1]>) !stream.resource<external>{%arg2}
      stream.yield %0, %1, %2, %3 : !stream.resource<external>{%arg2}, !stream.resource<staging>{%arg2}, !stream.resource<external>{%arg2}, !stream.resource<external>{%arg2}
    } => !stream.timepoint
    util.return %results#0, %results#1, %results#2, %results#3, %result_timepoint : !stream.resource<external>, !stream.resource<staging>, !stream.resource<external>, !stream.resource<external>, !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @transfer_no_execute_affinity(%arg0: !stream.resource<external>, %arg1: index) -> (!stream.resource<external>, !stream.timepoint) attributes {stream.affinity = #hal.device.affinity<@dev0>} {
    %results, %result_timepoint = stream.async.execute with(%arg0 as %arg2: !stream.resource<external>{%arg1}) -> !stream.resource<external>{%arg1} {
      %0 = stream.async.transfer %arg2 : !stream.resource<external>{%arg1} from(#hal.device.affinity<@dev0>) -> to(#hal.device.affinity<@dev0>) !stream.resource<external>{%arg1}
      stream.yield %0 : !stream.resource<external>{%arg1}
    } => !stream.timepoint
    util.return %results, %result_timepoint : !stream.resource<external>, !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @transfer_in_wave(%arg0: !stream.resource<external>, %arg1: index) -> (!stream.resource<external>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev0>) with(%arg0 as %arg2: !stream.resource<external>{%arg1}) -> %arg0{%arg1} {
      %0:2 = stream.async.concurrent with(%arg2 as %arg3: !stream.resource<external>{%arg1}) -> (!stream.resource<external>{%arg1}, !stream.resource<external>{%arg1}) {
        %3 = stream.async.transfer %arg3 : !stream.resource<external>{%arg1} from(#hal.device.affinity<@dev0>) -> to(#hal.device.affinity<@dev1>) !stream.resource<external>{%arg1}
        %4 = stream.async.transfer on(#hal.device.affinity<@dev1>) %arg3 : !stream.resource<external>{%arg1} from(#hal.device.affinity<@dev1>) -> to(#hal.device.affinity<@dev1>) !stream.resource<external>{%arg1}
        stream.yield %3, %4 : !stream.resource<external>{%arg1}, !stream.resource<external>{%arg1}
      }
      %1 = stream.async.copy %0#0[%c0 to %arg1], %arg2[%c0 to %arg1], %arg1 : !stream.resource<external>{%arg1} -> %arg2 as !stream.resource<external>{%arg1}
      %2 = stream.async.copy %0#1[%c0 to %arg1], %1[%c0 to %arg1], %arg1 : !stream.resource<external>{%arg1} -> %1 as !stream.resource<external>{%arg1}
      stream.yield %2 : !stream.resource<external>{%arg1}
    } => !stream.timepoint
    util.return %results, %result_timepoint : !stream.resource<external>, !stream.timepoint
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
    %results, %result_timepoint = stream.async.execute with(%arg0 as %arg2: !stream.resource<external>{%arg1}) -> %arg0{%arg1} {
      %0 = stream.async.splat %c5_i32 : i32 -> !stream.resource<transient>{%c64}
      %1 = stream.async.barrier %0 : !stream.resource<transient>{%c64}
      %2 = stream.async.barrier %arg2 : !stream.resource<external>{%arg1}
      %3 = stream.async.update %1, %2[%c0 to %c64] : !stream.resource<transient>{%c64} -> %2 as !stream.resource<external>{%arg1}
      stream.yield %3 : !stream.resource<external>{%arg1}
    } => !stream.timepoint
    util.return %results, %result_timepoint : !stream.resource<external>, !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @aliased_affinities(%arg0: !stream.resource<external>, %arg1: index) -> (!stream.resource<external>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev0>) with(%arg0 as %arg2: !stream.resource<external>{%arg1}) -> %arg0{%arg1} {
      %0 = stream.async.transfer %arg2 : !stream.resource<external>{%arg1} from(#hal.device.affinity<@dev0>) -> to(#hal.device.affinity<@dev1>) !stream.resource<external>{%arg1}
      %1 = stream.async.transfer %0 : !stream.resource<external>{%arg1} from(#hal.device.affinity<@dev1>) -> to(#hal.device.affinity<@dev0>) !stream.resource<external>{%arg1}
      %2 = stream.async.copy %1[%c0 to %arg1], %arg2[%c0 to %arg1], %arg1 : !stream.resource<external>{%arg1} -> %arg2 as !stream.resource<external>{%arg1}
      stream.yield %2 : !stream.resource<external>{%arg1}
    } => !stream.timepoint
    util.return %results, %result_timepoint : !stream.resource<external>, !stream.timepoint
  }
}
