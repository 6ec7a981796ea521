module {
  stream.cmd.func private @tied_untied(%arg0[%arg1 for %arg2]: !stream.resource<*> {foo.bar = 1 : i32}, %arg3: index, %arg4[%arg5 for %arg6]: !stream.resource<*>, %arg7[%arg8 for %arg9]: !stream.resource<*> {x.y}) attributes {stream.z = 3 : i32}
  stream.cmd.func private @untied_only(%arg0: index, %arg1[%arg2 for %arg3]: !stream.resource<*>)
  stream.cmd.func private @nothing()
  stream.cmd.func private @primitive_results(%arg0: i32, %arg1[%arg2 for %arg3]: !stream.resource<*>, %arg4[%arg5 for %arg6]: !stream.resource<*>) -> (index {a.b}, i32)
  stream.cmd.func private @tied_only(%arg0[%arg1 for %arg2]: !stream.resource<*>)
}
// -----
module {
  util.func public @load_store(%arg0: !stream.resource<staging>, %arg1: index) -> (f32, i32) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 5.400000e+00 : f32
    %c9_i32 = arith.constant 9 : i32
    stream.resource.store %cst, %arg0[%c0] : f32 -> !stream.resource<staging>{%arg1}
    stream.resource.store %c9_i32, %arg0[%c4] : i32 -> !stream.resource<staging>{%arg1}
    %0 = stream.resource.load %arg0[%c0] : !stream.resource<staging>{%arg1} -> f32
    %1 = stream.resource.load %arg0[%c4] : !stream.resource<staging>{%arg1} -> i32
    util.return %0, %1 : f32, i32
  }
}
// -----
module {
  func.func @load_store_func(%arg0: !stream.resource<staging>, %arg1: index) -> f32 {
    %c0 = arith.constant 0 : index
    %cst = arith.constant 5.400000e+00 : f32
    stream.resource.store %cst, %arg0[%c0] : f32 -> !stream.resource<staging>{%arg1}
    %0 = stream.resource.load %arg0[%c0] : !stream.resource<staging>{%arg1} -> f32
    return %0 : f32
  }
}
// -----
module {
  stream.cmd.func private @ext(%arg0[%arg1 for %arg2]: !stream.resource<*> {foo.bar = 1 : i32}, %arg3: index, %arg4[%arg5 for %arg6]: !stream.resource<*>, %arg7[%arg8 for %arg9]: !stream.resource<*> {x.y}) attributes {quoted.key = 2 : i64, stream.z = 3 : i32}
  stream.cmd.func private @t2(%arg0[%arg1 for %arg2]: !stream.resource<*>, %arg3: index) -> index
  stream.cmd.func private @t3(%arg0[%arg1 for %arg2]: !stream.resource<*> {a.b = "s,}"}, %arg3[%arg4 for %arg5]: !stream.resource<*> {c.d = [1, 2]}) -> i32
}
