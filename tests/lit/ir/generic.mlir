// Generic form of stream ops, mixed with pretty ops.
"util.func"() <{function_type = (!stream.resource<external>, index, !stream.timepoint) -> (!stream.resource<external>, !stream.timepoint), sym_name = "gen", sym_visibility = "public", tied_operands = [-1 : index, -1 : index]}> ({
^bb0(%arg0: !stream.resource<external>, %arg1: index, %arg2: !stream.timepoint):
  %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
  %c64 = arith.constant 64 : index
  %c7 = "arith.constant"() <{value = 7 : i32}> : () -> i32
  %0:3 = "stream.async.execute"(%arg0, %arg1, %arg1, %c64, %arg2) <{operandSegmentSizes = array<i32: 1, 1, 2, 1>, tied_operands = [0 : index, -1 : index]}> ({
  ^bb0(%arg3: !stream.resource<external>):
    %1 = "stream.async.splat"(%c7, %c64) : (i32, index) -> !stream.resource<transient>
    %2 = "stream.async.fill"(%arg3, %arg1, %c0, %c64, %c64, %c7) : (!stream.resource<external>, index, index, index, index, i32) -> !stream.resource<external>
    %3 = stream.async.clone %1 : !stream.resource<transient>{%c64} -> !stream.resource<external>{%c64}
    "stream.yield"(%2, %3, %arg1, %c64) : (!stream.resource<external>, !stream.resource<external>, index, index) -> ()
  }) : (!stream.resource<external>, index, index, index, !stream.timepoint) -> (!stream.resource<external>, !stream.resource<external>, !stream.timepoint)
  %4 = "stream.timepoint.join"(%arg2, %0#2) : (!stream.timepoint, !stream.timepoint) -> !stream.timepoint
  "util.return"(%0#0, %4) : (!stream.resource<external>, !stream.timepoint) -> ()
}) : () -> ()
