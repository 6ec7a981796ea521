// stream.async.parameter.* -> stream.cmd.parameter.* beside execution
// regions: affinities, await clauses, scope or none, discardable attributes
// (dropped, as IREE does), and the loaded/read resources used by an execute.

util.global private @dev : !hal.device
util.global private @weights : !stream.resource<constant>
util.global private @scope : !util.buffer
util.global private @key : !util.buffer
util.initializer {
  %c0_i64 = arith.constant 0 : i64
  %c256 = arith.constant 256 : index
  %scope = util.global.load @scope : !util.buffer
  %key = util.global.load @key : !util.buffer
  %w, %w_tp = stream.async.parameter.load on(#hal.device.affinity<@dev>) %scope::%key[%c0_i64] : !stream.resource<constant>{%c256} => !stream.timepoint attributes {some.attr = 3 : i32}
  %r, %r_tp = stream.async.execute on(#hal.device.affinity<@dev>) await(%w_tp) => with(%w as %a: !stream.resource<constant>{%c256}) -> !stream.resource<constant>{%c256} {
    %t = stream.async.clone %a : !stream.resource<constant>{%c256} -> !stream.resource<transient>{%c256}
    %c = stream.async.clone %t : !stream.resource<transient>{%c256} -> !stream.resource<constant>{%c256}
    stream.yield %c : !stream.resource<constant>{%c256}
  } => !stream.timepoint
  %ready = stream.timepoint.await %r_tp => %r : !stream.resource<constant>{%c256}
  util.global.store %ready, @weights : !stream.resource<constant>
  util.return
}

// -----

util.global private @dev : !hal.device
util.func public @readThenExecute(%target: !stream.resource<external>, %key: !util.buffer, %tp: !stream.timepoint, %n: i32) -> (!stream.resource<external>, !stream.timepoint) {
  %c0_i64 = arith.constant 0 : i64
  %c0 = arith.constant 0 : index
  %c1024 = arith.constant 1024 : index
  %rd, %rd_tp = stream.async.parameter.read on(#hal.device.affinity<@dev>) await(%tp) %key[%c0_i64] -> %target[%c0 to %c1024 for %c1024] : !stream.resource<external>{%c1024} => !stream.timepoint
  %r, %r_tp = stream.async.execute on(#hal.device.affinity<@dev>) await(%rd_tp) => with(%rd as %a: !stream.resource<external>{%c1024}) -> (%rd as !stream.resource<external>{%c1024}) {
    %f = stream.async.fill %n, %a[%c0 to %c1024 for %c1024] : i32 -> %a as !stream.resource<external>{%c1024}
    stream.yield %f : !stream.resource<external>{%c1024}
  } => !stream.timepoint
  %wr, %wr_tp = stream.async.parameter.write on(#hal.device.affinity<@dev>) await(%r_tp) %r[%c0 to %c1024 for %c1024] -> %key[%c0_i64] : !stream.resource<external>{%c1024} => !stream.timepoint
  util.return %wr, %wr_tp : !stream.resource<external>, !stream.timepoint
}

// -----

// Gather and scatter without scope, in an scf.if (the pass walks nested ops).
util.func public @nested(%cond: i1, %res: !stream.resource<transient>, %key0: !util.buffer, %key1: !util.buffer) -> !stream.timepoint {
  %c0_i64 = arith.constant 0 : i64
  %c8_i64 = arith.constant 8 : i64
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %tp = scf.if %cond -> !stream.timepoint {
    %g, %g_tp = stream.async.parameter.gather {
      %key0[%c0_i64] -> %res[%c0 to %c64 for %c64] : !stream.resource<transient>{%c128},
      %key1[%c8_i64] -> %res[%c64 to %c128 for %c64] : !stream.resource<transient>{%c128}
    } : !stream.resource<transient> => !stream.timepoint
    %s, %s_tp = stream.async.parameter.scatter await(%g_tp) {
      %g[%c0 to %c64 for %c64] : !stream.resource<transient>{%c128} -> %key0[%c0_i64],
      %g[%c64 to %c128 for %c64] : !stream.resource<transient>{%c128} -> %key1[%c8_i64]
    } : !stream.resource<transient> => !stream.timepoint
    scf.yield %s_tp : !stream.timepoint
  } else {
    %z = stream.timepoint.immediate => !stream.timepoint
    scf.yield %z : !stream.timepoint
  }
  util.return %tp : !stream.timepoint
}

// -----

// A parameter loaded on one device, captured by an execute on another.
util.global private @dev0 : !hal.device
util.global private @dev1 : !hal.device
util.func public @f(%key: !util.buffer) -> (!stream.resource<constant>, !stream.resource<transient>, !stream.timepoint) {
  %c0_i64 = arith.constant 0 : i64
  %c256 = arith.constant 256 : index
  %w, %w_tp = stream.async.parameter.load on(#hal.device.affinity<@dev0>) %key[%c0_i64] : !stream.resource<constant>{%c256} => !stream.timepoint
  %r:2, %r_tp = stream.async.execute on(#hal.device.affinity<@dev1>) await(%w_tp) => with(%w as %a: !stream.resource<constant>{%c256}) -> (!stream.resource<constant>{%c256}, !stream.resource<transient>{%c256}) {
    %c = stream.async.clone %a : !stream.resource<constant>{%c256} -> !stream.resource<constant>{%c256}
    %t = stream.async.clone %a : !stream.resource<constant>{%c256} -> !stream.resource<transient>{%c256}
    stream.yield %c, %t : !stream.resource<constant>{%c256}, !stream.resource<transient>{%c256}
  } => !stream.timepoint
  util.return %r#0, %r#1, %r_tp : !stream.resource<constant>, !stream.resource<transient>, !stream.timepoint
}
