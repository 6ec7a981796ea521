// Collectives: with and without a reduction, with a param (broadcast root),
// operand offsets that need an addition, and out-of-place source/target.
func.func @collective_out_of_place(%send: !stream.resource<external>, %send_size: index, %recv: !stream.resource<transient>, %recv_size: index, %count: index, %ch: !stream.channel) -> (!stream.resource<transient>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %channel = util.optimization_barrier %ch : !stream.channel
  %result, %result_timepoint = stream.async.execute with(%send as %captured_send: !stream.resource<external>{%send_size}, %recv as %captured_recv: !stream.resource<transient>{%recv_size}) -> (!stream.resource<transient>{%recv_size}) {
    %0 = stream.async.collective<all_gather : f32>[%count] channel(%channel) %captured_send[%c0 to %send_size for %send_size], %captured_recv[%c0 to %recv_size for %recv_size] : !stream.resource<external>{%send_size} -> %captured_recv as !stream.resource<transient>{%recv_size}
    stream.yield %0 : !stream.resource<transient>{%recv_size}
  } => !stream.timepoint
  return %result, %result_timepoint : !stream.resource<transient>, !stream.timepoint
}

// -----

util.func public @collective_locals(%in: !stream.resource<external>, %n: index, %ch: !stream.channel, %root: i32) -> (!stream.resource<external>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c80 = arith.constant 80 : index
  %c256 = arith.constant 256 : index
  %c1_i32 = arith.constant 1 : i32
  %r, %rt = stream.async.execute with(%in as %a: !stream.resource<external>{%n}) -> (%in as !stream.resource<external>{%n}) {
    %s = stream.async.splat %c1_i32 : i32 -> !stream.resource<transient>{%c256}
    %t = stream.async.splat %c1_i32 : i32 -> !stream.resource<transient>{%c256}
    %r0 = stream.async.collective<all_reduce with sum : f32>[%c16] channel(%ch) %s[%c16 to %c80 for %c64], %t[%c64 to %c256 for %c64] : !stream.resource<transient>{%c256} -> %t as !stream.resource<transient>{%c256}
    %r1 = stream.async.collective<broadcast : f32>[%c16] channel(%ch) source(%root) %r0[%c0 to %c64 for %c64], %a[%c16 to %c80 for %c64] : !stream.resource<transient>{%c256} -> %a as !stream.resource<external>{%n}
    %r2 = stream.async.collective<reduce with maximum : si32>[%c16] channel(%ch) target(%root) %r0[%c64 to %c256 for %c64], %r1[%c0 to %c64 for %c64] : !stream.resource<transient>{%c256} -> %r1 as !stream.resource<external>{%n}
    stream.yield %r2 : !stream.resource<external>{%n}
  } => !stream.timepoint
  util.return %r, %rt : !stream.resource<external>, !stream.timepoint
}
