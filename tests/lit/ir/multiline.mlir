// Lit-style hand-written module: ops spread over several lines, comments,
// locations, aliases, hex constants, string escapes.
#loc0 = loc("model.py":12:3)
#aff = #hal.device.affinity<@dev0>
!ext = !stream.resource<external>
!tr = !stream.resource<transient>
util.global private @dev0 : !hal.device
util.global private @name = "quote \" tab \t backslash \\ hex \7F done" loc(#loc0)
stream.executable private @ex {
  stream.executable.export public @disp
  builtin.module {
    func.func @disp(%arg0: !stream.binding, %arg1: !stream.binding, %arg2: !stream.binding, %arg3: index) {
      return  // the body is irrelevant to memory planning
    }
  }
}
util.func public @lit(%in: !ext, %n: index,   // comment inside a signature
                      %tp: !stream.timepoint, %ch: !stream.channel) -> (!ext, !stream.timepoint) {
  %c0 = arith.constant 0 : index loc("x.py":1:1)
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %c7 = arith.constant 7 : i32
  %r:2, %rt = stream.async.execute
      on(#aff)
      await(%tp) =>
      with(%in as %a: !ext{%n})
      -> (%in as !ext{%n},
          !tr{%c256}) {
    %k = stream.async.constant : !stream.resource<constant>{%c64} =
        dense<"0x000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F"> : tensor<64xi8>
    %s = stream.async.splat %c7 : i32 -> !tr{%c256}   // trailing comment
    %cp = stream.async.copy %k[%c0 to %c64], %s[%c0 to %c64], %c64
        : !stream.resource<constant>{%c64} -> %s as !tr{%c256}
    %d:2 = stream.async.dispatch @ex::@disp[%c64](
        %cp[%c0 to %c256 for %c256],
        %a[%c0 to %n for %n],
        %c64
      ) : (!tr{%c256}, !ext{%n}, index)
        -> (!tr{%c256}, %a{%n})
    %col = stream.async.collective<all_gather : f32>[%c64]
        channel(%ch)
        %d#0[%c0 to %c256 for %c256],
        %cp[%c0 to %c256 for %c256]
        : !tr{%c256} -> %cp as !tr{%c256}
    stream.yield %d#1, %col : !ext{%n}, !tr{%c256}
  } => !stream.timepoint loc(#loc0)
  util.return %r#0, %rt : !ext, !stream.timepoint
}
