// STREAM_SYNTAX.md section 3's full module: every async op kind in one region.
util.global private @dev0 : !hal.device
stream.executable private @ex {
  stream.executable.export public @disp
  builtin.module {
    func.func @disp(%arg0: !stream.binding, %arg1: !stream.binding, %arg2: !stream.binding, %arg3: index) {
      return
    }
  }
}
stream.async.func private @ext(%arg0: !stream.resource<*>, %arg1: index) -> (%arg0, !stream.resource<*>)
util.func public @all(%in: !stream.resource<external>, %n: index, %tp: !stream.timepoint, %ch: !stream.channel) -> (!stream.resource<external>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c7_i32 = arith.constant 7 : i32
  %r:2, %rt = stream.async.execute on(#hal.device.affinity<@dev0>) await(%tp) => with(%in as %a: !stream.resource<external>{%n}) -> (%in as !stream.resource<external>{%n}, !stream.resource<external>{%c256}) {
    %k = stream.async.constant : !stream.resource<constant>{%c64} = dense<1> : tensor<16xi32>
    %s = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%c256}
    %cl = stream.async.clone %s : !stream.resource<transient>{%c256} -> !stream.resource<transient>{%c256}
    %sl = stream.async.slice %cl[%c0 to %c128] : !stream.resource<transient>{%c256} -> !stream.resource<transient>{%c128}
    %f = stream.async.fill %c7_i32, %cl[%c0 to %c64 for %c64] : i32 -> %cl as !stream.resource<transient>{%c256}
    %u = stream.async.update %sl, %f[%c128 to %c256] : !stream.resource<transient>{%c128} -> %f as !stream.resource<transient>{%c256}
    %cp = stream.async.copy %k[%c0 to %c64], %u[%c0 to %c64], %c64 : !stream.resource<constant>{%c64} -> %u as !stream.resource<transient>{%c256}
    %w:2 = stream.async.concurrent with(%cp as %x: !stream.resource<transient>{%c256}, %a as %y: !stream.resource<external>{%n}) -> (!stream.resource<external>{%c256}, %a as !stream.resource<external>{%n}) {
      %d:2 = stream.async.dispatch @ex::@disp[%c4](%x[%c0 to %c256 for %c256], %y[%c0 to %n for %n], %c4) : (!stream.resource<transient>{%c256}, !stream.resource<external>{%n}, index) -> (!stream.resource<external>{%c256}, %y{%n})
      stream.yield %d#0, %d#1 : !stream.resource<external>{%c256}, !stream.resource<external>{%n}
    }
    %cc:2 = stream.async.call @ext(%w#1[%c0 to %n for %n], %c4) : (!stream.resource<external>{%n}, index) -> (%w#1{%n}, !stream.resource<external>{%c256})
    %col = stream.async.collective<all_reduce with sum : f32>[%c64] channel(%ch) %cc#1[%c0 to %c256 for %c256], %w#0[%c0 to %c256 for %c256] : !stream.resource<external>{%c256} -> %w#0 as !stream.resource<external>{%c256}
    %b = stream.async.barrier %col : !stream.resource<external>{%c256}
    %t = stream.async.transfer %b : !stream.resource<external>{%c256} from(#hal.device.affinity<@dev0>) -> to(#hal.device.affinity<@dev0, [1]>) !stream.resource<external>{%c256}
    stream.yield %cc#0, %t : !stream.resource<external>{%n}, !stream.resource<external>{%c256}
  } => !stream.timepoint
  %j = stream.timepoint.join max(%tp, %rt) => !stream.timepoint
  %ob = util.optimization_barrier %r#1 : !stream.resource<external>
  util.return %r#0, %j : !stream.resource<external>, !stream.timepoint
}
util.func public @loadstore(%st: !stream.resource<staging>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 5.0 : f32
  %0 = stream.async.store %cst, %st[%c0] : f32 -> %st as !stream.resource<staging>{%n}
  %1 = stream.async.load %0[%c0] : !stream.resource<staging>{%n} -> f32
  util.return %1 : f32
}
func.func @plainfunc(%n: index) -> !stream.timepoint {
  %c9 = arith.constant 9 : i8
  %t = stream.async.execute with() {
    %a = stream.async.alloca : !stream.resource<transient>{%n}
    %s = stream.async.splat %c9 : i8 -> !stream.resource<transient>{%n}
    stream.yield
  } => !stream.timepoint
  return %t : !stream.timepoint
}
