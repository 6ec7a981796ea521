module {
  util.func public @mixed(%arg0: index, %arg1: index) -> (index, index, index, index, index) {
    %c100 = arith.constant 100 : index
    %c32 = arith.constant 32 : index
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %c128_0 = arith.constant 128 : index
    %c64 = arith.constant 64 : index
    %0 = util.align %arg0, %c64 : index
    %1 = arith.addi %0, %c128_0 : index
    %c64_1 = arith.constant 64 : index
    %c64_2 = arith.constant 64 : index
    %2 = util.align %arg1, %c64_2 : index
    %3 = arith.addi %1, %2 : index
    %c64_3 = arith.constant 64 : index
    %c64_4 = arith.constant 64 : index
    util.return %3, %c0, %c128_0, %c0, %1 : index, index, index, index, index
  }
}
// -----
module {
  util.func public @base_constant(%arg0: index) -> (index, index, index, index) {
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c100 = arith.constant 100 : index
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %c144 = arith.constant 144 : index
    %c64 = arith.constant 64 : index
    %0 = util.align %arg0, %c64 : index
    %1 = arith.addi %0, %c144 : index
    %c64_0 = arith.constant 64 : index
    %2 = util.align %1, %c64_0 : index
    %c64_1 = arith.constant 64 : index
    util.return %2, %c16, %c144, %c16 : index, index, index, index
  }
}
// -----
module {
  util.func public @base_zero_constant(%arg0: index) -> (index, index, index) {
    %c0 = arith.constant 0 : index
    %c100 = arith.constant 100 : index
    %c0_0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %c128_1 = arith.constant 128 : index
    %c64 = arith.constant 64 : index
    %0 = util.align %arg0, %c64 : index
    %1 = arith.addi %0, %c128_1 : index
    %c64_2 = arith.constant 64 : index
    %c64_3 = arith.constant 64 : index
    util.return %1, %c0, %c128_1 : index, index, index
  }
}
// -----
module {
  util.func public @base_dynamic(%arg0: index, %arg1: index) -> (index, index, index, index) {
    %c100 = arith.constant 100 : index
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %0 = arith.addi %arg1, %c128 : index
    %c64 = arith.constant 64 : index
    %1 = util.align %arg0, %c64 : index
    %2 = arith.addi %0, %1 : index
    %c64_0 = arith.constant 64 : index
    %3 = util.align %2, %c64_0 : index
    %c64_1 = arith.constant 64 : index
    util.return %3, %arg1, %0, %arg1 : index, index, index, index
  }
}
// -----
module {
  util.func public @base_constant_dynamic_only(%arg0: index) -> (index, index) {
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %0 = util.align %arg0, %c64 : index
    %1 = arith.addi %0, %c16 : index
    %c64_0 = arith.constant 64 : index
    %2 = util.align %1, %c64_0 : index
    %c64_1 = arith.constant 64 : index
    util.return %2, %c16 : index, index
  }
}
// -----
module {
  util.func public @base_aligned_dynamic(%arg0: index, %arg1: index) -> (index, index, index) {
    %c256 = arith.constant 256 : index
    %c100 = arith.constant 100 : index
    %0 = util.align %arg1, %c256 : index
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %1 = arith.addi %0, %c128 : index
    %c64 = arith.constant 64 : index
    %2 = util.align %arg0, %c64 : index
    %3 = arith.addi %1, %2 : index
    %c64_0 = arith.constant 64 : index
    %c64_1 = arith.constant 64 : index
    util.return %3, %0, %1 : index, index, index
  }
}
