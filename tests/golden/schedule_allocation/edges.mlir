module {
  util.func public @twice(%arg0: !stream.resource<external>, %arg1: index) -> (!stream.resource<external>, !stream.resource<external>, !stream.resource<external>, !stream.resource<constant>, !stream.resource<constant>) {
    %c4 = arith.constant 4 : index
    %c1_i32 = arith.constant 1 : i32
    %results, %result_timepoint = stream.resource.constants : 
      !stream.resource<constant>{%c4} = dense<1> : tensor<1xi32>
      => !stream.timepoint
    %c0 = arith.constant 0 : index
    %0:3 = stream.resource.pack slices({
      [0, 0] = %arg1,
      [0, 0] = %arg1
    }) : index
    %result, %result_timepoint_0 = stream.resource.alloca uninitialized : !stream.resource<external>{%0#0} => !stream.timepoint
    %1 = stream.resource.subview %result[%0#1] : !stream.resource<external>{%0#0} -> !stream.resource<external>{%arg1}
    %2 = stream.resource.subview %result[%0#2] : !stream.resource<external>{%0#0} -> !stream.resource<external>{%arg1}
    %result_1, %result_timepoint_2 = stream.resource.alloca uninitialized : !stream.resource<constant>{%c4} => !stream.timepoint
    %3 = stream.timepoint.join max(%result_timepoint_0, %result_timepoint_2) => !stream.timepoint
    %4 = stream.cmd.execute await(%3) => with(%arg0 as %arg2: !stream.resource<external>{%arg1}, %1 as %arg3: !stream.resource<external>{%arg1}, %2 as %arg4: !stream.resource<external>{%arg1}, %result_1 as %arg5: !stream.resource<constant>{%c4}) {
      stream.cmd.fill %c1_i32, %arg3[%c0 for %arg1] : i32 -> !stream.resource<external>{%arg1}
    } => !stream.timepoint
    %5 = stream.timepoint.join max(%result_timepoint, %4) => !stream.timepoint
    util.return %1, %2, %arg0, %result_1, %results : !stream.resource<external>, !stream.resource<external>, !stream.resource<external>, !stream.resource<constant>, !stream.resource<constant>
  }
}
// -----
module {
  util.func public @empty() -> !stream.timepoint {
    %0 = stream.cmd.execute with() {
    } => !stream.timepoint
    util.return %0 : !stream.timepoint
  }
}
// -----
module {
  util.func public @unusedArgs(%arg0: !stream.resource<external>, %arg1: !stream.resource<transient>, %arg2: index) -> !stream.timepoint {
    %c1_i32 = arith.constant 1 : i32
    %c0 = arith.constant 0 : index
    %0:2 = stream.resource.pack slices({
      [0, 1] = %arg2
    }) : index
    %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%0#0} => !stream.timepoint
    %1 = stream.cmd.execute await(%result_timepoint) => with(%arg0 as %arg3: !stream.resource<external>{%arg2}, %arg1 as %arg4: !stream.resource<transient>{%arg2}, %result as %arg5: !stream.resource<transient>{%0#0}) {
      stream.cmd.fill %c1_i32, %arg5[%0#1 for %arg2] : i32 -> !stream.resource<transient>{%0#0}
      stream.cmd.copy %arg5[%0#1], %arg4[%arg2], %arg2 : !stream.resource<transient>{%0#0} -> !stream.resource<transient>{%arg2}
    } => !stream.timepoint
    %2 = stream.resource.dealloca await(%1) => %result : !stream.resource<transient>{%0#0} => !stream.timepoint
    %3 = stream.timepoint.join max(%2, %1) => !stream.timepoint
    util.return %3 : !stream.timepoint
  }
}
