// Transfers: invalidate when data comes from another affinity or from staging
// memory, flush when it goes to another affinity or to staging memory; the
// "current" affinity is that of the execute region (not of a concurrent
// region, not of the op's own on(...), not of the function).

util.global private @dev0 : !hal.device
util.global private @dev1 : !hal.device

util.func public @transfer_plain(%operand: !stream.resource<transient>, %size: index) -> (!stream.resource<transient>, !stream.timepoint) {
  %result, %result_timepoint = stream.async.execute with(%operand as %capture: !stream.resource<transient>{%size}) -> !stream.resource<transient>{%size} {
    %0 = stream.async.transfer %capture : !stream.resource<transient>{%size} -> !stream.resource<transient>{%size}
    stream.yield %0 : !stream.resource<transient>{%size}
  } => !stream.timepoint
  util.return %result, %result_timepoint : !stream.resource<transient>, !stream.timepoint
}

// -----

util.global private @dev0 : !hal.device
util.global private @dev1 : !hal.device

util.func public @transfer_affinities(%in: !stream.resource<external>, %st: !stream.resource<staging>, %n: index) -> (!stream.resource<external>, !stream.resource<staging>, !stream.resource<external>, !stream.resource<external>, !stream.timepoint) {
  %r:4, %rt = stream.async.execute on(#hal.device.affinity<@dev0>) with(%in as %a: !stream.resource<external>{%n}, %st as %s: !stream.resource<staging>{%n}) -> (!stream.resource<external>{%n}, !stream.resource<staging>{%n}, !stream.resource<external>{%n}, !stream.resource<external>{%n}) {
    %t0 = stream.async.transfer %a : !stream.resource<external>{%n} from(#hal.device.affinity<@dev1>) -> to(#hal.device.affinity<@dev0>) !stream.resource<external>{%n}
    %t1 = stream.async.transfer %t0 : !stream.resource<external>{%n} -> !stream.resource<staging>{%n}
    %t2 = stream.async.transfer %s : !stream.resource<staging>{%n} -> !stream.resource<external>{%n}
    %t3 = stream.async.transfer %t2 : !stream.resource<external>{%n} from(#hal.device.affinity<@dev0>) -> to(#hal.device.affinity<@dev0, [1]>) !stream.resource<external>{%n}
    stream.yield %t0, %t1, %t2, %t3 : !stream.resource<external>{%n}, !stream.resource<staging>{%n}, !stream.resource<external>{%n}, !stream.resource<external>{%n}
  } => !stream.timepoint
  util.return %r#0, %r#1, %r#2, %r#3, %rt : !stream.resource<external>, !stream.resource<staging>, !stream.resource<external>, !stream.resource<external>, !stream.timepoint
}

// -----

util.global private @dev0 : !hal.device
util.global private @dev1 : !hal.device

util.func public @transfer_no_execute_affinity(%in: !stream.resource<external>, %n: index) -> (!stream.resource<external>, !stream.timepoint) attributes {stream.affinity = #hal.device.affinity<@dev0>} {
  %r, %rt = stream.async.execute with(%in as %a: !stream.resource<external>{%n}) -> (!stream.resource<external>{%n}) {
    %t0 = stream.async.transfer %a : !stream.resource<external>{%n} from(#hal.device.affinity<@dev0>) -> to(#hal.device.affinity<@dev0>) !stream.resource<external>{%n}
    stream.yield %t0 : !stream.resource<external>{%n}
  } => !stream.timepoint
  util.return %r, %rt : !stream.resource<external>, !stream.timepoint
}

// -----

util.global private @dev0 : !hal.device
util.global private @dev1 : !hal.device

util.func public @transfer_in_wave(%in: !stream.resource<external>, %n: index) -> (!stream.resource<external>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %r, %rt = stream.async.execute on(#hal.device.affinity<@dev0>) with(%in as %a: !stream.resource<external>{%n}) -> (%in as !stream.resource<external>{%n}) {
    %w:2 = stream.async.concurrent with(%a as %b: !stream.resource<external>{%n}) -> (!stream.resource<external>{%n}, !stream.resource<external>{%n}) {
      %t0 = stream.async.transfer %b : !stream.resource<external>{%n} from(#hal.device.affinity<@dev0>) -> to(#hal.device.affinity<@dev1>) !stream.resource<external>{%n}
      %t1 = stream.async.transfer on(#hal.device.affinity<@dev1>) %b : !stream.resource<external>{%n} from(#hal.device.affinity<@dev1>) -> to(#hal.device.affinity<@dev1>) !stream.resource<external>{%n}
      stream.yield %t0, %t1 : !stream.resource<external>{%n}, !stream.resource<external>{%n}
    }
    %u = stream.async.copy %w#0[%c0 to %n], %a[%c0 to %n], %n : !stream.resource<external>{%n} -> %a as !stream.resource<external>{%n}
    %v = stream.async.copy %w#1[%c0 to %n], %u[%c0 to %n], %n : !stream.resource<external>{%n} -> %u as !stream.resource<external>{%n}
    stream.yield %v : !stream.resource<external>{%n}
  } => !stream.timepoint
  util.return %r, %rt : !stream.resource<external>, !stream.timepoint
}

// -----

util.global private @dev0 : !hal.device
util.global private @dev1 : !hal.device

// Barriers become a copy of the range onto itself.
util.func public @barriers(%in: !stream.resource<external>, %n: index) -> (!stream.resource<external>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c5_i32 = arith.constant 5 : i32
  %r, %rt = stream.async.execute with(%in as %a: !stream.resource<external>{%n}) -> (%in as !stream.resource<external>{%n}) {
    %s = stream.async.splat %c5_i32 : i32 -> !stream.resource<transient>{%c64}
    %b0 = stream.async.barrier %s : !stream.resource<transient>{%c64}
    %b1 = stream.async.barrier %a : !stream.resource<external>{%n}
    %u = stream.async.update %b0, %b1[%c0 to %c64] : !stream.resource<transient>{%c64} -> %b1 as !stream.resource<external>{%n}
    stream.yield %u : !stream.resource<external>{%n}
  } => !stream.timepoint
  util.return %r, %rt : !stream.resource<external>, !stream.timepoint
}

// -----

// Affinities spelled through attribute aliases compare as the attributes
// they stand for.
#aff0 = #hal.device.affinity<@dev0>
#aff1 = #hal.device.affinity<@dev1>
#also0 = #aff0
util.global private @dev0 : !hal.device
util.global private @dev1 : !hal.device
util.func public @aliased_affinities(%in: !stream.resource<external>, %n: index) -> (!stream.resource<external>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %r, %rt = stream.async.execute on(#hal.device.affinity<@dev0>) with(%in as %a: !stream.resource<external>{%n}) -> (%in as !stream.resource<external>{%n}) {
    %t0 = stream.async.transfer %a : !stream.resource<external>{%n} from(#aff0) -> to(#aff1) !stream.resource<external>{%n}
    %t1 = stream.async.transfer %t0 : !stream.resource<external>{%n} from(#aff1) -> to(#also0) !stream.resource<external>{%n}
    %u = stream.async.copy %t1[%c0 to %n], %a[%c0 to %n], %n : !stream.resource<external>{%n} -> %a as !stream.resource<external>{%n}
    stream.yield %u : !stream.resource<external>{%n}
  } => !stream.timepoint
  util.return %r, %rt : !stream.resource<external>, !stream.timepoint
}
