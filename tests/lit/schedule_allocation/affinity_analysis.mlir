// schedule-allocation: the whole-program affinity analysis behind result and
// escaping-constant placement (fastalloc.passes.affinity), one rule per case,
// each compared with iree-opt 3.13.

// A result passed to a private function is used there (calls are followed).
util.global private @dev0 : !hal.device
util.global private @dev1 : !hal.device
util.func private @consume(%r: !stream.resource<transient>, %n: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %t, %tp = stream.async.execute on(#hal.device.affinity<@dev1>) with(%r as %a: !stream.resource<transient>{%n}) -> !stream.resource<transient>{%n} {
    %d = stream.async.dispatch @ex::@e(%a[%c0 to %n for %n]) : (!stream.resource<transient>{%n}) -> !stream.resource<transient>{%n}
    stream.yield %d : !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.optimization_barrier %t : !stream.resource<transient>
  util.return %tp : !stream.timepoint
}
util.func public @callsPrivate(%n: index) -> !stream.timepoint {
  %c7_i32 = arith.constant 7 : i32
  %r, %t = stream.async.execute on(#hal.device.affinity<@dev0>) with() -> !stream.resource<transient>{%n} {
    %s = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%n}
    stream.yield %s : !stream.resource<transient>{%n}
  } => !stream.timepoint
  %tp = util.call @consume(%r, %n) : (!stream.resource<transient>, index) -> !stream.timepoint
  util.return %tp : !stream.timepoint
}

// -----

// A result returned by a private function goes where its caller uses it.
util.global private @dev0 : !hal.device
util.global private @dev1 : !hal.device
util.func private @make(%n: index) -> !stream.resource<transient> {
  %c7_i32 = arith.constant 7 : i32
  %r, %t = stream.async.execute on(#hal.device.affinity<@dev0>) with() -> !stream.resource<transient>{%n} {
    %s = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%n}
    stream.yield %s : !stream.resource<transient>{%n}
  } => !stream.timepoint
  %w = stream.timepoint.await %t => %r : !stream.resource<transient>{%n}
  util.return %w : !stream.resource<transient>
}
util.func public @returnsToCaller(%n: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %m = util.call @make(%n) : (index) -> !stream.resource<transient>
  %t, %tp = stream.async.execute on(#hal.device.affinity<@dev1>) with(%m as %a: !stream.resource<transient>{%n}) -> !stream.resource<transient>{%n} {
    %d = stream.async.dispatch @ex::@e(%a[%c0 to %n for %n]) : (!stream.resource<transient>{%n}) -> !stream.resource<transient>{%n}
    stream.yield %d : !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.optimization_barrier %t : !stream.resource<transient>
  util.return %tp : !stream.timepoint
}

// -----

// A result passed to a function without a body: its consumers are unknown.
util.global private @dev0 : !hal.device
util.global private @dev1 : !hal.device
util.func private @external(%r: !stream.resource<transient>) -> ()
util.func public @callsExternal(%n: index) {
  %c0 = arith.constant 0 : index
  %c7_i32 = arith.constant 7 : i32
  %r:2, %t = stream.async.execute on(#hal.device.affinity<@dev0>) with() -> (!stream.resource<transient>{%n}, !stream.resource<transient>{%n}) {
    %s = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%n}
    %s2 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%n}
    stream.yield %s, %s2 : !stream.resource<transient>{%n}, !stream.resource<transient>{%n}
  } => !stream.timepoint
  %u, %tu = stream.async.execute on(#hal.device.affinity<@dev1>) await(%t) => with(%r#0 as %a: !stream.resource<transient>{%n}, %r#1 as %b: !stream.resource<transient>{%n}) -> !stream.resource<transient>{%n} {
    %d = stream.async.dispatch @ex::@e(%a[%c0 to %n for %n], %b[%c0 to %n for %n]) : (!stream.resource<transient>{%n}, !stream.resource<transient>{%n}) -> !stream.resource<transient>{%n}
    stream.yield %d : !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.call @external(%r#1) : (!stream.resource<transient>) -> ()
  util.optimization_barrier %u : !stream.resource<transient>
  util.return
}

// -----

// A variable stored into a global in an initializer is placed where the
// global is loaded and used.
util.global private @dev0 : !hal.device
util.global private @dev1 : !hal.device
util.global private mutable @var : !stream.resource<variable>
util.initializer {
  %c64 = arith.constant 64 : index
  %c7_i32 = arith.constant 7 : i32
  %r, %t = stream.async.execute on(#hal.device.affinity<@dev0>) with() -> !stream.resource<variable>{%c64} {
    %s = stream.async.splat %c7_i32 : i32 -> !stream.resource<variable>{%c64}
    stream.yield %s : !stream.resource<variable>{%c64}
  } => !stream.timepoint
  %w = stream.timepoint.await %t => %r : !stream.resource<variable>{%c64}
  util.global.store %w, @var : !stream.resource<variable>
  util.return
}
util.func public @loadsGlobal() -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %v = util.global.load @var : !stream.resource<variable>
  %t, %tp = stream.async.execute on(#hal.device.affinity<@dev1>) with(%v as %a: !stream.resource<variable>{%c64}) -> !stream.resource<transient>{%c64} {
    %d = stream.async.dispatch @ex::@e(%a[%c0 to %c64 for %c64]) : (!stream.resource<variable>{%c64}) -> !stream.resource<transient>{%c64}
    stream.yield %d : !stream.resource<transient>{%c64}
  } => !stream.timepoint
  util.optimization_barrier %t : !stream.resource<transient>
  util.return %tp : !stream.timepoint
}

