// Concurrent regions: yields emptied, block arguments dropped, body moved into
// stream.cmd.concurrent; nested concurrent regions convert recursively.
util.func public @concurrent_regions(%operand: !stream.resource<transient>, %size: index) -> (!stream.resource<transient>, !stream.resource<transient>, !stream.timepoint) {
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
  util.return %results#0, %results#1, %result_timepoint : !stream.resource<transient>, !stream.resource<transient>, !stream.timepoint
}

// -----

util.func public @in_place_concurrent_copies(%source: !stream.resource<external>, %target: !stream.resource<transient>, %size: index) -> (!stream.resource<transient>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c144 = arith.constant 144 : index
  %result, %result_timepoint = stream.async.execute with(%source as %captured_source: !stream.resource<external>{%size}, %target as %captured_target: !stream.resource<transient>{%size}) -> (%target as !stream.resource<transient>{%size}) {
    %0 = stream.async.concurrent with(%captured_source as %concurrent_source: !stream.resource<external>{%size}, %captured_target as %concurrent_target: !stream.resource<transient>{%size}) -> (%captured_target as !stream.resource<transient>{%size}) {
      %copy0 = stream.async.copy %concurrent_source[%c0 to %c16], %concurrent_target[%c0 to %c16], %c16 : !stream.resource<external>{%size} -> %concurrent_target as !stream.resource<transient>{%size}
      %copy1 = stream.async.copy %concurrent_source[%c16 to %c144], %copy0[%c16 to %c144], %c128 : !stream.resource<external>{%size} -> %copy0 as !stream.resource<transient>{%size}
      stream.yield %copy1 : !stream.resource<transient>{%size}
    }
    stream.yield %0 : !stream.resource<transient>{%size}
  } => !stream.timepoint
  util.return %result, %result_timepoint : !stream.resource<transient>, !stream.timepoint
}

// -----

// Two waves, the second holding a nested one, with locals flowing between
// them.  (A value made and consumed inside one wave gets no storage in 3.13:
// iree-opt crashes on that, so there is none here.)
util.func public @nested_waves(%in: !stream.resource<external>, %n: index) -> (!stream.resource<external>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %c3_i32 = arith.constant 3 : i32
  %r, %rt = stream.async.execute with(%in as %a: !stream.resource<external>{%n}) -> (%in as !stream.resource<external>{%n}) {
    %w:2 = stream.async.concurrent with(%a as %x: !stream.resource<external>{%n}) -> (!stream.resource<transient>{%c64}, !stream.resource<transient>{%c64}) {
      %s0 = stream.async.splat %c3_i32 : i32 -> !stream.resource<transient>{%c64}
      %c1 = stream.async.clone %x : !stream.resource<external>{%n} -> !stream.resource<transient>{%c64}
      stream.yield %s0, %c1 : !stream.resource<transient>{%c64}, !stream.resource<transient>{%c64}
    }
    %o = stream.async.concurrent with(%w#0 as %p: !stream.resource<transient>{%c64}, %w#1 as %q: !stream.resource<transient>{%c64}, %a as %y: !stream.resource<external>{%n}) -> (%a as !stream.resource<external>{%n}) {
      %i = stream.async.concurrent with(%p as %pp: !stream.resource<transient>{%c64}, %y as %yy: !stream.resource<external>{%n}) -> (%y as !stream.resource<external>{%n}) {
        %u = stream.async.update %pp, %yy[%c8 to %c64] : !stream.resource<transient>{%c64} -> %yy as !stream.resource<external>{%n}
        stream.yield %u : !stream.resource<external>{%n}
      }
      %v = stream.async.copy %q[%c0 to %c8], %i[%c0 to %c8], %c8 : !stream.resource<transient>{%c64} -> %i as !stream.resource<external>{%n}
      stream.yield %v : !stream.resource<external>{%n}
    }
    stream.yield %o : !stream.resource<external>{%n}
  } => !stream.timepoint
  util.return %r, %rt : !stream.resource<external>, !stream.timepoint
}
