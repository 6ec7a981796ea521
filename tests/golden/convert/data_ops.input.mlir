module {
  util.func public @splat_clone_slice(%arg0: !stream.resource<external>, %arg1: index) -> (!stream.resource<external>, !stream.resource<transient>, !stream.timepoint) {
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    %c144 = arith.constant 144 : index
    %c255_i32 = arith.constant 255 : i32
    %results:2, %result_timepoint = stream.async.execute with(%arg0 as %arg2: !stream.resource<external>{%arg1}) -> (!stream.resource<external>{%arg1}, !stream.resource<transient>{%c128}) {
      %0 = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%arg1}
      %1 = stream.async.clone %arg2 : !stream.resource<external>{%arg1} -> !stream.resource<external>{%arg1}
      %2 = stream.async.slice %0[%c16 to %c144] : !stream.resource<transient>{%arg1} -> !stream.resource<transient>{%c128}
      stream.yield %1, %2 : !stream.resource<external>{%arg1}, !stream.resource<transient>{%c128}
    } => !stream.timepoint
    util.return %results#0, %results#1, %result_timepoint : !stream.resource<external>, !stream.resource<transient>, !stream.timepoint
  }
}
// -----
module {
  util.func public @fill_update_copy(%arg0: !stream.resource<external>, %arg1: !stream.resource<transient>, %arg2: index, %arg3: index) -> (!stream.resource<transient>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %c144 = arith.constant 144 : index
    %c7_i8 = arith.constant 7 : i8
    %results, %result_timepoint = stream.async.execute with(%arg0 as %arg4: !stream.resource<external>{%arg2}, %arg1 as %arg5: !stream.resource<transient>{%arg3}) -> %arg1{%arg3} {
      %0 = stream.async.fill %c7_i8, %arg5[%c16 to %c144 for %c128] : i8 -> %arg5 as !stream.resource<transient>{%arg3}
      %1 = stream.async.update %arg4, %0[%c32 to %c144] : !stream.resource<external>{%arg2} -> %0 as !stream.resource<transient>{%arg3}
      %2 = stream.async.copy %arg4[%c16 to %c144], %1[%c0 to %c128], %c128 : !stream.resource<external>{%arg2} -> %1 as !stream.resource<transient>{%arg3}
      %3 = stream.async.copy %arg4[%c0 to %c16], %2[%c32 to %c128], %c16 : !stream.resource<external>{%arg2} -> %2 as !stream.resource<transient>{%arg3}
      stream.yield %3 : !stream.resource<transient>{%arg3}
    } => !stream.timepoint
    util.return %results, %result_timepoint : !stream.resource<transient>, !stream.timepoint
  }
}
// -----
module {
  func.func @locals(%arg0: index, %arg1: !stream.timepoint) -> !stream.timepoint {
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %c72 = arith.constant 72 : index
    %c1_i32 = arith.constant 1 : i32
    %result_timepoint = stream.async.execute await(%arg1) => with() {
      %0 = stream.async.splat %c1_i32 : i32 -> !stream.resource<transient>{%c72}
      %1 = stream.async.fill %c1_i32, %0[%c8 to %c72 for %c64] : i32 -> %0 as !stream.resource<transient>{%c72}
      %2 = stream.async.slice %1[%c8 to %c72] : !stream.resource<transient>{%c72} -> !stream.resource<transient>{%c64}
      %3 = stream.async.clone %2 : !stream.resource<transient>{%c64} -> !stream.resource<transient>{%c64}
      %4 = stream.async.update %3, %1[%c8 to %c72] : !stream.resource<transient>{%c64} -> %1 as !stream.resource<transient>{%c72}
      %5 = stream.async.copy %4[%c8 to %c72], %3[%c8 to %c64], %c64 : !stream.resource<transient>{%c72} -> %3 as !stream.resource<transient>{%c64}
      %6 = stream.async.alloca : !stream.resource<transient>{%arg0}
      stream.yield
    } => !stream.timepoint
    return %result_timepoint : !stream.timepoint
  }
}
// -----
module {
  util.func public @subview_in_region(%arg0: !stream.resource<external>, %arg1: index) -> (!stream.resource<external>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %c5_i32 = arith.constant 5 : i32
    %results, %result_timepoint = stream.async.execute with(%arg0 as %arg2: !stream.resource<external>{%arg1}) -> !stream.resource<external>{%c64} {
      %0 = stream.resource.subview %arg2[%c16] : !stream.resource<external>{%arg1} -> !stream.resource<external>{%c64}
      %1 = stream.async.clone %0 : !stream.resource<external>{%c64} -> !stream.resource<external>{%c64}
      %2 = stream.async.fill %c5_i32, %1[%c0 to %c16 for %c16] : i32 -> %1 as !stream.resource<external>{%c64}
      stream.yield %2 : !stream.resource<external>{%c64}
    } => !stream.timepoint
    util.return %results, %result_timepoint : !stream.resource<external>, !stream.timepoint
  }
}
