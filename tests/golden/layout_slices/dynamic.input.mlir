module {
  util.func public @dyn_buckets(%arg0: index, %arg1: index) -> (index, index, index, index, index, index, index) {
    %0:7 = stream.resource.pack slices({
      [5, 6] = %arg0,
      [0, 9] = %arg1,
      [0, 1] = %arg0,
      [2, 5] = %arg0,
      [7, 8] = %arg1,
      [10, 12] = %arg0
    }) : index
    util.return %0#0, %0#1, %0#2, %0#3, %0#4, %0#5, %0#6 : index, index, index, index, index, index, index
  }
}
// -----
module {
  util.func public @dyn_aligned(%arg0: index) -> (index, index, index, index, index) {
    %c128 = arith.constant 128 : index
    %c32 = arith.constant 32 : index
    %0 = util.align %arg0, %c128 : index
    %1 = arith.muli %arg0, %c128 : index
    %2 = arith.addi %0, %1 : index
    %3 = util.align %arg0, %c32 : index
    %4:5 = stream.resource.pack slices({
      [0, 0] = %0,
      [0, 1] = %1,
      [1, 2] = %2,
      [2, 3] = %3
    }) : index
    util.return %4#0, %4#1, %4#2, %4#3, %4#4 : index, index, index, index, index
  }
}
// -----
module {
  func.func @dyn_all_overlap(%arg0: index) -> (index, index, index, index) {
    %0:4 = stream.resource.pack slices({
      [0, 9] = %arg0,
      [1, 8] = %arg0,
      [2, 7] = %arg0
    }) : index
    return %0#0, %0#1, %0#2, %0#3 : index, index, index, index
  }
}
