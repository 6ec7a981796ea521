util.global private @dev : !hal.device
util.func public @f(%arg0: index, %arg1: !stream.timepoint) -> (index, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c7_i32 = arith.constant 7 : i32
  %0 = util.optimization_barrier %arg0 : index
  util.return %0, %arg1 : index, !stream.timepoint
}
func.func @g(%arg0: index) -> index {
  return %arg0 : index
}
