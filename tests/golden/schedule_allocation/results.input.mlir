module {
  util.func public @tiedOperands(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.resource<transient> {
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %c255_i32 = arith.constant 255 : i32
    %results, %result_timepoint = stream.async.execute with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) -> %arg0{%arg1} {
      %0 = stream.async.fill %c255_i32, %arg2[%c0 to %c128 for %c128] : i32 -> %arg2 as !stream.resource<transient>{%arg1}
      stream.yield %0 : !stream.resource<transient>{%arg1}
    } => !stream.timepoint
    util.return %results : !stream.resource<transient>
  }
}
// -----
module {
  util.func public @tiedOperandSubviews(%arg0: !stream.resource<external>, %arg1: index, %arg2: index, %arg3: index, %arg4: index, %arg5: index, %arg6: index, %arg7: index) -> (!stream.resource<external>, !stream.resource<external>) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %results, %result_timepoint = stream.async.execute with(%arg0 as %arg8: !stream.resource<external>{%arg1}) -> %arg0{%arg6} {
      %0 = stream.resource.subview %arg8[%arg2] : !stream.resource<external>{%arg1} -> !stream.resource<external>{%arg5}
      %1 = stream.resource.subview %0[%arg3] : !stream.resource<external>{%arg5} -> !stream.resource<external>{%arg6}
      stream.yield %1 : !stream.resource<external>{%arg6}
    } => !stream.timepoint
    %results_0, %result_timepoint_1 = stream.async.execute with(%results as %arg8: !stream.resource<external>{%arg6}) -> %results{%arg6} {
      %0 = stream.resource.subview %arg8[%arg4] : !stream.resource<external>{%arg6} -> !stream.resource<external>{%arg7}
      %1 = stream.async.update %0, %arg8[%c0 to %arg7] : !stream.resource<external>{%arg7} -> %arg8 as !stream.resource<external>{%arg6}
      stream.yield %1 : !stream.resource<external>{%arg6}
    } => !stream.timepoint
    %results_2, %result_timepoint_3 = stream.async.execute with(%arg0 as %arg8: !stream.resource<external>{%arg1}) -> %arg0{%arg6} {
      %0 = stream.resource.subview %arg8[%c16] : !stream.resource<external>{%arg1} -> !stream.resource<external>{%arg5}
      %1 = stream.resource.subview %0[%arg3] : !stream.resource<external>{%arg5} -> !stream.resource<external>{%arg6}
      %2 = stream.resource.subview %1[%c32] : !stream.resource<external>{%arg6} -> !stream.resource<external>{%arg6}
      stream.yield %2 : !stream.resource<external>{%arg6}
    } => !stream.timepoint
    util.return %results_0, %results_2 : !stream.resource<external>, !stream.resource<external>
  }
}
// -----
module {
  util.func public @passthroughOperands(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.resource<transient> {
    %results, %result_timepoint = stream.async.execute with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) -> !stream.resource<transient>{%arg1} {
      stream.yield %arg2 : !stream.resource<transient>{%arg1}
    } => !stream.timepoint
    util.return %results : !stream.resource<transient>
  }
}
// -----
module {
  util.func public @producedResults(%arg0: index, %arg1: index, %arg2: !stream.timepoint) -> (!stream.resource<transient>, !stream.resource<transient>, !stream.resource<external>, !stream.timepoint) {
    %c64 = arith.constant 64 : index
    %c254_i32 = arith.constant 254 : i32
    %c255_i32 = arith.constant 255 : i32
    %results:3, %result_timepoint = stream.async.execute await(%arg2) => with() -> (!stream.resource<transient>{%arg0}, !stream.resource<external>{%c64}, !stream.resource<transient>{%arg1}) {
      %0 = stream.async.splat %c254_i32 : i32 -> !stream.resource<transient>{%arg0}
      %1 = stream.async.splat %c255_i32 : i32 -> !stream.resource<external>{%c64}
      %2 = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%arg1}
      stream.yield %0, %1, %2 : !stream.resource<transient>{%arg0}, !stream.resource<external>{%c64}, !stream.resource<transient>{%arg1}
    } => !stream.timepoint
    util.return %results#0, %results#2, %results#1, %result_timepoint : !stream.resource<transient>, !stream.resource<transient>, !stream.resource<external>, !stream.timepoint
  }
}
// -----
module {
  util.global private @dev : !hal.device
  util.func public @transferResult(%arg0: !stream.resource<external>, %arg1: index) -> (!stream.resource<external>, !stream.resource<external>) {
    %results:2, %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev, [0]>) with(%arg0 as %arg2: !stream.resource<external>{%arg1}) -> (!stream.resource<external>{%arg1}, !stream.resource<external>{%arg1}) {
      %0 = stream.async.transfer %arg2 : !stream.resource<external>{%arg1} -> to(#hal.device.affinity<@dev, [1]>) !stream.resource<external>{%arg1}
      %1 = stream.async.clone %arg2 : !stream.resource<external>{%arg1} -> !stream.resource<external>{%arg1}
      stream.yield %0, %1 : !stream.resource<external>{%arg1}, !stream.resource<external>{%arg1}
    } => !stream.timepoint
    util.return %results#0, %results#1 : !stream.resource<external>, !stream.resource<external>
  }
}
