module {
  util.func public @concurrent_regions(%arg0: !stream.resource<transient>, %arg1: index) -> (!stream.resource<transient>, !stream.resource<transient>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %c254_i32 = arith.constant 254 : i32
    %c255_i32 = arith.constant 255 : i32
    %results:2, %result_timepoint = stream.async.execute with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) -> (!stream.resource<transient>{%arg1}, !stream.resource<transient>{%arg1}) {
      %0:2 = stream.async.concurrent with(%arg2 as %arg3: !stream.resource<transient>{%arg1}) -> (%arg2{%arg1}, !stream.resource<transient>{%arg1}) {
        %1 = stream.async.fill %c254_i32, %arg3[%c0 to %c128 for %c128] : i32 -> %arg3 as !stream.resource<transient>{%arg1}
        %2 = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%arg1}
        stream.yield %1, %2 : !stream.resource<transient>{%arg1}, !stream.resource<transient>{%arg1}
      }
      stream.yield %0#0, %0#1 : !stream.resource<transient>{%arg1}, !stream.resource<transient>{%arg1}
    } => !stream.timepoint
    util.return %results#0, %results#1, %result_timepoint : !stream.resource<transient>, !stream.resource<transient>, !stream.timepoint
  }
}
// -----
module {
  util.func public @in_place_concurrent_copies(%arg0: !stream.resource<external>, %arg1: !stream.resource<transient>, %arg2: index) -> (!stream.resource<transient>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    %c144 = arith.constant 144 : index
    %results, %result_timepoint = stream.async.execute with(%arg0 as %arg3: !stream.resource<external>{%arg2}, %arg1 as %arg4: !stream.resource<transient>{%arg2}) -> %arg1{%arg2} {
      %0 = stream.async.concurrent with(%arg3 as %arg5: !stream.resource<external>{%arg2}, %arg4 as %arg6: !stream.resource<transient>{%arg2}) -> %arg4{%arg2} {
        %1 = stream.async.copy %arg5[%c0 to %c16], %arg6[%c0 to %c16], %c16 : !stream.resource<external>{%arg2} -> %arg6 as !stream.resource<transient>{%arg2}
        %2 = stream.async.copy %arg5[%c16 to %c144], %1[%c16 to %c144], %c128 : !stream.resource<external>{%arg2} -> %1 as !stream.resource<transient>{%arg2}
        stream.yield %2 : !stream.resource<transient>{%arg2}
      }
      stream.yield %0 : !stream.resource<transient>{%arg2}
    } => !stream.timepoint
    util.return %results, %result_timepoint : !stream.resource<transient>, !stream.timepoint
  }
}
// -----
module {
  util.func public @nested_waves(%arg0: !stream.resource<external>, %arg1: index) -> (!stream.resource<external>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %c3_i32 = arith.constant 3 : i32
    %results, %result_timepoint = stream.async.execute with(%arg0 as %arg2: !stream.resource<external>{%arg1}) -> %arg0{%arg1} {
      %0:2 = stream.async.concurrent with(%arg2 as %arg3: !stream.resource<external>{%arg1}) -> (!stream.resource<transient>{%c64}, !stream.resource<transient>{%c64}) {
        %2 = stream.async.splat %c3_i32 : i32 -> !stream.resource<transient>{%c64}
        %3 = stream.async.clone %arg3 : !stream.resource<external>{%arg1} -> !stream.resource<transient>{%c64}
        stream.yield %2, %3 : !stream.resource<transient>{%c64}, !stream.resource<transient>{%c64}
      }
      %1 = stream.async.concurrent with(%0#0 as %arg3: !stream.resource<transient>{%c64}, %0#1 as %arg4: !stream.resource<transient>{%c64}, %arg2 as %arg5: !stream.resource<external>{%arg1}) -> %arg2{%arg1} {
        %2 = stream.async.concurrent with(%arg3 as %arg6: !stream.resource<transient>{%c64}, %arg5 as %arg7: !stream.resource<external>{%arg1}) -> %arg5{%arg1} {
          %4 = stream.async.update %arg6, %arg7[%c8 to %c64] : !stream.resource<transient>{%c64} -> %arg7 as !stream.resource<external>{%arg1}
          stream.yield %4 : !stream.resource<external>{%arg1}
        }
        %3 = stream.async.copy %arg4[%c0 to %c8], %2[%c0 to %c8], %c8 : !stream.resource<transient>{%c64} -> %2 as !stream.resource<external>{%arg1}
        stream.yield %3 : !stream.resource<external>{%arg1}
      }
      stream.yield %1 : !stream.resource<external>{%arg1}
    } => !stream.timepoint
    util.return %results, %result_timepoint : !stream.resource<external>, !stream.timepoint
  }
}
