// REQUIRES: mlir
// A region whose blocks end in unregistered operations has no return to
// copy: a branch whose every successor would go keeps them instead (the
// pass used to leave it pointing at erased blocks, and MLIR crashed). The
// whole default sweep runs, twice over, with invalid candidates fatal.
//
// RUN: %whittle --abort-on-invalid-reduction --allow-unregistered-dialect -j 1 --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t.mlir
// RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t.mlir

// CHECK-INTERESTINGNESS: "test.interesting"

// CHECK-FINAL: cf.cond_br %arg0, ^bb1, ^bb1
// CHECK-FINAL-NOT: test.noise
// CHECK-FINAL: ^bb1:
// CHECK-FINAL-NOT: test.noise
// CHECK-FINAL: "test.interesting"
// CHECK-FINAL-NOT: test.noise

func.func @f(%arg0: i1, %arg1: i32) {
  "test.noise"(%arg1) : (i32) -> ()
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  "test.noise"() : () -> ()
  "test.interesting"(%arg1) : (i32) -> ()
^bb2:
  "test.noise"() : () -> ()
  "test.end"() : () -> ()
}
