module {
  util.global private @dev0 : !hal.device
  stream.executable private @ex {
    stream.executable.export public @disp 
    builtin.module {
      func.func @disp(%arg0: !stream.binding, %arg1: !stream.binding, %arg2: !stream.binding, %arg3: index) {
        return
      }
    }
  }
  stream.cmd.func private @ext(%arg0[%arg1 for %arg2]: !stream.resource<*>, %arg3: index, %arg4[%arg5 for %arg6]: !stream.resource<*>)
  util.func public @all(%arg0: !stream.resource<external>, %arg1: index, %arg2: !stream.timepoint, %arg3: !stream.channel) -> (!stream.resource<external>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %c7_i32 = arith.constant 7 : i32
    %results, %result_timepoint = stream.resource.constants on(#hal.device.affinity<@dev0>) : 
      !stream.resource<constant>{%c64} = dense<1> : tensor<16xi32>
      => !stream.timepoint
    %c0_0 = arith.constant 0 : index
    %result, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev0>) await(%arg2) => !stream.resource<external>{%c256} => !stream.timepoint
    %0:6 = stream.resource.pack on(#hal.device.affinity<@dev0>) slices({
      [1, 2] = %c256,
      [2, 7] = %c256,
      [3, 5] = %c128,
      [7, 11] = %c256,
      [8, 9] = %c256
    }) : index
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev0>) await(%arg2) => !stream.resource<transient>{%0#0} => !stream.timepoint
    %1 = stream.timepoint.join max(%arg2, %result_timepoint, %result_timepoint_1, %result_timepoint_3) => !stream.timepoint
    %2 = arith.addi %0#2, %c128 : index
    %3 = stream.cmd.execute on(#hal.device.affinity<@dev0>) await(%1) => with(%arg0 as %arg4: !stream.resource<external>{%arg1}, %results as %arg5: !stream.resource<constant>{%c64}, %result as %arg6: !stream.resource<external>{%c256}, %result_2 as %arg7: !stream.resource<transient>{%0#0}) {
      stream.cmd.fill %c7_i32, %arg7[%0#1 for %c256] : i32 -> !stream.resource<transient>{%0#0}
      stream.cmd.copy %arg7[%0#1], %arg7[%0#2], %c256 : !stream.resource<transient>{%0#0} -> !stream.resource<transient>{%0#0}
      stream.cmd.copy %arg7[%0#2], %arg7[%0#3], %c128 : !stream.resource<transient>{%0#0} -> !stream.resource<transient>{%0#0}
      stream.cmd.fill %c7_i32, %arg7[%0#2 for %c64] : i32 -> !stream.resource<transient>{%0#0}
      stream.cmd.copy %arg7[%0#3], %arg7[%2], %c128 : !stream.resource<transient>{%0#0} -> !stream.resource<transient>{%0#0}
      stream.cmd.copy %arg5[%c0], %arg7[%0#2], %c64 : !stream.resource<constant>{%c64} -> !stream.resource<transient>{%0#0}
      stream.cmd.concurrent {
        stream.cmd.dispatch @ex::@disp[%c4](%c4 : index) {
          ro %arg7[%0#2 for %c256] : !stream.resource<transient>{%0#0},
          rw %arg4[%c0 for %arg1] : !stream.resource<external>{%arg1},
          wo %arg7[%0#4 for %c256] : !stream.resource<transient>{%0#0}
        }
      }
      stream.cmd.call @ext(rw %arg4[%c0 for %arg1], %c4, wo %arg7[%0#5 for %c256]) : (!stream.resource<external>{%arg1}, index, !stream.resource<transient>{%0#0}) -> ()
      stream.cmd.collective<all_reduce with sum : f32>[%c64] channel(%arg3) {
        ro %arg7[%0#5 for %c256] : !stream.resource<transient>{%0#0},
        wo %arg7[%0#4 for %c256] : !stream.resource<transient>{%0#0}
      }
      stream.cmd.copy %arg7[%0#4], %arg7[%0#4], %c256 : !stream.resource<transient>{%0#0} -> !stream.resource<transient>{%0#0}
      stream.cmd.copy %arg7[%0#4], %arg6[%c0_0], %c256 : !stream.resource<transient>{%0#0} -> !stream.resource<external>{%c256}
      stream.cmd.flush to(#hal.device.affinity<@dev0, [1]>) %arg6[%c0_0 for %c256] : !stream.resource<external>{%c256}
    } => !stream.timepoint
    %4 = stream.resource.dealloca on(#hal.device.affinity<@dev0>) await(%3) => %result_2 : !stream.resource<transient>{%0#0} => !stream.timepoint
    %5 = stream.timepoint.join max(%4, %3) => !stream.timepoint
    %6 = stream.timepoint.join max(%arg2, %5) => !stream.timepoint
    %7 = util.optimization_barrier %result : !stream.resource<external>
    util.return %arg0, %6 : !stream.resource<external>, !stream.timepoint
  }
  util.func public @loadstore(%arg0: !stream.resource<staging>, %arg1: index) -> f32 {
    %c0 = arith.constant 0 : index
    %cst = arith.constant 5.000000e+00 : f32
    stream.resource.store %cst, %arg0[%c0] : f32 -> !stream.resource<staging>{%arg1}
    %0 = stream.resource.load %arg0[%c0] : !stream.resource<staging>{%arg1} -> f32
    util.return %0 : f32
  }
  func.func @plainfunc(%arg0: index) -> !stream.timepoint {
    %c9_i8 = arith.constant 9 : i8
    %0:3 = stream.resource.pack slices({
      [0, 0] = %arg0,
      [1, 1] = %arg0
    }) : index
    %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%0#0} => !stream.timepoint
    %1 = stream.cmd.execute await(%result_timepoint) => with(%result as %arg1: !stream.resource<transient>{%0#0}) {
      stream.cmd.fill %c9_i8, %arg1[%0#2 for %arg0] : i8 -> !stream.resource<transient>{%0#0}
    } => !stream.timepoint
    %2 = stream.resource.dealloca await(%1) => %result : !stream.resource<transient>{%0#0} => !stream.timepoint
    %3 = stream.timepoint.join max(%2, %1) => !stream.timepoint
    return %3 : !stream.timepoint
  }
}
