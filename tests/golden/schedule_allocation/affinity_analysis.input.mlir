module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func private @consume(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev1>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) -> !stream.resource<transient>{%arg1} {
      %1 = stream.async.dispatch @ex::@e(%arg2[%c0 to %arg1 for %arg1]) : (!stream.resource<transient>{%arg1}) -> !stream.resource<transient>{%arg1}
      stream.yield %1 : !stream.resource<transient>{%arg1}
    } => !stream.timepoint
    %0 = util.optimization_barrier %results : !stream.resource<transient>
    util.return %result_timepoint : !stream.timepoint
  }
  util.func public @callsPrivate(%arg0: index) -> !stream.timepoint {
    %c7_i32 = arith.constant 7 : i32
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev0>) with() -> !stream.resource<transient>{%arg0} {
      %1 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%arg0}
      stream.yield %1 : !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    %0 = util.call @consume(%results, %arg0) : (!stream.resource<transient>, index) -> !stream.timepoint
    util.return %0 : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func private @make(%arg0: index) -> !stream.resource<transient> {
    %c7_i32 = arith.constant 7 : i32
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev0>) with() -> !stream.resource<transient>{%arg0} {
      %1 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%arg0}
      stream.yield %1 : !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    %0 = stream.timepoint.await %result_timepoint => %results : !stream.resource<transient>{%arg0}
    util.return %0 : !stream.resource<transient>
  }
  util.func public @returnsToCaller(%arg0: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %0 = util.call @make(%arg0) : (index) -> !stream.resource<transient>
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev1>) with(%0 as %arg1: !stream.resource<transient>{%arg0}) -> !stream.resource<transient>{%arg0} {
      %2 = stream.async.dispatch @ex::@e(%arg1[%c0 to %arg0 for %arg0]) : (!stream.resource<transient>{%arg0}) -> !stream.resource<transient>{%arg0}
      stream.yield %2 : !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    %1 = util.optimization_barrier %results : !stream.resource<transient>
    util.return %result_timepoint : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func private @external(%arg0: !stream.resource<transient>)
  util.func public @callsExternal(%arg0: index) {
    %c0 = arith.constant 0 : index
    %c7_i32 = arith.constant 7 : i32
    %results:2, %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev0>) with() -> (!stream.resource<transient>{%arg0}, !stream.resource<transient>{%arg0}) {
      %1 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%arg0}
      %2 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%arg0}
      stream.yield %1, %2 : !stream.resource<transient>{%arg0}, !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    %results_0, %result_timepoint_1 = stream.async.execute on(#hal.device.affinity<@dev1>) await(%result_timepoint) => with(%results#0 as %arg1: !stream.resource<transient>{%arg0}, %results#1 as %arg2: !stream.resource<transient>{%arg0}) -> !stream.resource<transient>{%arg0} {
      %1 = stream.async.dispatch @ex::@e(%arg1[%c0 to %arg0 for %arg0], %arg2[%c0 to %arg0 for %arg0]) : (!stream.resource<transient>{%arg0}, !stream.resource<transient>{%arg0}) -> !stream.resource<transient>{%arg0}
      stream.yield %1 : !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    util.call @external(%results#1) : (!stream.resource<transient>) -> ()
    %0 = util.optimization_barrier %results_0 : !stream.resource<transient>
    util.return
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.global private mutable @var : !stream.resource<variable>
  util.initializer {
    %c64 = arith.constant 64 : index
    %c7_i32 = arith.constant 7 : i32
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev0>) with() -> !stream.resource<variable>{%c64} {
      %1 = stream.async.splat %c7_i32 : i32 -> !stream.resource<variable>{%c64}
      stream.yield %1 : !stream.resource<variable>{%c64}
    } => !stream.timepoint
    %0 = stream.timepoint.await %result_timepoint => %results : !stream.resource<variable>{%c64}
    util.global.store %0, @var : !stream.resource<variable>
    util.return
  }
  util.func public @loadsGlobal() -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %var = util.global.load @var : !stream.resource<variable>
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev1>) with(%var as %arg0: !stream.resource<variable>{%c64}) -> !stream.resource<transient>{%c64} {
      %1 = stream.async.dispatch @ex::@e(%arg0[%c0 to %c64 for %c64]) : (!stream.resource<variable>{%c64}) -> !stream.resource<transient>{%c64}
      stream.yield %1 : !stream.resource<transient>{%c64}
    } => !stream.timepoint
    %0 = util.optimization_barrier %results : !stream.resource<transient>
    util.return %result_timepoint : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.global private mutable @var {stream.affinity = #hal.device.affinity<@dev1>} : !stream.resource<variable>
  util.func public @globalWithAffinity() -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %var = util.global.load @var : !stream.resource<variable>
    %results, %result_timepoint = stream.async.execute with(%var as %arg0: !stream.resource<variable>{%c64}) -> !stream.resource<transient>{%c64} {
      %1 = stream.async.dispatch @ex::@e(%arg0[%c0 to %c64 for %c64]) : (!stream.resource<variable>{%c64}) -> !stream.resource<transient>{%c64}
      stream.yield %1 : !stream.resource<transient>{%c64}
    } => !stream.timepoint
    %results_0, %result_timepoint_1 = stream.async.execute on(#hal.device.affinity<@dev0>) await(%result_timepoint) => with(%results as %arg0: !stream.resource<transient>{%c64}) -> !stream.resource<transient>{%c64} {
      %1 = stream.async.dispatch @ex::@e(%arg0[%c0 to %c64 for %c64]) : (!stream.resource<transient>{%c64}) -> !stream.resource<transient>{%c64}
      stream.yield %1 : !stream.resource<transient>{%c64}
    } => !stream.timepoint
    %0 = util.optimization_barrier %results_0 : !stream.resource<transient>
    util.return %result_timepoint_1 : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @throughScfIf(%arg0: i1, %arg1: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %c7_i32 = arith.constant 7 : i32
    %results:2, %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev0>) with() -> (!stream.resource<transient>{%arg1}, !stream.resource<transient>{%arg1}) {
      %2 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%arg1}
      %3 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%arg1}
      stream.yield %2, %3 : !stream.resource<transient>{%arg1}, !stream.resource<transient>{%arg1}
    } => !stream.timepoint
    %0 = scf.if %arg0 -> (!stream.resource<transient>) {
      scf.yield %results#0 : !stream.resource<transient>
    } else {
      scf.yield %results#1 : !stream.resource<transient>
    }
    %results_0, %result_timepoint_1 = stream.async.execute on(#hal.device.affinity<@dev1>) await(%result_timepoint) => with(%0 as %arg2: !stream.resource<transient>{%arg1}) -> !stream.resource<transient>{%arg1} {
      %2 = stream.async.dispatch @ex::@e(%arg2[%c0 to %arg1 for %arg1]) : (!stream.resource<transient>{%arg1}) -> !stream.resource<transient>{%arg1}
      stream.yield %2 : !stream.resource<transient>{%arg1}
    } => !stream.timepoint
    %1 = util.optimization_barrier %results_0 : !stream.resource<transient>
    util.return %result_timepoint_1 : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @throughBranch(%arg0: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %c7_i32 = arith.constant 7 : i32
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev0>) with() -> !stream.resource<transient>{%arg0} {
      %3 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%arg0}
      stream.yield %3 : !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    cf.br ^bb1(%results, %result_timepoint : !stream.resource<transient>, !stream.timepoint)
  ^bb1(%0: !stream.resource<transient>, %1: !stream.timepoint):  // pred: ^bb0
    %results_0, %result_timepoint_1 = stream.async.execute on(#hal.device.affinity<@dev1>) await(%1) => with(%0 as %arg1: !stream.resource<transient>{%arg0}) -> !stream.resource<transient>{%arg0} {
      %3 = stream.async.dispatch @ex::@e(%arg1[%c0 to %arg0 for %arg0]) : (!stream.resource<transient>{%arg0}) -> !stream.resource<transient>{%arg0}
      stream.yield %3 : !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    %2 = util.optimization_barrier %results_0 : !stream.resource<transient>
    util.return %result_timepoint_1 : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @chainWithoutAffinity(%arg0: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %c7_i32 = arith.constant 7 : i32
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev0>) with() -> !stream.resource<transient>{%arg0} {
      %1 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%arg0}
      stream.yield %1 : !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    %results_0, %result_timepoint_1 = stream.async.execute await(%result_timepoint) => with(%results as %arg1: !stream.resource<transient>{%arg0}) -> !stream.resource<transient>{%arg0} {
      %1 = stream.async.dispatch @ex::@e(%arg1[%c0 to %arg0 for %arg0]) : (!stream.resource<transient>{%arg0}) -> !stream.resource<transient>{%arg0}
      stream.yield %1 : !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    %results_2, %result_timepoint_3 = stream.async.execute on(#hal.device.affinity<@dev1>) await(%result_timepoint_1) => with(%results_0 as %arg1: !stream.resource<transient>{%arg0}) -> !stream.resource<transient>{%arg0} {
      %1 = stream.async.dispatch @ex::@e(%arg1[%c0 to %arg0 for %arg0]) : (!stream.resource<transient>{%arg0}) -> !stream.resource<transient>{%arg0}
      stream.yield %1 : !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    %0 = util.optimization_barrier %results_2 : !stream.resource<transient>
    util.return %result_timepoint_3 : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @publicArgument(%arg0: !stream.resource<external>, %arg1: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %results, %result_timepoint = stream.async.execute with(%arg0 as %arg2: !stream.resource<external>{%arg1}) -> !stream.resource<transient>{%arg1} {
      %1 = stream.async.dispatch @ex::@e(%arg2[%c0 to %arg1 for %arg1]) : (!stream.resource<external>{%arg1}) -> !stream.resource<transient>{%arg1}
      stream.yield %1 : !stream.resource<transient>{%arg1}
    } => !stream.timepoint
    %results_0, %result_timepoint_1 = stream.async.execute on(#hal.device.affinity<@dev1>) await(%result_timepoint) => with(%results as %arg2: !stream.resource<transient>{%arg1}) -> !stream.resource<transient>{%arg1} {
      %1 = stream.async.dispatch @ex::@e(%arg2[%c0 to %arg1 for %arg1]) : (!stream.resource<transient>{%arg1}) -> !stream.resource<transient>{%arg1}
      stream.yield %1 : !stream.resource<transient>{%arg1}
    } => !stream.timepoint
    %0 = util.optimization_barrier %results_0 : !stream.resource<transient>
    util.return %result_timepoint_1 : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @functionAffinity(%arg0: index) -> !stream.timepoint attributes {stream.affinity = #hal.device.affinity<@dev1>} {
    %c0 = arith.constant 0 : index
    %c7_i32 = arith.constant 7 : i32
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev0>) with() -> !stream.resource<transient>{%arg0} {
      %1 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%arg0}
      stream.yield %1 : !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    %results_0, %result_timepoint_1 = stream.async.execute await(%result_timepoint) => with(%results as %arg1: !stream.resource<transient>{%arg0}) -> !stream.resource<transient>{%arg0} {
      %1 = stream.async.dispatch @ex::@e(%arg1[%c0 to %arg0 for %arg0]) : (!stream.resource<transient>{%arg0}) -> !stream.resource<transient>{%arg0}
      stream.yield %1 : !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    %0 = util.optimization_barrier %results_0 : !stream.resource<transient>
    util.return %result_timepoint_1 : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @tiedDispatchAffinity(%arg0: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %c7_i32 = arith.constant 7 : i32
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev0>) with() -> !stream.resource<transient>{%arg0} {
      %1 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%arg0}
      %2 = stream.async.dispatch on(#hal.device.affinity<@dev1>) @ex::@e(%1[%c0 to %arg0 for %arg0]) : (!stream.resource<transient>{%arg0}) -> %1{%arg0}
      stream.yield %2 : !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    %0 = util.optimization_barrier %results : !stream.resource<transient>
    util.return %result_timepoint : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @selectAndBarrier(%arg0: i1, %arg1: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %c7_i32 = arith.constant 7 : i32
    %results:3, %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev0>) with() -> (!stream.resource<transient>{%arg1}, !stream.resource<transient>{%arg1}, !stream.resource<transient>{%arg1}) {
      %3 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%arg1}
      %4 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%arg1}
      %5 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%arg1}
      stream.yield %3, %4, %5 : !stream.resource<transient>{%arg1}, !stream.resource<transient>{%arg1}, !stream.resource<transient>{%arg1}
    } => !stream.timepoint
    %0 = arith.select %arg0, %results#0, %results#1 : !stream.resource<transient>
    %1 = util.optimization_barrier %results#2 : !stream.resource<transient>
    %results_0, %result_timepoint_1 = stream.async.execute on(#hal.device.affinity<@dev1>) await(%result_timepoint) => with(%0 as %arg2: !stream.resource<transient>{%arg1}, %1 as %arg3: !stream.resource<transient>{%arg1}) -> !stream.resource<transient>{%arg1} {
      %3 = stream.async.dispatch @ex::@e(%arg2[%c0 to %arg1 for %arg1], %arg3[%c0 to %arg1 for %arg1]) : (!stream.resource<transient>{%arg1}, !stream.resource<transient>{%arg1}) -> !stream.resource<transient>{%arg1}
      stream.yield %3 : !stream.resource<transient>{%arg1}
    } => !stream.timepoint
    %2 = util.optimization_barrier %results_0 : !stream.resource<transient>
    util.return %result_timepoint_1 : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @transferLater(%arg0: index) -> !stream.timepoint {
    %c7_i32 = arith.constant 7 : i32
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev0>) with() -> !stream.resource<transient>{%arg0} {
      %1 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%arg0}
      stream.yield %1 : !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    %results_0, %result_timepoint_1 = stream.async.execute await(%result_timepoint) => with(%results as %arg1: !stream.resource<transient>{%arg0}) -> !stream.resource<transient>{%arg0} {
      %1 = stream.async.transfer %arg1 : !stream.resource<transient>{%arg0} -> to(#hal.device.affinity<@dev1>) !stream.resource<transient>{%arg0}
      stream.yield %1 : !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    %0 = util.optimization_barrier %results_0 : !stream.resource<transient>
    util.return %result_timepoint_1 : !stream.timepoint
  }
}
// -----
module attributes {stream.affinity.default = #hal.device.affinity<@dev1>} {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @moduleDefault(%arg0: index) -> (!stream.resource<transient>, !stream.timepoint) {
    %c7_i32 = arith.constant 7 : i32
    %results, %result_timepoint = stream.async.execute with() -> !stream.resource<transient>{%arg0} {
      %0 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%arg0}
      stream.yield %0 : !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    util.return %results, %result_timepoint : !stream.resource<transient>, !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @throughScfFor(%arg0: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c7_i32 = arith.constant 7 : i32
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev0>) with() -> !stream.resource<transient>{%arg0} {
      %2 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%arg0}
      stream.yield %2 : !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    %0 = scf.for %arg1 = %c0 to %c4 step %c1 iter_args(%arg2 = %results) -> (!stream.resource<transient>) {
      scf.yield %arg2 : !stream.resource<transient>
    }
    %results_0, %result_timepoint_1 = stream.async.execute on(#hal.device.affinity<@dev1>) await(%result_timepoint) => with(%0 as %arg1: !stream.resource<transient>{%arg0}) -> !stream.resource<transient>{%arg0} {
      %2 = stream.async.dispatch @ex::@e(%arg1[%c0 to %arg0 for %arg0]) : (!stream.resource<transient>{%arg0}) -> !stream.resource<transient>{%arg0}
      stream.yield %2 : !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    %1 = util.optimization_barrier %results_0 : !stream.resource<transient>
    util.return %result_timepoint_1 : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @importPins(%arg0: i64, %arg1: index) -> (!stream.timepoint, i64) {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %0 = stream.tensor.import on(#hal.device.affinity<@dev1>) %arg0 : i64 -> tensor<8xf32> in !stream.resource<external>{%c32}
    %results:2, %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev0>) with(%0 as %arg2: !stream.resource<external>{%c32}) -> (%0{%c32}, !stream.resource<external>{%c32}) {
      %2 = stream.async.dispatch @ex::@e(%arg2[%c0 to %c32 for %c32]) : (!stream.resource<external>{%c32}) -> %arg2{%c32}
      %3 = stream.async.dispatch @ex::@e(%2[%c0 to %c32 for %c32]) : (!stream.resource<external>{%c32}) -> !stream.resource<external>{%c32}
      stream.yield %2, %3 : !stream.resource<external>{%c32}, !stream.resource<external>{%c32}
    } => !stream.timepoint
    %1 = stream.tensor.export on(#hal.device.affinity<@dev0, [1]>) %results#1 : tensor<8xf32> in !stream.resource<external>{%c32} -> i64
    util.return %result_timepoint, %1 : !stream.timepoint, i64
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private mutable @sink : !stream.resource<transient>
  util.func public @queues(%arg0: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %c7_i32 = arith.constant 7 : i32
    %results:2, %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev0, [0]>) with() -> (!stream.resource<transient>{%arg0}, !stream.resource<transient>{%arg0}) {
      %1 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%arg0}
      %2 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%arg0}
      stream.yield %1, %2 : !stream.resource<transient>{%arg0}, !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    util.global.store %results#1, @sink : !stream.resource<transient>
    %results_0, %result_timepoint_1 = stream.async.execute on(#hal.device.affinity<@dev0, [1]>) await(%result_timepoint) => with(%results#0 as %arg1: !stream.resource<transient>{%arg0}) -> !stream.resource<transient>{%arg0} {
      %1 = stream.async.dispatch @ex::@e(%arg1[%c0 to %arg0 for %arg0]) : (!stream.resource<transient>{%arg0}) -> !stream.resource<transient>{%arg0}
      stream.yield %1 : !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    %0 = util.optimization_barrier %results_0 : !stream.resource<transient>
    util.return %result_timepoint_1 : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  func.func private @loop(%arg0: !stream.resource<transient>, %arg1: index, %arg2: i1) -> !stream.resource<transient> {
    %c0 = arith.constant 0 : index
    cf.cond_br %arg2, ^bb1, ^bb2(%arg0 : !stream.resource<transient>)
  ^bb1:  // pred: ^bb0
    %0 = call @loop(%arg0, %arg1, %arg2) : (!stream.resource<transient>, index, i1) -> !stream.resource<transient>
    cf.br ^bb2(%0 : !stream.resource<transient>)
  ^bb2(%1: !stream.resource<transient>):  // 2 preds: ^bb0, ^bb1
    return %1 : !stream.resource<transient>
  }
  func.func @recursion(%arg0: index, %arg1: i1) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %c7_i32 = arith.constant 7 : i32
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev0>) with() -> !stream.resource<transient>{%arg0} {
      %2 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%arg0}
      stream.yield %2 : !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    %0 = call @loop(%results, %arg0, %arg1) : (!stream.resource<transient>, index, i1) -> !stream.resource<transient>
    %results_0, %result_timepoint_1 = stream.async.execute on(#hal.device.affinity<@dev1>) await(%result_timepoint) => with(%0 as %arg2: !stream.resource<transient>{%arg0}) -> !stream.resource<transient>{%arg0} {
      %2 = stream.async.dispatch @ex::@e(%arg2[%c0 to %arg0 for %arg0]) : (!stream.resource<transient>{%arg0}) -> !stream.resource<transient>{%arg0}
      stream.yield %2 : !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    %1 = util.optimization_barrier %results_0 : !stream.resource<transient>
    return %result_timepoint_1 : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @constantsAndWhile(%arg0: index, %arg1: i1) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %results:2, %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev0>) with() -> (!stream.resource<constant>{%c16}, !stream.resource<constant>{%c16}) {
      %cst = stream.async.constant : !stream.resource<constant>{%c16} = dense<3> : tensor<4xi32>
      %cst_2 = stream.async.constant : !stream.resource<constant>{%c16} = dense<4> : tensor<4xi32>
      stream.yield %cst, %cst_2 : !stream.resource<constant>{%c16}, !stream.resource<constant>{%c16}
    } => !stream.timepoint
    %0 = scf.while (%arg2 = %results#0) : (!stream.resource<constant>) -> !stream.resource<constant> {
      scf.condition(%arg1) %arg2 : !stream.resource<constant>
    } do {
    ^bb0(%arg2: !stream.resource<constant>):
      scf.yield %arg2 : !stream.resource<constant>
    }
    %results_0, %result_timepoint_1 = stream.async.execute on(#hal.device.affinity<@dev1>) await(%result_timepoint) => with(%0 as %arg2: !stream.resource<constant>{%c16}, %results#1 as %arg3: !stream.resource<constant>{%c16}) -> !stream.resource<transient>{%c16} {
      %2 = stream.async.dispatch @ex::@e(%arg2[%c0 to %c16 for %c16], %arg3[%c0 to %c16 for %c16]) : (!stream.resource<constant>{%c16}, !stream.resource<constant>{%c16}) -> !stream.resource<transient>{%c16}
      stream.yield %2 : !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %1 = util.optimization_barrier %results_0 : !stream.resource<transient>
    util.return %result_timepoint_1 : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @unknownConsumer(%arg0: !stream.resource<external>, %arg1: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %c7_i32 = arith.constant 7 : i32
    %results:2, %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev0>) with() -> (!stream.resource<transient>{%arg1}, !stream.resource<transient>{%arg1}) {
      %1 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%arg1}
      %2 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%arg1}
      stream.yield %1, %2 : !stream.resource<transient>{%arg1}, !stream.resource<transient>{%arg1}
    } => !stream.timepoint
    %results_0, %result_timepoint_1 = stream.async.execute await(%result_timepoint) => with(%results#0 as %arg2: !stream.resource<transient>{%arg1}, %arg0 as %arg3: !stream.resource<external>{%arg1}) -> !stream.resource<transient>{%arg1} {
      %1 = stream.async.dispatch @ex::@e(%arg2[%c0 to %arg1 for %arg1], %arg3[%c0 to %arg1 for %arg1]) : (!stream.resource<transient>{%arg1}, !stream.resource<external>{%arg1}) -> !stream.resource<transient>{%arg1}
      stream.yield %1 : !stream.resource<transient>{%arg1}
    } => !stream.timepoint
    %results_2, %result_timepoint_3 = stream.async.execute on(#hal.device.affinity<@dev1>) await(%result_timepoint_1) => with(%results_0 as %arg2: !stream.resource<transient>{%arg1}, %results#1 as %arg3: !stream.resource<transient>{%arg1}) -> !stream.resource<transient>{%arg1} {
      %1 = stream.async.dispatch @ex::@e(%arg2[%c0 to %arg1 for %arg1], %arg3[%c0 to %arg1 for %arg1]) : (!stream.resource<transient>{%arg1}, !stream.resource<transient>{%arg1}) -> !stream.resource<transient>{%arg1}
      stream.yield %1 : !stream.resource<transient>{%arg1}
    } => !stream.timepoint
    %0 = util.optimization_barrier %results_2 : !stream.resource<transient>
    util.return %result_timepoint_3 : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.global private mutable @var : !stream.resource<variable>
  util.initializer {
    %c64 = arith.constant 64 : index
    %c7_i32 = arith.constant 7 : i32
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev0>) with() -> !stream.resource<variable>{%c64} {
      %1 = stream.async.splat %c7_i32 : i32 -> !stream.resource<variable>{%c64}
      stream.yield %1 : !stream.resource<variable>{%c64}
    } => !stream.timepoint
    %0 = stream.timepoint.await %result_timepoint => %results : !stream.resource<variable>{%c64}
    util.global.store %0, @var : !stream.resource<variable>
    util.return
  }
  util.func public @loadsGlobal() -> (!stream.resource<variable>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %var = util.global.load @var : !stream.resource<variable>
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev1>) with(%var as %arg0: !stream.resource<variable>{%c64}) -> !stream.resource<transient>{%c64} {
      %1 = stream.async.dispatch @ex::@e(%arg0[%c0 to %c64 for %c64]) : (!stream.resource<variable>{%c64}) -> !stream.resource<transient>{%c64}
      stream.yield %1 : !stream.resource<transient>{%c64}
    } => !stream.timepoint
    %0 = util.optimization_barrier %results : !stream.resource<transient>
    util.return %var, %result_timepoint : !stream.resource<variable>, !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @pinnedTied(%arg0: i64, %arg1: !stream.resource<external>, %arg2: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %0 = stream.tensor.import on(#hal.device.affinity<@dev1>) %arg0 : i64 -> tensor<8xf32> in !stream.resource<external>{%c32}
    %results:2, %result_timepoint = stream.async.execute with(%0 as %arg3: !stream.resource<external>{%c32}, %arg1 as %arg4: !stream.resource<external>{%arg2}) -> (%0{%c32}, !stream.resource<external>{%c32}) {
      %2 = stream.async.dispatch @ex::@e(%arg3[%c0 to %c32 for %c32], %arg4[%c0 to %arg2 for %arg2]) : (!stream.resource<external>{%c32}, !stream.resource<external>{%arg2}) -> %arg3{%c32}
      %3 = stream.async.dispatch @ex::@e(%2[%c0 to %c32 for %c32]) : (!stream.resource<external>{%c32}) -> !stream.resource<external>{%c32}
      stream.yield %2, %3 : !stream.resource<external>{%c32}, !stream.resource<external>{%c32}
    } => !stream.timepoint
    %results_0, %result_timepoint_1 = stream.async.execute on(#hal.device.affinity<@dev0>) await(%result_timepoint) => with(%results#1 as %arg3: !stream.resource<external>{%c32}, %results#0 as %arg4: !stream.resource<external>{%c32}) -> !stream.resource<transient>{%c32} {
      %2 = stream.async.dispatch @ex::@e(%arg3[%c0 to %c32 for %c32], %arg4[%c0 to %c32 for %c32]) : (!stream.resource<external>{%c32}, !stream.resource<external>{%c32}) -> !stream.resource<transient>{%c32}
      stream.yield %2 : !stream.resource<transient>{%c32}
    } => !stream.timepoint
    %1 = util.optimization_barrier %results_0 : !stream.resource<transient>
    util.return %result_timepoint_1 : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func private @make(%arg0: index) -> (!stream.resource<transient>, !stream.timepoint) {
    %c7_i32 = arith.constant 7 : i32
    %results, %result_timepoint = stream.async.execute with() -> !stream.resource<transient>{%arg0} {
      %0 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%arg0}
      stream.yield %0 : !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    util.return %results, %result_timepoint : !stream.resource<transient>, !stream.timepoint
  }
  util.func public @a(%arg0: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %0:2 = util.call @make(%arg0) : (index) -> (!stream.resource<transient>, !stream.timepoint)
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev1>) await(%0#1) => with(%0#0 as %arg1: !stream.resource<transient>{%arg0}) -> !stream.resource<transient>{%arg0} {
      %2 = stream.async.dispatch @ex::@e(%arg1[%c0 to %arg0 for %arg0]) : (!stream.resource<transient>{%arg0}) -> !stream.resource<transient>{%arg0}
      stream.yield %2 : !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    %1 = util.optimization_barrier %results : !stream.resource<transient>
    util.return %result_timepoint : !stream.timepoint
  }
  util.func public @b(%arg0: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %0:2 = util.call @make(%arg0) : (index) -> (!stream.resource<transient>, !stream.timepoint)
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev0, [1]>) await(%0#1) => with(%0#0 as %arg1: !stream.resource<transient>{%arg0}) -> !stream.resource<transient>{%arg0} {
      %2 = stream.async.dispatch @ex::@e(%arg1[%c0 to %arg0 for %arg0]) : (!stream.resource<transient>{%arg0}) -> !stream.resource<transient>{%arg0}
      stream.yield %2 : !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    %1 = util.optimization_barrier %results : !stream.resource<transient>
    util.return %result_timepoint : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.global private mutable @var : !stream.resource<variable>
  stream.async.func private @ext(%arg0: !stream.resource<*>) -> %arg0
  util.initializer {
    %c64 = arith.constant 64 : index
    %c1_i32 = arith.constant 1 : i32
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev0>) with() -> !stream.resource<variable>{%c64} {
      %1 = stream.async.splat %c1_i32 : i32 -> !stream.resource<variable>{%c64}
      stream.yield %1 : !stream.resource<variable>{%c64}
    } => !stream.timepoint
    %0 = stream.timepoint.await %result_timepoint => %results : !stream.resource<variable>{%c64}
    util.global.store %0, @var : !stream.resource<variable>
    util.return
  }
  util.func public @globalReachesExternal(%arg0: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c7_i32 = arith.constant 7 : i32
    %var = util.global.load @var : !stream.resource<variable>
    %0 = stream.resource.size %var : !stream.resource<variable>
    %results, %result_timepoint = stream.async.execute with() -> !stream.resource<transient>{%arg0} {
      %2 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%arg0}
      stream.yield %2 : !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    %results_0, %result_timepoint_1 = stream.async.execute await(%result_timepoint) => with(%results as %arg1: !stream.resource<transient>{%arg0}, %var as %arg2: !stream.resource<variable>{%0}) -> !stream.resource<transient>{%c16} {
      %2 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%c16}
      %3 = stream.async.concurrent with(%arg2 as %arg3: !stream.resource<variable>{%0}, %2 as %arg4: !stream.resource<transient>{%c16}) -> %2{%c16} {
        %4 = stream.async.call @ext(%arg4[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> %arg4{%c16}
        stream.yield %4 : !stream.resource<transient>{%c16}
      }
      stream.yield %3 : !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %1 = util.optimization_barrier %results_0 : !stream.resource<transient>
    util.return %result_timepoint_1 : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.global private mutable @init0_var : !stream.resource<variable>
  stream.async.func private @callee2(%arg0: i32, %arg1: i32) -> (!stream.resource<*>, !stream.resource<*>)
  util.initializer {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c65536 = arith.constant 65536 : index
    %c262144 = arith.constant 262144 : index
    %c36_i8 = arith.constant 36 : i8
    %c62_i32 = arith.constant 62 : i32
    %c130_i32 = arith.constant 130 : i32
    %results:4, %result_timepoint = stream.async.execute with() -> (!stream.resource<external>{%c262144}, !stream.resource<transient>{%c4}, !stream.resource<external>{%c4}, !stream.resource<variable>{%c262144}) {
      %3 = stream.async.splat %c130_i32 : i32 -> !stream.resource<transient>{%c65536}
      %4:3 = stream.async.concurrent with(%3 as %arg0: !stream.resource<transient>{%c65536}) -> (%3{%c65536}, !stream.resource<external>{%c262144}, !stream.resource<transient>{%c4}) {
        %8:3 = stream.async.dispatch @ex0_b3_p1::@entry[%c1](%arg0[%c0 to %c65536 for %c65536], %c62_i32) : (!stream.resource<transient>{%c65536}, i32) -> (%arg0{%c65536}, !stream.resource<external>{%c262144}, !stream.resource<transient>{%c4})
        stream.yield %8#0, %8#1, %8#2 : !stream.resource<transient>{%c65536}, !stream.resource<external>{%c262144}, !stream.resource<transient>{%c4}
      }
      %5 = stream.async.transfer %4#2 : !stream.resource<transient>{%c4} from(#hal.device.affinity<@dev1>) -> to(#hal.device.affinity<@dev1>) !stream.resource<external>{%c4}
      %6 = stream.async.fill %c36_i8, %4#2[%c0 to %c4 for %c4] : i8 -> %4#2 as !stream.resource<transient>{%c4}
      %7 = stream.async.clone %4#1 : !stream.resource<external>{%c262144} -> !stream.resource<variable>{%c262144}
      stream.yield %4#1, %6, %5, %7 : !stream.resource<external>{%c262144}, !stream.resource<transient>{%c4}, !stream.resource<external>{%c4}, !stream.resource<variable>{%c262144}
    } => !stream.timepoint
    %0 = stream.timepoint.await %result_timepoint => %results#3 : !stream.resource<variable>{%c262144}
    util.global.store %0, @init0_var : !stream.resource<variable>
    %1 = util.call @relay_transient(%results#1, %c4) : (!stream.resource<transient>, index) -> !stream.timepoint
    %2 = util.call @relay_external(%results#2, %c4) : (!stream.resource<external>, index) -> !stream.timepoint
    util.return
  }
  util.func public @fn2(%arg0: !stream.channel, %arg1: index, %arg2: !stream.resource<external>) -> (!stream.resource<transient>, !stream.resource<external>, !stream.timepoint) attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 8, max_buffer_range = 1073741824, min_buffer_range_alignment = 4, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %c100 = arith.constant 100 : index
    %c256 = arith.constant 256 : index
    %c512 = arith.constant 512 : index
    %c1000 = arith.constant 1000 : index
    %c16384 = arith.constant 16384 : index
    %c65536 = arith.constant 65536 : index
    %c1048576 = arith.constant 1048576 : index
    %c2_i32 = arith.constant 2 : i32
    %c9_i32 = arith.constant 9 : i32
    %c14_i16 = arith.constant 14 : i16
    %c15_i32 = arith.constant 15 : i32
    %c19_i32 = arith.constant 19 : i32
    %c130_i32 = arith.constant 130 : i32
    %0 = util.optimization_barrier %c1000 : index
    %results:2, %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev0>) with(%arg2 as %arg3: !stream.resource<external>{%arg1}) -> (!stream.resource<transient>{%c65536}, !stream.resource<transient>{%0}) {
      %2 = stream.async.alloca : !stream.resource<transient>{%c65536}
      %3 = stream.async.clone %arg3 : !stream.resource<external>{%arg1} -> !stream.resource<transient>{%arg1}
      %4:2 = stream.async.dispatch @ex7_b2_p1::@entry[%c1](%c4) : (index) -> (!stream.resource<transient>{%c64}, !stream.resource<transient>{%c256})
      %5 = stream.async.dispatch @undeclared_ex1::@entry2(%arg3[%c0 to %arg1 for %arg1], %4#0[%c0 to %c64 for %c64], %c4, %c4) : (!stream.resource<external>{%arg1}, !stream.resource<transient>{%c64}, index, index) -> !stream.resource<transient>{%c512}
      %6 = stream.async.barrier %5 : !stream.resource<transient>{%c512}
      %7:3 = stream.async.dispatch @ex9_b5_p0::@entry[%c1](%3[%c0 to %arg1 for %arg1], %6[%c0 to %c512 for %c512], %4#1[%c0 to %c256 for %c256]) : (!stream.resource<transient>{%arg1}, !stream.resource<transient>{%c512}, !stream.resource<transient>{%c256}) -> (%3{%arg1}, !stream.resource<external>{%c100}, !stream.resource<transient>{%0})
      %8:3 = stream.async.dispatch @ex10_b5_p1::@entry[%c4, %c1](%7#0[%c0 to %arg1 for %arg1], %2[%c0 to %c65536 for %c65536], %4#0[%c0 to %c64 for %c64], %c19_i32) : (!stream.resource<transient>{%arg1}, !stream.resource<transient>{%c65536}, !stream.resource<transient>{%c64}, i32) -> (!stream.resource<transient>{%arg1}, %2{%c65536}, !stream.resource<transient>{%arg1})
      %9:2 = stream.async.dispatch @ex11_b3_p0::@entry[%c4, %c1](%4#1[%c0 to %c256 for %c256]) : (!stream.resource<transient>{%c256}) -> (!stream.resource<transient>{%0}, !stream.resource<transient>{%0})
      stream.yield %8#1, %9#1 : !stream.resource<transient>{%c65536}, !stream.resource<transient>{%0}
    } => !stream.timepoint
    %results_0:2, %result_timepoint_1 = stream.async.execute on(#hal.device.affinity<@dev0>) await(%result_timepoint) => with() -> (!stream.resource<external>{%arg1}, !stream.resource<transient>{%arg1}) {
      %2:2 = stream.async.dispatch @undeclared_ex2::@entry0[%c4, %c1](%c15_i32) : (i32) -> (!stream.resource<transient>{%c16384}, !stream.resource<external>{%arg1})
      %3 = stream.async.clone %2#1 : !stream.resource<external>{%arg1} -> !stream.resource<external>{%arg1}
      %4 = stream.async.transfer %2#1 : !stream.resource<external>{%arg1} from(#hal.device.affinity<@dev1>) -> to(#hal.device.affinity<@dev0>) !stream.resource<transient>{%arg1}
      %5 = stream.async.barrier %3 : !stream.resource<external>{%arg1}
      %6 = stream.async.clone %4 : !stream.resource<transient>{%arg1} -> !stream.resource<transient>{%arg1}
      %7 = stream.async.update %6, %5[%c0 to %arg1] : !stream.resource<transient>{%arg1} -> %5 as !stream.resource<external>{%arg1}
      stream.yield %7, %6 : !stream.resource<external>{%arg1}, !stream.resource<transient>{%arg1}
    } => !stream.timepoint
    %results_2:2, %result_timepoint_3 = stream.async.execute on(#hal.device.affinity<@dev0>) await(%result_timepoint_1) => with() -> (!stream.resource<transient>{%0}, !stream.resource<transient>{%arg1}) {
      %2 = stream.async.splat %c130_i32 : i32 -> !stream.resource<transient>{%0}
      %3:4 = stream.async.concurrent with(%2 as %arg3: !stream.resource<transient>{%0}) -> (%2{%0}, !stream.resource<external>{%c512}, !stream.resource<transient>{%arg1}, !stream.resource<transient>{%c1048576}) {
        %4 = stream.async.fill %c9_i32, %arg3[%c0 to %0 for %0] : i32 -> %arg3 as !stream.resource<transient>{%0}
        %5:2 = stream.async.call @callee2(%c2_i32, %c19_i32) : (i32, i32) -> (!stream.resource<external>{%c512}, !stream.resource<transient>{%arg1})
        %6 = stream.async.splat %c14_i16 : i16 -> !stream.resource<transient>{%c1048576}
        stream.yield %4, %5#0, %5#1, %6 : !stream.resource<transient>{%0}, !stream.resource<external>{%c512}, !stream.resource<transient>{%arg1}, !stream.resource<transient>{%c1048576}
      }
      stream.yield %3#0, %3#2 : !stream.resource<transient>{%0}, !stream.resource<transient>{%arg1}
    } => !stream.timepoint
    %1 = util.call @relay_transient(%results_2#1, %arg1) : (!stream.resource<transient>, index) -> !stream.timepoint
    util.return %results#0, %results_0#0, %result_timepoint_3 : !stream.resource<transient>, !stream.resource<external>, !stream.timepoint
  }
  util.func private @relay_transient(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %results, %result_timepoint = stream.async.execute with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) -> !stream.resource<transient>{%arg1} {
      %0 = stream.async.dispatch @relay_ex::@entry(%arg2[%c0 to %arg1 for %arg1]) : (!stream.resource<transient>{%arg1}) -> !stream.resource<transient>{%arg1}
      stream.yield %0 : !stream.resource<transient>{%arg1}
    } => !stream.timepoint
    util.return %result_timepoint : !stream.timepoint
  }
  util.func private @relay_external(%arg0: !stream.resource<external>, %arg1: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev1>) with(%arg0 as %arg2: !stream.resource<external>{%arg1}) -> !stream.resource<transient>{%arg1} {
      %0 = stream.async.dispatch @relay_ex::@entry(%arg2[%c0 to %arg1 for %arg1]) : (!stream.resource<external>{%arg1}) -> !stream.resource<transient>{%arg1}
      stream.yield %0 : !stream.resource<transient>{%arg1}
    } => !stream.timepoint
    util.return %result_timepoint : !stream.timepoint
  }
}
