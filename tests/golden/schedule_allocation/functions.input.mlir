module {
  util.global private @var : !stream.resource<variable>
  util.initializer {
    %c254_i32 = arith.constant 254 : i32
    %c128 = arith.constant 128 : index
    %results, %result_timepoint = stream.async.execute with() -> !stream.resource<variable>{%c128} {
      %0 = stream.async.splat %c254_i32 : i32 -> !stream.resource<variable>{%c128}
      stream.yield %0 : !stream.resource<variable>{%c128}
    } => !stream.timepoint
    util.global.store %results, @var : !stream.resource<variable>
    util.return
  }
}
// -----
module {
  util.func public @asyncLoadStore(%arg0: !stream.resource<staging>, %arg1: index) -> f32 {
    %c0 = arith.constant 0 : index
    %cst = arith.constant 5.400000e+00 : f32
    %0 = stream.async.store %cst, %arg0[%c0] : f32 -> %arg0 as !stream.resource<staging>{%arg1}
    %1 = stream.async.load %0[%c0] : !stream.resource<staging>{%arg1} -> f32
    util.return %1 : f32
  }
}
// -----
module {
  util.func public @insideScfIf(%arg0: i1, %arg1: index) -> !stream.timepoint {
    %c1_i32 = arith.constant 1 : i32
    %0 = scf.if %arg0 -> (!stream.timepoint) {
      %result_timepoint = stream.async.execute with() {
        %1 = stream.async.splat %c1_i32 : i32 -> !stream.resource<transient>{%arg1}
        %2 = stream.async.clone %1 : !stream.resource<transient>{%arg1} -> !stream.resource<transient>{%arg1}
        stream.yield
      } => !stream.timepoint
      scf.yield %result_timepoint : !stream.timepoint
    } else {
      %1 = stream.timepoint.immediate => !stream.timepoint
      scf.yield %1 : !stream.timepoint
    }
    util.return %0 : !stream.timepoint
  }
}
