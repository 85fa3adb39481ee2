; A loop whose header branches on a phi that is true from the entry and
; false from the latch runs once: one-trip-loops unrolls it into straight
; code (the header, its phis and the back edge go), while the loop that
; runs %n times stays a loop. The test wants the store and the call; the
; final module has no branch on %once and keeps the counted loop.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=one-trip-loops --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t

; CHECK-INTERESTINGNESS-LABEL: define void @once(
; CHECK-INTERESTINGNESS: store i32 7, ptr %p
; CHECK-INTERESTINGNESS: call void @use(
; CHECK-INTERESTINGNESS-LABEL: define void @counted(
; CHECK-INTERESTINGNESS: store i32 %i, ptr %p

; CHECK-FINAL-LABEL: define void @once(
; CHECK-FINAL-NOT: phi
; CHECK-FINAL-NOT: br i1
; CHECK-FINAL: store i32 7, ptr %p
; CHECK-FINAL: call void @use(i32 7)
; CHECK-FINAL-LABEL: define void @counted(
; CHECK-FINAL: phi i32
; CHECK-FINAL: br i1

declare void @use(i32)

define void @once(ptr %p) {
entry:
  br label %header

header:
  %once = phi i1 [ true, %entry ], [ false, %body ]
  %v = phi i32 [ 0, %entry ], [ 7, %body ]
  br i1 %once, label %body, label %exit

body:
  store i32 7, ptr %p
  br label %header

exit:
  call void @use(i32 %v)
  ret void
}

define void @counted(ptr %p, i32 %n) {
entry:
  br label %header

header:
  %i = phi i32 [ 0, %entry ], [ %next, %body ]
  %more = icmp slt i32 %i, %n
  br i1 %more, label %body, label %exit

body:
  store i32 %i, ptr %p
  %next = add i32 %i, 1
  br label %header

exit:
  ret void
}
