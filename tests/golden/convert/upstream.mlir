module {
  util.global private @dev : !hal.device
  func.func @extract_constants(%arg0: !stream.timepoint, %arg1: !stream.resource<transient>, %arg2: index) -> (!stream.resource<constant>, !stream.resource<constant>, !stream.resource<transient>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    %c255_i32 = arith.constant 255 : i32
    %results:2, %result_timepoint = stream.resource.constants : 
      !stream.resource<constant>{%c8} = dense<3> : tensor<8xi8>,
      !stream.resource<constant>{%c16} = dense<4> : tensor<4x2xi16>
      => !stream.timepoint
    %c0_0 = arith.constant 0 : index
    %0 = stream.cmd.execute await(%arg0) => with(%arg1 as %arg3: !stream.resource<transient>{%arg2}) {
      stream.cmd.fill %c255_i32, %arg3[%c0 for %c128] : i32 -> !stream.resource<transient>{%arg2}
    } => !stream.timepoint
    %1 = stream.timepoint.join max(%result_timepoint, %0) => !stream.timepoint
    return %results#0, %results#1, %arg1, %1 : !stream.resource<constant>, !stream.resource<constant>, !stream.resource<transient>, !stream.timepoint
  }
}
// -----
module {
  util.global private @dev : !hal.device
  func.func @used_constant(%arg0: index) -> (!stream.resource<external>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %results, %result_timepoint = stream.resource.constants : 
      !stream.resource<constant>{%c16} = dense<[1, 2, 3, 4]> : tensor<4xi32>
      => !stream.timepoint
    %c0_0 = arith.constant 0 : index
    %result, %result_timepoint_1 = stream.resource.alloca uninitialized : !stream.resource<external>{%c16} => !stream.timepoint
    %0 = stream.timepoint.join max(%result_timepoint, %result_timepoint_1) => !stream.timepoint
    %1 = stream.cmd.execute await(%0) => with(%results as %arg1: !stream.resource<constant>{%c16}, %result as %arg2: !stream.resource<external>{%c16}) {
      stream.cmd.copy %arg1[%c0_0], %arg2[%c0_0], %c16 : !stream.resource<constant>{%c16} -> !stream.resource<external>{%c16}
    } => !stream.timepoint
    return %result, %1 : !stream.resource<external>, !stream.timepoint
  }
}
// -----
module {
  util.global private @dev : !hal.device
  func.func @passthrough_operands(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.resource<transient> {
    %c0 = arith.constant 0 : index
    %0 = stream.cmd.execute with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    } => !stream.timepoint
    return %arg0 : !stream.resource<transient>
  }
}
// -----
module {
  util.global private @dev : !hal.device
  func.func @captured_operands(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %0:2 = stream.resource.pack slices({
      [0, 0] = %arg1
    }) : index
    %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%0#0} => !stream.timepoint
    %1 = stream.cmd.execute await(%result_timepoint) => with(%arg0 as %arg2: !stream.resource<transient>{%arg1}, %result as %arg3: !stream.resource<transient>{%0#0}) {
      stream.cmd.copy %arg2[%c0], %arg3[%0#1], %arg1 : !stream.resource<transient>{%arg1} -> !stream.resource<transient>{%0#0}
    } => !stream.timepoint
    %2 = stream.resource.dealloca await(%1) => %result : !stream.resource<transient>{%0#0} => !stream.timepoint
    %3 = stream.timepoint.join max(%2, %1) => !stream.timepoint
    return %3 : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev : !hal.device
  func.func @tied_operands(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.resource<transient> {
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %c255_i32 = arith.constant 255 : i32
    %c0_0 = arith.constant 0 : index
    %0 = stream.cmd.execute with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
      stream.cmd.fill %c255_i32, %arg2[%c0 for %c128] : i32 -> !stream.resource<transient>{%arg1}
    } => !stream.timepoint
    return %arg0 : !stream.resource<transient>
  }
}
// -----
module {
  util.global private @dev : !hal.device
  func.func @produced_results(%arg0: index, %arg1: index) -> (!stream.resource<transient>, !stream.resource<transient>, !stream.timepoint) {
    %c254_i32 = arith.constant 254 : i32
    %c255_i32 = arith.constant 255 : i32
    %0:3 = stream.resource.pack slices({
      [0, 0] = %arg0,
      [0, 0] = %arg1
    }) : index
    %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%0#0} => !stream.timepoint
    %1 = stream.resource.subview %result[%0#1] : !stream.resource<transient>{%0#0} -> !stream.resource<transient>{%arg0}
    %2 = stream.resource.subview %result[%0#2] : !stream.resource<transient>{%0#0} -> !stream.resource<transient>{%arg1}
    %c0 = arith.constant 0 : index
    %3 = stream.cmd.execute await(%result_timepoint) => with(%1 as %arg2: !stream.resource<transient>{%arg0}, %2 as %arg3: !stream.resource<transient>{%arg1}) {
      stream.cmd.fill %c254_i32, %arg2[%c0 for %arg0] : i32 -> !stream.resource<transient>{%arg0}
      stream.cmd.fill %c255_i32, %arg3[%c0 for %arg1] : i32 -> !stream.resource<transient>{%arg1}
    } => !stream.timepoint
    return %1, %2, %3 : !stream.resource<transient>, !stream.resource<transient>, !stream.timepoint
  }
}
// -----
module {
  util.global private @dev : !hal.device
  func.func @locals(%arg0: index, %arg1: index, %arg2: !stream.timepoint) -> !stream.timepoint {
    %c254_i32 = arith.constant 254 : i32
    %c255_i32 = arith.constant 255 : i32
    %0:3 = stream.resource.pack on(#hal.device.affinity<@dev>) slices({
      [0, 0] = %arg0,
      [1, 1] = %arg1
    }) : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev>) await(%arg2) => !stream.resource<transient>{%0#0} => !stream.timepoint
    %1 = stream.timepoint.join max(%arg2, %result_timepoint) => !stream.timepoint
    %2 = stream.cmd.execute on(#hal.device.affinity<@dev>) await(%1) => with(%result as %arg3: !stream.resource<transient>{%0#0}) {
      stream.cmd.fill %c254_i32, %arg3[%0#1 for %arg0] : i32 -> !stream.resource<transient>{%0#0}
      stream.cmd.fill %c255_i32, %arg3[%0#2 for %arg1] : i32 -> !stream.resource<transient>{%0#0}
    } => !stream.timepoint
    %3 = stream.resource.dealloca on(#hal.device.affinity<@dev>) await(%2) => %result : !stream.resource<transient>{%0#0} => !stream.timepoint
    %4 = stream.timepoint.join max(%3, %2) => !stream.timepoint
    return %4 : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev : !hal.device
  func.func @async_load_store(%arg0: !stream.resource<staging>, %arg1: index) -> f32 {
    %c0 = arith.constant 0 : index
    %cst = arith.constant 5.400000e+00 : f32
    stream.resource.store %cst, %arg0[%c0] : f32 -> !stream.resource<staging>{%arg1}
    %0 = stream.resource.load %arg0[%c0] : !stream.resource<staging>{%arg1} -> f32
    return %0 : f32
  }
}