// -----

// A global loaded by an execute without affinity: the loaded value's
// producer is the global, placed by its own stream.affinity.
util.global private @dev0 : !hal.device
util.global private @dev1 : !hal.device
util.global private mutable @var {stream.affinity = #hal.device.affinity<@dev1>} : !stream.resource<variable>
util.func public @globalWithAffinity() -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %v = util.global.load @var : !stream.resource<variable>
  %t, %tp = stream.async.execute with(%v as %a: !stream.resource<variable>{%c64}) -> !stream.resource<transient>{%c64} {
    %d = stream.async.dispatch @ex::@e(%a[%c0 to %c64 for %c64]) : (!stream.resource<variable>{%c64}) -> !stream.resource<transient>{%c64}
    stream.yield %d : !stream.resource<transient>{%c64}
  } => !stream.timepoint
  %u, %tu = stream.async.execute on(#hal.device.affinity<@dev0>) await(%tp) => with(%t as %b: !stream.resource<transient>{%c64}) -> !stream.resource<transient>{%c64} {
    %d = stream.async.dispatch @ex::@e(%b[%c0 to %c64 for %c64]) : (!stream.resource<transient>{%c64}) -> !stream.resource<transient>{%c64}
    stream.yield %d : !stream.resource<transient>{%c64}
  } => !stream.timepoint
  util.optimization_barrier %u : !stream.resource<transient>
  util.return %tu : !stream.timepoint
}

// -----

// Results flowing through scf.if to a consumer on another device.
util.global private @dev0 : !hal.device
util.global private @dev1 : !hal.device
util.func public @throughScfIf(%c: i1, %n: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c7_i32 = arith.constant 7 : i32
  %r:2, %t = stream.async.execute on(#hal.device.affinity<@dev0>) with() -> (!stream.resource<transient>{%n}, !stream.resource<transient>{%n}) {
    %s = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%n}
    %s2 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%n}
    stream.yield %s, %s2 : !stream.resource<transient>{%n}, !stream.resource<transient>{%n}
  } => !stream.timepoint
  %sel = scf.if %c -> !stream.resource<transient> {
    scf.yield %r#0 : !stream.resource<transient>
  } else {
    scf.yield %r#1 : !stream.resource<transient>
  }
  %u, %tu = stream.async.execute on(#hal.device.affinity<@dev1>) await(%t) => with(%sel as %a: !stream.resource<transient>{%n}) -> !stream.resource<transient>{%n} {
    %d = stream.async.dispatch @ex::@e(%a[%c0 to %n for %n]) : (!stream.resource<transient>{%n}) -> !stream.resource<transient>{%n}
    stream.yield %d : !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.optimization_barrier %u : !stream.resource<transient>
  util.return %tu : !stream.timepoint
}

// -----

// A result passed along a branch to a block whose argument is used on
// another device.
util.global private @dev0 : !hal.device
util.global private @dev1 : !hal.device
util.func public @throughBranch(%n: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c7_i32 = arith.constant 7 : i32
  %r, %t = stream.async.execute on(#hal.device.affinity<@dev0>) with() -> !stream.resource<transient>{%n} {
    %s = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%n}
    stream.yield %s : !stream.resource<transient>{%n}
  } => !stream.timepoint
  cf.br ^bb1(%r, %t : !stream.resource<transient>, !stream.timepoint)
^bb1(%x: !stream.resource<transient>, %xt: !stream.timepoint):
  %u, %tu = stream.async.execute on(#hal.device.affinity<@dev1>) await(%xt) => with(%x as %a: !stream.resource<transient>{%n}) -> !stream.resource<transient>{%n} {
    %d = stream.async.dispatch @ex::@e(%a[%c0 to %n for %n]) : (!stream.resource<transient>{%n}) -> !stream.resource<transient>{%n}
    stream.yield %d : !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.optimization_barrier %u : !stream.resource<transient>
  util.return %tu : !stream.timepoint
}

// -----

// An execute without affinity between two devices: its result is produced
// where its operand was (dev0) and consumed on dev1.
util.global private @dev0 : !hal.device
util.global private @dev1 : !hal.device
util.func public @chainWithoutAffinity(%n: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c7_i32 = arith.constant 7 : i32
  %r, %t = stream.async.execute on(#hal.device.affinity<@dev0>) with() -> !stream.resource<transient>{%n} {
    %s = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%n}
    stream.yield %s : !stream.resource<transient>{%n}
  } => !stream.timepoint
  %m, %tm = stream.async.execute await(%t) => with(%r as %a: !stream.resource<transient>{%n}) -> !stream.resource<transient>{%n} {
    %d = stream.async.dispatch @ex::@e(%a[%c0 to %n for %n]) : (!stream.resource<transient>{%n}) -> !stream.resource<transient>{%n}
    stream.yield %d : !stream.resource<transient>{%n}
  } => !stream.timepoint
  %u, %tu = stream.async.execute on(#hal.device.affinity<@dev1>) await(%tm) => with(%m as %b: !stream.resource<transient>{%n}) -> !stream.resource<transient>{%n} {
    %d = stream.async.dispatch @ex::@e(%b[%c0 to %n for %n]) : (!stream.resource<transient>{%n}) -> !stream.resource<transient>{%n}
    stream.yield %d : !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.optimization_barrier %u : !stream.resource<transient>
  util.return %tu : !stream.timepoint
}

