// RUN: iree-opt --split-input-file %s
util.func public @one(%n: index) -> !stream.timepoint {
  %t = stream.async.execute with() {
    %a = stream.async.alloca : !stream.resource<transient>{%n}
    stream.yield
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

module attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1024, min_buffer_offset_alignment = 16, max_buffer_range = 1024, min_buffer_range_alignment = 16, index_bits = 32}>} {
  util.func public @two(%n: index) -> index {
    util.return %n : index
  }
}

// -----

module @named {
  func.func @three() {
    return
  }
}
