module {
  util.global private @dev : !hal.device
  func.func @extract_constants(%arg0: !stream.timepoint, %arg1: !stream.resource<transient>, %arg2: index) -> (!stream.resource<constant>, !stream.resource<constant>, !stream.resource<transient>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    %c255_i32 = arith.constant 255 : i32
    %results:3, %result_timepoint = stream.async.execute await(%arg0) => with(%arg1 as %arg3: !stream.resource<transient>{%arg2}) -> (!stream.resource<constant>{%c8}, !stream.resource<constant>{%c16}, %arg1{%arg2}) {
      %cst = stream.async.constant : !stream.resource<constant>{%c8} = dense<3> : tensor<8xi8>
      %cst_0 = stream.async.constant : !stream.resource<constant>{%c16} = dense<4> : tensor<4x2xi16>
      %0 = stream.async.fill %c255_i32, %arg3[%c0 to %c128 for %c128] : i32 -> %arg3 as !stream.resource<transient>{%arg2}
      stream.yield %cst, %cst_0, %0 : !stream.resource<constant>{%c8}, !stream.resource<constant>{%c16}, !stream.resource<transient>{%arg2}
    } => !stream.timepoint
    return %results#0, %results#1, %results#2, %result_timepoint : !stream.resource<constant>, !stream.resource<constant>, !stream.resource<transient>, !stream.timepoint
  }
}
// -----
module {
  util.global private @dev : !hal.device
  func.func @used_constant(%arg0: index) -> (!stream.resource<external>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %results, %result_timepoint = stream.async.execute with() -> !stream.resource<external>{%c16} {
      %cst = stream.async.constant : !stream.resource<constant>{%c16} = dense<[1, 2, 3, 4]> : tensor<4xi32>
      %0 = stream.async.clone %cst : !stream.resource<constant>{%c16} -> !stream.resource<external>{%c16}
      stream.yield %0 : !stream.resource<external>{%c16}
    } => !stream.timepoint
    return %results, %result_timepoint : !stream.resource<external>, !stream.timepoint
  }
}
// -----
module {
  util.global private @dev : !hal.device
  func.func @passthrough_operands(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.resource<transient> {
    %results, %result_timepoint = stream.async.execute with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) -> %arg0{%arg1} {
      stream.yield %arg2 : !stream.resource<transient>{%arg1}
    } => !stream.timepoint
    return %results : !stream.resource<transient>
  }
}
// -----
module {
  util.global private @dev : !hal.device
  func.func @captured_operands(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
    %result_timepoint = stream.async.execute with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
      %0 = stream.async.clone %arg2 : !stream.resource<transient>{%arg1} -> !stream.resource<transient>{%arg1}
      stream.yield
    } => !stream.timepoint
    return %result_timepoint : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev : !hal.device
  func.func @tied_operands(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.resource<transient> {
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %c255_i32 = arith.constant 255 : i32
    %results, %result_timepoint = stream.async.execute with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) -> %arg0{%arg1} {
      %0 = stream.async.fill %c255_i32, %arg2[%c0 to %c128 for %c128] : i32 -> %arg2 as !stream.resource<transient>{%arg1}
      stream.yield %0 : !stream.resource<transient>{%arg1}
    } => !stream.timepoint
    return %results : !stream.resource<transient>
  }
}
// -----
module {
  util.global private @dev : !hal.device
  func.func @produced_results(%arg0: index, %arg1: index) -> (!stream.resource<transient>, !stream.resource<transient>, !stream.timepoint) {
    %c254_i32 = arith.constant 254 : i32
    %c255_i32 = arith.constant 255 : i32
    %results:2, %result_timepoint = stream.async.execute with() -> (!stream.resource<transient>{%arg0}, !stream.resource<transient>{%arg1}) {
      %0 = stream.async.splat %c254_i32 : i32 -> !stream.resource<transient>{%arg0}
      %1 = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%arg1}
      stream.yield %0, %1 : !stream.resource<transient>{%arg0}, !stream.resource<transient>{%arg1}
    } => !stream.timepoint
    return %results#0, %results#1, %result_timepoint : !stream.resource<transient>, !stream.resource<transient>, !stream.timepoint
  }
}
// -----
module {
  util.global private @dev : !hal.device
  func.func @locals(%arg0: index, %arg1: index, %arg2: !stream.timepoint) -> !stream.timepoint {
    %c254_i32 = arith.constant 254 : i32
    %c255_i32 = arith.constant 255 : i32
    %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev>) await(%arg2) => with() {
      %0 = stream.async.splat %c254_i32 : i32 -> !stream.resource<transient>{%arg0}
      %1 = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%arg1}
      stream.yield
    } => !stream.timepoint
    return %result_timepoint : !stream.timepoint
  }
}
// -----
module {
  util.global private @dev : !hal.device
  func.func @async_load_store(%arg0: !stream.resource<staging>, %arg1: index) -> f32 {
    %c0 = arith.constant 0 : index
    %cst = arith.constant 5.400000e+00 : f32
    %0 = stream.async.store %cst, %arg0[%c0] : f32 -> %arg0 as !stream.resource<staging>{%arg1}
    %1 = stream.async.load %0[%c0] : !stream.resource<staging>{%arg1} -> f32
    return %1 : f32
  }
}
