// splat / clone / slice / fill / update / copy with non-zero offsets, so that
// the offset additions (arith.addi before the execute) and their order show.
util.func public @splat_clone_slice(%in: !stream.resource<external>, %n: index) -> (!stream.resource<external>, !stream.resource<transient>, !stream.timepoint) {
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c144 = arith.constant 144 : index
  %c255_i32 = arith.constant 255 : i32
  %r:2, %rt = stream.async.execute with(%in as %a: !stream.resource<external>{%n}) -> (!stream.resource<external>{%n}, !stream.resource<transient>{%c128}) {
    %s = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%n}
    %cl = stream.async.clone %a : !stream.resource<external>{%n} -> !stream.resource<external>{%n}
    %sl = stream.async.slice %s[%c16 to %c144] : !stream.resource<transient>{%n} -> !stream.resource<transient>{%c128}
    stream.yield %cl, %sl : !stream.resource<external>{%n}, !stream.resource<transient>{%c128}
  } => !stream.timepoint
  util.return %r#0, %r#1, %rt : !stream.resource<external>, !stream.resource<transient>, !stream.timepoint
}

// -----

util.func public @fill_update_copy(%src: !stream.resource<external>, %dst: !stream.resource<transient>, %n: index, %m: index) -> (!stream.resource<transient>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %c144 = arith.constant 144 : index
  %c7_i8 = arith.constant 7 : i8
  %r, %rt = stream.async.execute with(%src as %s: !stream.resource<external>{%n}, %dst as %d: !stream.resource<transient>{%m}) -> (%dst as !stream.resource<transient>{%m}) {
    %f = stream.async.fill %c7_i8, %d[%c16 to %c144 for %c128] : i8 -> %d as !stream.resource<transient>{%m}
    %u = stream.async.update %s, %f[%c32 to %c144] : !stream.resource<external>{%n} -> %f as !stream.resource<transient>{%m}
    %cp = stream.async.copy %s[%c16 to %c144], %u[%c0 to %c128], %c128 : !stream.resource<external>{%n} -> %u as !stream.resource<transient>{%m}
    %cp2 = stream.async.copy %s[%c0 to %c16], %cp[%c32 to %c128], %c16 : !stream.resource<external>{%n} -> %cp as !stream.resource<transient>{%m}
    stream.yield %cp2 : !stream.resource<transient>{%m}
  } => !stream.timepoint
  util.return %r, %rt : !stream.resource<transient>, !stream.timepoint
}

// -----

// Locals only: every value lives in the transient slab, so every range has a
// pack offset and every non-zero op offset needs an arith.addi.
func.func @locals(%n: index, %tp: !stream.timepoint) -> !stream.timepoint {
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %c72 = arith.constant 72 : index
  %c1_i32 = arith.constant 1 : i32
  %t = stream.async.execute await(%tp) => with() {
    %s = stream.async.splat %c1_i32 : i32 -> !stream.resource<transient>{%c72}
    %f = stream.async.fill %c1_i32, %s[%c8 to %c72 for %c64] : i32 -> %s as !stream.resource<transient>{%c72}
    %sl = stream.async.slice %f[%c8 to %c72] : !stream.resource<transient>{%c72} -> !stream.resource<transient>{%c64}
    %cl = stream.async.clone %sl : !stream.resource<transient>{%c64} -> !stream.resource<transient>{%c64}
    %u = stream.async.update %cl, %f[%c8 to %c72] : !stream.resource<transient>{%c64} -> %f as !stream.resource<transient>{%c72}
    %cp = stream.async.copy %u[%c8 to %c72], %cl[%c8 to %c64], %c64 : !stream.resource<transient>{%c72} -> %cl as !stream.resource<transient>{%c64}
    %a = stream.async.alloca : !stream.resource<transient>{%n}
    stream.yield
  } => !stream.timepoint
  return %t : !stream.timepoint
}

// -----

// A subview inside the region: erased, its users address the source range
// at the subview offset.
util.func public @subview_in_region(%in: !stream.resource<external>, %n: index) -> (!stream.resource<external>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c5_i32 = arith.constant 5 : i32
  %r, %rt = stream.async.execute with(%in as %a: !stream.resource<external>{%n}) -> (!stream.resource<external>{%c64}) {
    %sv = stream.resource.subview %a[%c16] : !stream.resource<external>{%n} -> !stream.resource<external>{%c64}
    %cl = stream.async.clone %sv : !stream.resource<external>{%c64} -> !stream.resource<external>{%c64}
    %f = stream.async.fill %c5_i32, %cl[%c0 to %c16 for %c16] : i32 -> %cl as !stream.resource<external>{%c64}
    stream.yield %f : !stream.resource<external>{%c64}
  } => !stream.timepoint
  util.return %r, %rt : !stream.resource<external>, !stream.timepoint
}
