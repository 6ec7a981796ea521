module {
  util.func public @dyn_buckets(%arg0: index, %arg1: index) -> (index, index, index, index, index, index, index) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %0 = util.align %arg0, %c64 : index
    %c64_0 = arith.constant 64 : index
    %1 = arith.addi %0, %0 : index
    %c64_1 = arith.constant 64 : index
    %c64_2 = arith.constant 64 : index
    %2 = util.align %arg1, %c64_2 : index
    %3 = arith.addi %1, %2 : index
    %c64_3 = arith.constant 64 : index
    %4 = arith.addi %3, %2 : index
    %c64_4 = arith.constant 64 : index
    %c64_5 = arith.constant 64 : index
    util.return %4, %c0, %1, %c0, %0, %3, %c0 : index, index, index, index, index, index, index
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
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c64_0 = arith.constant 64 : index
    %c64_1 = arith.constant 64 : index
    %4 = arith.addi %0, %1 : index
    %c64_2 = arith.constant 64 : index
    %c64_3 = arith.constant 64 : index
    %5 = arith.addi %4, %2 : index
    %c64_4 = arith.constant 64 : index
    %c64_5 = arith.constant 64 : index
    %6 = util.align %3, %c64_5 : index
    %7 = arith.addi %5, %6 : index
    %c64_6 = arith.constant 64 : index
    %c64_7 = arith.constant 64 : index
    util.return %7, %c0, %0, %4, %5 : index, index, index, index, index
  }
}
// -----
module {
  func.func @dyn_all_overlap(%arg0: index) -> (index, index, index, index) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %0 = util.align %arg0, %c64 : index
    %c64_0 = arith.constant 64 : index
    %1 = arith.addi %0, %0 : index
    %c64_1 = arith.constant 64 : index
    %2 = arith.addi %1, %0 : index
    %c64_2 = arith.constant 64 : index
    %c64_3 = arith.constant 64 : index
    return %2, %c0, %0, %1 : index, index, index, index
  }
}
