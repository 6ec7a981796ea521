module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func private @consume(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %c0_0 = arith.constant 0 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev1>) : !stream.resource<transient>{%arg1} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@dev1>) await(%result_timepoint) => with(%arg0 as %arg2: !stream.resource<transient>{%arg1}, %result as %arg3: !stream.resource<transient>{%arg1}) {
      stream.cmd.dispatch @ex::@e {
        ro %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1},
        wo %arg3[%c0_0 for %arg1] : !stream.resource<transient>{%arg1}
      }
    } => !stream.timepoint
    %1 = util.optimization_barrier %result : !stream.resource<transient>
    util.return %0 : !stream.timepoint
  }
  util.func public @callsPrivate(%arg0: index) -> !stream.timepoint {
    %c7_i32 = arith.constant 7 : i32
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@dev0>, #hal.device.affinity<@dev1>]>) : !stream.resource<transient>{%arg0} => !stream.timepoint
    %c0 = arith.constant 0 : index
    %0 = stream.cmd.execute on(#hal.device.affinity<@dev0>) await(%result_timepoint) => with(%result as %arg1: !stream.resource<transient>{%arg0}) {
      stream.cmd.fill %c7_i32, %arg1[%c0 for %arg0] : i32 -> !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    %1 = util.call @consume(%result, %arg0) : (!stream.resource<transient>, index) -> !stream.timepoint
    util.return %1 : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func private @make(%arg0: index) -> !stream.resource<transient> {
    %c7_i32 = arith.constant 7 : i32
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@dev0>, #hal.device.affinity<@dev1>]>) : !stream.resource<transient>{%arg0} => !stream.timepoint
    %c0 = arith.constant 0 : index
    %0 = stream.cmd.execute on(#hal.device.affinity<@dev0>) await(%result_timepoint) => with(%result as %arg1: !stream.resource<transient>{%arg0}) {
      stream.cmd.fill %c7_i32, %arg1[%c0 for %arg0] : i32 -> !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<transient>{%arg0}
    util.return %1 : !stream.resource<transient>
  }
  util.func public @returnsToCaller(%arg0: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %0 = util.call @make(%arg0) : (index) -> !stream.resource<transient>
    %c0_0 = arith.constant 0 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev1>) : !stream.resource<transient>{%arg0} => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@dev1>) await(%result_timepoint) => with(%0 as %arg1: !stream.resource<transient>{%arg0}, %result as %arg2: !stream.resource<transient>{%arg0}) {
      stream.cmd.dispatch @ex::@e {
        ro %arg1[%c0 for %arg0] : !stream.resource<transient>{%arg0},
        wo %arg2[%c0_0 for %arg0] : !stream.resource<transient>{%arg0}
      }
    } => !stream.timepoint
    %2 = util.optimization_barrier %result : !stream.resource<transient>
    util.return %1 : !stream.timepoint
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
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@dev0>, #hal.device.affinity<@dev1>]>) : !stream.resource<transient>{%arg0} => !stream.timepoint
    %c0_0 = arith.constant 0 : index
    %result_1, %result_timepoint_2 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev0>) : !stream.resource<transient>{%arg0} => !stream.timepoint
    %0 = stream.timepoint.join max(%result_timepoint, %result_timepoint_2) => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@dev0>) await(%0) => with(%result as %arg1: !stream.resource<transient>{%arg0}, %result_1 as %arg2: !stream.resource<transient>{%arg0}) {
      stream.cmd.fill %c7_i32, %arg1[%c0_0 for %arg0] : i32 -> !stream.resource<transient>{%arg0}
      stream.cmd.fill %c7_i32, %arg2[%c0_0 for %arg0] : i32 -> !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    %c0_3 = arith.constant 0 : index
    %result_4, %result_timepoint_5 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev1>) await(%1) => !stream.resource<transient>{%arg0} => !stream.timepoint
    %2 = stream.timepoint.join max(%1, %result_timepoint_5) => !stream.timepoint
    %3 = stream.cmd.execute on(#hal.device.affinity<@dev1>) await(%2) => with(%result as %arg1: !stream.resource<transient>{%arg0}, %result_1 as %arg2: !stream.resource<transient>{%arg0}, %result_4 as %arg3: !stream.resource<transient>{%arg0}) {
      stream.cmd.dispatch @ex::@e {
        ro %arg1[%c0 for %arg0] : !stream.resource<transient>{%arg0},
        ro %arg2[%c0 for %arg0] : !stream.resource<transient>{%arg0},
        wo %arg3[%c0_3 for %arg0] : !stream.resource<transient>{%arg0}
      }
    } => !stream.timepoint
    util.call @external(%result_1) : (!stream.resource<transient>) -> ()
    %4 = util.optimization_barrier %result_4 : !stream.resource<transient>
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
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@dev0>, #hal.device.affinity<@dev1>]>) : !stream.resource<variable>{%c64} => !stream.timepoint
    %c0 = arith.constant 0 : index
    %0 = stream.cmd.execute once on(#hal.device.affinity<@dev0>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<variable>{%c64}) {
      stream.cmd.fill %c7_i32, %arg0[%c0 for %c64] : i32 -> !stream.resource<variable>{%c64}
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<variable>{%c64}
    util.global.store %1, @var : !stream.resource<variable>
    util.return
  }
  util.func public @loadsGlobal() -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %var = util.global.load @var : !stream.resource<variable>
    %c0_0 = arith.constant 0 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev1>) : !stream.resource<transient>{%c64} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@dev1>) await(%result_timepoint) => with(%var as %arg0: !stream.resource<variable>{%c64}, %result as %arg1: !stream.resource<transient>{%c64}) {
      stream.cmd.dispatch @ex::@e {
        ro %arg0[%c0 for %c64] : !stream.resource<variable>{%c64},
        wo %arg1[%c0_0 for %c64] : !stream.resource<transient>{%c64}
      }
    } => !stream.timepoint
    %1 = util.optimization_barrier %result : !stream.resource<transient>
    util.return %0 : !stream.timepoint
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
    %c0_0 = arith.constant 0 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@dev0>, #hal.device.affinity<@dev1>]>) : !stream.resource<transient>{%c64} => !stream.timepoint
    %0 = stream.cmd.execute await(%result_timepoint) => with(%var as %arg0: !stream.resource<variable>{%c64}, %result as %arg1: !stream.resource<transient>{%c64}) {
      stream.cmd.dispatch @ex::@e {
        ro %arg0[%c0 for %c64] : !stream.resource<variable>{%c64},
        wo %arg1[%c0_0 for %c64] : !stream.resource<transient>{%c64}
      }
    } => !stream.timepoint
    %c0_1 = arith.constant 0 : index
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev0>) await(%0) => !stream.resource<transient>{%c64} => !stream.timepoint
    %1 = stream.timepoint.join max(%0, %result_timepoint_3) => !stream.timepoint
    %2 = stream.cmd.execute on(#hal.device.affinity<@dev0>) await(%1) => with(%result as %arg0: !stream.resource<transient>{%c64}, %result_2 as %arg1: !stream.resource<transient>{%c64}) {
      stream.cmd.dispatch @ex::@e {
        ro %arg0[%c0 for %c64] : !stream.resource<transient>{%c64},
        wo %arg1[%c0_1 for %c64] : !stream.resource<transient>{%c64}
      }
    } => !stream.timepoint
    %3 = util.optimization_barrier %result_2 : !stream.resource<transient>
    util.return %2 : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @throughScfIf(%arg0: i1, %arg1: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %c7_i32 = arith.constant 7 : i32
    %0:3 = stream.resource.pack on(#hal.device.optimal<[#hal.device.affinity<@dev0>, #hal.device.affinity<@dev1>]>) slices({
      [0, 0] = %arg1,
      [0, 0] = %arg1
    }) : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@dev0>, #hal.device.affinity<@dev1>]>) : !stream.resource<transient>{%0#0} => !stream.timepoint
    %1 = stream.resource.subview %result[%0#1] : !stream.resource<transient>{%0#0} -> !stream.resource<transient>{%arg1}
    %2 = stream.resource.subview %result[%0#2] : !stream.resource<transient>{%0#0} -> !stream.resource<transient>{%arg1}
    %c0_0 = arith.constant 0 : index
    %3 = stream.cmd.execute on(#hal.device.affinity<@dev0>) await(%result_timepoint) => with(%1 as %arg2: !stream.resource<transient>{%arg1}, %2 as %arg3: !stream.resource<transient>{%arg1}) {
      stream.cmd.fill %c7_i32, %arg2[%c0_0 for %arg1] : i32 -> !stream.resource<transient>{%arg1}
      stream.cmd.fill %c7_i32, %arg3[%c0_0 for %arg1] : i32 -> !stream.resource<transient>{%arg1}
    } => !stream.timepoint
    %4 = scf.if %arg0 -> (!stream.resource<transient>) {
      scf.yield %1 : !stream.resource<transient>
    } else {
      scf.yield %2 : !stream.resource<transient>
    }
    %c0_1 = arith.constant 0 : index
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev1>) await(%3) => !stream.resource<transient>{%arg1} => !stream.timepoint
    %5 = stream.timepoint.join max(%3, %result_timepoint_3) => !stream.timepoint
    %6 = stream.cmd.execute on(#hal.device.affinity<@dev1>) await(%5) => with(%4 as %arg2: !stream.resource<transient>{%arg1}, %result_2 as %arg3: !stream.resource<transient>{%arg1}) {
      stream.cmd.dispatch @ex::@e {
        ro %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1},
        wo %arg3[%c0_1 for %arg1] : !stream.resource<transient>{%arg1}
      }
    } => !stream.timepoint
    %7 = util.optimization_barrier %result_2 : !stream.resource<transient>
    util.return %6 : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @throughBranch(%arg0: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %c7_i32 = arith.constant 7 : i32
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@dev0>, #hal.device.affinity<@dev1>]>) : !stream.resource<transient>{%arg0} => !stream.timepoint
    %c0_0 = arith.constant 0 : index
    %0 = stream.cmd.execute on(#hal.device.affinity<@dev0>) await(%result_timepoint) => with(%result as %arg1: !stream.resource<transient>{%arg0}) {
      stream.cmd.fill %c7_i32, %arg1[%c0_0 for %arg0] : i32 -> !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    cf.br ^bb1(%result, %0 : !stream.resource<transient>, !stream.timepoint)
  ^bb1(%1: !stream.resource<transient>, %2: !stream.timepoint):  // pred: ^bb0
    %c0_1 = arith.constant 0 : index
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev1>) await(%2) => !stream.resource<transient>{%arg0} => !stream.timepoint
    %3 = stream.timepoint.join max(%2, %result_timepoint_3) => !stream.timepoint
    %4 = stream.cmd.execute on(#hal.device.affinity<@dev1>) await(%3) => with(%1 as %arg1: !stream.resource<transient>{%arg0}, %result_2 as %arg2: !stream.resource<transient>{%arg0}) {
      stream.cmd.dispatch @ex::@e {
        ro %arg1[%c0 for %arg0] : !stream.resource<transient>{%arg0},
        wo %arg2[%c0_1 for %arg0] : !stream.resource<transient>{%arg0}
      }
    } => !stream.timepoint
    %5 = util.optimization_barrier %result_2 : !stream.resource<transient>
    util.return %4 : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @chainWithoutAffinity(%arg0: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %c7_i32 = arith.constant 7 : i32
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev0>) : !stream.resource<transient>{%arg0} => !stream.timepoint
    %c0_0 = arith.constant 0 : index
    %0 = stream.cmd.execute on(#hal.device.affinity<@dev0>) await(%result_timepoint) => with(%result as %arg1: !stream.resource<transient>{%arg0}) {
      stream.cmd.fill %c7_i32, %arg1[%c0_0 for %arg0] : i32 -> !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    %c0_1 = arith.constant 0 : index
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@dev0>, #hal.device.affinity<@dev1>]>) await(%0) => !stream.resource<transient>{%arg0} => !stream.timepoint
    %1 = stream.timepoint.join max(%0, %result_timepoint_3) => !stream.timepoint
    %2 = stream.cmd.execute await(%1) => with(%result as %arg1: !stream.resource<transient>{%arg0}, %result_2 as %arg2: !stream.resource<transient>{%arg0}) {
      stream.cmd.dispatch @ex::@e {
        ro %arg1[%c0 for %arg0] : !stream.resource<transient>{%arg0},
        wo %arg2[%c0_1 for %arg0] : !stream.resource<transient>{%arg0}
      }
    } => !stream.timepoint
    %c0_4 = arith.constant 0 : index
    %result_5, %result_timepoint_6 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev1>) await(%2) => !stream.resource<transient>{%arg0} => !stream.timepoint
    %3 = stream.timepoint.join max(%2, %result_timepoint_6) => !stream.timepoint
    %4 = stream.cmd.execute on(#hal.device.affinity<@dev1>) await(%3) => with(%result_2 as %arg1: !stream.resource<transient>{%arg0}, %result_5 as %arg2: !stream.resource<transient>{%arg0}) {
      stream.cmd.dispatch @ex::@e {
        ro %arg1[%c0 for %arg0] : !stream.resource<transient>{%arg0},
        wo %arg2[%c0_4 for %arg0] : !stream.resource<transient>{%arg0}
      }
    } => !stream.timepoint
    %5 = util.optimization_barrier %result_5 : !stream.resource<transient>
    util.return %4 : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @publicArgument(%arg0: !stream.resource<external>, %arg1: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %c0_0 = arith.constant 0 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev1>) : !stream.resource<transient>{%arg1} => !stream.timepoint
    %0 = stream.cmd.execute await(%result_timepoint) => with(%arg0 as %arg2: !stream.resource<external>{%arg1}, %result as %arg3: !stream.resource<transient>{%arg1}) {
      stream.cmd.dispatch @ex::@e {
        ro %arg2[%c0 for %arg1] : !stream.resource<external>{%arg1},
        wo %arg3[%c0_0 for %arg1] : !stream.resource<transient>{%arg1}
      }
    } => !stream.timepoint
    %c0_1 = arith.constant 0 : index
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev1>) await(%0) => !stream.resource<transient>{%arg1} => !stream.timepoint
    %1 = stream.timepoint.join max(%0, %result_timepoint_3) => !stream.timepoint
    %2 = stream.cmd.execute on(#hal.device.affinity<@dev1>) await(%1) => with(%result as %arg2: !stream.resource<transient>{%arg1}, %result_2 as %arg3: !stream.resource<transient>{%arg1}) {
      stream.cmd.dispatch @ex::@e {
        ro %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1},
        wo %arg3[%c0_1 for %arg1] : !stream.resource<transient>{%arg1}
      }
    } => !stream.timepoint
    %3 = util.optimization_barrier %result_2 : !stream.resource<transient>
    util.return %2 : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @functionAffinity(%arg0: index) -> !stream.timepoint attributes {stream.affinity = #hal.device.affinity<@dev1>} {
    %c0 = arith.constant 0 : index
    %c7_i32 = arith.constant 7 : i32
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@dev0>, #hal.device.affinity<@dev1>]>) : !stream.resource<transient>{%arg0} => !stream.timepoint
    %c0_0 = arith.constant 0 : index
    %0 = stream.cmd.execute on(#hal.device.affinity<@dev0>) await(%result_timepoint) => with(%result as %arg1: !stream.resource<transient>{%arg0}) {
      stream.cmd.fill %c7_i32, %arg1[%c0_0 for %arg0] : i32 -> !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    %c0_1 = arith.constant 0 : index
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev1>) await(%0) => !stream.resource<transient>{%arg0} => !stream.timepoint
    %1 = stream.timepoint.join max(%0, %result_timepoint_3) => !stream.timepoint
    %2 = stream.cmd.execute await(%1) => with(%result as %arg1: !stream.resource<transient>{%arg0}, %result_2 as %arg2: !stream.resource<transient>{%arg0}) {
      stream.cmd.dispatch @ex::@e {
        ro %arg1[%c0 for %arg0] : !stream.resource<transient>{%arg0},
        wo %arg2[%c0_1 for %arg0] : !stream.resource<transient>{%arg0}
      }
    } => !stream.timepoint
    %3 = util.optimization_barrier %result_2 : !stream.resource<transient>
    util.return %2 : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @tiedDispatchAffinity(%arg0: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %c7_i32 = arith.constant 7 : i32
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@dev0>, #hal.device.affinity<@dev1>]>) : !stream.resource<transient>{%arg0} => !stream.timepoint
    %c0_0 = arith.constant 0 : index
    %0 = stream.cmd.execute on(#hal.device.affinity<@dev0>) await(%result_timepoint) => with(%result as %arg1: !stream.resource<transient>{%arg0}) {
      stream.cmd.fill %c7_i32, %arg1[%c0_0 for %arg0] : i32 -> !stream.resource<transient>{%arg0}
      stream.cmd.dispatch @ex::@e {
        rw %arg1[%c0 for %arg0] : !stream.resource<transient>{%arg0}
      }
    } => !stream.timepoint
    %1 = util.optimization_barrier %result : !stream.resource<transient>
    util.return %0 : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @selectAndBarrier(%arg0: i1, %arg1: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %c7_i32 = arith.constant 7 : i32
    %0:4 = stream.resource.pack on(#hal.device.optimal<[#hal.device.affinity<@dev0>, #hal.device.affinity<@dev1>]>) slices({
      [0, 0] = %arg1,
      [0, 0] = %arg1,
      [0, 0] = %arg1
    }) : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@dev0>, #hal.device.affinity<@dev1>]>) : !stream.resource<transient>{%0#0} => !stream.timepoint
    %1 = stream.resource.subview %result[%0#1] : !stream.resource<transient>{%0#0} -> !stream.resource<transient>{%arg1}
    %2 = stream.resource.subview %result[%0#2] : !stream.resource<transient>{%0#0} -> !stream.resource<transient>{%arg1}
    %3 = stream.resource.subview %result[%0#3] : !stream.resource<transient>{%0#0} -> !stream.resource<transient>{%arg1}
    %c0_0 = arith.constant 0 : index
    %4 = stream.cmd.execute on(#hal.device.affinity<@dev0>) await(%result_timepoint) => with(%1 as %arg2: !stream.resource<transient>{%arg1}, %2 as %arg3: !stream.resource<transient>{%arg1}, %3 as %arg4: !stream.resource<transient>{%arg1}) {
      stream.cmd.fill %c7_i32, %arg2[%c0_0 for %arg1] : i32 -> !stream.resource<transient>{%arg1}
      stream.cmd.fill %c7_i32, %arg3[%c0_0 for %arg1] : i32 -> !stream.resource<transient>{%arg1}
      stream.cmd.fill %c7_i32, %arg4[%c0_0 for %arg1] : i32 -> !stream.resource<transient>{%arg1}
    } => !stream.timepoint
    %5 = arith.select %arg0, %1, %2 : !stream.resource<transient>
    %6 = util.optimization_barrier %3 : !stream.resource<transient>
    %c0_1 = arith.constant 0 : index
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev1>) await(%4) => !stream.resource<transient>{%arg1} => !stream.timepoint
    %7 = stream.timepoint.join max(%4, %result_timepoint_3) => !stream.timepoint
    %8 = stream.cmd.execute on(#hal.device.affinity<@dev1>) await(%7) => with(%5 as %arg2: !stream.resource<transient>{%arg1}, %6 as %arg3: !stream.resource<transient>{%arg1}, %result_2 as %arg4: !stream.resource<transient>{%arg1}) {
      stream.cmd.dispatch @ex::@e {
        ro %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1},
        ro %arg3[%c0 for %arg1] : !stream.resource<transient>{%arg1},
        wo %arg4[%c0_1 for %arg1] : !stream.resource<transient>{%arg1}
      }
    } => !stream.timepoint
    %9 = util.optimization_barrier %result_2 : !stream.resource<transient>
    util.return %8 : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @transferLater(%arg0: index) -> !stream.timepoint {
    %c7_i32 = arith.constant 7 : i32
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@dev0>, #hal.device.affinity<@dev1>]>) : !stream.resource<transient>{%arg0} => !stream.timepoint
    %c0 = arith.constant 0 : index
    %0 = stream.cmd.execute on(#hal.device.affinity<@dev0>) await(%result_timepoint) => with(%result as %arg1: !stream.resource<transient>{%arg0}) {
      stream.cmd.fill %c7_i32, %arg1[%c0 for %arg0] : i32 -> !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    %c0_0 = arith.constant 0 : index
    %result_1, %result_timepoint_2 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@dev0>, #hal.device.affinity<@dev1>]>) await(%0) => !stream.resource<transient>{%arg0} => !stream.timepoint
    %1 = stream.timepoint.join max(%0, %result_timepoint_2) => !stream.timepoint
    %2 = stream.cmd.execute await(%1) => with(%result as %arg1: !stream.resource<transient>{%arg0}, %result_1 as %arg2: !stream.resource<transient>{%arg0}) {
      stream.cmd.copy %arg1[%c0_0], %arg2[%c0_0], %arg0 : !stream.resource<transient>{%arg0} -> !stream.resource<transient>{%arg0}
      stream.cmd.flush to(#hal.device.affinity<@dev1>) %arg2[%c0_0 for %arg0] : !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    %3 = util.optimization_barrier %result_1 : !stream.resource<transient>
    util.return %2 : !stream.timepoint
  }
}
// -----
module attributes {stream.affinity.default = #hal.device.affinity<@dev1>} {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @moduleDefault(%arg0: index) -> (!stream.resource<transient>, !stream.timepoint) {
    %c7_i32 = arith.constant 7 : i32
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev1>) : !stream.resource<transient>{%arg0} => !stream.timepoint
    %c0 = arith.constant 0 : index
    %0 = stream.cmd.execute await(%result_timepoint) => with(%result as %arg1: !stream.resource<transient>{%arg0}) {
      stream.cmd.fill %c7_i32, %arg1[%c0 for %arg0] : i32 -> !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    util.return %result, %0 : !stream.resource<transient>, !stream.timepoint
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
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@dev0>, #hal.device.affinity<@dev1>]>) : !stream.resource<transient>{%arg0} => !stream.timepoint
    %c0_0 = arith.constant 0 : index
    %0 = stream.cmd.execute on(#hal.device.affinity<@dev0>) await(%result_timepoint) => with(%result as %arg1: !stream.resource<transient>{%arg0}) {
      stream.cmd.fill %c7_i32, %arg1[%c0_0 for %arg0] : i32 -> !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    %1 = scf.for %arg1 = %c0 to %c4 step %c1 iter_args(%arg2 = %result) -> (!stream.resource<transient>) {
      scf.yield %arg2 : !stream.resource<transient>
    }
    %c0_1 = arith.constant 0 : index
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev1>) await(%0) => !stream.resource<transient>{%arg0} => !stream.timepoint
    %2 = stream.timepoint.join max(%0, %result_timepoint_3) => !stream.timepoint
    %3 = stream.cmd.execute on(#hal.device.affinity<@dev1>) await(%2) => with(%1 as %arg1: !stream.resource<transient>{%arg0}, %result_2 as %arg2: !stream.resource<transient>{%arg0}) {
      stream.cmd.dispatch @ex::@e {
        ro %arg1[%c0 for %arg0] : !stream.resource<transient>{%arg0},
        wo %arg2[%c0_1 for %arg0] : !stream.resource<transient>{%arg0}
      }
    } => !stream.timepoint
    %4 = util.optimization_barrier %result_2 : !stream.resource<transient>
    util.return %3 : !stream.timepoint
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
    %c0_0 = arith.constant 0 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev0>) : !stream.resource<external>{%c32} => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@dev0>) await(%result_timepoint) => with(%0 as %arg2: !stream.resource<external>{%c32}, %result as %arg3: !stream.resource<external>{%c32}) {
      stream.cmd.dispatch @ex::@e {
        rw %arg2[%c0 for %c32] : !stream.resource<external>{%c32}
      }
      stream.cmd.dispatch @ex::@e {
        ro %arg2[%c0 for %c32] : !stream.resource<external>{%c32},
        wo %arg3[%c0_0 for %c32] : !stream.resource<external>{%c32}
      }
    } => !stream.timepoint
    %2 = stream.tensor.export on(#hal.device.affinity<@dev0, [1]>) %result : tensor<8xf32> in !stream.resource<external>{%c32} -> i64
    util.return %1, %2 : !stream.timepoint, i64
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private mutable @sink : !stream.resource<transient>
  util.func public @queues(%arg0: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %c7_i32 = arith.constant 7 : i32
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev0, [0, 1]>) : !stream.resource<transient>{%arg0} => !stream.timepoint
    %c0_0 = arith.constant 0 : index
    %result_1, %result_timepoint_2 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev0, [0]>) : !stream.resource<transient>{%arg0} => !stream.timepoint
    %0 = stream.timepoint.join max(%result_timepoint, %result_timepoint_2) => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@dev0, [0]>) await(%0) => with(%result as %arg1: !stream.resource<transient>{%arg0}, %result_1 as %arg2: !stream.resource<transient>{%arg0}) {
      stream.cmd.fill %c7_i32, %arg1[%c0_0 for %arg0] : i32 -> !stream.resource<transient>{%arg0}
      stream.cmd.fill %c7_i32, %arg2[%c0_0 for %arg0] : i32 -> !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    util.global.store %result_1, @sink : !stream.resource<transient>
    %c0_3 = arith.constant 0 : index
    %result_4, %result_timepoint_5 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev0, [1]>) await(%1) => !stream.resource<transient>{%arg0} => !stream.timepoint
    %2 = stream.timepoint.join max(%1, %result_timepoint_5) => !stream.timepoint
    %3 = stream.cmd.execute on(#hal.device.affinity<@dev0, [1]>) await(%2) => with(%result as %arg1: !stream.resource<transient>{%arg0}, %result_4 as %arg2: !stream.resource<transient>{%arg0}) {
      stream.cmd.dispatch @ex::@e {
        ro %arg1[%c0 for %arg0] : !stream.resource<transient>{%arg0},
        wo %arg2[%c0_3 for %arg0] : !stream.resource<transient>{%arg0}
      }
    } => !stream.timepoint
    %4 = util.optimization_barrier %result_4 : !stream.resource<transient>
    util.return %3 : !stream.timepoint
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
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@dev0>, #hal.device.affinity<@dev1>]>) : !stream.resource<transient>{%arg0} => !stream.timepoint
    %c0_0 = arith.constant 0 : index
    %0 = stream.cmd.execute on(#hal.device.affinity<@dev0>) await(%result_timepoint) => with(%result as %arg2: !stream.resource<transient>{%arg0}) {
      stream.cmd.fill %c7_i32, %arg2[%c0_0 for %arg0] : i32 -> !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    %1 = call @loop(%result, %arg0, %arg1) : (!stream.resource<transient>, index, i1) -> !stream.resource<transient>
    %c0_1 = arith.constant 0 : index
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev1>) await(%0) => !stream.resource<transient>{%arg0} => !stream.timepoint
    %2 = stream.timepoint.join max(%0, %result_timepoint_3) => !stream.timepoint
    %3 = stream.cmd.execute on(#hal.device.affinity<@dev1>) await(%2) => with(%1 as %arg2: !stream.resource<transient>{%arg0}, %result_2 as %arg3: !stream.resource<transient>{%arg0}) {
      stream.cmd.dispatch @ex::@e {
        ro %arg2[%c0 for %arg0] : !stream.resource<transient>{%arg0},
        wo %arg3[%c0_1 for %arg0] : !stream.resource<transient>{%arg0}
      }
    } => !stream.timepoint
    %4 = util.optimization_barrier %result_2 : !stream.resource<transient>
    return %3 : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @constantsAndWhile(%arg0: index, %arg1: i1) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %results:2, %result_timepoint = stream.resource.constants on(#hal.device.optimal<[#hal.device.affinity<@dev0>, #hal.device.affinity<@dev1>]>) : 
      !stream.resource<constant>{%c16} = dense<3> : tensor<4xi32>,
      !stream.resource<constant>{%c16} = dense<4> : tensor<4xi32>
      => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@dev0>) with() {
    } => !stream.timepoint
    %1 = stream.timepoint.join max(%result_timepoint, %0) => !stream.timepoint
    %2 = scf.while (%arg2 = %results#0) : (!stream.resource<constant>) -> !stream.resource<constant> {
      scf.condition(%arg1) %arg2 : !stream.resource<constant>
    } do {
    ^bb0(%arg2: !stream.resource<constant>):
      scf.yield %arg2 : !stream.resource<constant>
    }
    %c0_0 = arith.constant 0 : index
    %result, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev1>) await(%1) => !stream.resource<transient>{%c16} => !stream.timepoint
    %3 = stream.timepoint.join max(%1, %result_timepoint_1) => !stream.timepoint
    %4 = stream.cmd.execute on(#hal.device.affinity<@dev1>) await(%3) => with(%2 as %arg2: !stream.resource<constant>{%c16}, %results#1 as %arg3: !stream.resource<constant>{%c16}, %result as %arg4: !stream.resource<transient>{%c16}) {
      stream.cmd.dispatch @ex::@e {
        ro %arg2[%c0 for %c16] : !stream.resource<constant>{%c16},
        ro %arg3[%c0 for %c16] : !stream.resource<constant>{%c16},
        wo %arg4[%c0_0 for %c16] : !stream.resource<transient>{%c16}
      }
    } => !stream.timepoint
    %5 = util.optimization_barrier %result : !stream.resource<transient>
    util.return %4 : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func public @unknownConsumer(%arg0: !stream.resource<external>, %arg1: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %c7_i32 = arith.constant 7 : i32
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev0>) : !stream.resource<transient>{%arg1} => !stream.timepoint
    %c0_0 = arith.constant 0 : index
    %result_1, %result_timepoint_2 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@dev0>, #hal.device.affinity<@dev1>]>) : !stream.resource<transient>{%arg1} => !stream.timepoint
    %0 = stream.timepoint.join max(%result_timepoint, %result_timepoint_2) => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@dev0>) await(%0) => with(%result as %arg2: !stream.resource<transient>{%arg1}, %result_1 as %arg3: !stream.resource<transient>{%arg1}) {
      stream.cmd.fill %c7_i32, %arg2[%c0_0 for %arg1] : i32 -> !stream.resource<transient>{%arg1}
      stream.cmd.fill %c7_i32, %arg3[%c0_0 for %arg1] : i32 -> !stream.resource<transient>{%arg1}
    } => !stream.timepoint
    %c0_3 = arith.constant 0 : index
    %result_4, %result_timepoint_5 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev1>) await(%1) => !stream.resource<transient>{%arg1} => !stream.timepoint
    %2 = stream.timepoint.join max(%1, %result_timepoint_5) => !stream.timepoint
    %3 = stream.cmd.execute await(%2) => with(%result as %arg2: !stream.resource<transient>{%arg1}, %arg0 as %arg3: !stream.resource<external>{%arg1}, %result_4 as %arg4: !stream.resource<transient>{%arg1}) {
      stream.cmd.dispatch @ex::@e {
        ro %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1},
        ro %arg3[%c0 for %arg1] : !stream.resource<external>{%arg1},
        wo %arg4[%c0_3 for %arg1] : !stream.resource<transient>{%arg1}
      }
    } => !stream.timepoint
    %c0_6 = arith.constant 0 : index
    %result_7, %result_timepoint_8 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev1>) await(%3) => !stream.resource<transient>{%arg1} => !stream.timepoint
    %4 = stream.timepoint.join max(%3, %result_timepoint_8) => !stream.timepoint
    %5 = stream.cmd.execute on(#hal.device.affinity<@dev1>) await(%4) => with(%result_4 as %arg2: !stream.resource<transient>{%arg1}, %result_1 as %arg3: !stream.resource<transient>{%arg1}, %result_7 as %arg4: !stream.resource<transient>{%arg1}) {
      stream.cmd.dispatch @ex::@e {
        ro %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1},
        ro %arg3[%c0 for %arg1] : !stream.resource<transient>{%arg1},
        wo %arg4[%c0_6 for %arg1] : !stream.resource<transient>{%arg1}
      }
    } => !stream.timepoint
    %6 = util.optimization_barrier %result_7 : !stream.resource<transient>
    util.return %5 : !stream.timepoint
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
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev0>) : !stream.resource<variable>{%c64} => !stream.timepoint
    %c0 = arith.constant 0 : index
    %0 = stream.cmd.execute once on(#hal.device.affinity<@dev0>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<variable>{%c64}) {
      stream.cmd.fill %c7_i32, %arg0[%c0 for %c64] : i32 -> !stream.resource<variable>{%c64}
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<variable>{%c64}
    util.global.store %1, @var : !stream.resource<variable>
    util.return
  }
  util.func public @loadsGlobal() -> (!stream.resource<variable>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %var = util.global.load @var : !stream.resource<variable>
    %c0_0 = arith.constant 0 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev1>) : !stream.resource<transient>{%c64} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@dev1>) await(%result_timepoint) => with(%var as %arg0: !stream.resource<variable>{%c64}, %result as %arg1: !stream.resource<transient>{%c64}) {
      stream.cmd.dispatch @ex::@e {
        ro %arg0[%c0 for %c64] : !stream.resource<variable>{%c64},
        wo %arg1[%c0_0 for %c64] : !stream.resource<transient>{%c64}
      }
    } => !stream.timepoint
    %1 = util.optimization_barrier %result : !stream.resource<transient>
    util.return %var, %0 : !stream.resource<variable>, !stream.timepoint
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
    %c0_0 = arith.constant 0 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev0>) : !stream.resource<external>{%c32} => !stream.timepoint
    %1 = stream.cmd.execute await(%result_timepoint) => with(%0 as %arg3: !stream.resource<external>{%c32}, %arg1 as %arg4: !stream.resource<external>{%arg2}, %result as %arg5: !stream.resource<external>{%c32}) {
      stream.cmd.dispatch @ex::@e {
        rw %arg3[%c0 for %c32] : !stream.resource<external>{%c32},
        ro %arg4[%c0 for %arg2] : !stream.resource<external>{%arg2}
      }
      stream.cmd.dispatch @ex::@e {
        ro %arg3[%c0 for %c32] : !stream.resource<external>{%c32},
        wo %arg5[%c0_0 for %c32] : !stream.resource<external>{%c32}
      }
    } => !stream.timepoint
    %c0_1 = arith.constant 0 : index
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev0>) await(%1) => !stream.resource<transient>{%c32} => !stream.timepoint
    %2 = stream.timepoint.join max(%1, %result_timepoint_3) => !stream.timepoint
    %3 = stream.cmd.execute on(#hal.device.affinity<@dev0>) await(%2) => with(%result as %arg3: !stream.resource<external>{%c32}, %0 as %arg4: !stream.resource<external>{%c32}, %result_2 as %arg5: !stream.resource<transient>{%c32}) {
      stream.cmd.dispatch @ex::@e {
        ro %arg3[%c0 for %c32] : !stream.resource<external>{%c32},
        ro %arg4[%c0 for %c32] : !stream.resource<external>{%c32},
        wo %arg5[%c0_1 for %c32] : !stream.resource<transient>{%c32}
      }
    } => !stream.timepoint
    %4 = util.optimization_barrier %result_2 : !stream.resource<transient>
    util.return %3 : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.func private @make(%arg0: index) -> (!stream.resource<transient>, !stream.timepoint) {
    %c7_i32 = arith.constant 7 : i32
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@dev0, [1]>, #hal.device.affinity<@dev1>]>) : !stream.resource<transient>{%arg0} => !stream.timepoint
    %c0 = arith.constant 0 : index
    %0 = stream.cmd.execute await(%result_timepoint) => with(%result as %arg1: !stream.resource<transient>{%arg0}) {
      stream.cmd.fill %c7_i32, %arg1[%c0 for %arg0] : i32 -> !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    util.return %result, %0 : !stream.resource<transient>, !stream.timepoint
  }
  util.func public @a(%arg0: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %0:2 = util.call @make(%arg0) : (index) -> (!stream.resource<transient>, !stream.timepoint)
    %c0_0 = arith.constant 0 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev1>) await(%0#1) => !stream.resource<transient>{%arg0} => !stream.timepoint
    %1 = stream.timepoint.join max(%0#1, %result_timepoint) => !stream.timepoint
    %2 = stream.cmd.execute on(#hal.device.affinity<@dev1>) await(%1) => with(%0#0 as %arg1: !stream.resource<transient>{%arg0}, %result as %arg2: !stream.resource<transient>{%arg0}) {
      stream.cmd.dispatch @ex::@e {
        ro %arg1[%c0 for %arg0] : !stream.resource<transient>{%arg0},
        wo %arg2[%c0_0 for %arg0] : !stream.resource<transient>{%arg0}
      }
    } => !stream.timepoint
    %3 = util.optimization_barrier %result : !stream.resource<transient>
    util.return %2 : !stream.timepoint
  }
  util.func public @b(%arg0: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %0:2 = util.call @make(%arg0) : (index) -> (!stream.resource<transient>, !stream.timepoint)
    %c0_0 = arith.constant 0 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev0, [1]>) await(%0#1) => !stream.resource<transient>{%arg0} => !stream.timepoint
    %1 = stream.timepoint.join max(%0#1, %result_timepoint) => !stream.timepoint
    %2 = stream.cmd.execute on(#hal.device.affinity<@dev0, [1]>) await(%1) => with(%0#0 as %arg1: !stream.resource<transient>{%arg0}, %result as %arg2: !stream.resource<transient>{%arg0}) {
      stream.cmd.dispatch @ex::@e {
        ro %arg1[%c0 for %arg0] : !stream.resource<transient>{%arg0},
        wo %arg2[%c0_0 for %arg0] : !stream.resource<transient>{%arg0}
      }
    } => !stream.timepoint
    %3 = util.optimization_barrier %result : !stream.resource<transient>
    util.return %2 : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.global private mutable @var : !stream.resource<variable>
  stream.cmd.func private @ext(%arg0[%arg1 for %arg2]: !stream.resource<*>)
  util.initializer {
    %c64 = arith.constant 64 : index
    %c1_i32 = arith.constant 1 : i32
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev0>) : !stream.resource<variable>{%c64} => !stream.timepoint
    %c0 = arith.constant 0 : index
    %0 = stream.cmd.execute once on(#hal.device.affinity<@dev0>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<variable>{%c64}) {
      stream.cmd.fill %c1_i32, %arg0[%c0 for %c64] : i32 -> !stream.resource<variable>{%c64}
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<variable>{%c64}
    util.global.store %1, @var : !stream.resource<variable>
    util.return
  }
  util.func public @globalReachesExternal(%arg0: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c7_i32 = arith.constant 7 : i32
    %var = util.global.load @var : !stream.resource<variable>
    %0 = stream.resource.size %var : !stream.resource<variable>
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev0>) : !stream.resource<transient>{%arg0} => !stream.timepoint
    %c0_0 = arith.constant 0 : index
    %1 = stream.cmd.execute await(%result_timepoint) => with(%result as %arg1: !stream.resource<transient>{%arg0}) {
      stream.cmd.fill %c7_i32, %arg1[%c0_0 for %arg0] : i32 -> !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    %c0_1 = arith.constant 0 : index
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized await(%1) => !stream.resource<transient>{%c16} => !stream.timepoint
    %2 = stream.timepoint.join max(%1, %result_timepoint_3) => !stream.timepoint
    %3 = stream.cmd.execute await(%2) => with(%result as %arg1: !stream.resource<transient>{%arg0}, %var as %arg2: !stream.resource<variable>{%0}, %result_2 as %arg3: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c7_i32, %arg3[%c0_1 for %c16] : i32 -> !stream.resource<transient>{%c16}
      stream.cmd.concurrent {
        stream.cmd.call @ext(rw %arg3[%c0 for %c16]) : (!stream.resource<transient>{%c16}) -> ()
      }
    } => !stream.timepoint
    %4 = util.optimization_barrier %result_2 : !stream.resource<transient>
    util.return %3 : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev0 : !hal.device
  util.global private @dev1 : !hal.device
  util.global private mutable @init0_var : !stream.resource<variable>
  stream.cmd.func private @callee2(%arg0: i32, %arg1: i32, %arg2[%arg3 for %arg4]: !stream.resource<*>, %arg5[%arg6 for %arg7]: !stream.resource<*>)
  util.initializer {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c65536 = arith.constant 65536 : index
    %c262144 = arith.constant 262144 : index
    %c36_i8 = arith.constant 36 : i8
    %c62_i32 = arith.constant 62 : i32
    %c130_i32 = arith.constant 130 : i32
    %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<external>{%c262144} => !stream.timepoint
    %c0_0 = arith.constant 0 : index
    %result_1, %result_timepoint_2 = stream.resource.alloca uninitialized : !stream.resource<transient>{%c4} => !stream.timepoint
    %result_3, %result_timepoint_4 = stream.resource.alloca uninitialized : !stream.resource<variable>{%c262144} => !stream.timepoint
    %result_5, %result_timepoint_6 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev1>) : !stream.resource<external>{%c4} => !stream.timepoint
    %0:2 = stream.resource.pack slices({
      [0, 1] = %c65536
    }) : index
    %result_7, %result_timepoint_8 = stream.resource.alloca uninitialized : !stream.resource<transient>{%0#0} => !stream.timepoint
    %1 = stream.timepoint.join max(%result_timepoint, %result_timepoint_2, %result_timepoint_4, %result_timepoint_6, %result_timepoint_8) => !stream.timepoint
    %2 = stream.cmd.execute once await(%1) => with(%result as %arg0: !stream.resource<external>{%c262144}, %result_1 as %arg1: !stream.resource<transient>{%c4}, %result_3 as %arg2: !stream.resource<variable>{%c262144}, %result_5 as %arg3: !stream.resource<external>{%c4}, %result_7 as %arg4: !stream.resource<transient>{%0#0}) {
      stream.cmd.fill %c130_i32, %arg4[%0#1 for %c65536] : i32 -> !stream.resource<transient>{%0#0}
      stream.cmd.concurrent {
        stream.cmd.dispatch @ex0_b3_p1::@entry[%c1](%c62_i32 : i32) {
          rw %arg4[%0#1 for %c65536] : !stream.resource<transient>{%0#0},
          wo %arg0[%c0_0 for %c262144] : !stream.resource<external>{%c262144},
          wo %arg1[%c0_0 for %c4] : !stream.resource<transient>{%c4}
        }
      }
      stream.cmd.invalidate from(#hal.device.affinity<@dev1>) %arg1[%c0_0 for %c4] : !stream.resource<transient>{%c4}
      stream.cmd.copy %arg1[%c0_0], %arg3[%c0_0], %c4 : !stream.resource<transient>{%c4} -> !stream.resource<external>{%c4}
      stream.cmd.flush to(#hal.device.affinity<@dev1>) %arg3[%c0_0 for %c4] : !stream.resource<external>{%c4}
      stream.cmd.fill %c36_i8, %arg1[%c0 for %c4] : i8 -> !stream.resource<transient>{%c4}
      stream.cmd.copy %arg0[%c0_0], %arg2[%c0_0], %c262144 : !stream.resource<external>{%c262144} -> !stream.resource<variable>{%c262144}
    } => !stream.timepoint
    %3 = stream.resource.dealloca await(%2) => %result_7 : !stream.resource<transient>{%0#0} => !stream.timepoint
    %4 = stream.timepoint.join max(%3, %2) => !stream.timepoint
    %5 = stream.timepoint.await %4 => %result_3 : !stream.resource<variable>{%c262144}
    util.global.store %5, @init0_var : !stream.resource<variable>
    %6 = util.call @relay_transient(%result_1, %c4) : (!stream.resource<transient>, index) -> !stream.timepoint
    %7 = util.call @relay_external(%result_5, %c4) : (!stream.resource<external>, index) -> !stream.timepoint
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
    %c0_0 = arith.constant 0 : index
    %1:3 = stream.resource.pack on(#hal.device.affinity<@dev0>) slices({
      [0, 0] = %c65536,
      [0, 0] = %0
    }) : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev0>) : !stream.resource<transient>{%1#0} => !stream.timepoint
    %2 = stream.resource.subview %result[%1#1] : !stream.resource<transient>{%1#0} -> !stream.resource<transient>{%c65536}
    %3 = stream.resource.subview %result[%1#2] : !stream.resource<transient>{%1#0} -> !stream.resource<transient>{%0}
    %4:10 = stream.resource.pack on(#hal.device.affinity<@dev0>) slices({
      [1, 6] = %arg1,
      [2, 6] = %c64,
      [2, 7] = %c256,
      [3, 5] = %c512,
      [5, 5] = %c100,
      [5, 5] = %0,
      [6, 6] = %arg1,
      [6, 6] = %arg1,
      [7, 7] = %0
    }) : index
    %result_1, %result_timepoint_2 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev0>) : !stream.resource<transient>{%4#0} => !stream.timepoint
    %5 = stream.timepoint.join max(%result_timepoint, %result_timepoint_2) => !stream.timepoint
    %6 = stream.cmd.execute on(#hal.device.affinity<@dev0>) await(%5) => with(%arg2 as %arg3: !stream.resource<external>{%arg1}, %2 as %arg4: !stream.resource<transient>{%c65536}, %3 as %arg5: !stream.resource<transient>{%0}, %result_1 as %arg6: !stream.resource<transient>{%4#0}) {
      stream.cmd.copy %arg3[%c0_0], %arg6[%4#1], %arg1 : !stream.resource<external>{%arg1} -> !stream.resource<transient>{%4#0}
      stream.cmd.dispatch @ex7_b2_p1::@entry[%c1](%c4 : index) {
        wo %arg6[%4#2 for %c64] : !stream.resource<transient>{%4#0},
        wo %arg6[%4#3 for %c256] : !stream.resource<transient>{%4#0}
      }
      stream.cmd.dispatch @undeclared_ex1::@entry2(%c4, %c4 : index, index) {
        ro %arg3[%c0 for %arg1] : !stream.resource<external>{%arg1},
        ro %arg6[%4#2 for %c64] : !stream.resource<transient>{%4#0},
        wo %arg6[%4#4 for %c512] : !stream.resource<transient>{%4#0}
      }
      stream.cmd.copy %arg6[%4#4], %arg6[%4#4], %c512 : !stream.resource<transient>{%4#0} -> !stream.resource<transient>{%4#0}
      stream.cmd.dispatch @ex9_b5_p0::@entry[%c1] {
        rw %arg6[%4#1 for %arg1] : !stream.resource<transient>{%4#0},
        ro %arg6[%4#4 for %c512] : !stream.resource<transient>{%4#0},
        ro %arg6[%4#3 for %c256] : !stream.resource<transient>{%4#0},
        wo %arg6[%4#5 for %c100] : !stream.resource<transient>{%4#0},
        wo %arg6[%4#6 for %0] : !stream.resource<transient>{%4#0}
      }
      stream.cmd.dispatch @ex10_b5_p1::@entry[%c4, %c1](%c19_i32 : i32) {
        ro %arg6[%4#1 for %arg1] : !stream.resource<transient>{%4#0},
        rw %arg4[%c0 for %c65536] : !stream.resource<transient>{%c65536},
        ro %arg6[%4#2 for %c64] : !stream.resource<transient>{%4#0},
        wo %arg6[%4#7 for %arg1] : !stream.resource<transient>{%4#0},
        wo %arg6[%4#8 for %arg1] : !stream.resource<transient>{%4#0}
      }
      stream.cmd.dispatch @ex11_b3_p0::@entry[%c4, %c1] {
        ro %arg6[%4#3 for %c256] : !stream.resource<transient>{%4#0},
        wo %arg6[%4#9 for %0] : !stream.resource<transient>{%4#0},
        wo %arg5[%c0_0 for %0] : !stream.resource<transient>{%0}
      }
    } => !stream.timepoint
    %7 = stream.resource.dealloca on(#hal.device.affinity<@dev0>) await(%6) => %result_1 : !stream.resource<transient>{%4#0} => !stream.timepoint
    %8 = stream.timepoint.join max(%7, %6) => !stream.timepoint
    %result_3, %result_timepoint_4 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev0>) await(%8) => !stream.resource<external>{%arg1} => !stream.timepoint
    %c0_5 = arith.constant 0 : index
    %result_6, %result_timepoint_7 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev0>) await(%8) => !stream.resource<transient>{%arg1} => !stream.timepoint
    %9:4 = stream.resource.pack on(#hal.device.affinity<@dev0>) slices({
      [0, 0] = %c16384,
      [0, 2] = %arg1,
      [2, 4] = %arg1
    }) : index
    %result_8, %result_timepoint_9 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev0>) await(%8) => !stream.resource<transient>{%9#0} => !stream.timepoint
    %10 = stream.timepoint.join max(%8, %result_timepoint_4, %result_timepoint_7, %result_timepoint_9) => !stream.timepoint
    %11 = stream.cmd.execute on(#hal.device.affinity<@dev0>) await(%10) => with(%result_3 as %arg3: !stream.resource<external>{%arg1}, %result_6 as %arg4: !stream.resource<transient>{%arg1}, %result_8 as %arg5: !stream.resource<transient>{%9#0}) {
      stream.cmd.dispatch @undeclared_ex2::@entry0[%c4, %c1](%c15_i32 : i32) {
        wo %arg5[%9#1 for %c16384] : !stream.resource<transient>{%9#0},
        wo %arg5[%9#2 for %arg1] : !stream.resource<transient>{%9#0}
      }
      stream.cmd.copy %arg5[%9#2], %arg3[%c0_5], %arg1 : !stream.resource<transient>{%9#0} -> !stream.resource<external>{%arg1}
      stream.cmd.invalidate from(#hal.device.affinity<@dev1>) %arg5[%9#2 for %arg1] : !stream.resource<transient>{%9#0}
      stream.cmd.copy %arg5[%9#2], %arg5[%9#3], %arg1 : !stream.resource<transient>{%9#0} -> !stream.resource<transient>{%9#0}
      stream.cmd.copy %arg3[%c0_5], %arg3[%c0_5], %arg1 : !stream.resource<external>{%arg1} -> !stream.resource<external>{%arg1}
      stream.cmd.copy %arg5[%9#3], %arg4[%c0_5], %arg1 : !stream.resource<transient>{%9#0} -> !stream.resource<transient>{%arg1}
      stream.cmd.copy %arg4[%c0_5], %arg3[%c0], %arg1 : !stream.resource<transient>{%arg1} -> !stream.resource<external>{%arg1}
    } => !stream.timepoint
    %12 = stream.resource.dealloca on(#hal.device.affinity<@dev0>) await(%11) => %result_8 : !stream.resource<transient>{%9#0} => !stream.timepoint
    %13 = stream.timepoint.join max(%12, %11) => !stream.timepoint
    %14:3 = stream.resource.pack on(#hal.device.affinity<@dev0>) slices({
      [0, 0] = %0,
      [0, 0] = %arg1
    }) : index
    %result_10, %result_timepoint_11 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev0>) await(%13) => !stream.resource<transient>{%14#0} => !stream.timepoint
    %15 = stream.resource.subview %result_10[%14#1] : !stream.resource<transient>{%14#0} -> !stream.resource<transient>{%0}
    %16 = stream.resource.subview %result_10[%14#2] : !stream.resource<transient>{%14#0} -> !stream.resource<transient>{%arg1}
    %c0_12 = arith.constant 0 : index
    %17:3 = stream.resource.pack on(#hal.device.affinity<@dev0>) slices({
      [1, 1] = %c512,
      [1, 1] = %c1048576
    }) : index
    %result_13, %result_timepoint_14 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev0>) await(%13) => !stream.resource<transient>{%17#0} => !stream.timepoint
    %18 = stream.timepoint.join max(%13, %result_timepoint_11, %result_timepoint_14) => !stream.timepoint
    %19 = stream.cmd.execute on(#hal.device.affinity<@dev0>) await(%18) => with(%15 as %arg3: !stream.resource<transient>{%0}, %16 as %arg4: !stream.resource<transient>{%arg1}, %result_13 as %arg5: !stream.resource<transient>{%17#0}) {
      stream.cmd.fill %c130_i32, %arg3[%c0_12 for %0] : i32 -> !stream.resource<transient>{%0}
      stream.cmd.concurrent {
        stream.cmd.fill %c9_i32, %arg3[%c0 for %0] : i32 -> !stream.resource<transient>{%0}
        stream.cmd.call @callee2(%c2_i32, %c19_i32, wo %arg5[%17#1 for %c512], wo %arg4[%c0_12 for %arg1]) : (i32, i32, !stream.resource<transient>{%17#0}, !stream.resource<transient>{%arg1}) -> ()
        stream.cmd.fill %c14_i16, %arg5[%17#2 for %c1048576] : i16 -> !stream.resource<transient>{%17#0}
      }
    } => !stream.timepoint
    %20 = stream.resource.dealloca on(#hal.device.affinity<@dev0>) await(%19) => %result_13 : !stream.resource<transient>{%17#0} => !stream.timepoint
    %21 = stream.timepoint.join max(%20, %19) => !stream.timepoint
    %22 = util.call @relay_transient(%16, %arg1) : (!stream.resource<transient>, index) -> !stream.timepoint
    util.return %2, %result_3, %21 : !stream.resource<transient>, !stream.resource<external>, !stream.timepoint
  }
  util.func private @relay_transient(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %c0_0 = arith.constant 0 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%arg1} => !stream.timepoint
    %0 = stream.cmd.execute await(%result_timepoint) => with(%arg0 as %arg2: !stream.resource<transient>{%arg1}, %result as %arg3: !stream.resource<transient>{%arg1}) {
      stream.cmd.dispatch @relay_ex::@entry {
        ro %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1},
        wo %arg3[%c0_0 for %arg1] : !stream.resource<transient>{%arg1}
      }
    } => !stream.timepoint
    util.return %0 : !stream.timepoint
  }
  util.func private @relay_external(%arg0: !stream.resource<external>, %arg1: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %c0_0 = arith.constant 0 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev1>) : !stream.resource<transient>{%arg1} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@dev1>) await(%result_timepoint) => with(%arg0 as %arg2: !stream.resource<external>{%arg1}, %result as %arg3: !stream.resource<transient>{%arg1}) {
      stream.cmd.dispatch @relay_ex::@entry {
        ro %arg2[%c0 for %arg1] : !stream.resource<external>{%arg1},
        wo %arg3[%c0_0 for %arg1] : !stream.resource<transient>{%arg1}
      }
    } => !stream.timepoint
    util.return %0 : !stream.timepoint
  }
}
