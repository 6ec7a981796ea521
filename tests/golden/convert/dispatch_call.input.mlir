module {
  stream.executable private @ex {
    stream.executable.export public @d2 
    stream.executable.export public @d3 
    builtin.module {
      func.func @d2(%arg0: !stream.binding, %arg1: !stream.binding, %arg2: index) {
        return
      }
      func.func @d3(%arg0: !stream.binding, %arg1: !stream.binding, %arg2: !stream.binding, %arg3: !stream.binding, %arg4: i32, %arg5: index) {
        return
      }
    }
  }
  util.func public @dispatch_tied_untied(%arg0: !stream.resource<transient>, %arg1: index, %arg2: index, %arg3: index, %arg4: index) -> (!stream.resource<transient>, !stream.resource<transient>, !stream.timepoint) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %results:2, %result_timepoint = stream.async.execute with(%arg0 as %arg5: !stream.resource<transient>{%arg1}) -> (%arg0{%arg1}, !stream.resource<transient>{%arg1}) {
      %0:2 = stream.async.dispatch @executable::@dispatch[%c1, %c1, %c1](%arg5[%arg2 to %arg3 for %arg4], %c4) : (!stream.resource<transient>{%arg1}, index) -> (%arg5{%arg1}, !stream.resource<transient>{%arg1})
      stream.yield %0#0, %0#1 : !stream.resource<transient>{%arg1}, !stream.resource<transient>{%arg1}
    } => !stream.timepoint
    util.return %results#0, %results#1, %result_timepoint : !stream.resource<transient>, !stream.resource<transient>, !stream.timepoint
  }
}
// -----
module {
  stream.executable private @ex {
    stream.executable.export public @d2 
    stream.executable.export public @d3 
    builtin.module {
      func.func @d2(%arg0: !stream.binding, %arg1: !stream.binding, %arg2: index) {
        return
      }
      func.func @d3(%arg0: !stream.binding, %arg1: !stream.binding, %arg2: !stream.binding, %arg3: !stream.binding, %arg4: i32, %arg5: index) {
        return
      }
    }
  }
  util.func public @dispatch_locals(%arg0: !stream.resource<external>, %arg1: index, %arg2: i32) -> (!stream.resource<external>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %c72 = arith.constant 72 : index
    %results, %result_timepoint = stream.async.execute with(%arg0 as %arg3: !stream.resource<external>{%arg1}) -> %arg0{%arg1} {
      %0 = stream.async.splat %arg2 : i32 -> !stream.resource<transient>{%c72}
      %1:2 = stream.async.dispatch @ex::@d2(%0[%c8 to %c72 for %c64], %c4) : (!stream.resource<transient>{%c72}, index) -> (%0{%c72}, !stream.resource<transient>{%c64})
      %2:2 = stream.async.dispatch @ex::@d3[%c4, %c8](%arg2, %1#1[%c0 to %c64 for %c64], %1#0[%c8 to %c72 for %c64], %arg3[%c8 to %c72 for %c64], %c4) {stream.note = "kept", unprefixed = 1 : i32} : (i32, !stream.resource<transient>{%c64}, !stream.resource<transient>{%c72}, !stream.resource<external>{%arg1}, index) -> (!stream.resource<transient>{%c64}, %arg3{%arg1})
      %3 = stream.async.update %2#0, %2#1[%c0 to %c64] : !stream.resource<transient>{%c64} -> %2#1 as !stream.resource<external>{%arg1}
      stream.yield %3 : !stream.resource<external>{%arg1}
    } => !stream.timepoint
    util.return %results, %result_timepoint : !stream.resource<external>, !stream.timepoint
  }
}
// -----
module {
  stream.async.func private @callee(%arg0: !stream.resource<*>, %arg1: index, %arg2: !stream.resource<*>) -> (%arg2, !stream.resource<*>)
  stream.async.func private @producer(%arg0: i32) -> !stream.resource<*>
  util.func public @calls(%arg0: !stream.resource<external>, %arg1: index, %arg2: i32) -> (!stream.resource<external>, !stream.resource<external>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %c72 = arith.constant 72 : index
    %results:2, %result_timepoint = stream.async.execute with(%arg0 as %arg3: !stream.resource<external>{%arg1}) -> (%arg0{%arg1}, !stream.resource<external>{%c64}) {
      %0 = stream.async.call @producer(%arg2) {dropped = 2 : i32, stream.tag = 1 : i32} : (i32) -> !stream.resource<transient>{%c72}
      %1:2 = stream.async.call @callee(%0[%c8 to %c72 for %c64], %c4, %arg3[%c8 to %c72 for %c64]) : (!stream.resource<transient>{%c72}, index, !stream.resource<external>{%arg1}) -> (%arg3{%arg1}, !stream.resource<external>{%c64})
      stream.yield %1#0, %1#1 : !stream.resource<external>{%arg1}, !stream.resource<external>{%c64}
    } => !stream.timepoint
    util.return %results#0, %results#1, %result_timepoint : !stream.resource<external>, !stream.resource<external>, !stream.timepoint
  }
}
// -----
module {
  util.global private mutable @var : !stream.resource<variable>
  util.initializer {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c1_i32 = arith.constant 1 : i32
    %results, %result_timepoint = stream.async.execute with() -> !stream.resource<variable>{%c64} {
      %cst = stream.async.constant : !stream.resource<variable>{%c64} = dense<2> : tensor<16xi32>
      %1 = stream.async.fill %c1_i32, %cst[%c0 to %c64 for %c64] : i32 -> %cst as !stream.resource<variable>{%c64}
      %2 = stream.async.dispatch @ex::@fn(%1[%c0 to %c64 for %c64]) : (!stream.resource<variable>{%c64}) -> %1{%c64}
      stream.yield %2 : !stream.resource<variable>{%c64}
    } => !stream.timepoint
    %0 = stream.timepoint.await %result_timepoint => %results : !stream.resource<variable>{%c64}
    util.global.store %0, @var : !stream.resource<variable>
    util.return
  }
}
