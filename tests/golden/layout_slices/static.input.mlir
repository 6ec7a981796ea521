module {
  util.func public @static_basic() -> (index, index, index, index, index, index) {
    %c256 = arith.constant 256 : index
    %c128 = arith.constant 128 : index
    %0:6 = stream.resource.pack slices({
      [1, 2] = %c256,
      [2, 7] = %c256,
      [3, 5] = %c128,
      [7, 11] = %c256,
      [8, 9] = %c256
    }) : index
    util.return %0#0, %0#1, %0#2, %0#3, %0#4, %0#5 : index, index, index, index, index, index
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
    %0:8 = stream.resource.pack slices({
      [0, 10] = %c100,
      [0, 3] = %c65,
      [0, 10] = %c4000,
      [4, 9] = %c1,
      [5, 6] = %c100,
      [2, 2] = %c0,
      [0, 10] = %c1
    }) : index
    util.return %0#0, %0#1, %0#2, %0#3, %0#4, %0#5, %0#6, %0#7 : index, index, index, index, index, index, index, index
  }
}
// -----
module {
  func.func @static_sentinels(%arg0: index) -> (index, index, index, index) {
    %c512 = arith.constant 512 : index
    %c64 = arith.constant 64 : index
    %0:4 = stream.resource.pack slices({
      [-2147483648, 3] = %c512,
      [2, 2147483647] = %c64,
      [4, 5] = %c512
    }) : index
    return %0#0, %0#1, %0#2, %0#3 : index, index, index, index
  }
}
// -----
module {
  util.func public @two_packs() -> (index, index, index, index, index) {
    %c48 = arith.constant 48 : index
    %0:2 = stream.resource.pack slices({
      [0, 0] = %c48
    }) : index
    %1:3 = stream.resource.pack slices({
      [0, 1] = %c48,
      [1, 2] = %c48
    }) : index
    util.return %0#0, %0#1, %1#0, %1#1, %1#2 : index, index, index, index, index
  }
  util.func public @no_packs(%arg0: index) -> index {
    util.return %arg0 : index
  }
}
