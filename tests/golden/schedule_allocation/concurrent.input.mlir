module {
  util.func public @concurrentRegions(%arg0: !stream.resource<transient>, %arg1: index) -> (!stream.resource<transient>, !stream.resource<transient>) {
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
    util.return %results#0, %results#1 : !stream.resource<transient>, !stream.resource<transient>
  }
}
// -----
module {
  util.func public @unusedDispatchResult(%arg0: !stream.resource<transient>, %arg1: index, %arg2: index, %arg3: index, %arg4: index) -> !stream.resource<transient> {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %results, %result_timepoint = stream.async.execute with(%arg0 as %arg5: !stream.resource<transient>{%arg1}) -> %arg0{%arg1} {
      %0 = stream.async.concurrent with(%arg5 as %arg6: !stream.resource<transient>{%arg1}) -> %arg5{%arg1} {
        %1:2 = stream.async.dispatch @executable::@dispatch[%c1, %c1, %c1](%arg6[%arg2 to %arg3 for %arg4], %c4) : (!stream.resource<transient>{%arg1}, index) -> (%arg6{%arg1}, !stream.resource<transient>{%arg1})
        stream.yield %1#0 : !stream.resource<transient>{%arg1}
      }
      stream.yield %0 : !stream.resource<transient>{%arg1}
    } => !stream.timepoint
    util.return %results : !stream.resource<transient>
  }
}
// -----
module {
  util.func public @nestedWaves(%arg0: !stream.resource<external>, %arg1: index) -> (!stream.resource<external>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c3_i32 = arith.constant 3 : i32
    %results, %result_timepoint = stream.async.execute with(%arg0 as %arg2: !stream.resource<external>{%arg1}) -> %arg0{%arg1} {
      %0 = stream.async.splat %c3_i32 : i32 -> !stream.resource<transient>{%c64}
      %1:2 = stream.async.concurrent with(%arg2 as %arg3: !stream.resource<external>{%arg1}, %0 as %arg4: !stream.resource<transient>{%c64}) -> (%arg2{%arg1}, !stream.resource<transient>{%c64}) {
        %3:2 = stream.async.concurrent with(%arg3 as %arg5: !stream.resource<external>{%arg1}, %arg4 as %arg6: !stream.resource<transient>{%c64}) -> (%arg3{%arg1}, !stream.resource<transient>{%c64}) {
          %4 = stream.async.fill %c3_i32, %arg5[%c0 to %c64 for %c64] : i32 -> %arg5 as !stream.resource<external>{%arg1}
          %5 = stream.async.clone %arg6 : !stream.resource<transient>{%c64} -> !stream.resource<transient>{%c64}
          stream.yield %4, %5 : !stream.resource<external>{%arg1}, !stream.resource<transient>{%c64}
        }
        stream.yield %3#0, %3#1 : !stream.resource<external>{%arg1}, !stream.resource<transient>{%c64}
      }
      %2 = stream.async.update %1#1, %1#0[%c0 to %c64] : !stream.resource<transient>{%c64} -> %1#0 as !stream.resource<external>{%arg1}
      stream.yield %2 : !stream.resource<external>{%arg1}
    } => !stream.timepoint
    util.return %results, %result_timepoint : !stream.resource<external>, !stream.timepoint
  }
}
