// Static and dynamic slices together, with and without a base offset.
util.func public @mixed(%n: index, %m: index) -> (index, index, index, index, index) {
  %c100 = arith.constant 100 : index
  %c32 = arith.constant 32 : index
  %0:5 = stream.resource.pack slices({
    [0, 4] = %c32,
    [2, 6] = %n,
    [5, 9] = %c100,
    [3, 3] = %m
  }) : index
  util.return %0#0, %0#1, %0#2, %0#3, %0#4 : index, index, index, index, index
}

// -----

util.func public @base_constant(%n: index) -> (index, index, index, index) {
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c100 = arith.constant 100 : index
  %0:4 = stream.resource.pack offset(%c16) slices({
    [0, 4] = %c32,
    [2, 6] = %n,
    [5, 9] = %c100
  }) : index
  util.return %0#0, %0#1, %0#2, %0#3 : index, index, index, index
}

// -----

util.func public @base_zero_constant(%n: index) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c100 = arith.constant 100 : index
  %0:3 = stream.resource.pack offset(%c0) slices({
    [0, 0] = %c100,
    [0, 1] = %n
  }) : index
  util.return %0#0, %0#1, %0#2 : index, index, index
}

// -----

util.func public @base_dynamic(%n: index, %b: index) -> (index, index, index, index) {
  %c100 = arith.constant 100 : index
  %0:4 = stream.resource.pack offset(%b) slices({
    [0, 3] = %c100,
    [1, 1] = %n,
    [4, 5] = %c100
  }) : index
  util.return %0#0, %0#1, %0#2, %0#3 : index, index, index, index
}

// -----

util.func public @base_constant_dynamic_only(%n: index) -> (index, index) {
  %c16 = arith.constant 16 : index
  %0:2 = stream.resource.pack offset(%c16) slices({
    [0, 0] = %n
  }) : index
  util.return %0#0, %0#1 : index, index
}

// -----

util.func public @base_aligned_dynamic(%n: index, %b0: index) -> (index, index, index) {
  %c256 = arith.constant 256 : index
  %c100 = arith.constant 100 : index
  %b = util.align %b0, %c256 : index
  %0:3 = stream.resource.pack offset(%b) slices({
    [0, 0] = %c100,
    [0, 1] = %n
  }) : index
  util.return %0#0, %0#1, %0#2 : index, index, index
}
