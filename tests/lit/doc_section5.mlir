util.func public @res(%n: index, %m: index, %tp: !stream.timepoint) -> (!stream.resource<external>, !stream.resource<constant>, i32, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c100 = arith.constant 100 : index
  %v = arith.constant 3 : i32
  %a = stream.resource.alloc uninitialized : !stream.resource<external>{%n}
  %b = stream.resource.alloc : !stream.resource<staging>{%c32}
  %sv = stream.resource.subview %a[%c16] : !stream.resource<external>{%n} -> !stream.resource<external>{%c16}
  %total, %off:3 = stream.resource.pack offset(%c16) slices({
    [0, 4] = %c32,
    [2, 6] = %n,
    [5, 9] = %c100
  }) : index
  %ta, %tt = stream.resource.alloca uninitialized await(%tp) => !stream.resource<transient>{%total} => !stream.timepoint
  %tb, %tbt = stream.resource.alloca uninitialized indeterminate : !stream.resource<transient>{%m} => !stream.timepoint
  %cst:2, %ct = stream.resource.constants :
    !stream.resource<constant>{%c16} = dense<[1, 2, 3, 4]> : tensor<4xi32>,
    !stream.resource<constant>{%c32} = dense<0.0> : tensor<8xf32>
    => !stream.timepoint
  stream.resource.store %v, %b[%c0] : i32 -> !stream.resource<staging>{%c32}
  %l = stream.resource.load %b[%c0] : !stream.resource<staging>{%c32} -> i32
  %x = stream.cmd.execute once await(%tt) => with(%ta as %t: !stream.resource<transient>{%total}, %sv as %s: !stream.resource<external>{%c16}, %cst#0 as %k: !stream.resource<constant>{%c16}) {
    stream.cmd.concurrent {
      stream.cmd.fill %v, %t[%off#0 for %c32] : i32 -> !stream.resource<transient>{%total}
      stream.cmd.copy %k[%c0], %s[%c0], %c16 : !stream.resource<constant>{%c16} -> !stream.resource<external>{%c16}
    }
    stream.cmd.invalidate %s[%c0 for %c16] : !stream.resource<external>{%c16}
    stream.cmd.flush %s[%c0 for %c16] : !stream.resource<external>{%c16}
    stream.cmd.dispatch @ex::@disp[%c16](%c16 : index) {
      ro %k[%c0 for %c16] : !stream.resource<constant>{%c16},
      rw %t[%off#1 for %n] : !stream.resource<transient>{%total},
      wo %s[%c0 for %c16] : !stream.resource<external>{%c16}
    }
  } => !stream.timepoint
  %d = stream.resource.dealloca origin await(%x) => %ta : !stream.resource<transient>{%total} => !stream.timepoint
  %d2 = stream.resource.dealloca %tb : !stream.resource<transient>{%m} => !stream.timepoint
  %j = stream.timepoint.join max(%d, %d2, %x, %ct) => !stream.timepoint
  util.return %a, %cst#1, %l, %j : !stream.resource<external>, !stream.resource<constant>, i32, !stream.timepoint
}
