// An op the conversion does not know inside a concurrent region of an
// execute region: iree-opt reports it at the op owning the region.
util.func public @bad(%in: !stream.resource<external>, %n: index) -> (!stream.resource<external>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %r, %rt = stream.async.execute with(%in as %a: !stream.resource<external>{%n}) -> (%in as !stream.resource<external>{%n}) {
    %w = stream.async.concurrent with(%a as %b: !stream.resource<external>{%n}) -> (%a as !stream.resource<external>{%n}) {
      %k = arith.addi %n, %n : index
      %f = stream.async.copy %b[%c0 to %n], %b[%c0 to %n], %k : !stream.resource<external>{%n} -> %b as !stream.resource<external>{%n}
      stream.yield %f : !stream.resource<external>{%n}
    }
    stream.yield %w : !stream.resource<external>{%n}
  } => !stream.timepoint
  util.return %r, %rt : !stream.resource<external>, !stream.timepoint
}

// -----

// Directly in the execute region, after ops that would convert fine: nothing
// is rewritten before the error.
util.func public @bad_top(%in: !stream.resource<external>, %n: index) -> (!stream.resource<external>, !stream.timepoint) {
  %r, %rt = stream.async.execute with(%in as %a: !stream.resource<external>{%n}) -> (!stream.resource<external>{%n}) {
    %t0 = stream.async.clone %a : !stream.resource<external>{%n} -> !stream.resource<external>{%n}
    %k = util.optimization_barrier %t0 : !stream.resource<external>
    stream.yield %k : !stream.resource<external>{%n}
  } => !stream.timepoint
  util.return %r, %rt : !stream.resource<external>, !stream.timepoint
}

// -----

// A send collective: the seed binds a source and a target anyway and the
// stream.cmd.collective verifier rejects that.
util.func public @send(%in: !stream.resource<external>, %n: index, %ch: !stream.channel, %peer: i32) -> (!stream.resource<external>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %r, %rt = stream.async.execute with(%in as %a: !stream.resource<external>{%n}) -> (%in as !stream.resource<external>{%n}) {
    %c = stream.async.collective<send : f32>[%n] channel(%ch) target(%peer) %a[%c0 to %n for %n], %a[%c0 to %n for %n] : !stream.resource<external>{%n} -> %a as !stream.resource<external>{%n}
    stream.yield %c : !stream.resource<external>{%n}
  } => !stream.timepoint
  util.return %r, %rt : !stream.resource<external>, !stream.timepoint
}