// -----

// The same with an argument of the public function captured: the middle
// execute's producers are unknown, so only its consumers place its result.
util.global private @dev0 : !hal.device
util.global private @dev1 : !hal.device
util.func public @publicArgument(%arg: !stream.resource<external>, %n: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %m, %tm = stream.async.execute with(%arg as %a: !stream.resource<external>{%n}) -> !stream.resource<transient>{%n} {
    %d = stream.async.dispatch @ex::@e(%a[%c0 to %n for %n]) : (!stream.resource<external>{%n}) -> !stream.resource<transient>{%n}
    stream.yield %d : !stream.resource<transient>{%n}
  } => !stream.timepoint
  %u, %tu = stream.async.execute on(#hal.device.affinity<@dev1>) await(%tm) => with(%m as %b: !stream.resource<transient>{%n}) -> !stream.resource<transient>{%n} {
    %d = stream.async.dispatch @ex::@e(%b[%c0 to %n for %n]) : (!stream.resource<transient>{%n}) -> !stream.resource<transient>{%n}
    stream.yield %d : !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.optimization_barrier %u : !stream.resource<transient>
  util.return %tu : !stream.timepoint
}

// -----

// A function's stream.affinity is the affinity of the ops inside it.
util.global private @dev0 : !hal.device
util.global private @dev1 : !hal.device
util.func public @functionAffinity(%n: index) -> !stream.timepoint attributes {stream.affinity = #hal.device.affinity<@dev1>} {
  %c0 = arith.constant 0 : index
  %c7_i32 = arith.constant 7 : i32
  %r, %t = stream.async.execute on(#hal.device.affinity<@dev0>) with() -> !stream.resource<transient>{%n} {
    %s = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%n}
    stream.yield %s : !stream.resource<transient>{%n}
  } => !stream.timepoint
  %u, %tu = stream.async.execute await(%t) => with(%r as %a: !stream.resource<transient>{%n}) -> !stream.resource<transient>{%n} {
    %d = stream.async.dispatch @ex::@e(%a[%c0 to %n for %n]) : (!stream.resource<transient>{%n}) -> !stream.resource<transient>{%n}
    stream.yield %d : !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.optimization_barrier %u : !stream.resource<transient>
  util.return %tu : !stream.timepoint
}

// -----

// A dispatch with its own affinity writing a tied result produces it there.
util.global private @dev0 : !hal.device
util.global private @dev1 : !hal.device
util.func public @tiedDispatchAffinity(%n: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c7_i32 = arith.constant 7 : i32
  %r, %t = stream.async.execute on(#hal.device.affinity<@dev0>) with() -> !stream.resource<transient>{%n} {
    %s = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%n}
    %d = stream.async.dispatch on(#hal.device.affinity<@dev1>) @ex::@e(%s[%c0 to %n for %n]) : (!stream.resource<transient>{%n}) -> %s{%n}
    stream.yield %d : !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.optimization_barrier %r : !stream.resource<transient>
  util.return %t : !stream.timepoint
}

// -----

// Results selected by arith.select and passed through a barrier.
util.global private @dev0 : !hal.device
util.global private @dev1 : !hal.device
util.func public @selectAndBarrier(%c: i1, %n: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c7_i32 = arith.constant 7 : i32
  %r:3, %t = stream.async.execute on(#hal.device.affinity<@dev0>) with() -> (!stream.resource<transient>{%n}, !stream.resource<transient>{%n}, !stream.resource<transient>{%n}) {
    %s = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%n}
    %s2 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%n}
    %s3 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%n}
    stream.yield %s, %s2, %s3 : !stream.resource<transient>{%n}, !stream.resource<transient>{%n}, !stream.resource<transient>{%n}
  } => !stream.timepoint
  %sel = arith.select %c, %r#0, %r#1 : !stream.resource<transient>
  %bar = util.optimization_barrier %r#2 : !stream.resource<transient>
  %u, %tu = stream.async.execute on(#hal.device.affinity<@dev1>) await(%t) => with(%sel as %a: !stream.resource<transient>{%n}, %bar as %b: !stream.resource<transient>{%n}) -> !stream.resource<transient>{%n} {
    %d = stream.async.dispatch @ex::@e(%a[%c0 to %n for %n], %b[%c0 to %n for %n]) : (!stream.resource<transient>{%n}, !stream.resource<transient>{%n}) -> !stream.resource<transient>{%n}
    stream.yield %d : !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.optimization_barrier %u : !stream.resource<transient>
  util.return %tu : !stream.timepoint
}

// -----

