module attributes {stream.resources = #stream.resource_config<{max_allocation_size = 0, min_buffer_offset_alignment = 8, max_buffer_range = 0, min_buffer_range_alignment = 8, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
  util.func public @from_module(%arg0: index) -> (index, index, index) {
    %c100 = arith.constant 100 : index
    %0:3 = stream.resource.pack slices({
      [0, 1] = %c100,
      [1, 2] = %arg0
    }) : index
    util.return %0#0, %0#1, %0#2 : index, index, index
  }
  util.func public @from_function(%arg0: index) -> (index, index, index) attributes {stream.resources = #stream.resource_config<{max_allocation_size = 0, min_buffer_offset_alignment = 128, max_buffer_range = 0, min_buffer_range_alignment = 32, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c100 = arith.constant 100 : index
    %0:3 = stream.resource.pack slices({
      [0, 1] = %c100,
      [1, 2] = %arg0
    }) : index
    util.return %0#0, %0#1, %0#2 : index, index, index
  }
  util.func public @from_pack(%arg0: index) -> (index, index, index) attributes {stream.resources = #stream.resource_config<{max_allocation_size = 0, min_buffer_offset_alignment = 128, max_buffer_range = 0, min_buffer_range_alignment = 32, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c100 = arith.constant 100 : index
    %0:3 = stream.resource.pack slices({
      [0, 1] = %c100,
      [1, 2] = %arg0
    }) : index attributes {stream.resources = #stream.resource_config<{max_allocation_size = 0, min_buffer_offset_alignment = 2, max_buffer_range = 0, min_buffer_range_alignment = 4, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>}
    util.return %0#0, %0#1, %0#2 : index, index, index
  }
}
// -----
module {
  util.func public @nested(%arg0: index, %arg1: i1) -> index attributes {stream.resources = #stream.resource_config<{max_allocation_size = 0, min_buffer_offset_alignment = 32, max_buffer_range = 0, min_buffer_range_alignment = 32, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c100 = arith.constant 100 : index
    %0 = scf.if %arg1 -> (index) {
      %1:3 = stream.resource.pack slices({
        [0, 1] = %c100,
        [1, 2] = %arg0
      }) : index
      %2 = arith.addi %1#1, %1#2 : index
      %3 = arith.addi %2, %1#0 : index
      scf.yield %3 : index
    } else {
      scf.yield %arg0 : index
    }
    util.return %0 : index
  }
}
