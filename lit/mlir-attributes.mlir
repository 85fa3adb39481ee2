// REQUIRES: mlir
// Discardable attributes the test does not need are removed (all at once
// first); inherent ones (properties) stay.
//
// RUN: %whittle --abort-on-invalid-reduction --delta-passes=attributes --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t.mlir
// RUN: FileCheck --check-prefixes=CHECK-FINAL --implicit-check-not=uninteresting %s < %t.mlir

// CHECK-INTERESTINGNESS: interesting.keep

// CHECK-FINAL: module {
// CHECK-FINAL-NEXT: func.func private @f() attributes {interesting.keep}
// CHECK-FINAL-NEXT: memref.global "private" @g : memref<2xf32>

module attributes {uninteresting.module = 1 : i32} {
  func.func private @f() attributes {interesting.keep, uninteresting.flag}
  memref.global "private" @g : memref<2xf32> {uninteresting.note = "x"}
}
