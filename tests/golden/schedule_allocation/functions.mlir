module {
  util.global private @var : !stream.resource<variable>
  util.initializer {
    %c254_i32 = arith.constant 254 : i32
    %c128 = arith.constant 128 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<variable>{%c128} => !stream.timepoint
    %c0 = arith.constant 0 : index
    %0 = stream.cmd.execute once await(%result_timepoint) => with(%result as %arg0: !stream.resource<variable>{%c128}) {
      stream.cmd.fill %c254_i32, %arg0[%c0 for %c128] : i32 -> !stream.resource<variable>{%c128}
    } => !stream.timepoint
    util.global.store %result, @var : !stream.resource<variable>
    util.return
  }
}
// -----
module {
  util.func public @asyncLoadStore(%arg0: !stream.resource<staging>, %arg1: index) -> f32 {
    %c0 = arith.constant 0 : index
    %cst = arith.constant 5.400000e+00 : f32
    stream.resource.store %cst, %arg0[%c0] : f32 -> !stream.resource<staging>{%arg1}
    %0 = stream.resource.load %arg0[%c0] : !stream.resource<staging>{%arg1} -> f32
    util.return %0 : f32
  }
}
// -----
module {
  util.func public @insideScfIf(%arg0: i1, %arg1: index) -> !stream.timepoint {
    %c1_i32 = arith.constant 1 : i32
    %0 = scf.if %arg0 -> (!stream.timepoint) {
      %1:3 = stream.resource.pack slices({
        [0, 1] = %arg1,
        [1, 1] = %arg1
      }) : index
      %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%1#0} => !stream.timepoint
      %2 = stream.cmd.execute await(%result_timepoint) => with(%result as %arg2: !stream.resource<transient>{%1#0}) {
        stream.cmd.fill %c1_i32, %arg2[%1#1 for %arg1] : i32 -> !stream.resource<transient>{%1#0}
        stream.cmd.copy %arg2[%1#1], %arg2[%1#2], %arg1 : !stream.resource<transient>{%1#0} -> !stream.resource<transient>{%1#0}
      } => !stream.timepoint
      %3 = stream.resource.dealloca await(%2) => %result : !stream.resource<transient>{%1#0} => !stream.timepoint
      %4 = stream.timepoint.join max(%3, %2) => !stream.timepoint
      scf.yield %4 : !stream.timepoint
    } else {
      %1 = stream.timepoint.immediate => !stream.timepoint
      scf.yield %1 : !stream.timepoint
    }
    util.return %0 : !stream.timepoint
  }
}
