; merge-blocks merges a block into its single predecessor (the entry here,
; which only branches on) and an empty forwarding block into its successor,
; the successor's PHI taking the forwarder's predecessors; each merge is
; one target, tried on its own. A block the test needs stays whole.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=merge-blocks --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: store i32 1, ptr %p
; CHECK-INTERESTINGNESS: store i32 4, ptr %p
; CHECK-INTERESTINGNESS: phi i32
; CHECK-INTERESTINGNESS: store i32 %v, ptr %p

; CHECK-FINAL-LABEL: define void @f(
; CHECK-FINAL-NEXT: entry:
; CHECK-FINAL-NEXT: store i32 1, ptr %p
; CHECK-FINAL-NEXT: br i1 %c, label %join, label %other
; CHECK-FINAL-NOT: forward:
; CHECK-FINAL: other:
; CHECK-FINAL-NEXT: store i32 4, ptr %p
; CHECK-FINAL-NEXT: br label %join
; CHECK-FINAL: join:
; CHECK-FINAL-NEXT: %v = phi i32 [ 3, %other ], [ 2, %entry ]
; CHECK-FINAL-NEXT: store i32 %v, ptr %p
; CHECK-FINAL-NEXT: ret void

define void @f(ptr %p, i1 %c) {
entry:
  br label %body

body:
  store i32 1, ptr %p
  br i1 %c, label %forward, label %other

forward:
  br label %join

other:
  store i32 4, ptr %p
  br label %join

join:
  %v = phi i32 [ 2, %forward ], [ 3, %other ]
  store i32 %v, ptr %p
  ret void
}
