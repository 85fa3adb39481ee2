// REQUIRES: mlir
// Top-level items the test does not need are erased; a call to an erased
// function goes with it (its result replaced by a constant).
//
// RUN: %whittle --abort-on-invalid-reduction --delta-passes=top-level --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t.mlir
// RUN: FileCheck --check-prefixes=CHECK-FINAL --implicit-check-not=uninteresting --implicit-check-not=call %s < %t.mlir

// CHECK-INTERESTINGNESS: func.func @interesting

// CHECK-FINAL: func.func @interesting() -> i32 {
// CHECK-FINAL-NEXT: %[[C:.*]] = arith.constant 0 : i32
// CHECK-FINAL-NEXT: return %[[C]] : i32

func.func private @uninteresting_callee() -> i32
memref.global "private" @uninteresting_global : memref<2xf32>
func.func @interesting() -> i32 {
  %0 = func.call @uninteresting_callee() : () -> i32
  return %0 : i32
}
func.func @uninteresting_other() {
  return
}
module @uninteresting_nested {
  func.func @uninteresting_inner() {
    return
  }
}
