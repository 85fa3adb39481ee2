// A constant that replaces an erased operation's result is made by the
// dialect that produced the value (its materializeConstant hook), so a
// TOSA graph gets a tosa.const, not an arith.constant that a TOSA-only
// pipeline would trip over for another reason than the bug being reduced.
// arith.constant remains the fallback, ub.poison the last resort. (The TOSA
// of MLIR 22, shapes as operands; the index dialect's constants, which both
// versions have: mlir-dialect-constants-index.mlir.)
//
// REQUIRES: llvm-at-least-22, mlir
// RUN: %whittle --abort-on-invalid-reduction --delta-passes=ops --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t.mlir
// RUN: FileCheck --check-prefixes=CHECK-FINAL --implicit-check-not=arith.constant --implicit-check-not=tosa.concat %s < %t.mlir
// RUN: mlir-opt %t.mlir -o %t.null

// CHECK-INTERESTINGNESS: tosa.slice

// CHECK-FINAL: "tosa.const"() <{values = dense<0> : tensor<1x64xi64>}>
// CHECK-FINAL: tosa.slice

func.func @f(%arg0: tensor<1x32xi64>) -> tensor<1x16xi64> {
  %c = tosa.concat %arg0, %arg0 {axis = 1 : i32} : (tensor<1x32xi64>, tensor<1x32xi64>) -> tensor<1x64xi64>
  %start = tosa.const_shape {values = dense<[0, 10]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %size = tosa.const_shape {values = dense<[1, 16]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %r = tosa.slice %c, %start, %size : (tensor<1x64xi64>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x16xi64>
  return %r : tensor<1x16xi64>
}
