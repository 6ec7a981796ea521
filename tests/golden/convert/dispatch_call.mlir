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
    %c0 = arith.constant 0 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%arg1} => !stream.timepoint
    %0 = stream.cmd.execute await(%result_timepoint) => with(%arg0 as %arg5: !stream.resource<transient>{%arg1}, %result as %arg6: !stream.resource<transient>{%arg1}) {
      stream.cmd.dispatch @executable::@dispatch[%c1, %c1, %c1](%c4 : index) {
        rw %arg5[%arg2 for %arg4] : !stream.resource<transient>{%arg1},
        wo %arg6[%c0 for %arg1] : !stream.resource<transient>{%arg1}
      }
    } => !stream.timepoint
    util.return %arg0, %result, %0 : !stream.resource<transient>, !stream.resource<transient>, !stream.timepoint
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
    %c0_0 = arith.constant 0 : index
    %0:4 = stream.resource.pack slices({
      [0, 2] = %c72,
      [1, 2] = %c64,
      [2, 3] = %c64
    }) : index
    %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%0#0} => !stream.timepoint
    %1 = arith.addi %0#1, %c8 : index
    %2 = arith.addi %0#1, %c8 : index
    %3 = stream.cmd.execute await(%result_timepoint) => with(%arg0 as %arg3: !stream.resource<external>{%arg1}, %result as %arg4: !stream.resource<transient>{%0#0}) {
      stream.cmd.fill %arg2, %arg4[%0#1 for %c72] : i32 -> !stream.resource<transient>{%0#0}
      stream.cmd.dispatch @ex::@d2(%c4 : index) {
        rw %arg4[%2 for %c64] : !stream.resource<transient>{%0#0},
        wo %arg4[%0#2 for %c64] : !stream.resource<transient>{%0#0}
      }
      stream.cmd.dispatch @ex::@d3[%c4, %c8](%arg2, %c4 : i32, index) {
        ro %arg4[%0#2 for %c64] : !stream.resource<transient>{%0#0},
        ro %arg4[%1 for %c64] : !stream.resource<transient>{%0#0},
        rw %arg3[%c8 for %c64] : !stream.resource<external>{%arg1},
        wo %arg4[%0#3 for %c64] : !stream.resource<transient>{%0#0}
      } attributes {stream.note = "kept"}
      stream.cmd.copy %arg4[%0#3], %arg3[%c0], %c64 : !stream.resource<transient>{%0#0} -> !stream.resource<external>{%arg1}
    } => !stream.timepoint
    %4 = stream.resource.dealloca await(%3) => %result : !stream.resource<transient>{%0#0} => !stream.timepoint
    %5 = stream.timepoint.join max(%4, %3) => !stream.timepoint
    util.return %arg0, %5 : !stream.resource<external>, !stream.timepoint
  }
}
// -----
module {
  stream.cmd.func private @callee(%arg0[%arg1 for %arg2]: !stream.resource<*>, %arg3: index, %arg4[%arg5 for %arg6]: !stream.resource<*>, %arg7[%arg8 for %arg9]: !stream.resource<*>)
  stream.cmd.func private @producer(%arg0: i32, %arg1[%arg2 for %arg3]: !stream.resource<*>)
  util.func public @calls(%arg0: !stream.resource<external>, %arg1: index, %arg2: i32) -> (!stream.resource<external>, !stream.resource<external>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %c72 = arith.constant 72 : index
    %c0_0 = arith.constant 0 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<external>{%c64} => !stream.timepoint
    %0:2 = stream.resource.pack slices({
      [0, 1] = %c72
    }) : index
    %result_1, %result_timepoint_2 = stream.resource.alloca uninitialized : !stream.resource<transient>{%0#0} => !stream.timepoint
    %1 = stream.timepoint.join max(%result_timepoint, %result_timepoint_2) => !stream.timepoint
    %2 = arith.addi %0#1, %c8 : index
    %3 = stream.cmd.execute await(%1) => with(%arg0 as %arg3: !stream.resource<external>{%arg1}, %result as %arg4: !stream.resource<external>{%c64}, %result_1 as %arg5: !stream.resource<transient>{%0#0}) {
      stream.cmd.call @producer(%arg2, wo %arg5[%0#1 for %c72]) {stream.tag = 1 : i32} : (i32, !stream.resource<transient>{%0#0}) -> ()
      stream.cmd.call @callee(ro %arg5[%2 for %c64], %c4, rw %arg3[%c8 for %c64], wo %arg4[%c0_0 for %c64]) : (!stream.resource<transient>{%0#0}, index, !stream.resource<external>{%arg1}, !stream.resource<external>{%c64}) -> ()
    } => !stream.timepoint
    %4 = stream.resource.dealloca await(%3) => %result_1 : !stream.resource<transient>{%0#0} => !stream.timepoint
    %5 = stream.timepoint.join max(%4, %3) => !stream.timepoint
    util.return %arg0, %result, %5 : !stream.resource<external>, !stream.resource<external>, !stream.timepoint
  }
}
// -----
module {
  util.global private mutable @var : !stream.resource<variable>
  util.initializer {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c1_i32 = arith.constant 1 : i32
    %results, %result_timepoint = stream.resource.constants : 
      !stream.resource<variable>{%c64} = dense<2> : tensor<16xi32>
      => !stream.timepoint
    %c0_0 = arith.constant 0 : index
    %0 = stream.cmd.execute once await(%result_timepoint) => with(%results as %arg0: !stream.resource<variable>{%c64}) {
      stream.cmd.fill %c1_i32, %arg0[%c0 for %c64] : i32 -> !stream.resource<variable>{%c64}
      stream.cmd.dispatch @ex::@fn {
        rw %arg0[%c0 for %c64] : !stream.resource<variable>{%c64}
      }
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %results : !stream.resource<variable>{%c64}
    util.global.store %1, @var : !stream.resource<variable>
    util.return
  }
}
