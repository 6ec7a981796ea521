// stream.async.func -> stream.cmd.func: resource arguments gain offset and
// length arguments, untied resource results become trailing arguments, tied
// ones disappear, primitive results stay; argument/result attributes follow
// their value and only dialect (dotted) attributes of the op survive.

stream.async.func private @tied_untied(%arg0: !stream.resource<*> {foo.bar = 1 : i32}, %arg1: index, %arg2: !stream.resource<*>) -> (%arg2, !stream.resource<*> {x.y}, %arg0) attributes {stream.z = 3 : i32, other = 1}
stream.async.func private @untied_only(%arg0: index) -> !stream.resource<*>
stream.async.func private @nothing()
stream.async.func private @primitive_results(%arg0: i32, %arg1: !stream.resource<*>) -> (index {a.b}, !stream.resource<*>, i32)
stream.async.func private @tied_only(%arg0: !stream.resource<*>) -> %arg0

// -----

// stream.async.load/store outside execute regions become resource.load/store.
util.func public @load_store(%operand: !stream.resource<staging>, %size: index) -> (f32, i32) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %cst = arith.constant 5.4 : f32
  %c9_i32 = arith.constant 9 : i32
  %0 = stream.async.store %cst, %operand[%c0] : f32 -> %operand as !stream.resource<staging>{%size}
  %1 = stream.async.store %c9_i32, %0[%c4] : i32 -> %0 as !stream.resource<staging>{%size}
  %2 = stream.async.load %1[%c0] : !stream.resource<staging>{%size} -> f32
  %3 = stream.async.load %1[%c4] : !stream.resource<staging>{%size} -> i32
  util.return %2, %3 : f32, i32
}

// -----

func.func @load_store_func(%operand: !stream.resource<staging>, %size: index) -> f32 {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 5.4 : f32
  %0 = stream.async.store %cst, %operand[%c0] : f32 -> %operand as !stream.resource<staging>{%size}
  %1 = stream.async.load %0[%c0] : !stream.resource<staging>{%size} -> f32
  return %1 : f32
}

// -----

// Generic form, quoted attribute names, a tied result written `%x as type`.
"stream.async.func"() <{arg_attrs = [{foo.bar = 1 : i32}, {}, {}], function_type = (!stream.resource<*>, index, !stream.resource<*>) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>), res_attrs = [{}, {x.y}, {}], sym_name = "ext", sym_visibility = "private", tied_operands = [2 : index, -1 : index, 0 : index]}> ({
}) {stream.z = 3 : i32, other = 1, "quoted.key" = 2} : () -> ()
stream.async.func private @t2(%x: !stream.resource<*>, %y: index) -> (%x as !stream.resource<*>, index)
stream.async.func nested @t3(%x: !stream.resource<*> {a.b = "s,}"}) -> (!stream.resource<*> {c.d = [1, 2]}, i32)
