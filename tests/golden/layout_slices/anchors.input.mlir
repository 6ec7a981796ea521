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
// -----
module {
  util.global private @g0 : index
  util.global private @g1 : index
  util.initializer attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1024, min_buffer_offset_alignment = 16, max_buffer_range = 4096, min_buffer_range_alignment = 16, index_bits = 64, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c100 = arith.constant 100 : index
    %c300 = arith.constant 300 : index
    %g0 = util.global.load @g0 : index
    %0:4 = stream.resource.pack slices({
      [0, 1] = %c100,
      [1, 2] = %c300,
      [0, 2] = %g0
    }) : index
    util.global.store %0#0, @g1 : index
    util.global.store %0#3, @g0 : index
    util.return
  }
}