// A result transferred to another device by a later execute without
// affinity: the transfer's target is one of its consumers.
util.global private @dev0 : !hal.device
util.global private @dev1 : !hal.device
util.func public @transferLater(%n: index) -> !stream.timepoint {
  %c7_i32 = arith.constant 7 : i32
  %r, %t = stream.async.execute on(#hal.device.affinity<@dev0>) with() -> !stream.resource<transient>{%n} {
    %s = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%n}
    stream.yield %s : !stream.resource<transient>{%n}
  } => !stream.timepoint
  %x, %tx = stream.async.execute await(%t) => with(%r as %a: !stream.resource<transient>{%n}) -> !stream.resource<transient>{%n} {
    %y = stream.async.transfer %a : !stream.resource<transient>{%n} -> to(#hal.device.affinity<@dev1>) !stream.resource<transient>{%n}
    stream.yield %y : !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.optimization_barrier %x : !stream.resource<transient>
  util.return %tx : !stream.timepoint
}

// -----

// Nothing known about a result: the module's stream.affinity.default.
module attributes {stream.affinity.default = #hal.device.affinity<@dev1>} {
util.global private @dev0 : !hal.device
util.global private @dev1 : !hal.device
util.func public @moduleDefault(%n: index) -> (!stream.resource<transient>, !stream.timepoint) {
  %c7_i32 = arith.constant 7 : i32
  %r, %t = stream.async.execute with() -> !stream.resource<transient>{%n} {
    %s = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%n}
    stream.yield %s : !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.return %r, %t : !stream.resource<transient>, !stream.timepoint
}
}

// -----

// scf.for carries a result to a consumer on another device.
util.global private @dev0 : !hal.device
util.global private @dev1 : !hal.device
util.func public @throughScfFor(%n: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c7_i32 = arith.constant 7 : i32
  %r, %t = stream.async.execute on(#hal.device.affinity<@dev0>) with() -> !stream.resource<transient>{%n} {
    %s = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%n}
    stream.yield %s : !stream.resource<transient>{%n}
  } => !stream.timepoint
  %loop = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %r) -> (!stream.resource<transient>) {
    scf.yield %acc : !stream.resource<transient>
  }
  %u, %tu = stream.async.execute on(#hal.device.affinity<@dev1>) await(%t) => with(%loop as %a: !stream.resource<transient>{%n}) -> !stream.resource<transient>{%n} {
    %d = stream.async.dispatch @ex::@e(%a[%c0 to %n for %n]) : (!stream.resource<transient>{%n}) -> !stream.resource<transient>{%n}
    stream.yield %d : !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.optimization_barrier %u : !stream.resource<transient>
  util.return %tu : !stream.timepoint
}

// -----

// Imported on dev1 and captured by an execute on dev0: pinned.
util.global private @dev0 : !hal.device
util.global private @dev1 : !hal.device
util.func public @importPins(%h: i64, %n: index) -> (!stream.timepoint, i64) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %in = stream.tensor.import on(#hal.device.affinity<@dev1>) %h : i64 -> tensor<8xf32> in !stream.resource<external>{%c32}
  %r:2, %t = stream.async.execute on(#hal.device.affinity<@dev0>) with(%in as %a: !stream.resource<external>{%c32}) -> (%in as !stream.resource<external>{%c32}, !stream.resource<external>{%c32}) {
    %f = stream.async.dispatch @ex::@e(%a[%c0 to %c32 for %c32]) : (!stream.resource<external>{%c32}) -> %a{%c32}
    %g = stream.async.dispatch @ex::@e(%f[%c0 to %c32 for %c32]) : (!stream.resource<external>{%c32}) -> !stream.resource<external>{%c32}
    stream.yield %f, %g : !stream.resource<external>{%c32}, !stream.resource<external>{%c32}
  } => !stream.timepoint
  %out = stream.tensor.export on(#hal.device.affinity<@dev0, [1]>) %r#1 : tensor<8xf32> in !stream.resource<external>{%c32} -> i64
  util.return %t, %out : !stream.timepoint, i64
}

// -----

// Queue masks of one device join; a global only stored takes its producers.
util.global private @dev0 : !hal.device
util.global private mutable @sink : !stream.resource<transient>
util.func public @queues(%n: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c7_i32 = arith.constant 7 : i32
  %r:2, %t = stream.async.execute on(#hal.device.affinity<@dev0, [0]>) with() -> (!stream.resource<transient>{%n}, !stream.resource<transient>{%n}) {
    %s = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%n}
    %s2 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%n}
    stream.yield %s, %s2 : !stream.resource<transient>{%n}, !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.global.store %r#1, @sink : !stream.resource<transient>
  %u, %tu = stream.async.execute on(#hal.device.affinity<@dev0, [1]>) await(%t) => with(%r#0 as %a: !stream.resource<transient>{%n}) -> !stream.resource<transient>{%n} {
    %d = stream.async.dispatch @ex::@e(%a[%c0 to %n for %n]) : (!stream.resource<transient>{%n}) -> !stream.resource<transient>{%n}
    stream.yield %d : !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.optimization_barrier %u : !stream.resource<transient>
  util.return %tu : !stream.timepoint
}

// -----

// A private recursive function and func.func callers.
util.global private @dev0 : !hal.device
util.global private @dev1 : !hal.device
func.func private @loop(%r: !stream.resource<transient>, %n: index, %k: i1) -> !stream.resource<transient> {
  %c0 = arith.constant 0 : index
  cf.cond_br %k, ^bb1, ^bb2(%r : !stream.resource<transient>)
^bb1:
  %x = func.call @loop(%r, %n, %k) : (!stream.resource<transient>, index, i1) -> !stream.resource<transient>
  cf.br ^bb2(%x : !stream.resource<transient>)
^bb2(%y: !stream.resource<transient>):
  return %y : !stream.resource<transient>
}
func.func @recursion(%n: index, %k: i1) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c7_i32 = arith.constant 7 : i32
  %r, %t = stream.async.execute on(#hal.device.affinity<@dev0>) with() -> !stream.resource<transient>{%n} {
    %s = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%n}
    stream.yield %s : !stream.resource<transient>{%n}
  } => !stream.timepoint
  %l = func.call @loop(%r, %n, %k) : (!stream.resource<transient>, index, i1) -> !stream.resource<transient>
  %u, %tu = stream.async.execute on(#hal.device.affinity<@dev1>) await(%t) => with(%l as %a: !stream.resource<transient>{%n}) -> !stream.resource<transient>{%n} {
    %d = stream.async.dispatch @ex::@e(%a[%c0 to %n for %n]) : (!stream.resource<transient>{%n}) -> !stream.resource<transient>{%n}
    stream.yield %d : !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.optimization_barrier %u : !stream.resource<transient>
  return %tu : !stream.timepoint
}

