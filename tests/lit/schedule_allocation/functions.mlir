// schedule-allocation: where it looks (initializers, scf regions, func.func)
// and the load/store conversions outside execute regions.

util.global private @var : !stream.resource<variable>
util.initializer {
  %c254_i32 = arith.constant 254 : i32
  %size = arith.constant 128 : index
  %result, %result_timepoint = stream.async.execute with() -> !stream.resource<variable>{%size} {
    %0 = stream.async.splat %c254_i32 : i32 -> !stream.resource<variable>{%size}
    stream.yield %0 : !stream.resource<variable>{%size}
  } => !stream.timepoint
  util.global.store %result, @var : !stream.resource<variable>
  util.return
}

// -----

util.func public @asyncLoadStore(%operand: !stream.resource<staging>, %size: index) -> f32 {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 5.4 : f32
  %0 = stream.async.store %cst, %operand[%c0] : f32 -> %operand as !stream.resource<staging>{%size}
  %1 = stream.async.load %0[%c0] : !stream.resource<staging>{%size} -> f32
  util.return %1 : f32
}

// -----

util.func public @insideScfIf(%cond: i1, %n: index) -> !stream.timepoint {
  %c1_i32 = arith.constant 1 : i32
  %t = scf.if %cond -> !stream.timepoint {
    %t0 = stream.async.execute with() {
      %s = stream.async.splat %c1_i32 : i32 -> !stream.resource<transient>{%n}
      %c = stream.async.clone %s : !stream.resource<transient>{%n} -> !stream.resource<transient>{%n}
      stream.yield
    } => !stream.timepoint
    scf.yield %t0 : !stream.timepoint
  } else {
    %t1 = stream.timepoint.immediate => !stream.timepoint
    scf.yield %t1 : !stream.timepoint
  }
  util.return %t : !stream.timepoint
}
