module {
  util.func public @align_1_1(%arg0: index) -> (index, index, index, index, index, index) attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 1, max_buffer_range = 1073741824, min_buffer_range_alignment = 1, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %c300 = arith.constant 300 : index
    %c0 = arith.constant 0 : index
    %c100_0 = arith.constant 100 : index
    %c100_1 = arith.constant 100 : index
    %c101 = arith.constant 101 : index
    %c101_2 = arith.constant 101 : index
    %c401 = arith.constant 401 : index
    %c401_3 = arith.constant 401 : index
    %c1_4 = arith.constant 1 : index
    %0 = util.align %arg0, %c1_4 : index
    %1 = arith.addi %0, %c401_3 : index
    %c1_5 = arith.constant 1 : index
    %c1_6 = arith.constant 1 : index
    util.return %1, %c0, %c100_1, %c401_3, %c101_2, %c401_3 : index, index, index, index, index, index
  }
}
// -----
module {
  util.func public @align_2_2(%arg0: index) -> (index, index, index, index, index, index) attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 2, max_buffer_range = 1073741824, min_buffer_range_alignment = 2, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %c300 = arith.constant 300 : index
    %c0 = arith.constant 0 : index
    %c100_0 = arith.constant 100 : index
    %c100_1 = arith.constant 100 : index
    %c102 = arith.constant 102 : index
    %c102_2 = arith.constant 102 : index
    %c402 = arith.constant 402 : index
    %c402_3 = arith.constant 402 : index
    %c2 = arith.constant 2 : index
    %0 = util.align %arg0, %c2 : index
    %1 = arith.addi %0, %c402_3 : index
    %c2_4 = arith.constant 2 : index
    %c2_5 = arith.constant 2 : index
    util.return %1, %c0, %c100_1, %c402_3, %c102_2, %c402_3 : index, index, index, index, index, index
  }
}
// -----
module {
  util.func public @align_4_4(%arg0: index) -> (index, index, index, index, index, index) attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 4, max_buffer_range = 1073741824, min_buffer_range_alignment = 4, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %c300 = arith.constant 300 : index
    %c0 = arith.constant 0 : index
    %c100_0 = arith.constant 100 : index
    %c100_1 = arith.constant 100 : index
    %c104 = arith.constant 104 : index
    %c104_2 = arith.constant 104 : index
    %c404 = arith.constant 404 : index
    %c404_3 = arith.constant 404 : index
    %c4 = arith.constant 4 : index
    %0 = util.align %arg0, %c4 : index
    %1 = arith.addi %0, %c404_3 : index
    %c4_4 = arith.constant 4 : index
    %c4_5 = arith.constant 4 : index
    util.return %1, %c0, %c100_1, %c404_3, %c104_2, %c404_3 : index, index, index, index, index, index
  }
}
// -----
module {
  util.func public @align_8_8(%arg0: index) -> (index, index, index, index, index, index) attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 8, max_buffer_range = 1073741824, min_buffer_range_alignment = 8, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %c300 = arith.constant 300 : index
    %c0 = arith.constant 0 : index
    %c104 = arith.constant 104 : index
    %c104_0 = arith.constant 104 : index
    %c112 = arith.constant 112 : index
    %c112_1 = arith.constant 112 : index
    %c416 = arith.constant 416 : index
    %c416_2 = arith.constant 416 : index
    %c8 = arith.constant 8 : index
    %0 = util.align %arg0, %c8 : index
    %1 = arith.addi %0, %c416_2 : index
    %c8_3 = arith.constant 8 : index
    %c8_4 = arith.constant 8 : index
    util.return %1, %c0, %c104_0, %c416_2, %c112_1, %c416_2 : index, index, index, index, index, index
  }
}
// -----
module {
  util.func public @align_16_16(%arg0: index) -> (index, index, index, index, index, index) attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 16, max_buffer_range = 1073741824, min_buffer_range_alignment = 16, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %c300 = arith.constant 300 : index
    %c0 = arith.constant 0 : index
    %c112 = arith.constant 112 : index
    %c112_0 = arith.constant 112 : index
    %c128 = arith.constant 128 : index
    %c128_1 = arith.constant 128 : index
    %c432 = arith.constant 432 : index
    %c432_2 = arith.constant 432 : index
    %c16 = arith.constant 16 : index
    %0 = util.align %arg0, %c16 : index
    %1 = arith.addi %0, %c432_2 : index
    %c16_3 = arith.constant 16 : index
    %c16_4 = arith.constant 16 : index
    util.return %1, %c0, %c112_0, %c432_2, %c128_1, %c432_2 : index, index, index, index, index, index
  }
}
// -----
module {
  util.func public @align_32_32(%arg0: index) -> (index, index, index, index, index, index) attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 32, max_buffer_range = 1073741824, min_buffer_range_alignment = 32, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %c300 = arith.constant 300 : index
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %c128_0 = arith.constant 128 : index
    %c160 = arith.constant 160 : index
    %c160_1 = arith.constant 160 : index
    %c480 = arith.constant 480 : index
    %c480_2 = arith.constant 480 : index
    %c32 = arith.constant 32 : index
    %0 = util.align %arg0, %c32 : index
    %1 = arith.addi %0, %c480_2 : index
    %c32_3 = arith.constant 32 : index
    %c32_4 = arith.constant 32 : index
    util.return %1, %c0, %c128_0, %c480_2, %c160_1, %c480_2 : index, index, index, index, index, index
  }
}
// -----
module {
  util.func public @align_64_64(%arg0: index) -> (index, index, index, index, index, index) attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 64, max_buffer_range = 1073741824, min_buffer_range_alignment = 64, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %c300 = arith.constant 300 : index
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %c128_0 = arith.constant 128 : index
    %c192 = arith.constant 192 : index
    %c192_1 = arith.constant 192 : index
    %c512 = arith.constant 512 : index
    %c512_2 = arith.constant 512 : index
    %c64 = arith.constant 64 : index
    %0 = util.align %arg0, %c64 : index
    %1 = arith.addi %0, %c512_2 : index
    %c64_3 = arith.constant 64 : index
    %c64_4 = arith.constant 64 : index
    util.return %1, %c0, %c128_0, %c512_2, %c192_1, %c512_2 : index, index, index, index, index, index
  }
}
// -----
module {
  util.func public @align_128_128(%arg0: index) -> (index, index, index, index, index, index) attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 128, max_buffer_range = 1073741824, min_buffer_range_alignment = 128, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %c300 = arith.constant 300 : index
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %c128_0 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %c256_1 = arith.constant 256 : index
    %c640 = arith.constant 640 : index
    %c640_2 = arith.constant 640 : index
    %c128_3 = arith.constant 128 : index
    %0 = util.align %arg0, %c128_3 : index
    %1 = arith.addi %0, %c640_2 : index
    %c128_4 = arith.constant 128 : index
    %c128_5 = arith.constant 128 : index
    util.return %1, %c0, %c128_0, %c640_2, %c256_1, %c640_2 : index, index, index, index, index, index
  }
}
// -----
module {
  util.func public @align_256_256(%arg0: index) -> (index, index, index, index, index, index) attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 256, max_buffer_range = 1073741824, min_buffer_range_alignment = 256, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %c300 = arith.constant 300 : index
    %c0 = arith.constant 0 : index
    %c256 = arith.constant 256 : index
    %c256_0 = arith.constant 256 : index
    %c512 = arith.constant 512 : index
    %c512_1 = arith.constant 512 : index
    %c1024 = arith.constant 1024 : index
    %c1024_2 = arith.constant 1024 : index
    %c256_3 = arith.constant 256 : index
    %0 = util.align %arg0, %c256_3 : index
    %1 = arith.addi %0, %c1024_2 : index
    %c256_4 = arith.constant 256 : index
    %c256_5 = arith.constant 256 : index
    util.return %1, %c0, %c256_0, %c1024_2, %c512_1, %c1024_2 : index, index, index, index, index, index
  }
}
// -----
module {
  util.func public @align_16_64(%arg0: index) -> (index, index, index, index, index, index) attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 16, max_buffer_range = 1073741824, min_buffer_range_alignment = 64, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %c300 = arith.constant 300 : index
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %c128_0 = arith.constant 128 : index
    %c192 = arith.constant 192 : index
    %c192_1 = arith.constant 192 : index
    %c512 = arith.constant 512 : index
    %c512_2 = arith.constant 512 : index
    %c64 = arith.constant 64 : index
    %0 = util.align %arg0, %c64 : index
    %1 = arith.addi %0, %c512_2 : index
    %c16 = arith.constant 16 : index
    %c64_3 = arith.constant 64 : index
    util.return %1, %c0, %c128_0, %c512_2, %c192_1, %c512_2 : index, index, index, index, index, index
  }
}
// -----
module {
  util.func public @align_64_16(%arg0: index) -> (index, index, index, index, index, index) attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 64, max_buffer_range = 1073741824, min_buffer_range_alignment = 16, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %c300 = arith.constant 300 : index
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %c128_0 = arith.constant 128 : index
    %c192 = arith.constant 192 : index
    %c192_1 = arith.constant 192 : index
    %c496 = arith.constant 496 : index
    %c496_2 = arith.constant 496 : index
    %c16 = arith.constant 16 : index
    %0 = util.align %arg0, %c16 : index
    %1 = arith.addi %0, %c496_2 : index
    %c64 = arith.constant 64 : index
    %2 = util.align %1, %c64 : index
    %c16_3 = arith.constant 16 : index
    util.return %2, %c0, %c128_0, %c496_2, %c192_1, %c496_2 : index, index, index, index, index, index
  }
}
// -----
module {
  util.func public @align_256_1(%arg0: index) -> (index, index, index, index, index, index) attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 256, max_buffer_range = 1073741824, min_buffer_range_alignment = 1, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %c300 = arith.constant 300 : index
    %c0 = arith.constant 0 : index
    %c256 = arith.constant 256 : index
    %c256_0 = arith.constant 256 : index
    %c512 = arith.constant 512 : index
    %c512_1 = arith.constant 512 : index
    %c812 = arith.constant 812 : index
    %c812_2 = arith.constant 812 : index
    %c1_3 = arith.constant 1 : index
    %0 = util.align %arg0, %c1_3 : index
    %1 = arith.addi %0, %c812_2 : index
    %c256_4 = arith.constant 256 : index
    %2 = util.align %1, %c256_4 : index
    %c1_5 = arith.constant 1 : index
    util.return %2, %c0, %c256_0, %c812_2, %c512_1, %c812_2 : index, index, index, index, index, index
  }
}
// -----
module {
  util.func public @align_1_256(%arg0: index) -> (index, index, index, index, index, index) attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 1, max_buffer_range = 1073741824, min_buffer_range_alignment = 256, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %c300 = arith.constant 300 : index
    %c0 = arith.constant 0 : index
    %c256 = arith.constant 256 : index
    %c256_0 = arith.constant 256 : index
    %c512 = arith.constant 512 : index
    %c512_1 = arith.constant 512 : index
    %c1024 = arith.constant 1024 : index
    %c1024_2 = arith.constant 1024 : index
    %c256_3 = arith.constant 256 : index
    %0 = util.align %arg0, %c256_3 : index
    %1 = arith.addi %0, %c1024_2 : index
    %c1_4 = arith.constant 1 : index
    %c256_5 = arith.constant 256 : index
    util.return %1, %c0, %c256_0, %c1024_2, %c512_1, %c1024_2 : index, index, index, index, index, index
  }
}
// -----
module {
  util.func public @align_4_32(%arg0: index) -> (index, index, index, index, index, index) attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 4, max_buffer_range = 1073741824, min_buffer_range_alignment = 32, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %c300 = arith.constant 300 : index
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %c128_0 = arith.constant 128 : index
    %c160 = arith.constant 160 : index
    %c160_1 = arith.constant 160 : index
    %c480 = arith.constant 480 : index
    %c480_2 = arith.constant 480 : index
    %c32 = arith.constant 32 : index
    %0 = util.align %arg0, %c32 : index
    %1 = arith.addi %0, %c480_2 : index
    %c4 = arith.constant 4 : index
    %c32_3 = arith.constant 32 : index
    util.return %1, %c0, %c128_0, %c480_2, %c160_1, %c480_2 : index, index, index, index, index, index
  }
}
