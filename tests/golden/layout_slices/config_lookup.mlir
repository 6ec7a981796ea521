module attributes {stream.resources = #stream.resource_config<{max_allocation_size = 0, min_buffer_offset_alignment = 8, max_buffer_range = 0, min_buffer_range_alignment = 8, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
  util.func public @from_module(%arg0: index) -> (index, index, index) {
    %c100 = arith.constant 100 : index
    %c0 = arith.constant 0 : index
    %c104 = arith.constant 104 : index
    %c104_0 = arith.constant 104 : index
    %c8 = arith.constant 8 : index
    %0 = util.align %arg0, %c8 : index
    %1 = arith.addi %0, %c104_0 : index
    %c8_1 = arith.constant 8 : index
    %c8_2 = arith.constant 8 : index
    util.return %1, %c0, %c104_0 : index, index, index
  }
  util.func public @from_function(%arg0: index) -> (index, index, index) attributes {stream.resources = #stream.resource_config<{max_allocation_size = 0, min_buffer_offset_alignment = 128, max_buffer_range = 0, min_buffer_range_alignment = 32, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c100 = arith.constant 100 : index
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %c128_0 = arith.constant 128 : index
    %c32 = arith.constant 32 : index
    %0 = util.align %arg0, %c32 : index
    %1 = arith.addi %0, %c128_0 : index
    %c128_1 = arith.constant 128 : index
    %2 = util.align %1, %c128_1 : index
    %c32_2 = arith.constant 32 : index
    util.return %2, %c0, %c128_0 : index, index, index
  }
  util.func public @from_pack(%arg0: index) -> (index, index, index) attributes {stream.resources = #stream.resource_config<{max_allocation_size = 0, min_buffer_offset_alignment = 128, max_buffer_range = 0, min_buffer_range_alignment = 32, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c100 = arith.constant 100 : index
    %c0 = arith.constant 0 : index
    %c100_0 = arith.constant 100 : index
    %c100_1 = arith.constant 100 : index
    %c4 = arith.constant 4 : index
    %0 = util.align %arg0, %c4 : index
    %1 = arith.addi %0, %c100_1 : index
    %c2 = arith.constant 2 : index
    %c4_2 = arith.constant 4 : index
    util.return %1, %c0, %c100_1 : index, index, index
  }
}
// -----
module {
  util.func public @nested(%arg0: index, %arg1: i1) -> index attributes {stream.resources = #stream.resource_config<{max_allocation_size = 0, min_buffer_offset_alignment = 32, max_buffer_range = 0, min_buffer_range_alignment = 32, index_bits = 32, alias_mutable_bindings = false, memory_model = Discrete}>} {
    %c100 = arith.constant 100 : index
    %0 = scf.if %arg1 -> (index) {
      %c0 = arith.constant 0 : index
      %c128 = arith.constant 128 : index
      %c128_0 = arith.constant 128 : index
      %c32 = arith.constant 32 : index
      %1 = util.align %arg0, %c32 : index
      %2 = arith.addi %1, %c128_0 : index
      %c32_1 = arith.constant 32 : index
      %c32_2 = arith.constant 32 : index
      %3 = arith.addi %c0, %c128_0 : index
      %4 = arith.addi %3, %2 : index
      scf.yield %4 : index
    } else {
      scf.yield %arg0 : index
    }
    util.return %0 : index
  }
}
