module {
  util.global private @g : index
  util.initializer {
    %c100 = arith.constant 100 : index
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %c128_0 = arith.constant 128 : index
    util.global.store %c128_0, @g : index
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
// -----
module {
  util.global private @g0 : index
  util.global private @g1 : index
  util.initializer attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1024, min_buffer_offset_alignment = 16, max_buffer_range = 4096, min_buffer_range_alignment = 16, index_bits = 64, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c100 = arith.constant 100 : index
    %c300 = arith.constant 300 : index
    %g0 = util.global.load @g0 : index
    %c0 = arith.constant 0 : index
    %c112 = arith.constant 112 : index
    %c112_0 = arith.constant 112 : index
    %c416 = arith.constant 416 : index
    %c416_1 = arith.constant 416 : index
    %c16 = arith.constant 16 : index
    %0 = util.align %g0, %c16 : index
    %1 = arith.addi %0, %c416_1 : index
    %c16_2 = arith.constant 16 : index
    %c16_3 = arith.constant 16 : index
    util.global.store %1, @g1 : index
    util.global.store %c416_1, @g0 : index
    util.return
  }
}
