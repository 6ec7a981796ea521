// schedule-allocation: placement of uploads and result allocations across
// devices (iree-opt 3.13 joins the producer, consumer and pinned affinities).

util.global private @gpu0 : !hal.device
util.global private @gpu1 : !hal.device
util.global private @gpu2 : !hal.device
util.func public @constantsUsedElsewhere(%wait: !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c12 = arith.constant 12 : index
  %c64 = arith.constant 64 : index
  %c1_i32 = arith.constant 1 : i32
  %results:3, %result_timepoint = stream.async.execute on(#hal.device.affinity<@gpu0>) await(%wait) => with() -> (!stream.resource<constant>{%c4}, !stream.resource<constant>{%c12}, !stream.resource<variable>{%c64}) {
    %a = stream.async.constant : !stream.resource<constant>{%c4} = dense<7> : tensor<4xi8>
    %b = stream.async.constant : !stream.resource<constant>{%c12} = dense<8> : tensor<3xi32>
    %v = stream.async.constant : !stream.resource<variable>{%c64} = dense<9> : tensor<16xi32>
    %f = stream.async.fill %c1_i32, %v[%c0 to %c4 for %c4] : i32 -> %v as !stream.resource<variable>{%c64}
    stream.yield %a, %b, %f : !stream.resource<constant>{%c4}, !stream.resource<constant>{%c12}, !stream.resource<variable>{%c64}
  } => !stream.timepoint
  %r1, %t1 = stream.async.execute on(#hal.device.affinity<@gpu1>) await(%result_timepoint) => with(%results#0 as %x: !stream.resource<constant>{%c4}) -> (!stream.resource<constant>{%c4}) {
    stream.yield %x : !stream.resource<constant>{%c4}
  } => !stream.timepoint
  %r2, %t2 = stream.async.execute on(#hal.device.affinity<@gpu2>) await(%result_timepoint) => with(%results#2 as %y: !stream.resource<variable>{%c64}) -> %results#2 as !stream.resource<variable>{%c64} {
    stream.yield %y : !stream.resource<variable>{%c64}
  } => !stream.timepoint
  util.optimization_barrier %results#1 : !stream.resource<constant>
  util.optimization_barrier %t1 : !stream.timepoint
  util.optimization_barrier %t2 : !stream.timepoint
  util.return
}

// -----

// A result exported on another device is pinned there.
util.global private @gpu0 : !hal.device
util.global private @gpu1 : !hal.device
util.func public @pinnedByExport(%tp: !stream.timepoint, %h: i64) -> (!stream.timepoint, i64) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %in = stream.tensor.import on(#hal.device.affinity<@gpu0>) %h : i64 -> tensor<8xf32> in !stream.resource<external>{%c32}
  %ra, %ta = stream.async.execute on(#hal.device.affinity<@gpu0>) await(%tp) => with(%in as %a: !stream.resource<external>{%c32}) -> !stream.resource<transient>{%c32} {
    %d = stream.async.dispatch @ex::@first(%a[%c0 to %c32 for %c32]) : (!stream.resource<external>{%c32}) -> !stream.resource<transient>{%c32}
    stream.yield %d : !stream.resource<transient>{%c32}
  } => !stream.timepoint
  %rb, %tb = stream.async.execute on(#hal.device.affinity<@gpu1>) await(%ta) => with(%ra as %b: !stream.resource<transient>{%c32}) -> !stream.resource<external>{%c32} {
    %d = stream.async.dispatch @ex::@second(%b[%c0 to %c32 for %c32]) : (!stream.resource<transient>{%c32}) -> !stream.resource<external>{%c32}
    stream.yield %d : !stream.resource<external>{%c32}
  } => !stream.timepoint
  %out = stream.tensor.export on(#hal.device.affinity<@gpu0>) %rb : tensor<8xf32> in !stream.resource<external>{%c32} -> i64
  util.return %tb, %out : !stream.timepoint, i64
}

// -----

// Transfers out of the region to other devices place each result there.
util.global private @gpu0 : !hal.device
util.global private @gpu1 : !hal.device
util.func public @transfersOut(%src: !stream.resource<transient>, %n: index) -> (!stream.resource<transient>, !stream.resource<transient>) {
  %r:2, %t = stream.async.execute on(#hal.device.affinity<@gpu0>) with(%src as %s: !stream.resource<transient>{%n}) -> (!stream.resource<transient>{%n}, !stream.resource<transient>{%n}) {
    %w:2 = stream.async.concurrent with(%s as %x: !stream.resource<transient>{%n}) -> (!stream.resource<transient>{%n}, !stream.resource<transient>{%n}) {
      %a = stream.async.transfer %x : !stream.resource<transient>{%n} -> to(#hal.device.affinity<@gpu1>) !stream.resource<transient>{%n}
      %b = stream.async.transfer %x : !stream.resource<transient>{%n} -> to(#hal.device.affinity<@gpu0, [1]>) !stream.resource<transient>{%n}
      stream.yield %a, %b : !stream.resource<transient>{%n}, !stream.resource<transient>{%n}
    }
    stream.yield %w#0, %w#1 : !stream.resource<transient>{%n}, !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.return %r#0, %r#1 : !stream.resource<transient>, !stream.resource<transient>
}