// -----

// Escaping constants placed by their consumers; scf.while carries one.
util.global private @dev0 : !hal.device
util.global private @dev1 : !hal.device
util.func public @constantsAndWhile(%n: index, %c: i1) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %r:2, %t = stream.async.execute on(#hal.device.affinity<@dev0>) with() -> (!stream.resource<constant>{%c16}, !stream.resource<constant>{%c16}) {
    %k = stream.async.constant : !stream.resource<constant>{%c16} = dense<3> : tensor<4xi32>
    %k2 = stream.async.constant : !stream.resource<constant>{%c16} = dense<4> : tensor<4xi32>
    stream.yield %k, %k2 : !stream.resource<constant>{%c16}, !stream.resource<constant>{%c16}
  } => !stream.timepoint
  %w = scf.while (%a = %r#0) : (!stream.resource<constant>) -> !stream.resource<constant> {
    scf.condition(%c) %a : !stream.resource<constant>
  } do {
  ^bb0(%b: !stream.resource<constant>):
    scf.yield %b : !stream.resource<constant>
  }
  %u, %tu = stream.async.execute on(#hal.device.affinity<@dev1>) await(%t) => with(%w as %a: !stream.resource<constant>{%c16}, %r#1 as %b: !stream.resource<constant>{%c16}) -> !stream.resource<transient>{%c16} {
    %d = stream.async.dispatch @ex::@e(%a[%c0 to %c16 for %c16], %b[%c0 to %c16 for %c16]) : (!stream.resource<constant>{%c16}, !stream.resource<constant>{%c16}) -> !stream.resource<transient>{%c16}
    stream.yield %d : !stream.resource<transient>{%c16}
  } => !stream.timepoint
  util.optimization_barrier %u : !stream.resource<transient>
  util.return %tu : !stream.timepoint
}

// -----

// Consumed by an execute without affinity that also reads a public argument:
// that execute's placement is unknown, so the value's consumers are too.
util.global private @dev0 : !hal.device
util.global private @dev1 : !hal.device
util.func public @unknownConsumer(%arg: !stream.resource<external>, %n: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c7_i32 = arith.constant 7 : i32
  %r:2, %t = stream.async.execute on(#hal.device.affinity<@dev0>) with() -> (!stream.resource<transient>{%n}, !stream.resource<transient>{%n}) {
    %s = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%n}
    %s2 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%n}
    stream.yield %s, %s2 : !stream.resource<transient>{%n}, !stream.resource<transient>{%n}
  } => !stream.timepoint
  %m, %tm = stream.async.execute await(%t) => with(%r#0 as %a: !stream.resource<transient>{%n}, %arg as %b: !stream.resource<external>{%n}) -> !stream.resource<transient>{%n} {
    %d = stream.async.dispatch @ex::@e(%a[%c0 to %n for %n], %b[%c0 to %n for %n]) : (!stream.resource<transient>{%n}, !stream.resource<external>{%n}) -> !stream.resource<transient>{%n}
    stream.yield %d : !stream.resource<transient>{%n}
  } => !stream.timepoint
  %u, %tu = stream.async.execute on(#hal.device.affinity<@dev1>) await(%tm) => with(%m as %a: !stream.resource<transient>{%n}, %r#1 as %b: !stream.resource<transient>{%n}) -> !stream.resource<transient>{%n} {
    %d = stream.async.dispatch @ex::@e(%a[%c0 to %n for %n], %b[%c0 to %n for %n]) : (!stream.resource<transient>{%n}, !stream.resource<transient>{%n}) -> !stream.resource<transient>{%n}
    stream.yield %d : !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.optimization_barrier %u : !stream.resource<transient>
  util.return %tu : !stream.timepoint
}

// -----

// Global loaded and both used on dev1 and returned from a public function.
util.global private @dev0 : !hal.device
util.global private @dev1 : !hal.device
util.global private mutable @var : !stream.resource<variable>
util.initializer {
  %c64 = arith.constant 64 : index
  %c7_i32 = arith.constant 7 : i32
  %r, %t = stream.async.execute on(#hal.device.affinity<@dev0>) with() -> !stream.resource<variable>{%c64} {
    %s = stream.async.splat %c7_i32 : i32 -> !stream.resource<variable>{%c64}
    stream.yield %s : !stream.resource<variable>{%c64}
  } => !stream.timepoint
  %w = stream.timepoint.await %t => %r : !stream.resource<variable>{%c64}
  util.global.store %w, @var : !stream.resource<variable>
  util.return
}
util.func public @loadsGlobal() -> (!stream.resource<variable>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %v = util.global.load @var : !stream.resource<variable>
  %t, %tp = stream.async.execute on(#hal.device.affinity<@dev1>) with(%v as %a: !stream.resource<variable>{%c64}) -> !stream.resource<transient>{%c64} {
    %d = stream.async.dispatch @ex::@e(%a[%c0 to %c64 for %c64]) : (!stream.resource<variable>{%c64}) -> !stream.resource<transient>{%c64}
    stream.yield %d : !stream.resource<transient>{%c64}
  } => !stream.timepoint
  util.optimization_barrier %t : !stream.resource<transient>
  util.return %v, %tp : !stream.resource<variable>, !stream.timepoint
}

