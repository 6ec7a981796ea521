// Harder uninterpreted syntax: argument attributes and locations, tied
// util.func results, multi-line attributes, scf.while, nested modules.
#executable_target = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {
  cpu = "generic",
  native_vector_size = 16 : index
}>
#loc1 = loc("a.py":3:4)
util.global private @dev : !hal.device
util.global private @param = #stream.parameter.named<"scope"::"key"> : tensor<4xf32>
util.func public @tied(%arg0: !stream.resource<external> {util.foo = "bar"} loc(#loc1), %arg1: index loc(fused["x.py":1:1, "y.py":2:2])) -> %arg0 {
  util.return %arg0 : !stream.resource<external>
}
func.func @whileloop(%init: i32, %limit: i32) -> i32 {
  %r = scf.while (%x = %init) : (i32) -> i32 {
    %cond = arith.cmpi slt, %x, %limit : i32
    scf.condition(%cond) %x : i32
  } do {
  ^bb0(%y: i32):
    %c1 = arith.constant 1 : i32
    %n = arith.addi %y, %c1 : i32
    scf.yield %n : i32
  }
  %e = scf.execute_region -> i32 {
    scf.yield %r : i32
  }
  return %e : i32
}
module @inner attributes {hal.device.targets = []} {
  func.func private @nested(%a: index) -> index {
    return %a : index
  }
}
util.func public @sizes(%res: !stream.resource<external>, %n: index) -> (!stream.resource<external>, index) {
  %sz = stream.resource.size %res : !stream.resource<external>
  %t = stream.timepoint.immediate => !stream.timepoint
  %r, %rt = stream.async.execute await(%t) => with(%res as %a: !stream.resource<external>{%sz}) -> %res{%sz} {
    stream.yield %a : !stream.resource<external>{%sz}
  } => !stream.timepoint
  %ready = stream.timepoint.await %rt => %r : !stream.resource<external>{%sz}
  util.return %ready, %sz : !stream.resource<external>, index
}
