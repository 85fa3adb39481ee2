// REQUIRES: mlir
// Uses of computed values (operation results, block arguments) are replaced
// one by one with a zero constant of their type (made by the value's own
// dialect when it has a constant operation; one zero serves every user it
// dominates); a producer left without uses goes in the same candidate. Not
// in the default sweep (the ops pass already replaces all uses of a value at
// once); `--delta-passes=operands` asks for it.
//
// RUN: %whittle --abort-on-invalid-reduction --delta-passes=operands --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t.mlir
// RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t.mlir

// CHECK-INTERESTINGNESS: %[[A:.*]] = arith.addi
// CHECK-INTERESTINGNESS: arith.divsi %[[A]],
// CHECK-INTERESTINGNESS: tosa.abs

// CHECK-FINAL: func.func @f(%arg0: i32, %arg1: i32) -> (i32, i32) {
// CHECK-FINAL-NEXT: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-FINAL-NEXT: %[[A:.*]] = arith.addi %[[Z]], %[[Z]] : i32
// CHECK-FINAL-NEXT: %[[D:.*]] = arith.divsi %[[A]], %[[Z]] : i32
// CHECK-FINAL-NEXT: return %[[Z]], %[[D]] : i32, i32
// CHECK-FINAL: func.func @g(%arg0: tensor<4xi32>) -> tensor<4xi32> {
// CHECK-FINAL-NEXT: %[[T:.*]] = "tosa.const"() {{<\{values? = dense<0> : tensor<4xi32>\}>}}
// CHECK-FINAL-NEXT: %[[B:.*]] = tosa.abs %[[T]]
// CHECK-FINAL-NEXT: return %[[B]]

func.func @f(%x: i32, %y: i32) -> (i32, i32) {
  %a = arith.addi %x, %y : i32
  %m = arith.muli %a, %x : i32
  %d = arith.divsi %a, %y : i32
  return %m, %d : i32, i32
}

func.func @g(%t: tensor<4xi32>) -> tensor<4xi32> {
  %a = tosa.add %t, %t : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %b = tosa.abs %a : (tensor<4xi32>) -> tensor<4xi32>
  return %b : tensor<4xi32>
}
