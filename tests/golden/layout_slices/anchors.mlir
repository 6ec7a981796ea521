module {
  util.global private @g : index
  util.initializer {
    %c100 = arith.constant 100 : index
    %0:2 = stream.resource.pack slices({
      [0, 0] = %c100
    }) : index
    util.global.store %0#0, @g : index
    util.return
  }
  func.func @f(%arg0: index) -> (index, index) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %0 = util.align %arg0, %c64 : index
    %c64_0 = arith.constant 64 : index
    %c64_1 = arith.constant 64 : index
    return %0, %c0 : index, index
  }
}
// -----
module {
  util.func public @empty() -> index {
    %c0 = arith.constant 0 : index
    util.return %c0 : index
  }
}
// -----
module {
  util.func public @chained(%arg0: index) -> (index, index, index, index) {
    %c10 = arith.constant 10 : index
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c64_0 = arith.constant 64 : index
    %c0_1 = arith.constant 0 : index
    %c64_2 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c128_3 = arith.constant 128 : index
    %c192 = arith.constant 192 : index
    util.return %c0, %c192, %c64_0, %c128 : index, index, index, index
  }
}
