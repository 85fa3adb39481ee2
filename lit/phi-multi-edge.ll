; A PHI lists a predecessor once per edge (a switch with two cases to the
; same block), and those entries must agree. Cutting the operand of one
; entry cuts them all; the pass sees one target per predecessor.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=operands --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t

; CHECK-INTERESTINGNESS: %p = phi i32 {{.*}}%x, %other

; CHECK-FINAL: %p = phi i32 [ 0, %entry ], [ 0, %entry ], [ %x, %other ]

define i32 @f(i32 %s, i32 %x, i32 %y) {
entry:
  switch i32 %s, label %other [
    i32 1, label %join
    i32 2, label %join
  ]

other:
  br label %join

join:
  %p = phi i32 [ %y, %entry ], [ %y, %entry ], [ %x, %other ]
  ret i32 %p
}
