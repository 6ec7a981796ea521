// The reference pipeline anchors the pass on util.func and func.func only:
// a pack in a util.initializer is left alone, one in a func.func is lowered.
util.global private @g : index
util.initializer {
  %c100 = arith.constant 100 : index
  %0:2 = stream.resource.pack slices({
    [0, 0] = %c100
  }) : index
  util.global.store %0#0, @g : index
  util.return
}
func.func @f(%n: index) -> (index, index) {
  %0:2 = stream.resource.pack slices({
    [0, 0] = %n
  }) : index
  return %0#0, %0#1 : index, index
}

// -----

// Empty pack: the total is the constant 0.
util.func public @empty() -> index {
  %0 = stream.resource.pack slices({
  }) : index
  util.return %0 : index
}

// -----

// A dynamic size that is the total of an earlier pack (already lowered).
util.func public @chained(%n: index) -> (index, index, index, index) {
  %c10 = arith.constant 10 : index
  %0:2 = stream.resource.pack slices({
    [0, 0] = %c10
  }) : index
  %1:3 = stream.resource.pack offset(%0#0) slices({
    [0, 1] = %0#0,
    [1, 2] = %0#0
  }) : index
  util.return %0#1, %1#0, %1#1, %1#2 : index, index, index, index
}
