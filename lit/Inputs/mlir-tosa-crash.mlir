// mlir-opt -tosa-narrow-i64-to-i32 crashes (SIGSEGV in the conversion's
// rollback) on a tosa.cond_if with i64 block arguments followed by a clamp
// whose bound does not fit i32 (llvm/llvm-project#206952, MLIR 22).
func.func @noise(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = tosa.exp %x : (tensor<4xf32>) -> tensor<4xf32>
  return %e : tensor<4xf32>
}
func.func @f(%ids: tensor<1x16xi64>, %done: tensor<1xi1>, %x: tensor<4xf32>) -> (tensor<1x16xi64>, tensor<4xf32>) {
  %n = tosa.abs %x : (tensor<4xf32>) -> tensor<4xf32>
  %sel = tosa.cond_if %done (%a0 = %ids) : tensor<1xi1> (tensor<1x16xi64>) -> tensor<1x16xi64> {
  ^bb0(%a0: tensor<1x16xi64>):
    tosa.yield %a0 : tensor<1x16xi64>
  } else {
  ^bb0(%a0: tensor<1x16xi64>):
    %r = tosa.reverse %a0 {axis = 1 : i32} : (tensor<1x16xi64>) -> tensor<1x16xi64>
    tosa.yield %r : tensor<1x16xi64>
  }
  %p = tosa.clamp %sel {min_val = 0 : i64, max_val = 4294967296 : i64} : (tensor<1x16xi64>) -> tensor<1x16xi64>
  return %p, %n : tensor<1x16xi64>, tensor<4xf32>
}
