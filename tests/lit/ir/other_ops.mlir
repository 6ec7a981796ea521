// Ops fastalloc does not interpret, kept verbatim around stream ops.
#map = affine_map<(d0) -> (d0 * 2)>
util.global private mutable @counter : index = 0 : index
util.global private @dev : !hal.device
util.initializer {
  %c5 = arith.constant 5 : index
  util.global.store %c5, @counter : index
  util.return
}
func.func @loops(%lb: index, %ub: index, %f: f32) -> (f32, index) {
  %c1 = arith.constant 1 : index
  %sum = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %f) -> (f32) {
    %x = arith.index_cast %i : index to i32
    %y = arith.sitofp %x : i32 to f32
    %z = arith.addf %acc, %y : f32
    scf.yield %z : f32
  }
  %cond = arith.cmpi slt, %lb, %ub : index
  %r = scf.if %cond -> (index) {
    %m = affine.apply #map(%lb)
    scf.yield %m : index
  } else {
    scf.yield %ub : index
  }
  return %sum, %r : f32, index
}
util.func private @branches(%a: index, %b: index) -> index {
  %c0 = arith.constant 0 : index
  %eq = arith.cmpi eq, %a, %c0 : index
  cf.cond_br %eq, ^bb1(%a : index), ^bb2
^bb1(%v: index):
  util.return %v : index
^bb2:
  %s = arith.addi %a, %b overflow<nsw> : index
  cf.br ^bb1(%s : index)
}
util.func public @withstream(%n: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c9 = arith.constant 9 : i8
  %cnt = util.global.load @counter : index
  %t = stream.async.execute with() {
    %a = stream.async.alloca : !stream.resource<transient>{%n}
    %s = stream.async.splat %c9 : i8 -> !stream.resource<transient>{%cnt}
    stream.yield
  } => !stream.timepoint
  %ok = util.optimization_barrier %t : !stream.timepoint
  util.return %ok : !stream.timepoint
}
stream.async.func private @ext(%arg0: !stream.resource<*>, %arg1: index) -> (%arg0, !stream.resource<*>)
util.func private @decl(%arg0: index) -> index
func.func private @fdecl(index) -> index attributes {llvm.emit_c_interface}
