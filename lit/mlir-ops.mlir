// REQUIRES: mlir
// Operations the test does not need are erased at any depth. Uses of their
// results get the nearest of the erased operation's operands of the same
// type, else the nearest dominating value, else a constant (arith.constant
// zero, or ub.poison for types without one); producers left dead go too.
// Terminators stay.
//
// RUN: %whittle --abort-on-invalid-reduction --delta-passes=ops --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t.mlir
// RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t.mlir

// CHECK-INTERESTINGNESS: arith.muli

// CHECK-FINAL: func.func @f(%arg0: i32, %arg1: i1) -> (i32, f32, !llvm.ptr) {
// CHECK-FINAL-NEXT: %[[P:.*]] = ub.poison : !llvm.ptr
// CHECK-FINAL-NEXT: %[[F:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-FINAL-NEXT: %[[M:.*]] = arith.muli %arg0, %arg0 : i32
// CHECK-FINAL-NEXT: return %[[M]], %[[F]], %[[P]] : i32, f32, !llvm.ptr
// CHECK-FINAL-NEXT: }

func.func @f(%x: i32, %c: i1) -> (i32, f32, !llvm.ptr) {
  %wide = arith.extsi %x : i32 to i64
  %p = llvm.inttoptr %wide : i64 to !llvm.ptr
  %fl = arith.sitofp %x : i32 to f32
  %a = arith.addi %x, %x : i32
  %m = arith.muli %a, %x : i32
  %s = scf.if %c -> i32 {
    %inner = arith.subi %m, %x : i32
    scf.yield %inner : i32
  } else {
    scf.yield %m : i32
  }
  return %s, %fl, %p : i32, f32, !llvm.ptr
}
