module {
  stream.async.func private @tied_untied(%arg0: !stream.resource<*> {foo.bar = 1 : i32}, %arg1: index, %arg2: !stream.resource<*>) -> (%arg2, !stream.resource<*> {x.y}, %arg0) attributes {other = 1 : i64, stream.z = 3 : i32}
  stream.async.func private @untied_only(%arg0: index) -> !stream.resource<*>
  stream.async.func private @nothing()
  stream.async.func private @primitive_results(%arg0: i32, %arg1: !stream.resource<*>) -> (index {a.b}, !stream.resource<*>, i32)
  stream.async.func private @tied_only(%arg0: !stream.resource<*>) -> %arg0
}
// -----
module {
  util.func public @load_store(%arg0: !stream.resource<staging>, %arg1: index) -> (f32, i32) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 5.400000e+00 : f32
    %c9_i32 = arith.constant 9 : i32
    %0 = stream.async.store %cst, %arg0[%c0] : f32 -> %arg0 as !stream.resource<staging>{%arg1}
    %1 = stream.async.store %c9_i32, %0[%c4] : i32 -> %0 as !stream.resource<staging>{%arg1}
    %2 = stream.async.load %1[%c0] : !stream.resource<staging>{%arg1} -> f32
    %3 = stream.async.load %1[%c4] : !stream.resource<staging>{%arg1} -> i32
    util.return %2, %3 : f32, i32
  }
}
// -----
module {
  func.func @load_store_func(%arg0: !stream.resource<staging>, %arg1: index) -> f32 {
    %c0 = arith.constant 0 : index
    %cst = arith.constant 5.400000e+00 : f32
    %0 = stream.async.store %cst, %arg0[%c0] : f32 -> %arg0 as !stream.resource<staging>{%arg1}
    %1 = stream.async.load %0[%c0] : !stream.resource<staging>{%arg1} -> f32
    return %1 : f32
  }
}
// -----
module {
  stream.async.func private @ext(%arg0: !stream.resource<*> {foo.bar = 1 : i32}, %arg1: index, %arg2: !stream.resource<*>) -> (%arg2, !stream.resource<*> {x.y}, %arg0) attributes {other = 1 : i64, quoted.key = 2 : i64, stream.z = 3 : i32}
  stream.async.func private @t2(%arg0: !stream.resource<*>, %arg1: index) -> (%arg0, index)
  stream.async.func nested @t3(%arg0: !stream.resource<*> {a.b = "s,}"}) -> (!stream.resource<*> {c.d = [1, 2]}, i32)
}
