module {
  func.func @collective_out_of_place(%arg0: !stream.resource<external>, %arg1: index, %arg2: !stream.resource<transient>, %arg3: index, %arg4: index, %arg5: !stream.channel) -> (!stream.resource<transient>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %0 = util.optimization_barrier %arg5 : !stream.channel
    %results, %result_timepoint = stream.async.execute with(%arg0 as %arg6: !stream.resource<external>{%arg1}, %arg2 as %arg7: !stream.resource<transient>{%arg3}) -> !stream.resource<transient>{%arg3} {
      %1 = stream.async.collective<all_gather : f32>[%arg4] channel(%0) %arg6[%c0 to %arg1 for %arg1], %arg7[%c0 to %arg3 for %arg3] : !stream.resource<external>{%arg1} -> %arg7 as !stream.resource<transient>{%arg3}
      stream.yield %1 : !stream.resource<transient>{%arg3}
    } => !stream.timepoint
    return %results, %result_timepoint : !stream.resource<transient>, !stream.timepoint
  }
}
// -----
module {
  util.func public @collective_locals(%arg0: !stream.resource<external>, %arg1: index, %arg2: !stream.channel, %arg3: i32) -> (!stream.resource<external>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %c80 = arith.constant 80 : index
    %c256 = arith.constant 256 : index
    %c1_i32 = arith.constant 1 : i32
    %results, %result_timepoint = stream.async.execute with(%arg0 as %arg4: !stream.resource<external>{%arg1}) -> %arg0{%arg1} {
      %0 = stream.async.splat %c1_i32 : i32 -> !stream.resource<transient>{%c256}
      %1 = stream.async.splat %c1_i32 : i32 -> !stream.resource<transient>{%c256}
      %2 = stream.async.collective<all_reduce with sum : f32>[%c16] channel(%arg2) %0[%c16 to %c80 for %c64], %1[%c64 to %c256 for %c64] : !stream.resource<transient>{%c256} -> %1 as !stream.resource<transient>{%c256}
      %3 = stream.async.collective<broadcast : f32>[%c16] channel(%arg2) source(%arg3) %2[%c0 to %c64 for %c64], %arg4[%c16 to %c80 for %c64] : !stream.resource<transient>{%c256} -> %arg4 as !stream.resource<external>{%arg1}
      %4 = stream.async.collective<reduce with maximum : si32>[%c16] channel(%arg2) target(%arg3) %2[%c64 to %c256 for %c64], %3[%c0 to %c64 for %c64] : !stream.resource<transient>{%c256} -> %3 as !stream.resource<external>{%arg1}
      stream.yield %4 : !stream.resource<external>{%arg1}
    } => !stream.timepoint
    util.return %results, %result_timepoint : !stream.resource<external>, !stream.timepoint
  }
}
