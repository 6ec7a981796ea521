// Resource and cmd ops as lit tests write them.
util.func public @res(%n: index, %tp: !stream.timepoint) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %cst:2, %ct = stream.resource.constants :
    !stream.resource<constant>{%c16} = dense<[1, 2, 3, 4]> : tensor<4xi32>,
    !stream.resource<constant>{%c32} = dense<"0x0000803F000000400000404000008040000000000000000000000000000000FF"> : tensor<8xf32>
    => !stream.timepoint
  %p:3 = stream.resource.pack
      offset(%c16)
      slices({
        [0, 4] = %c32,  // first
        [2, 6] = %n
      }) : index
  %t, %tt = stream.resource.alloca uninitialized await(%tp) =>
      !stream.resource<transient>{%p#0} => !stream.timepoint
  %x = stream.cmd.execute await(%tt) => with(%t as %tc: !stream.resource<transient>{%p#0},
                                            %cst#0 as %k: !stream.resource<constant>{%c16}) {
    stream.cmd.serial {
      stream.cmd.copy %k[%c0], %tc[%p#1], %c16
          : !stream.resource<constant>{%c16} -> !stream.resource<transient>{%p#0}
    }
    stream.cmd.dispatch {@ex::@a, @ex::@b}[%c16](%c16, %n : index, index) {
      ro %k[%c0 for %c16] : !stream.resource<constant>{%c16},
      wo %tc[%p#2 for %n] : !stream.resource<transient>{%p#0}
    }
    stream.cmd.discard %tc[%c0 for %c16] : !stream.resource<transient>{%p#0}
  } => !stream.timepoint
  %d = stream.resource.dealloca await(%x) => %t : !stream.resource<transient>{%p#0} => !stream.timepoint
  %j = stream.timepoint.join max(%d, %ct) => !stream.timepoint
  util.return %j : !stream.timepoint
}
