module {
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
  util.func public @all(%arg0: !stream.resource<external>, %arg1: index, %arg2: !stream.timepoint, %arg3: !stream.channel) -> (!stream.resource<external>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %c7_i32 = arith.constant 7 : i32
    %results:2, %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev0>) await(%arg2) => with(%arg0 as %arg4: !stream.resource<external>{%arg1}) -> (%arg0{%arg1}, !stream.resource<external>{%c256}) {
      %cst = stream.async.constant : !stream.resource<constant>{%c64} = dense<1> : tensor<16xi32>
      %2 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%c256}
      %3 = stream.async.clone %2 : !stream.resource<transient>{%c256} -> !stream.resource<transient>{%c256}
      %4 = stream.async.slice %3[%c0 to %c128] : !stream.resource<transient>{%c256} -> !stream.resource<transient>{%c128}
      %5 = stream.async.fill %c7_i32, %3[%c0 to %c64 for %c64] : i32 -> %3 as !stream.resource<transient>{%c256}
      %6 = stream.async.update %4, %5[%c128 to %c256] : !stream.resource<transient>{%c128} -> %5 as !stream.resource<transient>{%c256}
      %7 = stream.async.copy %cst[%c0 to %c64], %6[%c0 to %c64], %c64 : !stream.resource<constant>{%c64} -> %6 as !stream.resource<transient>{%c256}
      %8:2 = stream.async.concurrent with(%7 as %arg5: !stream.resource<transient>{%c256}, %arg4 as %arg6: !stream.resource<external>{%arg1}) -> (!stream.resource<external>{%c256}, %arg4{%arg1}) {
        %13:2 = stream.async.dispatch @ex::@disp[%c4](%arg5[%c0 to %c256 for %c256], %arg6[%c0 to %arg1 for %arg1], %c4) : (!stream.resource<transient>{%c256}, !stream.resource<external>{%arg1}, index) -> (!stream.resource<external>{%c256}, %arg6{%arg1})
        stream.yield %13#0, %13#1 : !stream.resource<external>{%c256}, !stream.resource<external>{%arg1}
      }
      %9:2 = stream.async.call @ext(%8#1[%c0 to %arg1 for %arg1], %c4) : (!stream.resource<external>{%arg1}, index) -> (%8#1{%arg1}, !stream.resource<external>{%c256})
      %10 = stream.async.collective<all_reduce with sum : f32>[%c64] channel(%arg3) %9#1[%c0 to %c256 for %c256], %8#0[%c0 to %c256 for %c256] : !stream.resource<external>{%c256} -> %8#0 as !stream.resource<external>{%c256}
      %11 = stream.async.barrier %10 : !stream.resource<external>{%c256}
      %12 = stream.async.transfer %11 : !stream.resource<external>{%c256} from(#hal.device.affinity<@dev0>) -> to(#hal.device.affinity<@dev0, [1]>) !stream.resource<external>{%c256}
      stream.yield %9#0, %12 : !stream.resource<external>{%arg1}, !stream.resource<external>{%c256}
    } => !stream.timepoint
    %0 = stream.timepoint.join max(%arg2, %result_timepoint) => !stream.timepoint
    %1 = util.optimization_barrier %results#1 : !stream.resource<external>
    util.return %results#0, %0 : !stream.resource<external>, !stream.timepoint
  }
  util.func public @loadstore(%arg0: !stream.resource<staging>, %arg1: index) -> f32 {
    %c0 = arith.constant 0 : index
    %cst = arith.constant 5.000000e+00 : f32
    %0 = stream.async.store %cst, %arg0[%c0] : f32 -> %arg0 as !stream.resource<staging>{%arg1}
    %1 = stream.async.load %0[%c0] : !stream.resource<staging>{%arg1} -> f32
    util.return %1 : f32
  }
  func.func @plainfunc(%arg0: index) -> !stream.timepoint {
    %c9_i8 = arith.constant 9 : i8
    %result_timepoint = stream.async.execute with() {
      %0 = stream.async.alloca : !stream.resource<transient>{%arg0}
      %1 = stream.async.splat %c9_i8 : i8 -> !stream.resource<transient>{%arg0}
      stream.yield
    } => !stream.timepoint
    return %result_timepoint : !stream.timepoint
  }
}
