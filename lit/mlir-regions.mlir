// REQUIRES: mlir
// An operation with regions (scf.if, scf.for, ...) is replaced by the body
// of one region: block arguments get the operation's operands, results the
// values the region yields.
//
// RUN: %whittle --abort-on-invalid-reduction --delta-passes=regions --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t.mlir
// RUN: FileCheck --check-prefixes=CHECK-FINAL --implicit-check-not=scf. %s < %t.mlir

// CHECK-INTERESTINGNESS: arith.muli
// CHECK-INTERESTINGNESS: arith.addi

// CHECK-FINAL: func.func @f(%arg0: i1, %arg1: i32, %arg2: index) -> i32 {
// CHECK-FINAL: %[[M:.*]] = arith.muli %arg1, %arg1 : i32
// CHECK-FINAL: %[[K:.*]] = arith.index_cast %{{.*}} : index to i32
// CHECK-FINAL: %[[A:.*]] = arith.addi %[[M]], %[[K]] : i32
// CHECK-FINAL: return %[[A]] : i32

func.func @f(%c: i1, %x: i32, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.if %c -> i32 {
    %m = arith.muli %x, %x : i32
    scf.yield %m : i32
  } else {
    scf.yield %x : i32
  }
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %r) -> i32 {
    %k = arith.index_cast %i : index to i32
    %a = arith.addi %acc, %k : i32
    scf.yield %a : i32
  }
  return %s : i32
}
