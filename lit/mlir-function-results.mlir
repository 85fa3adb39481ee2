// REQUIRES: mlir
// Results of functions nothing calls are dropped with their return
// operands; what only computed them goes too. A called function keeps its
// signature.
//
// RUN: %whittle --abort-on-invalid-reduction --delta-passes=function-results --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t.mlir
// RUN: FileCheck --check-prefixes=CHECK-FINAL --implicit-check-not=arith.addi %s < %t.mlir

// CHECK-INTERESTINGNESS: arith.muli
// CHECK-INTERESTINGNESS: call @callee

// CHECK-FINAL: func.func @f(%arg0: i32) -> i32 {
// CHECK-FINAL-NEXT: %[[M:.*]] = arith.muli %arg0, %arg0 : i32
// CHECK-FINAL-NEXT: %{{.*}} = call @callee() : () -> i32
// CHECK-FINAL-NEXT: return %[[M]] : i32
// CHECK-FINAL: func.func @callee() -> i32 {

func.func @f(%x: i32) -> (i32, i32) {
  %u = arith.addi %x, %x : i32
  %m = arith.muli %x, %x : i32
  %r = func.call @callee() : () -> i32
  return %u, %m : i32, i32
}

func.func @callee() -> i32 {
  %c = arith.constant 7 : i32
  return %c : i32
}
