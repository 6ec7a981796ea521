module {
  util.func public @static_basic() -> (index, index, index, index, index, index) {
    %c256 = arith.constant 256 : index
    %c128 = arith.constant 128 : index
    %c0 = arith.constant 0 : index
    %c256_0 = arith.constant 256 : index
    %c256_1 = arith.constant 256 : index
    %c256_2 = arith.constant 256 : index
    %c512 = arith.constant 512 : index
    %c512_3 = arith.constant 512 : index
    util.return %c512_3, %c0, %c256_1, %c0, %c0, %c256_2 : index, index, index, index, index, index
  }
}
// -----
module {
  util.func public @static_gaps() -> (index, index, index, index, index, index, index, index) {
    %c100 = arith.constant 100 : index
    %c1 = arith.constant 1 : index
    %c4000 = arith.constant 4000 : index
    %c65 = arith.constant 65 : index
    %c0 = arith.constant 0 : index
    %c0_0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %c128_1 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %c256_2 = arith.constant 256 : index
    %c128_3 = arith.constant 128 : index
    %c4288 = arith.constant 4288 : index
    %c4288_4 = arith.constant 4288 : index
    %c4416 = arith.constant 4416 : index
    %c4416_5 = arith.constant 4416 : index
    %c4480 = arith.constant 4480 : index
    %c4480_6 = arith.constant 4480 : index
    util.return %c4480_6, %c0_0, %c128_1, %c256_2, %c128_3, %c4288_4, %c0_0, %c4416_5 : index, index, index, index, index, index, index, index
  }
}
// -----
module {
  func.func @static_sentinels(%arg0: index) -> (index, index, index, index) {
    %c512 = arith.constant 512 : index
    %c64 = arith.constant 64 : index
    %c0 = arith.constant 0 : index
    %c512_0 = arith.constant 512 : index
    %c512_1 = arith.constant 512 : index
    %c576 = arith.constant 576 : index
    %c576_2 = arith.constant 576 : index
    return %c576_2, %c0, %c512_1, %c0 : index, index, index, index
  }
}
// -----
module {
  util.func public @two_packs() -> (index, index, index, index, index) {
    %c48 = arith.constant 48 : index
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c64_0 = arith.constant 64 : index
    %c0_1 = arith.constant 0 : index
    %c64_2 = arith.constant 64 : index
    %c64_3 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c128_4 = arith.constant 128 : index
    util.return %c64_0, %c0, %c128_4, %c0_1, %c64_3 : index, index, index, index, index
  }
  util.func public @no_packs(%arg0: index) -> index {
    util.return %arg0 : index
  }
}
