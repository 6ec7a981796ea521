// Our own versions of the cases of IREE's schedule_allocation.mlir lit test
// (compiler/src/iree/compiler/Dialect/Stream/Transforms/test), with the
// removed #hal.affinity.queue replaced by #hal.device.affinity<@dev>.

util.global private @dev : !hal.device

func.func @extract_constants(%timepoint: !stream.timepoint, %operand: !stream.resource<transient>, %size: index) -> (!stream.resource<constant>, !stream.resource<constant>, !stream.resource<transient>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c255_i32 = arith.constant 255 : i32
  %results:3, %result_timepoint = stream.async.execute await(%timepoint) => with(%operand as %capture: !stream.resource<transient>{%size}) -> (!stream.resource<constant>{%c8}, !stream.resource<constant>{%c16}, %operand as !stream.resource<transient>{%size}) {
    %0 = stream.async.constant : !stream.resource<constant>{%c8} = dense<3> : tensor<8xi8>
    %1 = stream.async.constant : !stream.resource<constant>{%c16} = dense<4> : tensor<4x2xi16>
    %2 = stream.async.fill %c255_i32, %capture[%c0 to %c128 for %c128] : i32 -> %capture as !stream.resource<transient>{%size}
    stream.yield %0, %1, %2 : !stream.resource<constant>{%c8}, !stream.resource<constant>{%c16}, !stream.resource<transient>{%size}
  } => !stream.timepoint
  return %results#0, %results#1, %results#2, %result_timepoint : !stream.resource<constant>, !stream.resource<constant>, !stream.resource<transient>, !stream.timepoint
}

// -----

util.global private @dev : !hal.device

func.func @used_constant(%n: index) -> (!stream.resource<external>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %r, %rt = stream.async.execute with() -> !stream.resource<external>{%c16} {
    %k = stream.async.constant : !stream.resource<constant>{%c16} = dense<[1, 2, 3, 4]> : tensor<4xi32>
    %c = stream.async.clone %k : !stream.resource<constant>{%c16} -> !stream.resource<external>{%c16}
    stream.yield %c : !stream.resource<external>{%c16}
  } => !stream.timepoint
  return %r, %rt : !stream.resource<external>, !stream.timepoint
}

// -----

util.global private @dev : !hal.device

func.func @passthrough_operands(%operand: !stream.resource<transient>, %size: index) -> !stream.resource<transient> {
  %result, %result_timepoint = stream.async.execute with(%operand as %capture: !stream.resource<transient>{%size}) -> (%operand as !stream.resource<transient>{%size}) {
    stream.yield %capture : !stream.resource<transient>{%size}
  } => !stream.timepoint
  return %result : !stream.resource<transient>
}

// -----

util.global private @dev : !hal.device

func.func @captured_operands(%operand: !stream.resource<transient>, %size: index) -> !stream.timepoint {
  %result_timepoint = stream.async.execute with(%operand as %capture: !stream.resource<transient>{%size}) {
    %0 = stream.async.clone %capture : !stream.resource<transient>{%size} -> !stream.resource<transient>{%size}
    stream.yield
  } => !stream.timepoint
  return %result_timepoint : !stream.timepoint
}

// -----

util.global private @dev : !hal.device

func.func @tied_operands(%operand: !stream.resource<transient>, %size: index) -> !stream.resource<transient> {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c255_i32 = arith.constant 255 : i32
  %result, %result_timepoint = stream.async.execute with(%operand as %capture: !stream.resource<transient>{%size}) -> (%operand as !stream.resource<transient>{%size}) {
    %0 = stream.async.fill %c255_i32, %capture[%c0 to %c128 for %c128] : i32 -> %capture as !stream.resource<transient>{%size}
    stream.yield %0 : !stream.resource<transient>{%size}
  } => !stream.timepoint
  return %result : !stream.resource<transient>
}

// -----

util.global private @dev : !hal.device

func.func @produced_results(%size0: index, %size1: index) -> (!stream.resource<transient>, !stream.resource<transient>, !stream.timepoint) {
  %c254_i32 = arith.constant 254 : i32
  %c255_i32 = arith.constant 255 : i32
  %results:2, %result_timepoint = stream.async.execute with() -> (!stream.resource<transient>{%size0}, !stream.resource<transient>{%size1}) {
    %0 = stream.async.splat %c254_i32 : i32 -> !stream.resource<transient>{%size0}
    %1 = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%size1}
    stream.yield %0, %1 : !stream.resource<transient>{%size0}, !stream.resource<transient>{%size1}
  } => !stream.timepoint
  return %results#0, %results#1, %result_timepoint : !stream.resource<transient>, !stream.resource<transient>, !stream.timepoint
}

// -----

util.global private @dev : !hal.device

func.func @locals(%size0: index, %size1: index, %await_timepoint: !stream.timepoint) -> !stream.timepoint {
  %c254_i32 = arith.constant 254 : i32
  %c255_i32 = arith.constant 255 : i32
  %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev>) await(%await_timepoint) => with() {
    %0 = stream.async.splat %c254_i32 : i32 -> !stream.resource<transient>{%size0}
    %1 = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%size1}
    stream.yield
  } => !stream.timepoint
  return %result_timepoint : !stream.timepoint
}

// -----

util.global private @dev : !hal.device

func.func @async_load_store(%operand: !stream.resource<staging>, %size: index) -> f32 {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 5.4 : f32
  %0 = stream.async.store %cst, %operand[%c0] : f32 -> %operand as !stream.resource<staging>{%size}
  %1 = stream.async.load %0[%c0] : !stream.resource<staging>{%size} -> f32
  return %1 : f32
}
