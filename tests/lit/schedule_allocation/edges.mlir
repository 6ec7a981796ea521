// schedule-allocation edge cases: one value yielded twice (iree-opt's use
// lists are newest first: the last yield of a constant is the escaping one),
// an empty region, captured operands that are never read.
util.func public @twice(%in: !stream.resource<external>, %n: index) -> (!stream.resource<external>, !stream.resource<external>, !stream.resource<external>, !stream.resource<constant>, !stream.resource<constant>) {
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  %r:5, %t = stream.async.execute with(%in as %a: !stream.resource<external>{%n}) -> (!stream.resource<external>{%n}, !stream.resource<external>{%n}, !stream.resource<external>{%n}, !stream.resource<constant>{%c4}, !stream.resource<constant>{%c4}) {
    %s = stream.async.splat %c1_i32 : i32 -> !stream.resource<external>{%n}
    %k = stream.async.constant : !stream.resource<constant>{%c4} = dense<1> : tensor<1xi32>
    stream.yield %s, %s, %a, %k, %k : !stream.resource<external>{%n}, !stream.resource<external>{%n}, !stream.resource<external>{%n}, !stream.resource<constant>{%c4}, !stream.resource<constant>{%c4}
  } => !stream.timepoint
  util.return %r#0, %r#1, %r#2, %r#3, %r#4 : !stream.resource<external>, !stream.resource<external>, !stream.resource<external>, !stream.resource<constant>, !stream.resource<constant>
}

// -----

util.func public @empty() -> !stream.timepoint {
  %t = stream.async.execute with() {
    stream.yield
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

util.func public @unusedArgs(%a: !stream.resource<external>, %b: !stream.resource<transient>, %n: index) -> !stream.timepoint {
  %c1_i32 = arith.constant 1 : i32
  %t = stream.async.execute with(%a as %x: !stream.resource<external>{%n}, %b as %y: !stream.resource<transient>{%n}) {
    %s = stream.async.splat %c1_i32 : i32 -> !stream.resource<transient>{%n}
    %u = stream.async.update %s, %y[%n to %n] : !stream.resource<transient>{%n} -> %y as !stream.resource<transient>{%n}
    stream.yield
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}
