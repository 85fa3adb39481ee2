// REQUIRES: mlir
// Blocks of a CFG the test does not need are erased: a branch to one goes to
// another successor of the same terminator (operands made to fit), or, with
// nowhere left to go, becomes a copy of the region's return.
//
// RUN: %whittle --abort-on-invalid-reduction --allow-unregistered-dialect --delta-passes=blocks --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t.mlir
// RUN: FileCheck --check-prefixes=CHECK-FINAL --implicit-check-not=arith.addi %s < %t.mlir

// CHECK-INTERESTINGNESS: "test.interesting"(%{{.*}}) : (i32) -> ()
// CHECK-INTERESTINGNESS: "test.interesting_too"() : () -> ()

// CHECK-FINAL-LABEL: func.func @f(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-FINAL-NEXT: cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb1(%arg1 : i32)
// CHECK-FINAL-NEXT: ^bb1(%[[A:.*]]: i32):
// CHECK-FINAL-NEXT: "test.interesting"(%[[A]]) : (i32) -> ()
// CHECK-FINAL-NEXT: return %[[A]] : i32
// CHECK-FINAL-LABEL: func.func @g(%arg0: i32) -> i32 {
// CHECK-FINAL-NEXT: "test.interesting_too"() : () -> ()
// CHECK-FINAL-NEXT: return %arg0 : i32
// CHECK-FINAL-NEXT: }

func.func @f(%c: i1, %x: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2(%x : i32)
^bb1:
  %u = arith.addi %x, %x : i32
  cf.br ^bb2(%u : i32)
^bb2(%a: i32):
  "test.interesting"(%a) : (i32) -> ()
  return %a : i32
}

func.func @g(%x: i32) -> i32 {
  "test.interesting_too"() : () -> ()
  cf.br ^bb1
^bb1:
  %u = arith.addi %x, %x : i32
  return %u : i32
}
