module {
  func.func @inception_v1(%arg0: !torch.vtensor<[1,3,224,224],f32>) -> !torch.vtensor<[1,1000],f32> attributes {torch.onnx_meta.ir_version = 3 : si64, torch.onnx_meta.opset_version = 17 : si64, torch.onnx_meta.producer_name = "onnx-caffe2", torch.onnx_meta.producer_version = ""} {
    %0 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_conv1_7x7_s2_b_0> : tensor<64xf32>} : () -> !torch.vtensor<[64],f32> 
    %1 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_conv1_7x7_s2_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %2 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_conv2_3x3_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %3 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_conv2_3x3_reduce_b_0> : tensor<64xf32>} : () -> !torch.vtensor<[64],f32> 
    %4 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_conv2_3x3_reduce_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %5 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_conv2_3x3_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %6 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_3a_1x1_b_0> : tensor<64xf32>} : () -> !torch.vtensor<[64],f32> 
    %7 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_3a_1x1_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %8 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_3a_3x3_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %9 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_3a_3x3_reduce_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %10 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_3a_3x3_reduce_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %11 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_3a_3x3_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %12 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_3a_5x5_b_0> : tensor<32xf32>} : () -> !torch.vtensor<[32],f32> 
    %13 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_3a_5x5_reduce_b_0> : tensor<16xf32>} : () -> !torch.vtensor<[16],f32> 
    %14 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_3a_5x5_reduce_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %15 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_3a_5x5_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %16 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_3a_pool_proj_b_0> : tensor<32xf32>} : () -> !torch.vtensor<[32],f32> 
    %17 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_3a_pool_proj_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %18 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_3b_1x1_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %19 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_3b_1x1_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %20 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_3b_3x3_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %21 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_3b_3x3_reduce_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %22 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_3b_3x3_reduce_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %23 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_3b_3x3_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %24 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_3b_5x5_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %25 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_3b_5x5_reduce_b_0> : tensor<32xf32>} : () -> !torch.vtensor<[32],f32> 
    %26 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_3b_5x5_reduce_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %27 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_3b_5x5_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %28 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_3b_pool_proj_b_0> : tensor<64xf32>} : () -> !torch.vtensor<[64],f32> 
    %29 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_3b_pool_proj_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %30 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4a_1x1_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %31 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4a_1x1_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %32 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4a_3x3_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %33 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4a_3x3_reduce_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %34 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4a_3x3_reduce_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %35 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4a_3x3_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %36 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4a_5x5_b_0> : tensor<48xf32>} : () -> !torch.vtensor<[48],f32> 
    %37 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4a_5x5_reduce_b_0> : tensor<16xf32>} : () -> !torch.vtensor<[16],f32> 
    %38 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4a_5x5_reduce_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %39 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4a_5x5_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %40 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4a_pool_proj_b_0> : tensor<64xf32>} : () -> !torch.vtensor<[64],f32> 
    %41 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4a_pool_proj_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %42 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4b_1x1_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %43 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4b_1x1_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %44 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4b_3x3_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %45 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4b_3x3_reduce_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %46 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4b_3x3_reduce_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %47 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4b_3x3_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %48 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4b_5x5_b_0> : tensor<64xf32>} : () -> !torch.vtensor<[64],f32> 
    %49 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4b_5x5_reduce_b_0> : tensor<24xf32>} : () -> !torch.vtensor<[24],f32> 
    %50 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4b_5x5_reduce_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %51 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4b_5x5_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %52 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4b_pool_proj_b_0> : tensor<64xf32>} : () -> !torch.vtensor<[64],f32> 
    %53 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4b_pool_proj_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %54 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4c_1x1_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %55 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4c_1x1_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %56 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4c_3x3_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %57 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4c_3x3_reduce_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %58 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4c_3x3_reduce_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %59 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4c_3x3_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %60 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4c_5x5_b_0> : tensor<64xf32>} : () -> !torch.vtensor<[64],f32> 
    %61 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4c_5x5_reduce_b_0> : tensor<24xf32>} : () -> !torch.vtensor<[24],f32> 
    %62 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4c_5x5_reduce_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %63 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4c_5x5_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %64 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4c_pool_proj_b_0> : tensor<64xf32>} : () -> !torch.vtensor<[64],f32> 
    %65 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4c_pool_proj_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %66 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4d_1x1_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %67 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4d_1x1_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %68 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4d_3x3_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %69 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4d_3x3_reduce_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %70 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4d_3x3_reduce_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %71 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4d_3x3_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %72 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4d_5x5_b_0> : tensor<64xf32>} : () -> !torch.vtensor<[64],f32> 
    %73 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4d_5x5_reduce_b_0> : tensor<32xf32>} : () -> !torch.vtensor<[32],f32> 
    %74 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4d_5x5_reduce_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %75 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4d_5x5_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %76 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4d_pool_proj_b_0> : tensor<64xf32>} : () -> !torch.vtensor<[64],f32> 
    %77 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4d_pool_proj_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %78 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4e_1x1_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %79 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4e_1x1_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %80 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4e_3x3_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %81 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4e_3x3_reduce_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %82 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4e_3x3_reduce_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %83 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4e_3x3_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %84 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4e_5x5_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %85 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4e_5x5_reduce_b_0> : tensor<32xf32>} : () -> !torch.vtensor<[32],f32> 
    %86 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4e_5x5_reduce_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %87 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4e_5x5_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %88 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4e_pool_proj_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %89 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_4e_pool_proj_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %90 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_5a_1x1_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %91 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_5a_1x1_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %92 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_5a_3x3_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %93 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_5a_3x3_reduce_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %94 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_5a_3x3_reduce_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %95 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_5a_3x3_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %96 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_5a_5x5_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %97 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_5a_5x5_reduce_b_0> : tensor<32xf32>} : () -> !torch.vtensor<[32],f32> 
    %98 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_5a_5x5_reduce_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %99 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_5a_5x5_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %100 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_5a_pool_proj_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %101 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_5a_pool_proj_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %102 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_5b_1x1_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %103 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_5b_1x1_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %104 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_5b_3x3_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %105 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_5b_3x3_reduce_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %106 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_5b_3x3_reduce_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %107 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_5b_3x3_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %108 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_5b_5x5_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %109 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_5b_5x5_reduce_b_0> : tensor<48xf32>} : () -> !torch.vtensor<[48],f32> 
    %110 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_5b_5x5_reduce_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %111 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_5b_5x5_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %112 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_5b_pool_proj_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %113 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_inception_5b_pool_proj_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %114 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_loss3_classifier_b_0__SHAPE> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %115 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<_loss3_classifier_w_0__SHAPE> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
    %116 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<OC2_DUMMY_1> : tensor<2xsi64>} : () -> !torch.vtensor<[2],si64> 
    %117 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<OC2_DUMMY_3> : tensor<2xsi64>} : () -> !torch.vtensor<[2],si64> 
    %none = torch.constant.none
    %118 = torch.operator "onnx.ConstantOfShape"(%1) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[64,3,7,7],f32> 
    %119 = torch.operator "onnx.ConstantOfShape"(%2) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[192],f32> 
    %120 = torch.operator "onnx.ConstantOfShape"(%4) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[64,64,1,1],f32> 
    %121 = torch.operator "onnx.ConstantOfShape"(%5) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[192,64,3,3],f32> 
    %122 = torch.operator "onnx.ConstantOfShape"(%7) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[64,192,1,1],f32> 
    %123 = torch.operator "onnx.ConstantOfShape"(%8) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[128],f32> 
    %124 = torch.operator "onnx.ConstantOfShape"(%9) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[96],f32> 
    %125 = torch.operator "onnx.ConstantOfShape"(%10) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[96,192,1,1],f32> 
    %126 = torch.operator "onnx.ConstantOfShape"(%11) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[128,96,3,3],f32> 
    %127 = torch.operator "onnx.ConstantOfShape"(%14) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[16,192,1,1],f32> 
    %128 = torch.operator "onnx.ConstantOfShape"(%15) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[32,16,5,5],f32> 
    %129 = torch.operator "onnx.ConstantOfShape"(%17) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[32,192,1,1],f32> 
    %130 = torch.operator "onnx.ConstantOfShape"(%18) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[128],f32> 
    %131 = torch.operator "onnx.ConstantOfShape"(%19) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[128,256,1,1],f32> 
    %132 = torch.operator "onnx.ConstantOfShape"(%20) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[192],f32> 
    %133 = torch.operator "onnx.ConstantOfShape"(%21) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[128],f32> 
    %134 = torch.operator "onnx.ConstantOfShape"(%22) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[128,256,1,1],f32> 
    %135 = torch.operator "onnx.ConstantOfShape"(%23) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[192,128,3,3],f32> 
    %136 = torch.operator "onnx.ConstantOfShape"(%24) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[96],f32> 
    %137 = torch.operator "onnx.ConstantOfShape"(%26) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[32,256,1,1],f32> 
    %138 = torch.operator "onnx.ConstantOfShape"(%27) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[96,32,5,5],f32> 
    %139 = torch.operator "onnx.ConstantOfShape"(%29) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[64,256,1,1],f32> 
    %140 = torch.operator "onnx.ConstantOfShape"(%30) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[192],f32> 
    %141 = torch.operator "onnx.ConstantOfShape"(%31) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[192,480,1,1],f32> 
    %142 = torch.operator "onnx.ConstantOfShape"(%32) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[208],f32> 
    %143 = torch.operator "onnx.ConstantOfShape"(%33) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[96],f32> 
    %144 = torch.operator "onnx.ConstantOfShape"(%34) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[96,480,1,1],f32> 
    %145 = torch.operator "onnx.ConstantOfShape"(%35) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[208,96,3,3],f32> 
    %146 = torch.operator "onnx.ConstantOfShape"(%38) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[16,480,1,1],f32> 
    %147 = torch.operator "onnx.ConstantOfShape"(%39) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[48,16,5,5],f32> 
    %148 = torch.operator "onnx.ConstantOfShape"(%41) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[64,480,1,1],f32> 
    %149 = torch.operator "onnx.ConstantOfShape"(%42) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[160],f32> 
    %150 = torch.operator "onnx.ConstantOfShape"(%43) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[160,512,1,1],f32> 
    %151 = torch.operator "onnx.ConstantOfShape"(%44) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[224],f32> 
    %152 = torch.operator "onnx.ConstantOfShape"(%45) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[112],f32> 
    %153 = torch.operator "onnx.ConstantOfShape"(%46) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[112,512,1,1],f32> 
    %154 = torch.operator "onnx.ConstantOfShape"(%47) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[224,112,3,3],f32> 
    %155 = torch.operator "onnx.ConstantOfShape"(%50) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[24,512,1,1],f32> 
    %156 = torch.operator "onnx.ConstantOfShape"(%51) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[64,24,5,5],f32> 
    %157 = torch.operator "onnx.ConstantOfShape"(%53) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[64,512,1,1],f32> 
    %158 = torch.operator "onnx.ConstantOfShape"(%54) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[128],f32> 
    %159 = torch.operator "onnx.ConstantOfShape"(%55) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[128,512,1,1],f32> 
    %160 = torch.operator "onnx.ConstantOfShape"(%56) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[256],f32> 
    %161 = torch.operator "onnx.ConstantOfShape"(%57) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[128],f32> 
    %162 = torch.operator "onnx.ConstantOfShape"(%58) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[128,512,1,1],f32> 
    %163 = torch.operator "onnx.ConstantOfShape"(%59) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[256,128,3,3],f32> 
    %164 = torch.operator "onnx.ConstantOfShape"(%62) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[24,512,1,1],f32> 
    %165 = torch.operator "onnx.ConstantOfShape"(%63) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[64,24,5,5],f32> 
    %166 = torch.operator "onnx.ConstantOfShape"(%65) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[64,512,1,1],f32> 
    %167 = torch.operator "onnx.ConstantOfShape"(%66) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[112],f32> 
    %168 = torch.operator "onnx.ConstantOfShape"(%67) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[112,512,1,1],f32> 
    %169 = torch.operator "onnx.ConstantOfShape"(%68) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[288],f32> 
    %170 = torch.operator "onnx.ConstantOfShape"(%69) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[144],f32> 
    %171 = torch.operator "onnx.ConstantOfShape"(%70) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[144,512,1,1],f32> 
    %172 = torch.operator "onnx.ConstantOfShape"(%71) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[288,144,3,3],f32> 
    %173 = torch.operator "onnx.ConstantOfShape"(%74) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[32,512,1,1],f32> 
    %174 = torch.operator "onnx.ConstantOfShape"(%75) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[64,32,5,5],f32> 
    %175 = torch.operator "onnx.ConstantOfShape"(%77) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[64,512,1,1],f32> 
    %176 = torch.operator "onnx.ConstantOfShape"(%78) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[256],f32> 
    %177 = torch.operator "onnx.ConstantOfShape"(%79) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[256,528,1,1],f32> 
    %178 = torch.operator "onnx.ConstantOfShape"(%80) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[320],f32> 
    %179 = torch.operator "onnx.ConstantOfShape"(%81) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[160],f32> 
    %180 = torch.operator "onnx.ConstantOfShape"(%82) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[160,528,1,1],f32> 
    %181 = torch.operator "onnx.ConstantOfShape"(%83) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[320,160,3,3],f32> 
    %182 = torch.operator "onnx.ConstantOfShape"(%84) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[128],f32> 
    %183 = torch.operator "onnx.ConstantOfShape"(%86) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[32,528,1,1],f32> 
    %184 = torch.operator "onnx.ConstantOfShape"(%87) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[128,32,5,5],f32> 
    %185 = torch.operator "onnx.ConstantOfShape"(%88) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[128],f32> 
    %186 = torch.operator "onnx.ConstantOfShape"(%89) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[128,528,1,1],f32> 
    %187 = torch.operator "onnx.ConstantOfShape"(%90) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[256],f32> 
    %188 = torch.operator "onnx.ConstantOfShape"(%91) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[256,832,1,1],f32> 
    %189 = torch.operator "onnx.ConstantOfShape"(%92) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[320],f32> 
    %190 = torch.operator "onnx.ConstantOfShape"(%93) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[160],f32> 
    %191 = torch.operator "onnx.ConstantOfShape"(%94) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[160,832,1,1],f32> 
    %192 = torch.operator "onnx.ConstantOfShape"(%95) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[320,160,3,3],f32> 
    %193 = torch.operator "onnx.ConstantOfShape"(%96) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[128],f32> 
    %194 = torch.operator "onnx.ConstantOfShape"(%98) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[32,832,1,1],f32> 
    %195 = torch.operator "onnx.ConstantOfShape"(%99) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[128,32,5,5],f32> 
    %196 = torch.operator "onnx.ConstantOfShape"(%100) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[128],f32> 
    %197 = torch.operator "onnx.ConstantOfShape"(%101) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[128,832,1,1],f32> 
    %198 = torch.operator "onnx.ConstantOfShape"(%102) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[384],f32> 
    %199 = torch.operator "onnx.ConstantOfShape"(%103) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[384,832,1,1],f32> 
    %200 = torch.operator "onnx.ConstantOfShape"(%104) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[384],f32> 
    %201 = torch.operator "onnx.ConstantOfShape"(%105) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[192],f32> 
    %202 = torch.operator "onnx.ConstantOfShape"(%106) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[192,832,1,1],f32> 
    %203 = torch.operator "onnx.ConstantOfShape"(%107) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[384,192,3,3],f32> 
    %204 = torch.operator "onnx.ConstantOfShape"(%108) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[128],f32> 
    %205 = torch.operator "onnx.ConstantOfShape"(%110) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[48,832,1,1],f32> 
    %206 = torch.operator "onnx.ConstantOfShape"(%111) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[128,48,5,5],f32> 
    %207 = torch.operator "onnx.ConstantOfShape"(%112) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[128],f32> 
    %208 = torch.operator "onnx.ConstantOfShape"(%113) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[128,832,1,1],f32> 
    %209 = torch.operator "onnx.ConstantOfShape"(%114) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[1000],f32> 
    %210 = torch.operator "onnx.ConstantOfShape"(%115) {torch.onnx.value = dense<2.000000e-02> : tensor<1xf32>} : (!torch.vtensor<[4],si64>) -> !torch.vtensor<[1,1,1000,1024],f32> 
    %211 = torch.operator "onnx.Conv"(%arg0, %118, %0) {torch.onnx.kernel_shape = [7 : si64, 7 : si64], torch.onnx.pads = [3 : si64, 3 : si64, 3 : si64, 3 : si64], torch.onnx.strides = [2 : si64, 2 : si64]} : (!torch.vtensor<[1,3,224,224],f32>, !torch.vtensor<[64,3,7,7],f32>, !torch.vtensor<[64],f32>) -> !torch.vtensor<[1,64,112,112],f32> 
    %212 = torch.operator "onnx.Relu"(%211) : (!torch.vtensor<[1,64,112,112],f32>) -> !torch.vtensor<[1,64,112,112],f32> 
    %213 = torch.operator "onnx.MaxPool"(%212) {torch.onnx.kernel_shape = [3 : si64, 3 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [2 : si64, 2 : si64]} : (!torch.vtensor<[1,64,112,112],f32>) -> !torch.vtensor<[1,64,55,55],f32> 
    %214 = torch.operator "onnx.LRN"(%213) {torch.onnx.alpha = 9.99999974E-5 : f32, torch.onnx.beta = 7.500000e-01 : f32, torch.onnx.bias = 1.000000e+00 : f32, torch.onnx.size = 5 : si64} : (!torch.vtensor<[1,64,55,55],f32>) -> !torch.vtensor<[1,64,55,55],f32> 
    %215 = torch.operator "onnx.Conv"(%214, %120, %3) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,64,55,55],f32>, !torch.vtensor<[64,64,1,1],f32>, !torch.vtensor<[64],f32>) -> !torch.vtensor<[1,64,55,55],f32> 
    %216 = torch.operator "onnx.Relu"(%215) : (!torch.vtensor<[1,64,55,55],f32>) -> !torch.vtensor<[1,64,55,55],f32> 
    %217 = torch.operator "onnx.Conv"(%216, %121, %119) {torch.onnx.kernel_shape = [3 : si64, 3 : si64], torch.onnx.pads = [1 : si64, 1 : si64, 1 : si64, 1 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,64,55,55],f32>, !torch.vtensor<[192,64,3,3],f32>, !torch.vtensor<[192],f32>) -> !torch.vtensor<[1,192,55,55],f32> 
    %218 = torch.operator "onnx.Relu"(%217) : (!torch.vtensor<[1,192,55,55],f32>) -> !torch.vtensor<[1,192,55,55],f32> 
    %219 = torch.operator "onnx.LRN"(%218) {torch.onnx.alpha = 9.99999974E-5 : f32, torch.onnx.beta = 7.500000e-01 : f32, torch.onnx.bias = 1.000000e+00 : f32, torch.onnx.size = 5 : si64} : (!torch.vtensor<[1,192,55,55],f32>) -> !torch.vtensor<[1,192,55,55],f32> 
    %220 = torch.operator "onnx.MaxPool"(%219) {torch.onnx.kernel_shape = [3 : si64, 3 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [2 : si64, 2 : si64]} : (!torch.vtensor<[1,192,55,55],f32>) -> !torch.vtensor<[1,192,27,27],f32> 
    %221 = torch.operator "onnx.Conv"(%220, %122, %6) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,192,27,27],f32>, !torch.vtensor<[64,192,1,1],f32>, !torch.vtensor<[64],f32>) -> !torch.vtensor<[1,64,27,27],f32> 
    %222 = torch.operator "onnx.Relu"(%221) : (!torch.vtensor<[1,64,27,27],f32>) -> !torch.vtensor<[1,64,27,27],f32> 
    %223 = torch.operator "onnx.Conv"(%220, %125, %124) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,192,27,27],f32>, !torch.vtensor<[96,192,1,1],f32>, !torch.vtensor<[96],f32>) -> !torch.vtensor<[1,96,27,27],f32> 
    %224 = torch.operator "onnx.Relu"(%223) : (!torch.vtensor<[1,96,27,27],f32>) -> !torch.vtensor<[1,96,27,27],f32> 
    %225 = torch.operator "onnx.Conv"(%224, %126, %123) {torch.onnx.kernel_shape = [3 : si64, 3 : si64], torch.onnx.pads = [1 : si64, 1 : si64, 1 : si64, 1 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,96,27,27],f32>, !torch.vtensor<[128,96,3,3],f32>, !torch.vtensor<[128],f32>) -> !torch.vtensor<[1,128,27,27],f32> 
    %226 = torch.operator "onnx.Relu"(%225) : (!torch.vtensor<[1,128,27,27],f32>) -> !torch.vtensor<[1,128,27,27],f32> 
    %227 = torch.operator "onnx.Conv"(%220, %127, %13) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,192,27,27],f32>, !torch.vtensor<[16,192,1,1],f32>, !torch.vtensor<[16],f32>) -> !torch.vtensor<[1,16,27,27],f32> 
    %228 = torch.operator "onnx.Relu"(%227) : (!torch.vtensor<[1,16,27,27],f32>) -> !torch.vtensor<[1,16,27,27],f32> 
    %229 = torch.operator "onnx.Conv"(%228, %128, %12) {torch.onnx.kernel_shape = [5 : si64, 5 : si64], torch.onnx.pads = [2 : si64, 2 : si64, 2 : si64, 2 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,16,27,27],f32>, !torch.vtensor<[32,16,5,5],f32>, !torch.vtensor<[32],f32>) -> !torch.vtensor<[1,32,27,27],f32> 
    %230 = torch.operator "onnx.Relu"(%229) : (!torch.vtensor<[1,32,27,27],f32>) -> !torch.vtensor<[1,32,27,27],f32> 
    %231 = torch.operator "onnx.MaxPool"(%220) {torch.onnx.kernel_shape = [3 : si64, 3 : si64], torch.onnx.pads = [1 : si64, 1 : si64, 1 : si64, 1 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,192,27,27],f32>) -> !torch.vtensor<[1,192,27,27],f32> 
    %232 = torch.operator "onnx.Conv"(%231, %129, %16) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,192,27,27],f32>, !torch.vtensor<[32,192,1,1],f32>, !torch.vtensor<[32],f32>) -> !torch.vtensor<[1,32,27,27],f32> 
    %233 = torch.operator "onnx.Relu"(%232) : (!torch.vtensor<[1,32,27,27],f32>) -> !torch.vtensor<[1,32,27,27],f32> 
    %234 = torch.operator "onnx.Concat"(%222, %226, %230, %233) {torch.onnx.axis = 1 : si64} : (!torch.vtensor<[1,64,27,27],f32>, !torch.vtensor<[1,128,27,27],f32>, !torch.vtensor<[1,32,27,27],f32>, !torch.vtensor<[1,32,27,27],f32>) -> !torch.vtensor<[1,256,27,27],f32> 
    %235 = torch.operator "onnx.Conv"(%234, %131, %130) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,256,27,27],f32>, !torch.vtensor<[128,256,1,1],f32>, !torch.vtensor<[128],f32>) -> !torch.vtensor<[1,128,27,27],f32> 
    %236 = torch.operator "onnx.Relu"(%235) : (!torch.vtensor<[1,128,27,27],f32>) -> !torch.vtensor<[1,128,27,27],f32> 
    %237 = torch.operator "onnx.Conv"(%234, %134, %133) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,256,27,27],f32>, !torch.vtensor<[128,256,1,1],f32>, !torch.vtensor<[128],f32>) -> !torch.vtensor<[1,128,27,27],f32> 
    %238 = torch.operator "onnx.Relu"(%237) : (!torch.vtensor<[1,128,27,27],f32>) -> !torch.vtensor<[1,128,27,27],f32> 
    %239 = torch.operator "onnx.Conv"(%238, %135, %132) {torch.onnx.kernel_shape = [3 : si64, 3 : si64], torch.onnx.pads = [1 : si64, 1 : si64, 1 : si64, 1 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,128,27,27],f32>, !torch.vtensor<[192,128,3,3],f32>, !torch.vtensor<[192],f32>) -> !torch.vtensor<[1,192,27,27],f32> 
    %240 = torch.operator "onnx.Relu"(%239) : (!torch.vtensor<[1,192,27,27],f32>) -> !torch.vtensor<[1,192,27,27],f32> 
    %241 = torch.operator "onnx.Conv"(%234, %137, %25) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,256,27,27],f32>, !torch.vtensor<[32,256,1,1],f32>, !torch.vtensor<[32],f32>) -> !torch.vtensor<[1,32,27,27],f32> 
    %242 = torch.operator "onnx.Relu"(%241) : (!torch.vtensor<[1,32,27,27],f32>) -> !torch.vtensor<[1,32,27,27],f32> 
    %243 = torch.operator "onnx.Conv"(%242, %138, %136) {torch.onnx.kernel_shape = [5 : si64, 5 : si64], torch.onnx.pads = [2 : si64, 2 : si64, 2 : si64, 2 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,32,27,27],f32>, !torch.vtensor<[96,32,5,5],f32>, !torch.vtensor<[96],f32>) -> !torch.vtensor<[1,96,27,27],f32> 
    %244 = torch.operator "onnx.Relu"(%243) : (!torch.vtensor<[1,96,27,27],f32>) -> !torch.vtensor<[1,96,27,27],f32> 
    %245 = torch.operator "onnx.MaxPool"(%234) {torch.onnx.kernel_shape = [3 : si64, 3 : si64], torch.onnx.pads = [1 : si64, 1 : si64, 1 : si64, 1 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,256,27,27],f32>) -> !torch.vtensor<[1,256,27,27],f32> 
    %246 = torch.operator "onnx.Conv"(%245, %139, %28) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,256,27,27],f32>, !torch.vtensor<[64,256,1,1],f32>, !torch.vtensor<[64],f32>) -> !torch.vtensor<[1,64,27,27],f32> 
    %247 = torch.operator "onnx.Relu"(%246) : (!torch.vtensor<[1,64,27,27],f32>) -> !torch.vtensor<[1,64,27,27],f32> 
    %248 = torch.operator "onnx.Concat"(%236, %240, %244, %247) {torch.onnx.axis = 1 : si64} : (!torch.vtensor<[1,128,27,27],f32>, !torch.vtensor<[1,192,27,27],f32>, !torch.vtensor<[1,96,27,27],f32>, !torch.vtensor<[1,64,27,27],f32>) -> !torch.vtensor<[1,480,27,27],f32> 
    %249 = torch.operator "onnx.MaxPool"(%248) {torch.onnx.kernel_shape = [3 : si64, 3 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [2 : si64, 2 : si64]} : (!torch.vtensor<[1,480,27,27],f32>) -> !torch.vtensor<[1,480,13,13],f32> 
    %250 = torch.operator "onnx.Conv"(%249, %141, %140) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,480,13,13],f32>, !torch.vtensor<[192,480,1,1],f32>, !torch.vtensor<[192],f32>) -> !torch.vtensor<[1,192,13,13],f32> 
    %251 = torch.operator "onnx.Relu"(%250) : (!torch.vtensor<[1,192,13,13],f32>) -> !torch.vtensor<[1,192,13,13],f32> 
    %252 = torch.operator "onnx.Conv"(%249, %144, %143) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,480,13,13],f32>, !torch.vtensor<[96,480,1,1],f32>, !torch.vtensor<[96],f32>) -> !torch.vtensor<[1,96,13,13],f32> 
    %253 = torch.operator "onnx.Relu"(%252) : (!torch.vtensor<[1,96,13,13],f32>) -> !torch.vtensor<[1,96,13,13],f32> 
    %254 = torch.operator "onnx.Conv"(%253, %145, %142) {torch.onnx.kernel_shape = [3 : si64, 3 : si64], torch.onnx.pads = [1 : si64, 1 : si64, 1 : si64, 1 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,96,13,13],f32>, !torch.vtensor<[208,96,3,3],f32>, !torch.vtensor<[208],f32>) -> !torch.vtensor<[1,208,13,13],f32> 
    %255 = torch.operator "onnx.Relu"(%254) : (!torch.vtensor<[1,208,13,13],f32>) -> !torch.vtensor<[1,208,13,13],f32> 
    %256 = torch.operator "onnx.Conv"(%249, %146, %37) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,480,13,13],f32>, !torch.vtensor<[16,480,1,1],f32>, !torch.vtensor<[16],f32>) -> !torch.vtensor<[1,16,13,13],f32> 
    %257 = torch.operator "onnx.Relu"(%256) : (!torch.vtensor<[1,16,13,13],f32>) -> !torch.vtensor<[1,16,13,13],f32> 
    %258 = torch.operator "onnx.Conv"(%257, %147, %36) {torch.onnx.kernel_shape = [5 : si64, 5 : si64], torch.onnx.pads = [2 : si64, 2 : si64, 2 : si64, 2 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,16,13,13],f32>, !torch.vtensor<[48,16,5,5],f32>, !torch.vtensor<[48],f32>) -> !torch.vtensor<[1,48,13,13],f32> 
    %259 = torch.operator "onnx.Relu"(%258) : (!torch.vtensor<[1,48,13,13],f32>) -> !torch.vtensor<[1,48,13,13],f32> 
    %260 = torch.operator "onnx.MaxPool"(%249) {torch.onnx.kernel_shape = [3 : si64, 3 : si64], torch.onnx.pads = [1 : si64, 1 : si64, 1 : si64, 1 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,480,13,13],f32>) -> !torch.vtensor<[1,480,13,13],f32> 
    %261 = torch.operator "onnx.Conv"(%260, %148, %40) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,480,13,13],f32>, !torch.vtensor<[64,480,1,1],f32>, !torch.vtensor<[64],f32>) -> !torch.vtensor<[1,64,13,13],f32> 
    %262 = torch.operator "onnx.Relu"(%261) : (!torch.vtensor<[1,64,13,13],f32>) -> !torch.vtensor<[1,64,13,13],f32> 
    %263 = torch.operator "onnx.Concat"(%251, %255, %259, %262) {torch.onnx.axis = 1 : si64} : (!torch.vtensor<[1,192,13,13],f32>, !torch.vtensor<[1,208,13,13],f32>, !torch.vtensor<[1,48,13,13],f32>, !torch.vtensor<[1,64,13,13],f32>) -> !torch.vtensor<[1,512,13,13],f32> 
    %264 = torch.operator "onnx.Conv"(%263, %150, %149) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,512,13,13],f32>, !torch.vtensor<[160,512,1,1],f32>, !torch.vtensor<[160],f32>) -> !torch.vtensor<[1,160,13,13],f32> 
    %265 = torch.operator "onnx.Relu"(%264) : (!torch.vtensor<[1,160,13,13],f32>) -> !torch.vtensor<[1,160,13,13],f32> 
    %266 = torch.operator "onnx.Conv"(%263, %153, %152) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,512,13,13],f32>, !torch.vtensor<[112,512,1,1],f32>, !torch.vtensor<[112],f32>) -> !torch.vtensor<[1,112,13,13],f32> 
    %267 = torch.operator "onnx.Relu"(%266) : (!torch.vtensor<[1,112,13,13],f32>) -> !torch.vtensor<[1,112,13,13],f32> 
    %268 = torch.operator "onnx.Conv"(%267, %154, %151) {torch.onnx.kernel_shape = [3 : si64, 3 : si64], torch.onnx.pads = [1 : si64, 1 : si64, 1 : si64, 1 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,112,13,13],f32>, !torch.vtensor<[224,112,3,3],f32>, !torch.vtensor<[224],f32>) -> !torch.vtensor<[1,224,13,13],f32> 
    %269 = torch.operator "onnx.Relu"(%268) : (!torch.vtensor<[1,224,13,13],f32>) -> !torch.vtensor<[1,224,13,13],f32> 
    %270 = torch.operator "onnx.Conv"(%263, %155, %49) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,512,13,13],f32>, !torch.vtensor<[24,512,1,1],f32>, !torch.vtensor<[24],f32>) -> !torch.vtensor<[1,24,13,13],f32> 
    %271 = torch.operator "onnx.Relu"(%270) : (!torch.vtensor<[1,24,13,13],f32>) -> !torch.vtensor<[1,24,13,13],f32> 
    %272 = torch.operator "onnx.Conv"(%271, %156, %48) {torch.onnx.kernel_shape = [5 : si64, 5 : si64], torch.onnx.pads = [2 : si64, 2 : si64, 2 : si64, 2 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,24,13,13],f32>, !torch.vtensor<[64,24,5,5],f32>, !torch.vtensor<[64],f32>) -> !torch.vtensor<[1,64,13,13],f32> 
    %273 = torch.operator "onnx.Relu"(%272) : (!torch.vtensor<[1,64,13,13],f32>) -> !torch.vtensor<[1,64,13,13],f32> 
    %274 = torch.operator "onnx.MaxPool"(%263) {torch.onnx.kernel_shape = [3 : si64, 3 : si64], torch.onnx.pads = [1 : si64, 1 : si64, 1 : si64, 1 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,512,13,13],f32>) -> !torch.vtensor<[1,512,13,13],f32> 
    %275 = torch.operator "onnx.Conv"(%274, %157, %52) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,512,13,13],f32>, !torch.vtensor<[64,512,1,1],f32>, !torch.vtensor<[64],f32>) -> !torch.vtensor<[1,64,13,13],f32> 
    %276 = torch.operator "onnx.Relu"(%275) : (!torch.vtensor<[1,64,13,13],f32>) -> !torch.vtensor<[1,64,13,13],f32> 
    %277 = torch.operator "onnx.Concat"(%265, %269, %273, %276) {torch.onnx.axis = 1 : si64} : (!torch.vtensor<[1,160,13,13],f32>, !torch.vtensor<[1,224,13,13],f32>, !torch.vtensor<[1,64,13,13],f32>, !torch.vtensor<[1,64,13,13],f32>) -> !torch.vtensor<[1,512,13,13],f32> 
    %278 = torch.operator "onnx.Conv"(%277, %159, %158) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,512,13,13],f32>, !torch.vtensor<[128,512,1,1],f32>, !torch.vtensor<[128],f32>) -> !torch.vtensor<[1,128,13,13],f32> 
    %279 = torch.operator "onnx.Relu"(%278) : (!torch.vtensor<[1,128,13,13],f32>) -> !torch.vtensor<[1,128,13,13],f32> 
    %280 = torch.operator "onnx.Conv"(%277, %162, %161) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,512,13,13],f32>, !torch.vtensor<[128,512,1,1],f32>, !torch.vtensor<[128],f32>) -> !torch.vtensor<[1,128,13,13],f32> 
    %281 = torch.operator "onnx.Relu"(%280) : (!torch.vtensor<[1,128,13,13],f32>) -> !torch.vtensor<[1,128,13,13],f32> 
    %282 = torch.operator "onnx.Conv"(%281, %163, %160) {torch.onnx.kernel_shape = [3 : si64, 3 : si64], torch.onnx.pads = [1 : si64, 1 : si64, 1 : si64, 1 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,128,13,13],f32>, !torch.vtensor<[256,128,3,3],f32>, !torch.vtensor<[256],f32>) -> !torch.vtensor<[1,256,13,13],f32> 
    %283 = torch.operator "onnx.Relu"(%282) : (!torch.vtensor<[1,256,13,13],f32>) -> !torch.vtensor<[1,256,13,13],f32> 
    %284 = torch.operator "onnx.Conv"(%277, %164, %61) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,512,13,13],f32>, !torch.vtensor<[24,512,1,1],f32>, !torch.vtensor<[24],f32>) -> !torch.vtensor<[1,24,13,13],f32> 
    %285 = torch.operator "onnx.Relu"(%284) : (!torch.vtensor<[1,24,13,13],f32>) -> !torch.vtensor<[1,24,13,13],f32> 
    %286 = torch.operator "onnx.Conv"(%285, %165, %60) {torch.onnx.kernel_shape = [5 : si64, 5 : si64], torch.onnx.pads = [2 : si64, 2 : si64, 2 : si64, 2 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,24,13,13],f32>, !torch.vtensor<[64,24,5,5],f32>, !torch.vtensor<[64],f32>) -> !torch.vtensor<[1,64,13,13],f32> 
    %287 = torch.operator "onnx.Relu"(%286) : (!torch.vtensor<[1,64,13,13],f32>) -> !torch.vtensor<[1,64,13,13],f32> 
    %288 = torch.operator "onnx.MaxPool"(%277) {torch.onnx.kernel_shape = [3 : si64, 3 : si64], torch.onnx.pads = [1 : si64, 1 : si64, 1 : si64, 1 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,512,13,13],f32>) -> !torch.vtensor<[1,512,13,13],f32> 
    %289 = torch.operator "onnx.Conv"(%288, %166, %64) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,512,13,13],f32>, !torch.vtensor<[64,512,1,1],f32>, !torch.vtensor<[64],f32>) -> !torch.vtensor<[1,64,13,13],f32> 
    %290 = torch.operator "onnx.Relu"(%289) : (!torch.vtensor<[1,64,13,13],f32>) -> !torch.vtensor<[1,64,13,13],f32> 
    %291 = torch.operator "onnx.Concat"(%279, %283, %287, %290) {torch.onnx.axis = 1 : si64} : (!torch.vtensor<[1,128,13,13],f32>, !torch.vtensor<[1,256,13,13],f32>, !torch.vtensor<[1,64,13,13],f32>, !torch.vtensor<[1,64,13,13],f32>) -> !torch.vtensor<[1,512,13,13],f32> 
    %292 = torch.operator "onnx.Conv"(%291, %168, %167) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,512,13,13],f32>, !torch.vtensor<[112,512,1,1],f32>, !torch.vtensor<[112],f32>) -> !torch.vtensor<[1,112,13,13],f32> 
    %293 = torch.operator "onnx.Relu"(%292) : (!torch.vtensor<[1,112,13,13],f32>) -> !torch.vtensor<[1,112,13,13],f32> 
    %294 = torch.operator "onnx.Conv"(%291, %171, %170) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,512,13,13],f32>, !torch.vtensor<[144,512,1,1],f32>, !torch.vtensor<[144],f32>) -> !torch.vtensor<[1,144,13,13],f32> 
    %295 = torch.operator "onnx.Relu"(%294) : (!torch.vtensor<[1,144,13,13],f32>) -> !torch.vtensor<[1,144,13,13],f32> 
    %296 = torch.operator "onnx.Conv"(%295, %172, %169) {torch.onnx.kernel_shape = [3 : si64, 3 : si64], torch.onnx.pads = [1 : si64, 1 : si64, 1 : si64, 1 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,144,13,13],f32>, !torch.vtensor<[288,144,3,3],f32>, !torch.vtensor<[288],f32>) -> !torch.vtensor<[1,288,13,13],f32> 
    %297 = torch.operator "onnx.Relu"(%296) : (!torch.vtensor<[1,288,13,13],f32>) -> !torch.vtensor<[1,288,13,13],f32> 
    %298 = torch.operator "onnx.Conv"(%291, %173, %73) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,512,13,13],f32>, !torch.vtensor<[32,512,1,1],f32>, !torch.vtensor<[32],f32>) -> !torch.vtensor<[1,32,13,13],f32> 
    %299 = torch.operator "onnx.Relu"(%298) : (!torch.vtensor<[1,32,13,13],f32>) -> !torch.vtensor<[1,32,13,13],f32> 
    %300 = torch.operator "onnx.Conv"(%299, %174, %72) {torch.onnx.kernel_shape = [5 : si64, 5 : si64], torch.onnx.pads = [2 : si64, 2 : si64, 2 : si64, 2 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,32,13,13],f32>, !torch.vtensor<[64,32,5,5],f32>, !torch.vtensor<[64],f32>) -> !torch.vtensor<[1,64,13,13],f32> 
    %301 = torch.operator "onnx.Relu"(%300) : (!torch.vtensor<[1,64,13,13],f32>) -> !torch.vtensor<[1,64,13,13],f32> 
    %302 = torch.operator "onnx.MaxPool"(%291) {torch.onnx.kernel_shape = [3 : si64, 3 : si64], torch.onnx.pads = [1 : si64, 1 : si64, 1 : si64, 1 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,512,13,13],f32>) -> !torch.vtensor<[1,512,13,13],f32> 
    %303 = torch.operator "onnx.Conv"(%302, %175, %76) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,512,13,13],f32>, !torch.vtensor<[64,512,1,1],f32>, !torch.vtensor<[64],f32>) -> !torch.vtensor<[1,64,13,13],f32> 
    %304 = torch.operator "onnx.Relu"(%303) : (!torch.vtensor<[1,64,13,13],f32>) -> !torch.vtensor<[1,64,13,13],f32> 
    %305 = torch.operator "onnx.Concat"(%293, %297, %301, %304) {torch.onnx.axis = 1 : si64} : (!torch.vtensor<[1,112,13,13],f32>, !torch.vtensor<[1,288,13,13],f32>, !torch.vtensor<[1,64,13,13],f32>, !torch.vtensor<[1,64,13,13],f32>) -> !torch.vtensor<[1,528,13,13],f32> 
    %306 = torch.operator "onnx.Conv"(%305, %177, %176) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,528,13,13],f32>, !torch.vtensor<[256,528,1,1],f32>, !torch.vtensor<[256],f32>) -> !torch.vtensor<[1,256,13,13],f32> 
    %307 = torch.operator "onnx.Relu"(%306) : (!torch.vtensor<[1,256,13,13],f32>) -> !torch.vtensor<[1,256,13,13],f32> 
    %308 = torch.operator "onnx.Conv"(%305, %180, %179) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,528,13,13],f32>, !torch.vtensor<[160,528,1,1],f32>, !torch.vtensor<[160],f32>) -> !torch.vtensor<[1,160,13,13],f32> 
    %309 = torch.operator "onnx.Relu"(%308) : (!torch.vtensor<[1,160,13,13],f32>) -> !torch.vtensor<[1,160,13,13],f32> 
    %310 = torch.operator "onnx.Conv"(%309, %181, %178) {torch.onnx.kernel_shape = [3 : si64, 3 : si64], torch.onnx.pads = [1 : si64, 1 : si64, 1 : si64, 1 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,160,13,13],f32>, !torch.vtensor<[320,160,3,3],f32>, !torch.vtensor<[320],f32>) -> !torch.vtensor<[1,320,13,13],f32> 
    %311 = torch.operator "onnx.Relu"(%310) : (!torch.vtensor<[1,320,13,13],f32>) -> !torch.vtensor<[1,320,13,13],f32> 
    %312 = torch.operator "onnx.Conv"(%305, %183, %85) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,528,13,13],f32>, !torch.vtensor<[32,528,1,1],f32>, !torch.vtensor<[32],f32>) -> !torch.vtensor<[1,32,13,13],f32> 
    %313 = torch.operator "onnx.Relu"(%312) : (!torch.vtensor<[1,32,13,13],f32>) -> !torch.vtensor<[1,32,13,13],f32> 
    %314 = torch.operator "onnx.Conv"(%313, %184, %182) {torch.onnx.kernel_shape = [5 : si64, 5 : si64], torch.onnx.pads = [2 : si64, 2 : si64, 2 : si64, 2 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,32,13,13],f32>, !torch.vtensor<[128,32,5,5],f32>, !torch.vtensor<[128],f32>) -> !torch.vtensor<[1,128,13,13],f32> 
    %315 = torch.operator "onnx.Relu"(%314) : (!torch.vtensor<[1,128,13,13],f32>) -> !torch.vtensor<[1,128,13,13],f32> 
    %316 = torch.operator "onnx.MaxPool"(%305) {torch.onnx.kernel_shape = [3 : si64, 3 : si64], torch.onnx.pads = [1 : si64, 1 : si64, 1 : si64, 1 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,528,13,13],f32>) -> !torch.vtensor<[1,528,13,13],f32> 
    %317 = torch.operator "onnx.Conv"(%316, %186, %185) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,528,13,13],f32>, !torch.vtensor<[128,528,1,1],f32>, !torch.vtensor<[128],f32>) -> !torch.vtensor<[1,128,13,13],f32> 
    %318 = torch.operator "onnx.Relu"(%317) : (!torch.vtensor<[1,128,13,13],f32>) -> !torch.vtensor<[1,128,13,13],f32> 
    %319 = torch.operator "onnx.Concat"(%307, %311, %315, %318) {torch.onnx.axis = 1 : si64} : (!torch.vtensor<[1,256,13,13],f32>, !torch.vtensor<[1,320,13,13],f32>, !torch.vtensor<[1,128,13,13],f32>, !torch.vtensor<[1,128,13,13],f32>) -> !torch.vtensor<[1,832,13,13],f32> 
    %320 = torch.operator "onnx.MaxPool"(%319) {torch.onnx.kernel_shape = [3 : si64, 3 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [2 : si64, 2 : si64]} : (!torch.vtensor<[1,832,13,13],f32>) -> !torch.vtensor<[1,832,6,6],f32> 
    %321 = torch.operator "onnx.Conv"(%320, %188, %187) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,832,6,6],f32>, !torch.vtensor<[256,832,1,1],f32>, !torch.vtensor<[256],f32>) -> !torch.vtensor<[1,256,6,6],f32> 
    %322 = torch.operator "onnx.Relu"(%321) : (!torch.vtensor<[1,256,6,6],f32>) -> !torch.vtensor<[1,256,6,6],f32> 
    %323 = torch.operator "onnx.Conv"(%320, %191, %190) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,832,6,6],f32>, !torch.vtensor<[160,832,1,1],f32>, !torch.vtensor<[160],f32>) -> !torch.vtensor<[1,160,6,6],f32> 
    %324 = torch.operator "onnx.Relu"(%323) : (!torch.vtensor<[1,160,6,6],f32>) -> !torch.vtensor<[1,160,6,6],f32> 
    %325 = torch.operator "onnx.Conv"(%324, %192, %189) {torch.onnx.kernel_shape = [3 : si64, 3 : si64], torch.onnx.pads = [1 : si64, 1 : si64, 1 : si64, 1 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,160,6,6],f32>, !torch.vtensor<[320,160,3,3],f32>, !torch.vtensor<[320],f32>) -> !torch.vtensor<[1,320,6,6],f32> 
    %326 = torch.operator "onnx.Relu"(%325) : (!torch.vtensor<[1,320,6,6],f32>) -> !torch.vtensor<[1,320,6,6],f32> 
    %327 = torch.operator "onnx.Conv"(%320, %194, %97) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,832,6,6],f32>, !torch.vtensor<[32,832,1,1],f32>, !torch.vtensor<[32],f32>) -> !torch.vtensor<[1,32,6,6],f32> 
    %328 = torch.operator "onnx.Relu"(%327) : (!torch.vtensor<[1,32,6,6],f32>) -> !torch.vtensor<[1,32,6,6],f32> 
    %329 = torch.operator "onnx.Conv"(%328, %195, %193) {torch.onnx.kernel_shape = [5 : si64, 5 : si64], torch.onnx.pads = [2 : si64, 2 : si64, 2 : si64, 2 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,32,6,6],f32>, !torch.vtensor<[128,32,5,5],f32>, !torch.vtensor<[128],f32>) -> !torch.vtensor<[1,128,6,6],f32> 
    %330 = torch.operator "onnx.Relu"(%329) : (!torch.vtensor<[1,128,6,6],f32>) -> !torch.vtensor<[1,128,6,6],f32> 
    %331 = torch.operator "onnx.MaxPool"(%320) {torch.onnx.kernel_shape = [3 : si64, 3 : si64], torch.onnx.pads = [1 : si64, 1 : si64, 1 : si64, 1 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,832,6,6],f32>) -> !torch.vtensor<[1,832,6,6],f32> 
    %332 = torch.operator "onnx.Conv"(%331, %197, %196) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,832,6,6],f32>, !torch.vtensor<[128,832,1,1],f32>, !torch.vtensor<[128],f32>) -> !torch.vtensor<[1,128,6,6],f32> 
    %333 = torch.operator "onnx.Relu"(%332) : (!torch.vtensor<[1,128,6,6],f32>) -> !torch.vtensor<[1,128,6,6],f32> 
    %334 = torch.operator "onnx.Concat"(%322, %326, %330, %333) {torch.onnx.axis = 1 : si64} : (!torch.vtensor<[1,256,6,6],f32>, !torch.vtensor<[1,320,6,6],f32>, !torch.vtensor<[1,128,6,6],f32>, !torch.vtensor<[1,128,6,6],f32>) -> !torch.vtensor<[1,832,6,6],f32> 
    %335 = torch.operator "onnx.Conv"(%334, %199, %198) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,832,6,6],f32>, !torch.vtensor<[384,832,1,1],f32>, !torch.vtensor<[384],f32>) -> !torch.vtensor<[1,384,6,6],f32> 
    %336 = torch.operator "onnx.Relu"(%335) : (!torch.vtensor<[1,384,6,6],f32>) -> !torch.vtensor<[1,384,6,6],f32> 
    %337 = torch.operator "onnx.Conv"(%334, %202, %201) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,832,6,6],f32>, !torch.vtensor<[192,832,1,1],f32>, !torch.vtensor<[192],f32>) -> !torch.vtensor<[1,192,6,6],f32> 
    %338 = torch.operator "onnx.Relu"(%337) : (!torch.vtensor<[1,192,6,6],f32>) -> !torch.vtensor<[1,192,6,6],f32> 
    %339 = torch.operator "onnx.Conv"(%338, %203, %200) {torch.onnx.kernel_shape = [3 : si64, 3 : si64], torch.onnx.pads = [1 : si64, 1 : si64, 1 : si64, 1 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,192,6,6],f32>, !torch.vtensor<[384,192,3,3],f32>, !torch.vtensor<[384],f32>) -> !torch.vtensor<[1,384,6,6],f32> 
    %340 = torch.operator "onnx.Relu"(%339) : (!torch.vtensor<[1,384,6,6],f32>) -> !torch.vtensor<[1,384,6,6],f32> 
    %341 = torch.operator "onnx.Conv"(%334, %205, %109) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,832,6,6],f32>, !torch.vtensor<[48,832,1,1],f32>, !torch.vtensor<[48],f32>) -> !torch.vtensor<[1,48,6,6],f32> 
    %342 = torch.operator "onnx.Relu"(%341) : (!torch.vtensor<[1,48,6,6],f32>) -> !torch.vtensor<[1,48,6,6],f32> 
    %343 = torch.operator "onnx.Conv"(%342, %206, %204) {torch.onnx.kernel_shape = [5 : si64, 5 : si64], torch.onnx.pads = [2 : si64, 2 : si64, 2 : si64, 2 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,48,6,6],f32>, !torch.vtensor<[128,48,5,5],f32>, !torch.vtensor<[128],f32>) -> !torch.vtensor<[1,128,6,6],f32> 
    %344 = torch.operator "onnx.Relu"(%343) : (!torch.vtensor<[1,128,6,6],f32>) -> !torch.vtensor<[1,128,6,6],f32> 
    %345 = torch.operator "onnx.MaxPool"(%334) {torch.onnx.kernel_shape = [3 : si64, 3 : si64], torch.onnx.pads = [1 : si64, 1 : si64, 1 : si64, 1 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,832,6,6],f32>) -> !torch.vtensor<[1,832,6,6],f32> 
    %346 = torch.operator "onnx.Conv"(%345, %208, %207) {torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 0 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,832,6,6],f32>, !torch.vtensor<[128,832,1,1],f32>, !torch.vtensor<[128],f32>) -> !torch.vtensor<[1,128,6,6],f32> 
    %347 = torch.operator "onnx.Relu"(%346) : (!torch.vtensor<[1,128,6,6],f32>) -> !torch.vtensor<[1,128,6,6],f32> 
    %348 = torch.operator "onnx.Concat"(%336, %340, %344, %347) {torch.onnx.axis = 1 : si64} : (!torch.vtensor<[1,384,6,6],f32>, !torch.vtensor<[1,384,6,6],f32>, !torch.vtensor<[1,128,6,6],f32>, !torch.vtensor<[1,128,6,6],f32>) -> !torch.vtensor<[1,1024,6,6],f32> 
    %349 = torch.operator "onnx.AveragePool"(%348) {torch.onnx.kernel_shape = [7 : si64, 7 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 1 : si64, 1 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,1024,6,6],f32>) -> !torch.vtensor<[1,1024,1,1],f32> 
    %350 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<4.000000e-01> : tensor<f32>} : () -> !torch.vtensor<[],f32> 
    %351:2 = torch.operator "onnx.Dropout"(%349, %350) : (!torch.vtensor<[1,1024,1,1],f32>, !torch.vtensor<[],f32>) -> (!torch.vtensor<[1,1024,1,1],f32>, !torch.vtensor<[1,1024,1,1],i1>) 
    %352 = torch.operator "onnx.Reshape"(%351#0, %116) : (!torch.vtensor<[1,1024,1,1],f32>, !torch.vtensor<[2],si64>) -> !torch.vtensor<[1,1024],f32> 
    %353 = torch.operator "onnx.Reshape"(%210, %117) : (!torch.vtensor<[1,1,1000,1024],f32>, !torch.vtensor<[2],si64>) -> !torch.vtensor<[1000,1024],f32> 
    %354 = torch.operator "onnx.Gemm"(%352, %353, %209) {torch.onnx.transB = 1 : si64} : (!torch.vtensor<[1,1024],f32>, !torch.vtensor<[1000,1024],f32>, !torch.vtensor<[1000],f32>) -> !torch.vtensor<[1,1000],f32> 
    return %354 : !torch.vtensor<[1,1000],f32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      _conv1_7x7_s2_b_0: "0x0800000026BE21C0C7203DBF224FB9BF7648393F6A3FE53F40A3B43DE81CE5BFB0E51BC0130F28407A7CBBBF4C5C7DBF885C19C08BB37ABFC2A11BC00087D3BFA74F683E6AEC8D40F4C581BEF12B8240743AC4BFE499A340956B02C07677B2BFF2906AC02228DFBEEC6238C098E748C081D084C0533B4EC05A3047C03C493E3E6A8800401C0C904099D84A4093159E4006DA98BE97BB0ABFEB402C4082858DBFE0EE12C02F931DBFD9BFF2BE61E80B4029EBBEBF7636CEBF4BD687C0603229C0040C51C0E0B7B9C04D56C5C0D70887C06AE66FC0FFB08EC05BDA67C0DEB603C0D053BA3F36C05940EEA81CC0F7BF26C0DD55713E6F0826C072BFAAC055CCA3C0AB64FFC0",
      _conv1_7x7_s2_w_0__SHAPE: "0x080000004000000000000000030000000000000007000000000000000700000000000000",
      _conv2_3x3_b_0__SHAPE: "0x08000000C000000000000000",
      _conv2_3x3_reduce_b_0: "0x08000000A065C33EC50A233D44C43B3FB3631B3E5B5FCC3FA2971F3F0B7022BE83E8C7BE5EA88BBFFCF3913EF549B9BF458F5C3FF995F83FEDAA243F9246BC3E50EE4D3E40FB65BED3CAE13D28D8703F9FC38DBC1EE8F5BDD18C9A3D81A8063F67D1FF3E49290BC08604F4BD2B1C203D1244B4BF5F363A3FBB7510406712103F43A4843EDC78C43DE2DB3C3FE2DFD83E3C791EBEFFA5553CC7D4A93F5D3348BF40565E3FD6F5883F47DB6E3FA333273FCC6227BE99D64E3F37E06C3D2F432D3E3880F4BD1FF98EBDEC60FDBE8C0DC3BE81EA35BF127B8E3DBBE25CBB80933CBE22D78CBC99A79F3F01DFBFBD0CB78F3FBF37513F664908BF5740293FC9038B3E4D4417BE",
      _conv2_3x3_reduce_w_0__SHAPE: "0x080000004000000000000000400000000000000001000000000000000100000000000000",
      _conv2_3x3_w_0__SHAPE: "0x08000000C000000000000000400000000000000003000000000000000300000000000000",
      _inception_3a_1x1_b_0: "0x0800000084FAD8BC73A195BE4E8129BE8171B3BE7A3A2D3FF1EBB03E3691473F4C51C0BE338C013FA196473E1674083F64F9D8BE81B368BEF3AB0A3EB4A5303F45BDB23EA07937BE22E3A43E9932843F97A98A3E2C07F6BD8FCAA2BE5081BBBDE30D49BE4840413F21E4A23FBA5994BC98D3A7BE852D4F3CB91BC13D6418363FF9EFADBEC13782BFDB830EBF1F4384BDAF213ABD20BA24BEC0B284BE7F2107BEF591343E2A8AEABDF07826BF472629BFD5CF4DBFC47E5C3F2611383E5B81183F440FDFBEA5B8113F52AC6D3EE90C0B3F9A4FC43E95B3C3BD1AE114BF9488543FAEAB1B3F3EFBCA3DF3F1083BCCF9D53EBBFD163E27CE8D3E75C2CC3ECEE0693E05A97BBE",
      _inception_3a_1x1_w_0__SHAPE: "0x080000004000000000000000C00000000000000001000000000000000100000000000000",
      _inception_3a_3x3_b_0__SHAPE: "0x080000008000000000000000",
      _inception_3a_3x3_reduce_b_0__SHAPE: "0x080000006000000000000000",
      _inception_3a_3x3_reduce_w_0__SHAPE: "0x080000006000000000000000C00000000000000001000000000000000100000000000000",
      _inception_3a_3x3_w_0__SHAPE: "0x080000008000000000000000600000000000000003000000000000000300000000000000",
      _inception_3a_5x5_b_0: "0x080000003E99CCBDED20083E4BDF0B3E22A7093E2D2793BE16A5093F4F526A3D3500643EC2F40F3E156847BE9FC630BD1448533D98DE8FBCDD9D07BEAF352C3EB2297DBDA9584D3E514511BE7ED2183E3336F03CC4240C3F437CF4BC30645CBDF693B33E423A683D4E34763E5E66C8BD7116E63E2D3BA63E821D6DBD4E27273D2BA2813C",
      _inception_3a_5x5_reduce_b_0: "0x080000009949A83ED7C4233E4048373F66077D3DDA5B583FB404E63E09E4D03E29DA11BE2F1DBEBB3F279B3F43CCDB3ED3E5413E1726133EB2C41B3FE2B40EBE9CFD5A3E",
      _inception_3a_5x5_reduce_w_0__SHAPE: "0x080000001000000000000000C00000000000000001000000000000000100000000000000",
      _inception_3a_5x5_w_0__SHAPE: "0x080000002000000000000000100000000000000005000000000000000500000000000000",
      _inception_3a_pool_proj_b_0: "0x0800000053C2FA3E8E25E33EB8403F3F91133E3FD7A5963EB9E2EC3E879BE73E000F413F67B8C53E8722AB3E2133D63EA119633E5D15CD3EF13EF83EA87E6F3E7121123F86CCE93E1072A03EC8E5BC3E9E26023FCE1DF23E02C4E13E3CF0FE3E345CBDBDAF07EC3E12A80A3FAD0EC43E243B583E94EAD83E7BF31C3E1F81093F334ED73E",
      _inception_3a_pool_proj_w_0__SHAPE: "0x080000002000000000000000C00000000000000001000000000000000100000000000000",
      _inception_3b_1x1_b_0__SHAPE: "0x080000008000000000000000",
      _inception_3b_1x1_w_0__SHAPE: "0x080000008000000000000000000100000000000001000000000000000100000000000000",
      _inception_3b_3x3_b_0__SHAPE: "0x08000000C000000000000000",
      _inception_3b_3x3_reduce_b_0__SHAPE: "0x080000008000000000000000",
      _inception_3b_3x3_reduce_w_0__SHAPE: "0x080000008000000000000000000100000000000001000000000000000100000000000000",
      _inception_3b_3x3_w_0__SHAPE: "0x08000000C000000000000000800000000000000003000000000000000300000000000000",
      _inception_3b_5x5_b_0__SHAPE: "0x080000006000000000000000",
      _inception_3b_5x5_reduce_b_0: "0x08000000513B553F4F14133F62A9E53FBBCD963F488DE43FD9E21F3F8CDB353FFCF2833FFA52153EB5DD133F161D0B3FFA90E23EDFDCB33C894DD13EBDD6043E59A3173F1B490B3F8573DE3E6A93373F60B3203E9AB8983E4A459E3D32A8243F5A3B593F59A14C3FF5673C3F3F377B3E7481723F50ED383F4ED0843EF111AF3D463B833E",
      _inception_3b_5x5_reduce_w_0__SHAPE: "0x080000002000000000000000000100000000000001000000000000000100000000000000",
      _inception_3b_5x5_w_0__SHAPE: "0x080000006000000000000000200000000000000005000000000000000500000000000000",
      _inception_3b_pool_proj_b_0: "0x0800000045A08D3E2199BE3EAE160D3E6850833EDF76A93E3AA2E43E06D9663E549DDB3E2DC1173EF9AB353EE1E3823E5276A83EF4BE3F3EB472E33DD301233EB4C47A3E9917253E31C9CA3DAB6D653E9D1D673E97B377BD34C3063E62C2993EC58ED83E2130583EA25DEF3ED878813DCC42063F5E27753EF93B693F27C5B43EB4999C3E490A823EFBA2B73E063EF73E4B1AB43E0D82323E7BCB553D74C3053E36E8963EC712A23D6786263E0F0AA93E1776F73E2831083E0500183E957E993E765B2F3E0B5A013E642F433EC52D363E336B213E6DC8993DA295063EA226893E66AA8C3E7BD6A73EBCC0FB3DD782AA3DCFC3003F8541213E83418B3E54AB733E0DC7963E",
      _inception_3b_pool_proj_w_0__SHAPE: "0x080000004000000000000000000100000000000001000000000000000100000000000000",
      _inception_4a_1x1_b_0__SHAPE: "0x08000000C000000000000000",
      _inception_4a_1x1_w_0__SHAPE: "0x08000000C000000000000000E00100000000000001000000000000000100000000000000",
      _inception_4a_3x3_b_0__SHAPE: "0x08000000D000000000000000",
      _inception_4a_3x3_reduce_b_0__SHAPE: "0x080000006000000000000000",
      _inception_4a_3x3_reduce_w_0__SHAPE: "0x080000006000000000000000E00100000000000001000000000000000100000000000000",
      _inception_4a_3x3_w_0__SHAPE: "0x08000000D000000000000000600000000000000003000000000000000300000000000000",
      _inception_4a_5x5_b_0: "0x0800000075E3BE3D0D338B3E75C82E3FB947093F3ACE293EF1ADDC3E70EDCD3E5754C83E6DE05D3FAA2C0C3F1E669A3EAF3A973E45D2093F8C45AF3EAC59053EE260853E90B3913EA445333FFE7F81BC63CF9D3E54E30C3F9F5FB63EED64253FF879973FB7320F3FF4858C3EEC981CBD1973A43E92CBD43E4BA2DE3DC556EB3EB6C71A3EE15B903EFFBBAF3EF0DEA83E9B90573F2CCA823E8080293F4BF7B23E2E21FB3ED395783E5403BB3E15009D3E32E8173F9CAB1D3F7467873E3818B63E524B1C3E",
      _inception_4a_5x5_reduce_b_0: "0x0800000039A2F83F350C2A3F26B80C408F97EF3ED070353F21D90A40517A463F01F7473FE8B15E3E41BB433F7B4B9A3F366B913FD2A20F3F56462F3F7EF3CD3E0A74853F",
      _inception_4a_5x5_reduce_w_0__SHAPE: "0x080000001000000000000000E00100000000000001000000000000000100000000000000",
      _inception_4a_5x5_w_0__SHAPE: "0x080000003000000000000000100000000000000005000000000000000500000000000000",
      _inception_4a_pool_proj_b_0: "0x080000009959363E7B06E53EB7106F3C4D9CC83D265F423FBC861E3F92DD273F38FDC73E9117443EA8AAA33E3171E23E346F983EEA9DB43ECFBE0C3F45F2523FD6B4FF3E0F16F53E52738B3EC4C0893E5883DF3EB40FC53E400A393ECD3DCD3DFDDAB23E835A173EEDB0483E9F37313F8E74233E35C0943E1C90E83E762EF93ECB9D983EAD6C563EEA1B8F3E948F923E204B1D3E2F44383FD7903D3F75BC023FDBB3BE3E4725383F94E1143EB974E23D4DBAE03EA0D6D73EE02F263E8832C43E8DB64F3F8BA3373EBB128C3E1001E73E19EB4C3E1BD8A63E9922383E7529823E3F6CC3BDA6B71C3F6A1BDF3EB704A53E0D2DF13E821D773E9281423D6DF6963E7B74E93E",
      _inception_4a_pool_proj_w_0__SHAPE: "0x080000004000000000000000E00100000000000001000000000000000100000000000000",
      _inception_4b_1x1_b_0__SHAPE: "0x08000000A000000000000000",
      _inception_4b_1x1_w_0__SHAPE: "0x08000000A000000000000000000200000000000001000000000000000100000000000000",
      _inception_4b_3x3_b_0__SHAPE: "0x08000000E000000000000000",
      _inception_4b_3x3_reduce_b_0__SHAPE: "0x080000007000000000000000",
      _inception_4b_3x3_reduce_w_0__SHAPE: "0x080000007000000000000000000200000000000001000000000000000100000000000000",
      _inception_4b_3x3_w_0__SHAPE: "0x08000000E000000000000000700000000000000003000000000000000300000000000000",
      _inception_4b_5x5_b_0: "0x080000004F12143F506AA53F4425DF3E24FE623FD1CF703FE00CE33EE737003F2D0CC73EA35E0A3FB940993D8BC13B400688193F663A243FA3CED93F66EEF23F8E090A3F2546E73EB39B113FA166F83E3C893C40FFE8A63E773FB63E7DE0573F1D069D3EA7FBC73E060D083F7C8F4CBF7212663E52ECF63E527C0240E7165A3E754F893F7744B63F3B07363F9BFA873F1D8F123F64152B3E3693423FF98D233F35E0D23E977C9B3FE6AA4A3ECE90B93F65DC743E3CD3493FB74A4F3FD1B2583FAE912C3F5A97583FAC2829408A460F3F4560973F7E171A400B99373F3485423C78FC96BF3F0CD03E14E76C3ED42D3E3E58FC383F98BDF43EB0691D3F30560BBE1D35A83F",
      _inception_4b_5x5_reduce_b_0: "0x08000000157DEF3F3B16663FCA1F8A40F878E240F2373A40274612409FB1F63FCC284FBF5D0D524043E2CF3FAB93C0BF1AB38B4069CF36409A82183FD0325340C20DF33F99B12540C44B133FFD49B13F74D4FE3F82FB1A40A7C79F3DCEF36D3F94DA473E",
      _inception_4b_5x5_reduce_w_0__SHAPE: "0x080000001800000000000000000200000000000001000000000000000100000000000000",
      _inception_4b_5x5_w_0__SHAPE: "0x080000004000000000000000180000000000000005000000000000000500000000000000",
      _inception_4b_pool_proj_b_0: "0x08000000C7908D3DDED9AE3DC0FE673EBEA9033F9304C13D0C47B03ECF71F0BD198B1F3F7A21D93EB9E28A3E0F0B0A3E52E0123EB777223FC173B13E6F6A0EBEE3B3E53E95D2DBBA595FA93E7126DA3E61E4913E6BED623E9F0F593F344C85BD0847A73E0E2F2F3E8750B73EA8AAC03D645DB53D2A03EB3D620B133F4C5AD23EBAB90F3E36A3E73EA0AA073F43DCEE3ECC3FA03F4161A03E7E1C71BE17874C3E34A8A93D511BD63E03CCB83EAB5C7B3EA91DEE3EEA5E6C3FBB22F53EFAAD55BEDF8DC8BD5E17313EE31DB6BC6A98703EB442AD3E96B9A33FF8E69C3F2E1AAA3EDB44D93ED12884BED67F2BBE04D2143F3357283E4224E93D932A0C3F18491F3E366D763E",
      _inception_4b_pool_proj_w_0__SHAPE: "0x080000004000000000000000000200000000000001000000000000000100000000000000",
      _inception_4c_1x1_b_0__SHAPE: "0x080000008000000000000000",
      _inception_4c_1x1_w_0__SHAPE: "0x080000008000000000000000000200000000000001000000000000000100000000000000",
      _inception_4c_3x3_b_0__SHAPE: "0x080000000001000000000000",
      _inception_4c_3x3_reduce_b_0__SHAPE: "0x080000008000000000000000",
      _inception_4c_3x3_reduce_w_0__SHAPE: "0x080000008000000000000000000200000000000001000000000000000100000000000000",
      _inception_4c_3x3_w_0__SHAPE: "0x080000000001000000000000800000000000000003000000000000000300000000000000",
      _inception_4c_5x5_b_0: "0x080000000845183C7161623EDCA6AB3F1766923F2F5D3F3FFA7F023F8C0A9D3F097BAE3FE1F7B23FD1AECA3D560C013F50D8053F04554F3F39F7D03EC19AEA3F5C1C593F10AC893DD3CDBE3C116BD23F6C9EC33F6F789D3E8271AF3E88074A3FF6FCA13F4EE3A43F70441E3E78D35F3F2517CF3EBAC97D3F5E698E3FDE631C3EA7EFF13E34E0083FDE82903FC0BFC03E80D9263F1C6EC53F7281103F3FEBFA3F07966C3DBF4E253F1A1A503F349434405857A43E1223773F970BD73E69DD283FD5BC98BFEE9A453FF533603E0FB2253ED96F6A3E9E8BE6BEAF5AA43EE465EA3EF073273F7F51A53E41AF2E40A1298F3F444F863F719E363ED124A33E292D803F34E2E1BE",
      _inception_4c_5x5_reduce_b_0: "0x080000003EEA5640AAEC603FDF9E35400C3A0F405F9808408E531F4018B63440E5810840C448963EE42711406C48933F4AC5C93FD0A5B03F5758DA3FA64704C0801812BE782EC43D66FE33BD0E88264038D50A40BBF09F3F1EC32ABF01CAA53F79E52940",
      _inception_4c_5x5_reduce_w_0__SHAPE: "0x080000001800000000000000000200000000000001000000000000000100000000000000",
      _inception_4c_5x5_w_0__SHAPE: "0x080000004000000000000000180000000000000005000000000000000500000000000000",
      _inception_4c_pool_proj_b_0: "0x08000000CDABFE3D11F3113F03E304BE88483F3FC0E4173F923A843F848C8C3D5B006F3FC9D533BD52A2DE3DC034873E78A9A13F46BB083EDA36E93E895C9A3F140C473F6A35073E20F2BCBE65FE553F3E1C1F3D365A293F91C71F3E764068BEACF0CBBE4AFE193F43E0163E69B3C33EF992063F135B463FDEAE6A3F6CD1223F51D73F3F002BE83DC923CBBE8DF9023F9CE5F73EBD6D5A3F06ACAA3EE108463F111E023F822C183FF6E7053E8C4AA13E83FF363F7878F93E6CD5B23FFB02E33DA0C08DBC8B3C463F7707903DCB6811BEE84483BCF61AB73E94BA9B3F76C9D43E8050D63E9E7763BE82D8693F487C033F3AEF253F8E8BA33B2163073FECF51C3F878F3FBE",
      _inception_4c_pool_proj_w_0__SHAPE: "0x080000004000000000000000000200000000000001000000000000000100000000000000",
      _inception_4d_1x1_b_0__SHAPE: "0x080000007000000000000000",
      _inception_4d_1x1_w_0__SHAPE: "0x080000007000000000000000000200000000000001000000000000000100000000000000",
      _inception_4d_3x3_b_0__SHAPE: "0x080000002001000000000000",
      _inception_4d_3x3_reduce_b_0__SHAPE: "0x080000009000000000000000",
      _inception_4d_3x3_reduce_w_0__SHAPE: "0x080000009000000000000000000200000000000001000000000000000100000000000000",
      _inception_4d_3x3_w_0__SHAPE: "0x080000002001000000000000900000000000000003000000000000000300000000000000",
      _inception_4d_5x5_b_0: "0x08000000EDB7A13E26309A3F0125583E2749153EC02B543F0000A4BD495D483E6D41293F8521C4BDE4264440A210873FF34E70BDBC350F40E6D5D03E28E7923F9762593F3CDE383E78CCE93EBC1D2E3FB0DDCB3F19577C3E15D2963E53271E407157093F90222F3FB6BC323FAAE9D9BE07E6543E38F5023F00AC033F1F9E123F457F893F9F0C943ED16BB93FFBC0393F687F8A3F942B20405BFBA5BCB8AE0E3FB45DDE3FBD7F723FC4FFE23E07BC053FD4EFD13F671024405EA2A6BF63C7C43F27D09F3FBDD09F3EFFD0FB3E6C92CD3F69C3A53FB4E2B8BF8518B63F43D2643FFDCA9DBE5B2FC13F2107903E20E4913F59D0013F0DEB9FBF5BDBB63F190D343F8CABC93E",
      _inception_4d_5x5_reduce_b_0: "0x080000008C083440FB841D4009D3C6BF2A8F9E3F27F12540B8BAEA3F1AA6E43E10B8B03F65AB1640B664AA3F6BDB4140DB1D873FAAB043404CA9713EB330643F6C981840DB72EF3F98ADBF3F8F6EEB3F10BF0A40444115C032C459BEC60347409FE5D23FE4777F4086A4074041B6DF3F774360BD9E01E93FDE84B83F9035383EE87FABBF",
      _inception_4d_5x5_reduce_w_0__SHAPE: "0x080000002000000000000000000200000000000001000000000000000100000000000000",
      _inception_4d_5x5_w_0__SHAPE: "0x080000004000000000000000200000000000000005000000000000000500000000000000",
      _inception_4d_pool_proj_b_0: "0x08000000DB5CD13EA23BBF3E9AA9EB3E18041F3F9F6D63BE61F4313FCC6C523DA24F4E3E46BD433EF48CBC3EE74E99BE4A6C023F6AFA463E6799033FC1E429BE69F2D83EE2B4013F6F1C723E5531FE3E5EC0843F320CAF3E4B5F8F3FA3E0E53E9C59A03F0210673FB5F71ABC74BFA93E39A20A3F3C2FFFBDADE6073ECA4E833F65FC4E3FA2BC41BCFA8AD3BEB7C22B3F0BE211BF4AE5C43D2A35383FB8E8DD3E72ABF4BC445CAC3F0C710C3E81941ABF751A123EEC39783DE666CE3D8EC6C8BE1BC96DBE8AF8093FFC6F693F4100DC3F20113B3FDE2F873ED75A893E8CA3683E02F573BE6D87143EBBC8E3BE6979BE3E5958AD3FCD0DF0BE842ED3BE2E8A593E5222FD3E",
      _inception_4d_pool_proj_w_0__SHAPE: "0x080000004000000000000000000200000000000001000000000000000100000000000000",
      _inception_4e_1x1_b_0__SHAPE: "0x080000000001000000000000",
      _inception_4e_1x1_w_0__SHAPE: "0x080000000001000000000000100200000000000001000000000000000100000000000000",
      _inception_4e_3x3_b_0__SHAPE: "0x080000004001000000000000",
      _inception_4e_3x3_reduce_b_0__SHAPE: "0x08000000A000000000000000",
      _inception_4e_3x3_reduce_w_0__SHAPE: "0x08000000A000000000000000100200000000000001000000000000000100000000000000",
      _inception_4e_3x3_w_0__SHAPE: "0x080000004001000000000000A00000000000000003000000000000000300000000000000",
      _inception_4e_5x5_b_0__SHAPE: "0x080000008000000000000000",
      _inception_4e_5x5_reduce_b_0: "0x080000005E4F4F406F4F883F7A704940D1F3A73E5CF7703FB06B8E3FD896FC3F36B3A53FC0C70AC01D70C33FF016443F62B1633E90ED8D40F548DA3F11F1124080E6D5BE2C91333FF0240D3E01E1D53E501A703F31F8183FD7351B403FCA983FF072864025BA9D3F99AF0240BCA0BC3F5472793F7FBBD1BFC9A07740FCEF8D3F4B62973F",
      _inception_4e_5x5_reduce_w_0__SHAPE: "0x080000002000000000000000100200000000000001000000000000000100000000000000",
      _inception_4e_5x5_w_0__SHAPE: "0x080000008000000000000000200000000000000005000000000000000500000000000000",
      _inception_4e_pool_proj_b_0__SHAPE: "0x080000008000000000000000",
      _inception_4e_pool_proj_w_0__SHAPE: "0x080000008000000000000000100200000000000001000000000000000100000000000000",
      _inception_5a_1x1_b_0__SHAPE: "0x080000000001000000000000",
      _inception_5a_1x1_w_0__SHAPE: "0x080000000001000000000000400300000000000001000000000000000100000000000000",
      _inception_5a_3x3_b_0__SHAPE: "0x080000004001000000000000",
      _inception_5a_3x3_reduce_b_0__SHAPE: "0x08000000A000000000000000",
      _inception_5a_3x3_reduce_w_0__SHAPE: "0x08000000A000000000000000400300000000000001000000000000000100000000000000",
      _inception_5a_3x3_w_0__SHAPE: "0x080000004001000000000000A00000000000000003000000000000000300000000000000",
      _inception_5a_5x5_b_0__SHAPE: "0x080000008000000000000000",
      _inception_5a_5x5_reduce_b_0: "0x080000007747C5BF960B603F4F1202BFA10C0041B01D723F40C1C7BEB4042B3FAD24A33ECA40AB3F64D60240A38E7840601726BF7D85C83F6A2CE2BF39881BBF4BCECB3DB42E7540AF2801406A7E204079EA2440200495407EB250C006C5FDBE5EEB3BC0BAA6D53EB4042740019B603DD09EAE4084E8ED3FE2964740812993BFDE4F503F",
      _inception_5a_5x5_reduce_w_0__SHAPE: "0x080000002000000000000000400300000000000001000000000000000100000000000000",
      _inception_5a_5x5_w_0__SHAPE: "0x080000008000000000000000200000000000000005000000000000000500000000000000",
      _inception_5a_pool_proj_b_0__SHAPE: "0x080000008000000000000000",
      _inception_5a_pool_proj_w_0__SHAPE: "0x080000008000000000000000400300000000000001000000000000000100000000000000",
      _inception_5b_1x1_b_0__SHAPE: "0x080000008001000000000000",
      _inception_5b_1x1_w_0__SHAPE: "0x080000008001000000000000400300000000000001000000000000000100000000000000",
      _inception_5b_3x3_b_0__SHAPE: "0x080000008001000000000000",
      _inception_5b_3x3_reduce_b_0__SHAPE: "0x08000000C000000000000000",
      _inception_5b_3x3_reduce_w_0__SHAPE: "0x08000000C000000000000000400300000000000001000000000000000100000000000000",
      _inception_5b_3x3_w_0__SHAPE: "0x080000008001000000000000C00000000000000003000000000000000300000000000000",
      _inception_5b_5x5_b_0__SHAPE: "0x080000008000000000000000",
      _inception_5b_5x5_reduce_b_0: "0x08000000C63FF1BD5753293F058ECB3E8420793F9F10A53F5F91883FB46A8C3F3180B93F35F7D63FEBD1CA3F3FF0343F4A4E00C0B6ED74C08D91283F725E663F943E073FB67093BEBC64F3BF95584DBFE638323F46954C3F224D933F17A4F43C5BDB09C043FD4C3FCFD7E43E7DDA26C0F514513E2AD2B83FE2D2E1BFECA1C33FE6379D3F62D4CC3F69819EBD1E12E93FADC3AD3DB07E1A40FE2B8D3F757CCBBDCA176BBE6AF0773E9A1B93BC6DF3813F5EEF123E636C283FEFBFF3BEA4FDB2BFAA59DDBD",
      _inception_5b_5x5_reduce_w_0__SHAPE: "0x080000003000000000000000400300000000000001000000000000000100000000000000",
      _inception_5b_5x5_w_0__SHAPE: "0x080000008000000000000000300000000000000005000000000000000500000000000000",
      _inception_5b_pool_proj_b_0__SHAPE: "0x080000008000000000000000",
      _inception_5b_pool_proj_w_0__SHAPE: "0x080000008000000000000000400300000000000001000000000000000100000000000000",
      _loss3_classifier_b_0__SHAPE: "0x08000000E803000000000000",
      _loss3_classifier_w_0__SHAPE: "0x0800000001000000000000000100000000000000E8030000000000000004000000000000",
      OC2_DUMMY_1: "0x0800000001000000000000000004000000000000",
      OC2_DUMMY_3: "0x08000000E8030000000000000004000000000000"
    }
  }
#-}

