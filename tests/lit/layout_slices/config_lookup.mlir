// The nearest stream.resources wins: on the pack itself, on the function, on the module.
module attributes {stream.resources = #stream.resource_config<{min_buffer_offset_alignment = 8, min_buffer_range_alignment = 8}>} {
  util.func public @from_module(%n: index) -> (index, index, index) {
    %c100 = arith.constant 100 : index
    %0:3 = stream.resource.pack slices({
      [0, 1] = %c100,
      [1, 2] = %n
    }) : index
    util.return %0#0, %0#1, %0#2 : index, index, index
  }
  util.func public @from_function(%n: index) -> (index, index, index) attributes {stream.resources = #stream.resource_config<{min_buffer_offset_alignment = 128, min_buffer_range_alignment = 32}>} {
    %c100 = arith.constant 100 : index
    %0:3 = stream.resource.pack slices({
      [0, 1] = %c100,
      [1, 2] = %n
    }) : index
    util.return %0#0, %0#1, %0#2 : index, index, index
  }
  util.func public @from_pack(%n: index) -> (index, index, index) attributes {stream.resources = #stream.resource_config<{min_buffer_offset_alignment = 128, min_buffer_range_alignment = 32}>} {
    %c100 = arith.constant 100 : index
    %0:3 = stream.resource.pack slices({
      [0, 1] = %c100,
      [1, 2] = %n
    }) : index attributes {stream.resources = #stream.resource_config<{min_buffer_offset_alignment = 2, min_buffer_range_alignment = 4}>}
    util.return %0#0, %0#1, %0#2 : index, index, index
  }
}

// -----

// A pack nested in an scf.if region inside the function.
util.func public @nested(%n: index, %p: i1) -> index attributes {stream.resources = #stream.resource_config<{min_buffer_offset_alignment = 32, min_buffer_range_alignment = 32}>} {
  %c100 = arith.constant 100 : index
  %r = scf.if %p -> (index) {
    %0:3 = stream.resource.pack slices({
      [0, 1] = %c100,
      [1, 2] = %n
    }) : index
    %s = arith.addi %0#1, %0#2 : index
    %t = arith.addi %s, %0#0 : index
    scf.yield %t : index
  } else {
    scf.yield %n : index
  }
  util.return %r : index
}
