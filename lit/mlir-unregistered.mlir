// REQUIRES: mlir
// With --allow-unregistered-dialect, unregistered operations parse and
// verify; a terminator after one may go (it may end the block itself), as
// mlir-reduce does. Without the flag the input is an error.
//
// RUN: %whittle --abort-on-invalid-reduction --allow-unregistered-dialect --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t.mlir
// RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t.mlir
// RUN: not %whittle --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t.err.mlir 2>&1 | FileCheck --check-prefixes=CHECK-ERROR %s

// CHECK-INTERESTINGNESS: "test.op_crash"

// CHECK-FINAL: module {
// CHECK-FINAL-NEXT: func.func @simple() {
// CHECK-FINAL-NEXT: "test.op_crash"() : () -> ()
// CHECK-FINAL-NEXT: }
// CHECK-FINAL-NEXT: }

// CHECK-ERROR: whittle: error: {{.*}}mlir-unregistered.mlir:{{[0-9]+}}:{{[0-9]+}}: error: operation being parsed with an unregistered dialect

func.func @other() {
  return
}
func.func @simple() {
  "test.op_crash"() : () -> ()
  return
}
