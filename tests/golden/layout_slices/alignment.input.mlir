module {
  util.func public @align_1_1(%arg0: index) -> (index, index, index, index, index, index) attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 1, max_buffer_range = 1073741824, min_buffer_range_alignment = 1, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %c300 = arith.constant 300 : index
    %0:6 = stream.resource.pack slices({
      [0, 2] = %c100,
      [1, 3] = %c1,
      [2, 4] = %arg0,
      [3, 5] = %c300,
      [0, 0] = %arg0
    }) : index
    util.return %0#0, %0#1, %0#2, %0#3, %0#4, %0#5 : index, index, index, index, index, index
  }
}
// -----
module {
  util.func public @align_2_2(%arg0: index) -> (index, index, index, index, index, index) attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 2, max_buffer_range = 1073741824, min_buffer_range_alignment = 2, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %c300 = arith.constant 300 : index
    %0:6 = stream.resource.pack slices({
      [0, 2] = %c100,
      [1, 3] = %c1,
      [2, 4] = %arg0,
      [3, 5] = %c300,
      [0, 0] = %arg0
    }) : index
    util.return %0#0, %0#1, %0#2, %0#3, %0#4, %0#5 : index, index, index, index, index, index
  }
}
// -----
module {
  util.func public @align_4_4(%arg0: index) -> (index, index, index, index, index, index) attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 4, max_buffer_range = 1073741824, min_buffer_range_alignment = 4, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %c300 = arith.constant 300 : index
    %0:6 = stream.resource.pack slices({
      [0, 2] = %c100,
      [1, 3] = %c1,
      [2, 4] = %arg0,
      [3, 5] = %c300,
      [0, 0] = %arg0
    }) : index
    util.return %0#0, %0#1, %0#2, %0#3, %0#4, %0#5 : index, index, index, index, index, index
  }
}
// -----
module {
  util.func public @align_8_8(%arg0: index) -> (index, index, index, index, index, index) attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 8, max_buffer_range = 1073741824, min_buffer_range_alignment = 8, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %c300 = arith.constant 300 : index
    %0:6 = stream.resource.pack slices({
      [0, 2] = %c100,
      [1, 3] = %c1,
      [2, 4] = %arg0,
      [3, 5] = %c300,
      [0, 0] = %arg0
    }) : index
    util.return %0#0, %0#1, %0#2, %0#3, %0#4, %0#5 : index, index, index, index, index, index
  }
}
// -----
module {
  util.func public @align_16_16(%arg0: index) -> (index, index, index, index, index, index) attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 16, max_buffer_range = 1073741824, min_buffer_range_alignment = 16, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %c300 = arith.constant 300 : index
    %0:6 = stream.resource.pack slices({
      [0, 2] = %c100,
      [1, 3] = %c1,
      [2, 4] = %arg0,
      [3, 5] = %c300,
      [0, 0] = %arg0
    }) : index
    util.return %0#0, %0#1, %0#2, %0#3, %0#4, %0#5 : index, index, index, index, index, index
  }
}
// -----
module {
  util.func public @align_32_32(%arg0: index) -> (index, index, index, index, index, index) attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 32, max_buffer_range = 1073741824, min_buffer_range_alignment = 32, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %c300 = arith.constant 300 : index
    %0:6 = stream.resource.pack slices({
      [0, 2] = %c100,
      [1, 3] = %c1,
      [2, 4] = %arg0,
      [3, 5] = %c300,
      [0, 0] = %arg0
    }) : index
    util.return %0#0, %0#1, %0#2, %0#3, %0#4, %0#5 : index, index, index, index, index, index
  }
}
// -----
module {
  util.func public @align_64_64(%arg0: index) -> (index, index, index, index, index, index) attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 64, max_buffer_range = 1073741824, min_buffer_range_alignment = 64, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %c300 = arith.constant 300 : index
    %0:6 = stream.resource.pack slices({
      [0, 2] = %c100,
      [1, 3] = %c1,
      [2, 4] = %arg0,
      [3, 5] = %c300,
      [0, 0] = %arg0
    }) : index
    util.return %0#0, %0#1, %0#2, %0#3, %0#4, %0#5 : index, index, index, index, index, index
  }
}
// -----
module {
  util.func public @align_128_128(%arg0: index) -> (index, index, index, index, index, index) attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 128, max_buffer_range = 1073741824, min_buffer_range_alignment = 128, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %c300 = arith.constant 300 : index
    %0:6 = stream.resource.pack slices({
      [0, 2] = %c100,
      [1, 3] = %c1,
      [2, 4] = %arg0,
      [3, 5] = %c300,
      [0, 0] = %arg0
    }) : index
    util.return %0#0, %0#1, %0#2, %0#3, %0#4, %0#5 : index, index, index, index, index, index
  }
}
// -----
module {
  util.func public @align_256_256(%arg0: index) -> (index, index, index, index, index, index) attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 256, max_buffer_range = 1073741824, min_buffer_range_alignment = 256, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %c300 = arith.constant 300 : index
    %0:6 = stream.resource.pack slices({
      [0, 2] = %c100,
      [1, 3] = %c1,
      [2, 4] = %arg0,
      [3, 5] = %c300,
      [0, 0] = %arg0
    }) : index
    util.return %0#0, %0#1, %0#2, %0#3, %0#4, %0#5 : index, index, index, index, index, index
  }
}
// -----
module {
  util.func public @align_16_64(%arg0: index) -> (index, index, index, index, index, index) attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 16, max_buffer_range = 1073741824, min_buffer_range_alignment = 64, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %c300 = arith.constant 300 : index
    %0:6 = stream.resource.pack slices({
      [0, 2] = %c100,
      [1, 3] = %c1,
      [2, 4] = %arg0,
      [3, 5] = %c300,
      [0, 0] = %arg0
    }) : index
    util.return %0#0, %0#1, %0#2, %0#3, %0#4, %0#5 : index, index, index, index, index, index
  }
}
// -----
module {
  util.func public @align_64_16(%arg0: index) -> (index, index, index, index, index, index) attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 64, max_buffer_range = 1073741824, min_buffer_range_alignment = 16, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %c300 = arith.constant 300 : index
    %0:6 = stream.resource.pack slices({
      [0, 2] = %c100,
      [1, 3] = %c1,
      [2, 4] = %arg0,
      [3, 5] = %c300,
      [0, 0] = %arg0
    }) : index
    util.return %0#0, %0#1, %0#2, %0#3, %0#4, %0#5 : index, index, index, index, index, index
  }
}
// -----
module {
  util.func public @align_256_1(%arg0: index) -> (index, index, index, index, index, index) attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 256, max_buffer_range = 1073741824, min_buffer_range_alignment = 1, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %c300 = arith.constant 300 : index
    %0:6 = stream.resource.pack slices({
      [0, 2] = %c100,
      [1, 3] = %c1,
      [2, 4] = %arg0,
      [3, 5] = %c300,
      [0, 0] = %arg0
    }) : index
    util.return %0#0, %0#1, %0#2, %0#3, %0#4, %0#5 : index, index, index, index, index, index
  }
}
// -----
module {
  util.func public @align_1_256(%arg0: index) -> (index, index, index, index, index, index) attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 1, max_buffer_range = 1073741824, min_buffer_range_alignment = 256, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %c300 = arith.constant 300 : index
    %0:6 = stream.resource.pack slices({
      [0, 2] = %c100,
      [1, 3] = %c1,
      [2, 4] = %arg0,
      [3, 5] = %c300,
      [0, 0] = %arg0
    }) : index
    util.return %0#0, %0#1, %0#2, %0#3, %0#4, %0#5 : index, index, index, index, index, index
  }
}
// -----
module {
  util.func public @align_4_32(%arg0: index) -> (index, index, index, index, index, index) attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 4, max_buffer_range = 1073741824, min_buffer_range_alignment = 32, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %c300 = arith.constant 300 : index
    %0:6 = stream.resource.pack slices({
      [0, 2] = %c100,
      [1, 3] = %c1,
      [2, 4] = %arg0,
      [3, 5] = %c300,
      [0, 0] = %arg0
    }) : index
    util.return %0#0, %0#1, %0#2, %0#3, %0#4, %0#5 : index, index, index, index, index, index
  }
}
