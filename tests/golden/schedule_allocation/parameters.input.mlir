module {
  util.global private @dev : !hal.device
  util.global private @weights : !stream.resource<constant>
  util.global private @scope : !util.buffer
  util.global private @key : !util.buffer
  util.initializer {
    %c0_i64 = arith.constant 0 : i64
    %c256 = arith.constant 256 : index
    %scope = util.global.load @scope : !util.buffer
    %key = util.global.load @key : !util.buffer
    %result, %result_timepoint = stream.async.parameter.load on(#hal.device.affinity<@dev>) %scope::%key[%c0_i64] : !stream.resource<constant>{%c256} => !stream.timepoint attributes {some.attr = 3 : i32}
    %results, %result_timepoint_0 = stream.async.execute on(#hal.device.affinity<@dev>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<constant>{%c256}) -> !stream.resource<constant>{%c256} {
      %1 = stream.async.clone %arg0 : !stream.resource<constant>{%c256} -> !stream.resource<transient>{%c256}
      %2 = stream.async.clone %1 : !stream.resource<transient>{%c256} -> !stream.resource<constant>{%c256}
      stream.yield %2 : !stream.resource<constant>{%c256}
    } => !stream.timepoint
    %0 = stream.timepoint.await %result_timepoint_0 => %results : !stream.resource<constant>{%c256}
    util.global.store %0, @weights : !stream.resource<constant>
    util.return
  }
}
// -----
module {
  util.global private @dev : !hal.device
  util.func public @readThenExecute(%arg0: !stream.resource<external>, %arg1: !util.buffer, %arg2: !stream.timepoint, %arg3: i32) -> (!stream.resource<external>, !stream.timepoint) {
    %c0_i64 = arith.constant 0 : i64
    %c0 = arith.constant 0 : index
    %c1024 = arith.constant 1024 : index
    %result, %result_timepoint = stream.async.parameter.read on(#hal.device.affinity<@dev>) await(%arg2) %arg1[%c0_i64] -> %arg0[%c0 to %c1024 for %c1024] : !stream.resource<external>{%c1024} => !stream.timepoint
    %results, %result_timepoint_0 = stream.async.execute on(#hal.device.affinity<@dev>) await(%result_timepoint) => with(%result as %arg4: !stream.resource<external>{%c1024}) -> %result{%c1024} {
      %0 = stream.async.fill %arg3, %arg4[%c0 to %c1024 for %c1024] : i32 -> %arg4 as !stream.resource<external>{%c1024}
      stream.yield %0 : !stream.resource<external>{%c1024}
    } => !stream.timepoint
    %result_1, %result_timepoint_2 = stream.async.parameter.write on(#hal.device.affinity<@dev>) await(%result_timepoint_0) %results[%c0 to %c1024 for %c1024] -> %arg1[%c0_i64] : !stream.resource<external>{%c1024} => !stream.timepoint
    util.return %result_1, %result_timepoint_2 : !stream.resource<external>, !stream.timepoint
  }
}
// -----
module {
  util.func public @nested(%arg0: i1, %arg1: !stream.resource<transient>, %arg2: !util.buffer, %arg3: !util.buffer) -> !stream.timepoint {
    %c0_i64 = arith.constant 0 : i64
    %c8_i64 = arith.constant 8 : i64
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %0 = scf.if %arg0 -> (!stream.timepoint) {
      %result, %result_timepoint = stream.async.parameter.gather {
        %arg2[%c0_i64] -> %arg1[%c0 to %c64 for %c64] : !stream.resource<transient>{%c128},
        %arg3[%c8_i64] -> %arg1[%c64 to %c128 for %c64] : !stream.resource<transient>{%c128}
      } : !stream.resource<transient> => !stream.timepoint
      %result_0, %result_timepoint_1 = stream.async.parameter.scatter await(%result_timepoint) {
        %result[%c0 to %c64 for %c64] : !stream.resource<transient>{%c128} -> %arg2[%c0_i64],
        %result[%c64 to %c128 for %c64] : !stream.resource<transient>{%c128} -> %arg3[%c8_i64]
      } : !stream.resource<transient> => !stream.timepoint
      scf.yield %result_timepoint_1 : !stream.timepoint
    } else {
      %1 = stream.timepoint.immediate => !stream.timepoint
      scf.yield %1 : !stream.timepoint
    }
    util.return %0 : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @f(%arg0: !util.buffer) -> (!stream.resource<constant>, !stream.resource<transient>, !stream.timepoint) {
    %c0_i64 = arith.constant 0 : i64
    %c256 = arith.constant 256 : index
    %result, %result_timepoint = stream.async.parameter.load on(#hal.device.affinity<@dev0>) %arg0[%c0_i64] : !stream.resource<constant>{%c256} => !stream.timepoint
    %results:2, %result_timepoint_0 = stream.async.execute on(#hal.device.affinity<@dev1>) await(%result_timepoint) => with(%result as %arg1: !stream.resource<constant>{%c256}) -> (!stream.resource<constant>{%c256}, !stream.resource<transient>{%c256}) {
      %0 = stream.async.clone %arg1 : !stream.resource<constant>{%c256} -> !stream.resource<constant>{%c256}
      %1 = stream.async.clone %arg1 : !stream.resource<constant>{%c256} -> !stream.resource<transient>{%c256}
      stream.yield %0, %1 : !stream.resource<constant>{%c256}, !stream.resource<transient>{%c256}
    } => !stream.timepoint
    util.return %results#0, %results#1, %result_timepoint_0 : !stream.resource<constant>, !stream.resource<transient>, !stream.timepoint
  }
}
