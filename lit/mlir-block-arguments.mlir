// REQUIRES: mlir
// Block arguments the test does not need are dropped with the operands the
// branches pass for them; their uses get the nearest value dominating the block.
//
// RUN: %whittle --abort-on-invalid-reduction --allow-unregistered-dialect --delta-passes=block-arguments --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t.mlir
// RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t.mlir

// CHECK-INTERESTINGNESS: "test.interesting"

// CHECK-FINAL: func.func @f(%arg0: i1, %arg1: i32, %arg2: f32) {
// CHECK-FINAL-NEXT: %[[U:.*]] = arith.addi %arg1, %arg1 : i32
// CHECK-FINAL-NEXT: cf.cond_br %arg0, ^bb1, ^bb1
// CHECK-FINAL-NEXT: ^bb1:
// CHECK-FINAL-NEXT: "test.interesting"(%[[U]], %arg2) : (i32, f32) -> ()
// CHECK-FINAL-NEXT: return

func.func @f(%c: i1, %x: i32, %y: f32) {
  %u = arith.addi %x, %x : i32
  cf.cond_br %c, ^bb1(%u, %y : i32, f32), ^bb1(%x, %y : i32, f32)
^bb1(%a: i32, %b: f32):
  "test.interesting"(%a, %b) : (i32, f32) -> ()
  return
}
