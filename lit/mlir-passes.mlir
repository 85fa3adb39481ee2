// REQUIRES: mlir
// --mlir-passes runs an mlir-opt pipeline in-process as one candidate; a
// result the test rejects changes nothing.
//
// RUN: %whittle --abort-on-invalid-reduction --delta-passes=mlir-passes --mlir-passes=canonicalize,cse --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t.mlir
// RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t.mlir
// RUN: %whittle --abort-on-invalid-reduction --delta-passes=mlir-passes --mlir-passes='builtin.module(canonicalize)' --test FileCheck --test-arg --check-prefixes=CHECK-ADD --test-arg %s --test-arg --input-file %s -o %t.kept.mlir
// RUN: FileCheck --check-prefixes=CHECK-KEPT %s < %t.kept.mlir
// RUN: not %whittle --mlir-passes=no-such-pass --test true %s -o %t.bad.mlir 2>&1 | FileCheck --check-prefixes=CHECK-BAD %s

// CHECK-INTERESTINGNESS: func.func @f
// CHECK-ADD: arith.addi

// CHECK-FINAL: func.func @f(%arg0: i32) -> i32 {
// CHECK-FINAL-NEXT: return %arg0 : i32

// CHECK-KEPT: arith.addi %arg0, %c0_i32 : i32

// CHECK-BAD: whittle: error: --mlir-passes: {{.*}}no-such-pass

func.func @f(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %a = arith.addi %x, %c0 : i32
  return %a : i32
}
