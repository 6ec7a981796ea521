module {
  util.global private @device : !hal.device
  util.func public @locals(%arg0: index, %arg1: index, %arg2: !stream.timepoint) -> !stream.timepoint {
    %c254_i32 = arith.constant 254 : i32
    %c255_i32 = arith.constant 255 : i32
    %result_timepoint = stream.async.execute on(#hal.device.affinity<@device>) await(%arg2) => with() {
      %0 = stream.async.splat %c254_i32 : i32 -> !stream.resource<transient>{%arg0}
      %1 = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%arg1}
      stream.yield
    } => !stream.timepoint
    util.return %result_timepoint : !stream.timepoint
  }
}
// -----
module {
  util.func public @chains(%arg0: !stream.resource<external>, %arg1: index) -> (!stream.resource<external>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %c7_i32 = arith.constant 7 : i32
    %results, %result_timepoint = stream.async.execute with(%arg0 as %arg2: !stream.resource<external>{%arg1}) -> !stream.resource<external>{%c256} {
      %0 = stream.async.alloca : !stream.resource<transient>{%arg1}
      %1 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%c256}
      %2 = stream.async.clone %1 : !stream.resource<transient>{%c256} -> !stream.resource<transient>{%c256}
      %3 = stream.async.slice %2[%c0 to %c128] : !stream.resource<transient>{%c256} -> !stream.resource<transient>{%c128}
      %4 = stream.async.fill %c7_i32, %2[%c0 to %c64 for %c64] : i32 -> %2 as !stream.resource<transient>{%c256}
      %5 = stream.async.update %3, %4[%c128 to %c256] : !stream.resource<transient>{%c128} -> %4 as !stream.resource<transient>{%c256}
      %6 = stream.async.copy %arg2[%c0 to %c64], %5[%c64 to %c128], %c64 : !stream.resource<external>{%arg1} -> %5 as !stream.resource<transient>{%c256}
      %7 = stream.async.barrier %6 : !stream.resource<transient>{%c256}
      %8 = stream.async.clone %7 : !stream.resource<transient>{%c256} -> !stream.resource<external>{%c256}
      stream.yield %8 : !stream.resource<external>{%c256}
    } => !stream.timepoint
    util.return %results, %result_timepoint : !stream.resource<external>, !stream.timepoint
  }
}
// -----
module {
  func.func @twoRegions(%arg0: index) -> !stream.timepoint {
    %c9_i8 = arith.constant 9 : i8
    %result_timepoint = stream.async.execute with() {
      %0 = stream.async.alloca : !stream.resource<transient>{%arg0}
      %1 = stream.async.splat %c9_i8 : i8 -> !stream.resource<transient>{%arg0}
      stream.yield
    } => !stream.timepoint
    %result_timepoint_0 = stream.async.execute await(%result_timepoint) => with() {
      %0 = stream.async.splat %c9_i8 : i8 -> !stream.resource<transient>{%arg0}
      %1 = stream.async.clone %0 : !stream.resource<transient>{%arg0} -> !stream.resource<transient>{%arg0}
      stream.yield
    } => !stream.timepoint
    return %result_timepoint_0 : !stream.timepoint
  }
}