// -----

// Pinned by an import on dev1, tied through an execute with a public argument.
util.global private @dev0 : !hal.device
util.global private @dev1 : !hal.device
util.func public @pinnedTied(%h: i64, %arg: !stream.resource<external>, %n: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %in = stream.tensor.import on(#hal.device.affinity<@dev1>) %h : i64 -> tensor<8xf32> in !stream.resource<external>{%c32}
  %r:2, %t = stream.async.execute with(%in as %a: !stream.resource<external>{%c32}, %arg as %b: !stream.resource<external>{%n}) -> (%in as !stream.resource<external>{%c32}, !stream.resource<external>{%c32}) {
    %f = stream.async.dispatch @ex::@e(%a[%c0 to %c32 for %c32], %b[%c0 to %n for %n]) : (!stream.resource<external>{%c32}, !stream.resource<external>{%n}) -> %a{%c32}
    %g = stream.async.dispatch @ex::@e(%f[%c0 to %c32 for %c32]) : (!stream.resource<external>{%c32}) -> !stream.resource<external>{%c32}
    stream.yield %f, %g : !stream.resource<external>{%c32}, !stream.resource<external>{%c32}
  } => !stream.timepoint
  %u, %tu = stream.async.execute on(#hal.device.affinity<@dev0>) await(%t) => with(%r#1 as %x: !stream.resource<external>{%c32}, %r#0 as %y: !stream.resource<external>{%c32}) -> !stream.resource<transient>{%c32} {
    %d = stream.async.dispatch @ex::@e(%x[%c0 to %c32 for %c32], %y[%c0 to %c32 for %c32]) : (!stream.resource<external>{%c32}, !stream.resource<external>{%c32}) -> !stream.resource<transient>{%c32}
    stream.yield %d : !stream.resource<transient>{%c32}
  } => !stream.timepoint
  util.optimization_barrier %u : !stream.resource<transient>
  util.return %tu : !stream.timepoint
}

// -----

// Two public entry points share a private helper returning a result.
util.global private @dev0 : !hal.device
util.global private @dev1 : !hal.device
util.func private @make(%n: index) -> (!stream.resource<transient>, !stream.timepoint) {
  %c7_i32 = arith.constant 7 : i32
  %r, %t = stream.async.execute with() -> !stream.resource<transient>{%n} {
    %s = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%n}
    stream.yield %s : !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.return %r, %t : !stream.resource<transient>, !stream.timepoint
}
util.func public @a(%n: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %m:2 = util.call @make(%n) : (index) -> (!stream.resource<transient>, !stream.timepoint)
  %t, %tp = stream.async.execute on(#hal.device.affinity<@dev1>) await(%m#1) => with(%m#0 as %a: !stream.resource<transient>{%n}) -> !stream.resource<transient>{%n} {
    %d = stream.async.dispatch @ex::@e(%a[%c0 to %n for %n]) : (!stream.resource<transient>{%n}) -> !stream.resource<transient>{%n}
    stream.yield %d : !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.optimization_barrier %t : !stream.resource<transient>
  util.return %tp : !stream.timepoint
}
util.func public @b(%n: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %m:2 = util.call @make(%n) : (index) -> (!stream.resource<transient>, !stream.timepoint)
  %t, %tp = stream.async.execute on(#hal.device.affinity<@dev0, [1]>) await(%m#1) => with(%m#0 as %a: !stream.resource<transient>{%n}) -> !stream.resource<transient>{%n} {
    %d = stream.async.dispatch @ex::@e(%a[%c0 to %n for %n]) : (!stream.resource<transient>{%n}) -> !stream.resource<transient>{%n}
    stream.yield %d : !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.optimization_barrier %t : !stream.resource<transient>
  util.return %tp : !stream.timepoint
}

// -----

// A global whose load reaches an external function (its consumers end
// INVALID): iree-opt still places by what the first visit of the load found,
// the producer of the stored value, reached walking back from a region
// argument through the load into the store.
util.global private @dev0 : !hal.device
util.global private @dev1 : !hal.device
util.global private mutable @var : !stream.resource<variable>
stream.async.func private @ext(%arg0: !stream.resource<*>) -> %arg0
util.initializer {
  %c64 = arith.constant 64 : index
  %c1_i32 = arith.constant 1 : i32
  %r, %t = stream.async.execute on(#hal.device.affinity<@dev0>) with() -> !stream.resource<variable>{%c64} {
    %s = stream.async.splat %c1_i32 : i32 -> !stream.resource<variable>{%c64}
    stream.yield %s : !stream.resource<variable>{%c64}
  } => !stream.timepoint
  %v = stream.timepoint.await %t => %r : !stream.resource<variable>{%c64}
  util.global.store %v, @var : !stream.resource<variable>
  util.return
}
util.func public @globalReachesExternal(%n: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c7_i32 = arith.constant 7 : i32
  %g = util.global.load @var : !stream.resource<variable>
  %gs = stream.resource.size %g : !stream.resource<variable>
  %a, %ta = stream.async.execute with() -> !stream.resource<transient>{%n} {
    %s = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%n}
    stream.yield %s : !stream.resource<transient>{%n}
  } => !stream.timepoint
  %b, %tb = stream.async.execute await(%ta) => with(%a as %x: !stream.resource<transient>{%n}, %g as %y: !stream.resource<variable>{%gs}) -> !stream.resource<transient>{%c16} {
    %s2 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%c16}
    %c = stream.async.concurrent with(%y as %y2: !stream.resource<variable>{%gs}, %s2 as %z: !stream.resource<transient>{%c16}) -> %s2{%c16} {
      %e = stream.async.call @ext(%z[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> %z{%c16}
      stream.yield %e : !stream.resource<transient>{%c16}
    }
    stream.yield %c : !stream.resource<transient>{%c16}
  } => !stream.timepoint
  util.optimization_barrier %b : !stream.resource<transient>
  util.return %tb : !stream.timepoint
}

// -----

// Reduced from generated seed 230 (cross-function): a global without loads
// whose stored value ends INVALID (its execute has no affinity; a consumer of
// another of its results also reads a value returned by an external
// stream.async.func).  The global is placed by the first visit of the stored
// value, which finds nothing: the variable result gets no affinity.
util.global private @dev0 : !hal.device
util.global private @dev1 : !hal.device
util.global private mutable @init0_var : !stream.resource<variable>
stream.async.func private @callee2(%arg0: i32, %arg1: i32) -> (!stream.resource<*>, !stream.resource<*>)
util.initializer {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c65536 = arith.constant 65536 : index
  %c262144 = arith.constant 262144 : index
  %c36_i8 = arith.constant 36 : i8
  %c62_i32 = arith.constant 62 : i32
  %c130_i32 = arith.constant 130 : i32
  %7:4, %8 = stream.async.execute with() -> (!stream.resource<external>{%c262144}, !stream.resource<transient>{%c4}, !stream.resource<external>{%c4}, !stream.resource<variable>{%c262144}) {
    %1 = stream.async.splat %c130_i32 : i32 -> !stream.resource<transient>{%c65536}
    %3:3 = stream.async.concurrent with(%1 as %arg0: !stream.resource<transient>{%c65536}) -> (%1{%c65536}, !stream.resource<external>{%c262144}, !stream.resource<transient>{%c4}) {
      %2:3 = stream.async.dispatch @ex0_b3_p1::@entry[%c1](%arg0[%c0 to %c65536 for %c65536], %c62_i32) : (!stream.resource<transient>{%c65536}, i32) -> (%arg0{%c65536}, !stream.resource<external>{%c262144}, !stream.resource<transient>{%c4})
      stream.yield %2#0, %2#1, %2#2 : !stream.resource<transient>{%c65536}, !stream.resource<external>{%c262144}, !stream.resource<transient>{%c4}
    }
    %4 = stream.async.transfer %3#2 : !stream.resource<transient>{%c4} from(#hal.device.affinity<@dev1>) -> to(#hal.device.affinity<@dev1>) !stream.resource<external>{%c4}
    %5 = stream.async.fill %c36_i8, %3#2[%c0 to %c4 for %c4] : i8 -> %3#2 as !stream.resource<transient>{%c4}
    %6 = stream.async.clone %3#1 : !stream.resource<external>{%c262144} -> !stream.resource<variable>{%c262144}
    stream.yield %3#1, %5, %4, %6 : !stream.resource<external>{%c262144}, !stream.resource<transient>{%c4}, !stream.resource<external>{%c4}, !stream.resource<variable>{%c262144}
  } => !stream.timepoint
  %9 = stream.timepoint.await %8 => %7#3 : !stream.resource<variable>{%c262144}
  util.global.store %9, @init0_var : !stream.resource<variable>
  %11 = util.call @relay_transient(%7#1, %c4) : (!stream.resource<transient>, index) -> !stream.timepoint
  %13 = util.call @relay_external(%7#2, %c4) : (!stream.resource<external>, index) -> !stream.timepoint
  util.return
}
util.func public @fn2(%arg0: !stream.channel, %arg1: index, %arg2: !stream.resource<external>) -> (!stream.resource<transient>, !stream.resource<external>, !stream.timepoint) attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 8, max_buffer_range = 1073741824, min_buffer_range_alignment = 4, index_bits = 32}>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c100 = arith.constant 100 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c1000 = arith.constant 1000 : index
  %c16384 = arith.constant 16384 : index
  %c65536 = arith.constant 65536 : index
  %c1048576 = arith.constant 1048576 : index
  %c2_i32 = arith.constant 2 : i32
  %c9_i32 = arith.constant 9 : i32
  %c14_i16 = arith.constant 14 : i16
  %c15_i32 = arith.constant 15 : i32
  %c19_i32 = arith.constant 19 : i32
  %c130_i32 = arith.constant 130 : i32
  %0 = util.optimization_barrier %c1000 : index
  %13:2, %14 = stream.async.execute on(#hal.device.affinity<@dev0>) with(%arg2 as %arg3: !stream.resource<external>{%arg1}) -> (!stream.resource<transient>{%c65536}, !stream.resource<transient>{%0}) {
    %1 = stream.async.alloca : !stream.resource<transient>{%c65536}
    %2 = stream.async.clone %arg3 : !stream.resource<external>{%arg1} -> !stream.resource<transient>{%arg1}
    %4:2 = stream.async.dispatch @ex7_b2_p1::@entry[%c1](%c4) : (index) -> (!stream.resource<transient>{%c64}, !stream.resource<transient>{%c256})
    %5 = stream.async.dispatch @undeclared_ex1::@entry2(%arg3[%c0 to %arg1 for %arg1], %4#0[%c0 to %c64 for %c64], %c4, %c4) : (!stream.resource<external>{%arg1}, !stream.resource<transient>{%c64}, index, index) -> !stream.resource<transient>{%c512}
    %6 = stream.async.barrier %5 : !stream.resource<transient>{%c512}
    %7:3 = stream.async.dispatch @ex9_b5_p0::@entry[%c1](%2[%c0 to %arg1 for %arg1], %6[%c0 to %c512 for %c512], %4#1[%c0 to %c256 for %c256]) : (!stream.resource<transient>{%arg1}, !stream.resource<transient>{%c512}, !stream.resource<transient>{%c256}) -> (%2{%arg1}, !stream.resource<external>{%c100}, !stream.resource<transient>{%0})
    %10:3 = stream.async.dispatch @ex10_b5_p1::@entry[%c4, %c1](%7#0[%c0 to %arg1 for %arg1], %1[%c0 to %c65536 for %c65536], %4#0[%c0 to %c64 for %c64], %c19_i32) : (!stream.resource<transient>{%arg1}, !stream.resource<transient>{%c65536}, !stream.resource<transient>{%c64}, i32) -> (!stream.resource<transient>{%arg1}, %1{%c65536}, !stream.resource<transient>{%arg1})
    %11:2 = stream.async.dispatch @ex11_b3_p0::@entry[%c4, %c1](%4#1[%c0 to %c256 for %c256]) : (!stream.resource<transient>{%c256}) -> (!stream.resource<transient>{%0}, !stream.resource<transient>{%0})
    stream.yield %10#1, %11#1 : !stream.resource<transient>{%c65536}, !stream.resource<transient>{%0}
  } => !stream.timepoint
  %27:2, %28 = stream.async.execute on(#hal.device.affinity<@dev0>) await(%14) => with() -> (!stream.resource<external>{%arg1}, !stream.resource<transient>{%arg1}) {
    %16:2 = stream.async.dispatch @undeclared_ex2::@entry0[%c4, %c1](%c15_i32) : (i32) -> (!stream.resource<transient>{%c16384}, !stream.resource<external>{%arg1})
    %17 = stream.async.clone %16#1 : !stream.resource<external>{%arg1} -> !stream.resource<external>{%arg1}
    %18 = stream.async.transfer %16#1 : !stream.resource<external>{%arg1} from(#hal.device.affinity<@dev1>) -> to(#hal.device.affinity<@dev0>) !stream.resource<transient>{%arg1}
    %20 = stream.async.barrier %17 : !stream.resource<external>{%arg1}
    %23 = stream.async.clone %18 : !stream.resource<transient>{%arg1} -> !stream.resource<transient>{%arg1}
    %26 = stream.async.update %23, %20[%c0 to %arg1] : !stream.resource<transient>{%arg1} -> %20 as !stream.resource<external>{%arg1}
    stream.yield %26, %23 : !stream.resource<external>{%arg1}, !stream.resource<transient>{%arg1}
  } => !stream.timepoint
  %41:2, %42 = stream.async.execute on(#hal.device.affinity<@dev0>) await(%28) => with() -> (!stream.resource<transient>{%0}, !stream.resource<transient>{%arg1}) {
    %29 = stream.async.splat %c130_i32 : i32 -> !stream.resource<transient>{%0}
    %35:4 = stream.async.concurrent with(%29 as %arg4: !stream.resource<transient>{%0}) -> (%29{%0}, !stream.resource<external>{%c512}, !stream.resource<transient>{%arg1}, !stream.resource<transient>{%c1048576}) {
      %32 = stream.async.fill %c9_i32, %arg4[%c0 to %0 for %0] : i32 -> %arg4 as !stream.resource<transient>{%0}
      %33:2 = stream.async.call @callee2(%c2_i32, %c19_i32) : (i32, i32) -> (!stream.resource<external>{%c512}, !stream.resource<transient>{%arg1})
      %34 = stream.async.splat %c14_i16 : i16 -> !stream.resource<transient>{%c1048576}
      stream.yield %32, %33#0, %33#1, %34 : !stream.resource<transient>{%0}, !stream.resource<external>{%c512}, !stream.resource<transient>{%arg1}, !stream.resource<transient>{%c1048576}
    }
    stream.yield %35#0, %35#2 : !stream.resource<transient>{%0}, !stream.resource<transient>{%arg1}
  } => !stream.timepoint
  %48 = util.call @relay_transient(%41#1, %arg1) : (!stream.resource<transient>, index) -> !stream.timepoint
  util.return %13#0, %27#0, %42 : !stream.resource<transient>, !stream.resource<external>, !stream.timepoint
}
util.func private @relay_transient(%r: !stream.resource<transient>, %n: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %o, %t = stream.async.execute with(%r as %a: !stream.resource<transient>{%n}) -> !stream.resource<transient>{%n} {
    %d = stream.async.dispatch @relay_ex::@entry(%a[%c0 to %n for %n]) : (!stream.resource<transient>{%n}) -> !stream.resource<transient>{%n}
    stream.yield %d : !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}
util.func private @relay_external(%r: !stream.resource<external>, %n: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %o, %t = stream.async.execute on(#hal.device.affinity<@dev1>) with(%r as %a: !stream.resource<external>{%n}) -> !stream.resource<transient>{%n} {
    %d = stream.async.dispatch @relay_ex::@entry(%a[%c0 to %n for %n]) : (!stream.resource<external>{%n}) -> !stream.resource<transient>{%n}
    stream.yield %d : !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}
