// Dynamic slices only: bucketed by size value, first-fit bins in slice order.
util.func public @dyn_buckets(%n: index, %m: index) -> (index, index, index, index, index, index, index) {
  %0:7 = stream.resource.pack slices({
    [5, 6] = %n,
    [0, 9] = %m,
    [0, 1] = %n,
    [2, 5] = %n,
    [7, 8] = %m,
    [10, 12] = %n
  }) : index
  util.return %0#0, %0#1, %0#2, %0#3, %0#4, %0#5, %0#6 : index, index, index, index, index, index, index
}

// -----

// Sizes that are provably aligned already: util.align, muli, addi of aligned values.
util.func public @dyn_aligned(%n: index) -> (index, index, index, index, index) {
  %c128 = arith.constant 128 : index
  %c32 = arith.constant 32 : index
  %a = util.align %n, %c128 : index
  %m = arith.muli %n, %c128 : index
  %s = arith.addi %a, %m : index
  %b = util.align %n, %c32 : index
  %0:5 = stream.resource.pack slices({
    [0, 0] = %a,
    [0, 1] = %m,
    [1, 2] = %s,
    [2, 3] = %b
  }) : index
  util.return %0#0, %0#1, %0#2, %0#3, %0#4 : index, index, index, index, index
}

// -----

// Every slice overlaps every other: one bin per slice.
func.func @dyn_all_overlap(%n: index) -> (index, index, index, index) {
  %0:4 = stream.resource.pack slices({
    [0, 9] = %n,
    [1, 8] = %n,
    [2, 7] = %n
  }) : index
  return %0#0, %0#1, %0#2, %0#3 : index, index, index, index
}
