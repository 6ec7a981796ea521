// schedule-allocation: local transients -> one pack + alloca + dealloca.

util.global private @device : !hal.device
util.func public @locals(%size0: index, %size1: index, %await_timepoint: !stream.timepoint) -> !stream.timepoint {
  %c254_i32 = arith.constant 254 : i32
  %c255_i32 = arith.constant 255 : i32
  %result_timepoint = stream.async.execute on(#hal.device.affinity<@device>) await(%await_timepoint) => with() {
    %0 = stream.async.splat %c254_i32 : i32 -> !stream.resource<transient>{%size0}
    %1 = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%size1}
    stream.yield
  } => !stream.timepoint
  util.return %result_timepoint : !stream.timepoint
}

// -----

// Chains of clones/slices/fills/updates/copies with overlapping lifetimes,
// tied values sharing one slice, a dead alloca still getting a slice.
util.func public @chains(%in: !stream.resource<external>, %n: index) -> (!stream.resource<external>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c7_i32 = arith.constant 7 : i32
  %r, %t = stream.async.execute with(%in as %a: !stream.resource<external>{%n}) -> !stream.resource<external>{%c256} {
    %dead = stream.async.alloca : !stream.resource<transient>{%n}
    %s = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%c256}
    %cl = stream.async.clone %s : !stream.resource<transient>{%c256} -> !stream.resource<transient>{%c256}
    %sl = stream.async.slice %cl[%c0 to %c128] : !stream.resource<transient>{%c256} -> !stream.resource<transient>{%c128}
    %f = stream.async.fill %c7_i32, %cl[%c0 to %c64 for %c64] : i32 -> %cl as !stream.resource<transient>{%c256}
    %u = stream.async.update %sl, %f[%c128 to %c256] : !stream.resource<transient>{%c128} -> %f as !stream.resource<transient>{%c256}
    %cp = stream.async.copy %a[%c0 to %c64], %u[%c64 to %c128], %c64 : !stream.resource<external>{%n} -> %u as !stream.resource<transient>{%c256}
    %b = stream.async.barrier %cp : !stream.resource<transient>{%c256}
    %out = stream.async.clone %b : !stream.resource<transient>{%c256} -> !stream.resource<external>{%c256}
    stream.yield %out : !stream.resource<external>{%c256}
  } => !stream.timepoint
  util.return %r, %t : !stream.resource<external>, !stream.timepoint
}

// -----

// Two executes in a row in a func.func; the second awaits the first.
func.func @twoRegions(%n: index) -> !stream.timepoint {
  %c9 = arith.constant 9 : i8
  %t0 = stream.async.execute with() {
    %a = stream.async.alloca : !stream.resource<transient>{%n}
    %s = stream.async.splat %c9 : i8 -> !stream.resource<transient>{%n}
    stream.yield
  } => !stream.timepoint
  %t1 = stream.async.execute await(%t0) => with() {
    %s = stream.async.splat %c9 : i8 -> !stream.resource<transient>{%n}
    %c = stream.async.clone %s : !stream.resource<transient>{%n} -> !stream.resource<transient>{%n}
    stream.yield
  } => !stream.timepoint
  return %t1 : !stream.timepoint
}
