// REQUIRES: mlir
// A value that goes is replaced by a constant of the dialect that produced
// it when no value of its type is at hand: the index dialect's casts give
// index.constant, not arith.constant (a dialect both MLIR 19 and 22 have).
//
// RUN: %whittle --abort-on-invalid-reduction --delta-passes=ops --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t.mlir
// RUN: FileCheck --check-prefixes=CHECK-FINAL --implicit-check-not=arith.constant --implicit-check-not=index.casts --implicit-check-not=index.castu %s < %t.mlir
// RUN: mlir-opt %t.mlir -o %t.null

// CHECK-INTERESTINGNESS: index.shl

// CHECK-FINAL: index.constant 0
// CHECK-FINAL: index.shl

func.func @f(%a: i32, %b: i32) -> index {
  %x = index.casts %a : i32 to index
  %y = index.castu %b : i32 to index
  %r = index.shl %x, %y
  return %r : index
}
