; switch-cases (whittle's own pass) removes single cases: the destination's
; PHIs lose the edge, a block only that case reached goes, a block other
; edges still reach stays, and a switch left without cases becomes a branch
; to its default. Branch weights, which would no longer match, go.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=switch-cases --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL --implicit-check-not=uninteresting %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS-LABEL: define i32 @f(
; CHECK-INTERESTINGNESS: i32 3, label %three
; CHECK-INTERESTINGNESS: store i32 1,
; CHECK-INTERESTINGNESS-LABEL: define void @g(

; CHECK-FINAL-LABEL: define i32 @f(
; CHECK-FINAL: switch i32 %x, label %shared [
; CHECK-FINAL-NEXT: i32 3, label %three
; CHECK-FINAL-NEXT: ]{{$}}
; CHECK-FINAL: shared:
; CHECK-FINAL-NEXT: store i32 1,
; CHECK-FINAL: join:
; CHECK-FINAL-NEXT: %r = phi i32 [ 10, %shared ], [ 30, %three ]{{$}}

; CHECK-FINAL-LABEL: define void @g(
; CHECK-FINAL-NEXT: entry:
; CHECK-FINAL-NEXT: br label %exit

define i32 @f(i32 %x, ptr %p) {
entry:
  switch i32 %x, label %shared [
    i32 1, label %uninteresting_one
    i32 2, label %shared
    i32 3, label %three
    i32 4, label %join
  ], !prof !0

uninteresting_one:
  store i32 0, ptr %p
  br label %shared

shared:
  store i32 1, ptr %p
  br label %join

three:
  br label %join

join:
  %r = phi i32 [ 10, %shared ], [ 30, %three ], [ 40, %entry ]
  ret i32 %r
}

define void @g(i32 %x, ptr %p) {
entry:
  switch i32 %x, label %exit [
    i32 1, label %uninteresting_a
  ]

uninteresting_a:
  store i32 5, ptr %p
  br label %exit

exit:
  ret void
}

!0 = !{!"branch_weights", i32 1, i32 2, i32 3, i32 4, i32 5}
