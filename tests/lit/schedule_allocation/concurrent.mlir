// schedule-allocation: stream.async.concurrent waves mapped onto the parent.

util.func public @concurrentRegions(%operand: !stream.resource<transient>, %size: index) -> (!stream.resource<transient>, !stream.resource<transient>) {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c254_i32 = arith.constant 254 : i32
  %c255_i32 = arith.constant 255 : i32
  %results:2, %result_timepoint = stream.async.execute with(%operand as %capture: !stream.resource<transient>{%size}) -> (!stream.resource<transient>{%size}, !stream.resource<transient>{%size}) {
    %0:2 = stream.async.concurrent with(%capture as %concurrent_capture: !stream.resource<transient>{%size}) -> (%capture as !stream.resource<transient>{%size}, !stream.resource<transient>{%size}) {
      %1 = stream.async.fill %c254_i32, %concurrent_capture[%c0 to %c128 for %c128] : i32 -> %concurrent_capture as !stream.resource<transient>{%size}
      %2 = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%size}
      stream.yield %1, %2 : !stream.resource<transient>{%size}, !stream.resource<transient>{%size}
    }
    stream.yield %0#0, %0#1 : !stream.resource<transient>{%size}, !stream.resource<transient>{%size}
  } => !stream.timepoint
  util.return %results#0, %results#1 : !stream.resource<transient>, !stream.resource<transient>
}

// -----

// One unused untied dispatch result in a wave: it gets a slice.
util.func public @unusedDispatchResult(%operand: !stream.resource<transient>, %size: index, %offset: index, %end: index, %length: index) -> !stream.resource<transient> {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %result, %result_timepoint = stream.async.execute with(%operand as %capture: !stream.resource<transient>{%size}) -> (%operand as !stream.resource<transient>{%size}) {
    %concurrent = stream.async.concurrent with(%capture as %concurrent_capture: !stream.resource<transient>{%size}) -> (%capture as !stream.resource<transient>{%size}) {
      %0:2 = stream.async.dispatch @executable::@dispatch[%c1, %c1, %c1](%concurrent_capture[%offset to %end for %length], %c4) : (!stream.resource<transient>{%size}, index) -> (%concurrent_capture{%size}, !stream.resource<transient>{%size})
      stream.yield %0#0 : !stream.resource<transient>{%size}
    }
    stream.yield %concurrent : !stream.resource<transient>{%size}
  } => !stream.timepoint
  util.return %result : !stream.resource<transient>
}

// -----

// Nested waves, tied through two levels, a wave result used afterwards.
util.func public @nestedWaves(%in: !stream.resource<external>, %n: index) -> (!stream.resource<external>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c3_i32 = arith.constant 3 : i32
  %r, %t = stream.async.execute with(%in as %a: !stream.resource<external>{%n}) -> (%in as !stream.resource<external>{%n}) {
    %s = stream.async.splat %c3_i32 : i32 -> !stream.resource<transient>{%c64}
    %w:2 = stream.async.concurrent with(%a as %x: !stream.resource<external>{%n}, %s as %y: !stream.resource<transient>{%c64}) -> (%a as !stream.resource<external>{%n}, !stream.resource<transient>{%c64}) {
      %inner:2 = stream.async.concurrent with(%x as %xx: !stream.resource<external>{%n}, %y as %yy: !stream.resource<transient>{%c64}) -> (%x as !stream.resource<external>{%n}, !stream.resource<transient>{%c64}) {
        %f = stream.async.fill %c3_i32, %xx[%c0 to %c64 for %c64] : i32 -> %xx as !stream.resource<external>{%n}
        %c = stream.async.clone %yy : !stream.resource<transient>{%c64} -> !stream.resource<transient>{%c64}
        stream.yield %f, %c : !stream.resource<external>{%n}, !stream.resource<transient>{%c64}
      }
      stream.yield %inner#0, %inner#1 : !stream.resource<external>{%n}, !stream.resource<transient>{%c64}
    }
    %u = stream.async.update %w#1, %w#0[%c0 to %c64] : !stream.resource<transient>{%c64} -> %w#0 as !stream.resource<external>{%n}
    stream.yield %u : !stream.resource<external>{%n}
  } => !stream.timepoint
  util.return %r, %t : !stream.resource<external>, !stream.timepoint
}
