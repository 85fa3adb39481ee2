// REQUIRES: mlir
// --mlir-reduce-exit-codes takes tests written for mlir-reduce, where a
// non-zero exit status means interesting.
//
// RUN: %whittle --abort-on-invalid-reduction --mlir-reduce-exit-codes --test not --test-arg FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t.mlir
// RUN: FileCheck --check-prefixes=CHECK-FINAL --implicit-check-not=func.func %s < %t.mlir

// CHECK-INTERESTINGNESS: arith.select

// CHECK-FINAL: func.func @func2(%arg0: i1) -> f32 {
// CHECK-FINAL-NEXT: %[[C:.*]] = arith.constant 2.200000e+00 : f32
// CHECK-FINAL-NEXT: %{{.*}} = arith.select %arg0, %[[C]], %[[C]] : f32

func.func @func1() {
  return
}

func.func @func2(%arg0: i1) -> f32 {
  %0 = arith.constant 1 : i32
  %2 = arith.constant 2.2 : f32
  %3 = arith.constant 5.3 : f32
  %4 = arith.addi %0, %0 : i32
  %5 = arith.addf %2, %3 : f32
  %8 = arith.select %arg0, %5, %2 : f32
  %9 = arith.addf %2, %8 : f32
  return %9 : f32
}
