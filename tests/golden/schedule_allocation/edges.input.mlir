module {
  util.func public @twice(%arg0: !stream.resource<external>, %arg1: index) -> (!stream.resource<external>, !stream.resource<external>, !stream.resource<external>, !stream.resource<constant>, !stream.resource<constant>) {
    %c4 = arith.constant 4 : index
    %c1_i32 = arith.constant 1 : i32
    %results:5, %result_timepoint = stream.async.execute with(%arg0 as %arg2: !stream.resource<external>{%arg1}) -> (!stream.resource<external>{%arg1}, !stream.resource<external>{%arg1}, !stream.resource<external>{%arg1}, !stream.resource<constant>{%c4}, !stream.resource<constant>{%c4}) {
      %0 = stream.async.splat %c1_i32 : i32 -> !stream.resource<external>{%arg1}
      %cst = stream.async.constant : !stream.resource<constant>{%c4} = dense<1> : tensor<1xi32>
      stream.yield %0, %0, %arg2, %cst, %cst : !stream.resource<external>{%arg1}, !stream.resource<external>{%arg1}, !stream.resource<external>{%arg1}, !stream.resource<constant>{%c4}, !stream.resource<constant>{%c4}
    } => !stream.timepoint
    util.return %results#0, %results#1, %results#2, %results#3, %results#4 : !stream.resource<external>, !stream.resource<external>, !stream.resource<external>, !stream.resource<constant>, !stream.resource<constant>
  }
}
// -----
module {
  util.func public @empty() -> !stream.timepoint {
    %result_timepoint = stream.async.execute with() {
      stream.yield
    } => !stream.timepoint
    util.return %result_timepoint : !stream.timepoint
  }
}
// -----
module {
  util.func public @unusedArgs(%arg0: !stream.resource<external>, %arg1: !stream.resource<transient>, %arg2: index) -> !stream.timepoint {
    %c1_i32 = arith.constant 1 : i32
    %result_timepoint = stream.async.execute with(%arg0 as %arg3: !stream.resource<external>{%arg2}, %arg1 as %arg4: !stream.resource<transient>{%arg2}) {
      %0 = stream.async.splat %c1_i32 : i32 -> !stream.resource<transient>{%arg2}
      %1 = stream.async.update %0, %arg4[%arg2 to %arg2] : !stream.resource<transient>{%arg2} -> %arg4 as !stream.resource<transient>{%arg2}
      stream.yield
    } => !stream.timepoint
    util.return %result_timepoint : !stream.timepoint
  }
}
