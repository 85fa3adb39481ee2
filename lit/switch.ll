; Deleting switch targets drops their cases; a deleted default becomes the
; first remaining case's target (its PHIs gain the extra edge).
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=basic-blocks --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: switch
; CHECK-INTERESTINGNESS: phi i32 {{.*}}[ 20, %entry ]
; CHECK-INTERESTINGNESS: store i32 %v,

; CHECK-FINAL: switch i32 %x, label %two [
; CHECK-FINAL-NEXT: i32 2, label %two
; CHECK-FINAL-NEXT: ]
; CHECK-FINAL-NOT: one:
; CHECK-FINAL-NOT: other:
; CHECK-FINAL: two:
; CHECK-FINAL-NEXT: %v = phi i32 [ 20, %entry ], [ 20, %entry ]

define void @f(i32 %x, ptr %p) {
entry:
  switch i32 %x, label %other [
    i32 1, label %one
    i32 2, label %two
  ]

one:
  store i32 1, ptr %p
  br label %other

two:
  %v = phi i32 [ 20, %entry ]
  store i32 %v, ptr %p
  ret void

other:
  ret void
}
