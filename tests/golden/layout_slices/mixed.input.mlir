module {
  util.func public @mixed(%arg0: index, %arg1: index) -> (index, index, index, index, index) {
    %c100 = arith.constant 100 : index
    %c32 = arith.constant 32 : index
    %0:5 = stream.resource.pack slices({
      [0, 4] = %c32,
      [2, 6] = %arg0,
      [5, 9] = %c100,
      [3, 3] = %arg1
    }) : index
    util.return %0#0, %0#1, %0#2, %0#3, %0#4 : index, index, index, index, index
  }
}
// -----
module {
  util.func public @base_constant(%arg0: index) -> (index, index, index, index) {
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c100 = arith.constant 100 : index
    %0:4 = stream.resource.pack offset(%c16) slices({
      [0, 4] = %c32,
      [2, 6] = %arg0,
      [5, 9] = %c100
    }) : index
    util.return %0#0, %0#1, %0#2, %0#3 : index, index, index, index
  }
}
// -----
module {
  util.func public @base_zero_constant(%arg0: index) -> (index, index, index) {
    %c0 = arith.constant 0 : index
    %c100 = arith.constant 100 : index
    %0:3 = stream.resource.pack offset(%c0) slices({
      [0, 0] = %c100,
      [0, 1] = %arg0
    }) : index
    util.return %0#0, %0#1, %0#2 : index, index, index
  }
}
// -----
module {
  util.func public @base_dynamic(%arg0: index, %arg1: index) -> (index, index, index, index) {
    %c100 = arith.constant 100 : index
    %0:4 = stream.resource.pack offset(%arg1) slices({
      [0, 3] = %c100,
      [1, 1] = %arg0,
      [4, 5] = %c100
    }) : index
    util.return %0#0, %0#1, %0#2, %0#3 : index, index, index, index
  }
}
// -----
module {
  util.func public @base_constant_dynamic_only(%arg0: index) -> (index, index) {
    %c16 = arith.constant 16 : index
    %0:2 = stream.resource.pack offset(%c16) slices({
      [0, 0] = %arg0
    }) : index
    util.return %0#0, %0#1 : index, index
  }
}
// -----
module {
  util.func public @base_aligned_dynamic(%arg0: index, %arg1: index) -> (index, index, index) {
    %c256 = arith.constant 256 : index
    %c100 = arith.constant 100 : index
    %0 = util.align %arg1, %c256 : index
    %1:3 = stream.resource.pack offset(%0) slices({
      [0, 0] = %c100,
      [0, 1] = %arg0
    }) : index
    util.return %1#0, %1#1, %1#2 : index, index, index
  }
}
