// RUN: mlir-opt %s | FileCheck %s
// CHECK: arith.muli
// CHECK: arith.subi
func.func @f(%x: i32) -> i32 {
  %a = arith.addi %x, %x : i32
  %m = arith.muli %a, %x : i32
  return %m : i32
}
