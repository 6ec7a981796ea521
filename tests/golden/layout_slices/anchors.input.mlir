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
    %0:2 = stream.resource.pack slices({
      [0, 0] = %arg0
    }) : index
    return %0#0, %0#1 : index, index
  }
}
// -----
module {
  util.func public @empty() -> index {
    %0 = stream.resource.pack slices({}) : index
    util.return %0 : index
  }
}
// -----
module {
  util.func public @chained(%arg0: index) -> (index, index, index, index) {
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
}
