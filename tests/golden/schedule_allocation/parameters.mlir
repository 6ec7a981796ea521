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
    %results, %result_timepoint = stream.cmd.parameter.load on(#hal.device.affinity<@dev>) {
      %scope::%key[%c0_i64] : !stream.resource<constant>{%c256}
    } => !stream.timepoint
    %c0 = arith.constant 0 : index
    %result, %result_timepoint_0 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev>) await(%result_timepoint) => !stream.resource<constant>{%c256} => !stream.timepoint
    %0:2 = stream.resource.pack on(#hal.device.affinity<@dev>) slices({
      [0, 1] = %c256
    }) : index
    %result_1, %result_timepoint_2 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev>) await(%result_timepoint) => !stream.resource<transient>{%0#0} => !stream.timepoint
    %1 = stream.timepoint.join max(%result_timepoint, %result_timepoint_0, %result_timepoint_2) => !stream.timepoint
    %2 = stream.cmd.execute once on(#hal.device.affinity<@dev>) await(%1) => with(%results as %arg0: !stream.resource<constant>{%c256}, %result as %arg1: !stream.resource<constant>{%c256}, %result_1 as %arg2: !stream.resource<transient>{%0#0}) {
      stream.cmd.copy %arg0[%c0], %arg2[%0#1], %c256 : !stream.resource<constant>{%c256} -> !stream.resource<transient>{%0#0}
      stream.cmd.copy %arg2[%0#1], %arg1[%c0], %c256 : !stream.resource<transient>{%0#0} -> !stream.resource<constant>{%c256}
    } => !stream.timepoint
    %3 = stream.resource.dealloca on(#hal.device.affinity<@dev>) await(%2) => %result_1 : !stream.resource<transient>{%0#0} => !stream.timepoint
    %4 = stream.timepoint.join max(%3, %2) => !stream.timepoint
    %5 = stream.timepoint.await %4 => %result : !stream.resource<constant>{%c256}
    util.global.store %5, @weights : !stream.resource<constant>
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
    %0 = stream.cmd.parameter.read on(#hal.device.affinity<@dev>) await(%arg2) => %arg1[%c0_i64] -> %arg0[%c0 for %c1024] : !stream.resource<external>{%c1024} => !stream.timepoint
    %c0_0 = arith.constant 0 : index
    %1 = stream.cmd.execute on(#hal.device.affinity<@dev>) await(%0) => with(%arg0 as %arg4: !stream.resource<external>{%c1024}) {
      stream.cmd.fill %arg3, %arg4[%c0 for %c1024] : i32 -> !stream.resource<external>{%c1024}
    } => !stream.timepoint
    %2 = stream.cmd.parameter.write on(#hal.device.affinity<@dev>) await(%1) => %arg0[%c0 for %c1024] : !stream.resource<external>{%c1024} -> %arg1[%c0_i64] => !stream.timepoint
    util.return %arg0, %2 : !stream.resource<external>, !stream.timepoint
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
      %1 = stream.cmd.parameter.gather {
        %arg2[%c0_i64] -> %arg1[%c0 for %c64] : !stream.resource<transient>{%c128},
        %arg3[%c8_i64] -> %arg1[%c64 for %c64] : !stream.resource<transient>{%c128}
      } => !stream.timepoint
      %2 = stream.cmd.parameter.scatter await(%1) => {
        %arg1[%c0 for %c64] : !stream.resource<transient>{%c128} -> %arg2[%c0_i64],
        %arg1[%c64 for %c64] : !stream.resource<transient>{%c128} -> %arg3[%c8_i64]
      } => !stream.timepoint
      scf.yield %2 : !stream.timepoint
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
    %results, %result_timepoint = stream.cmd.parameter.load on(#hal.device.affinity<@dev0>) {
      %arg0[%c0_i64] : !stream.resource<constant>{%c256}
    } => !stream.timepoint
    %c0 = arith.constant 0 : index
    %result, %result_timepoint_0 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev1>) await(%result_timepoint) => !stream.resource<transient>{%c256} => !stream.timepoint
    %result_1, %result_timepoint_2 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev1>) await(%result_timepoint) => !stream.resource<constant>{%c256} => !stream.timepoint
    %0 = stream.timepoint.join max(%result_timepoint, %result_timepoint_0, %result_timepoint_2) => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@dev1>) await(%0) => with(%results as %arg1: !stream.resource<constant>{%c256}, %result as %arg2: !stream.resource<transient>{%c256}, %result_1 as %arg3: !stream.resource<constant>{%c256}) {
      stream.cmd.copy %arg1[%c0], %arg3[%c0], %c256 : !stream.resource<constant>{%c256} -> !stream.resource<constant>{%c256}
      stream.cmd.copy %arg1[%c0], %arg2[%c0], %c256 : !stream.resource<constant>{%c256} -> !stream.resource<transient>{%c256}
    } => !stream.timepoint
    util.return %result_1, %result, %1 : !stream.resource<constant>, !stream.resource<transient>, !stream.timepoint
  }
}
