// schedule-allocation: execute results (tied, subviews, pass-through, new).

util.func public @tiedOperands(%operand: !stream.resource<transient>, %size: index) -> !stream.resource<transient> {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c255_i32 = arith.constant 255 : i32
  %result, %result_timepoint = stream.async.execute with(%operand as %capture: !stream.resource<transient>{%size}) -> (%operand as !stream.resource<transient>{%size}) {
    %0 = stream.async.fill %c255_i32, %capture[%c0 to %c128 for %c128] : i32 -> %capture as !stream.resource<transient>{%size}
    stream.yield %0 : !stream.resource<transient>{%size}
  } => !stream.timepoint
  util.return %result : !stream.resource<transient>
}

// -----

// Subview chains of tied results become one stream.resource.subview outside
// (constant offsets fold, a constant left operand moves right).
util.func public @tiedOperandSubviews(%operand: !stream.resource<external>, %size: index, %offset0: index, %offset1: index, %offset2: index, %length0: index, %length1: index, %length2: index) -> (!stream.resource<external>, !stream.resource<external>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %result0, %result0_timepoint = stream.async.execute with(%operand as %capture: !stream.resource<external>{%size}) -> (%operand as !stream.resource<external>{%length1}) {
    %subview0 = stream.resource.subview %capture[%offset0] : !stream.resource<external>{%size} -> !stream.resource<external>{%length0}
    %subview1 = stream.resource.subview %subview0[%offset1] : !stream.resource<external>{%length0} -> !stream.resource<external>{%length1}
    stream.yield %subview1 : !stream.resource<external>{%length1}
  } => !stream.timepoint
  %result1, %result1_timepoint = stream.async.execute with(%result0 as %capture: !stream.resource<external>{%length1}) -> (%result0 as !stream.resource<external>{%length1}) {
    %subview2 = stream.resource.subview %capture[%offset2] : !stream.resource<external>{%length1} -> !stream.resource<external>{%length2}
    %update = stream.async.update %subview2, %capture[%c0 to %length2] : !stream.resource<external>{%length2} -> %capture as !stream.resource<external>{%length1}
    stream.yield %update : !stream.resource<external>{%length1}
  } => !stream.timepoint
  %result2, %result2_timepoint = stream.async.execute with(%operand as %capture: !stream.resource<external>{%size}) -> (%operand as !stream.resource<external>{%length1}) {
    %s0 = stream.resource.subview %capture[%c16] : !stream.resource<external>{%size} -> !stream.resource<external>{%length0}
    %s1 = stream.resource.subview %s0[%offset1] : !stream.resource<external>{%length0} -> !stream.resource<external>{%length1}
    %s2 = stream.resource.subview %s1[%c32] : !stream.resource<external>{%length1} -> !stream.resource<external>{%length1}
    stream.yield %s2 : !stream.resource<external>{%length1}
  } => !stream.timepoint
  util.return %result1, %result2 : !stream.resource<external>, !stream.resource<external>
}

// -----

util.func public @passthroughOperands(%operand: !stream.resource<transient>, %size: index) -> !stream.resource<transient> {
  %result, %result_timepoint = stream.async.execute with(%operand as %capture: !stream.resource<transient>{%size}) -> !stream.resource<transient>{%size} {
    stream.yield %capture : !stream.resource<transient>{%size}
  } => !stream.timepoint
  util.return %result : !stream.resource<transient>
}

// -----

// Several new results: one pack of [0, 0] slices + one alloca + subviews per
// lifetime; a lone result of another lifetime gets its own alloca.
util.func public @producedResults(%size0: index, %size1: index, %tp: !stream.timepoint) -> (!stream.resource<transient>, !stream.resource<transient>, !stream.resource<external>, !stream.timepoint) {
  %c64 = arith.constant 64 : index
  %c254_i32 = arith.constant 254 : i32
  %c255_i32 = arith.constant 255 : i32
  %results:3, %result_timepoint = stream.async.execute await(%tp) => with() -> (!stream.resource<transient>{%size0}, !stream.resource<external>{%c64}, !stream.resource<transient>{%size1}) {
    %0 = stream.async.splat %c254_i32 : i32 -> !stream.resource<transient>{%size0}
    %1 = stream.async.splat %c255_i32 : i32 -> !stream.resource<external>{%c64}
    %2 = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%size1}
    stream.yield %0, %1, %2 : !stream.resource<transient>{%size0}, !stream.resource<external>{%c64}, !stream.resource<transient>{%size1}
  } => !stream.timepoint
  util.return %results#0, %results#2, %results#1, %result_timepoint : !stream.resource<transient>, !stream.resource<transient>, !stream.resource<external>, !stream.timepoint
}

// -----

// Results pinned by a transfer go where the transfer sends them.
util.global private @dev : !hal.device
util.func public @transferResult(%operand: !stream.resource<external>, %size: index) -> (!stream.resource<external>, !stream.resource<external>) {
  %results:2, %result_timepoint = stream.async.execute on(#hal.device.affinity<@dev, [0]>) with(%operand as %capture: !stream.resource<external>{%size}) -> (!stream.resource<external>{%size}, !stream.resource<external>{%size}) {
    %0 = stream.async.transfer %capture : !stream.resource<external>{%size} -> to(#hal.device.affinity<@dev, [1]>) !stream.resource<external>{%size}
    %1 = stream.async.clone %capture : !stream.resource<external>{%size} -> !stream.resource<external>{%size}
    stream.yield %0, %1 : !stream.resource<external>{%size}, !stream.resource<external>{%size}
  } => !stream.timepoint
  util.return %results#0, %results#1 : !stream.resource<external>, !stream.resource<external>
}
