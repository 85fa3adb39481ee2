; Deleting a predecessor of a block with PHIs removes its incoming entries;
; a PHI stays valid with one entry per remaining edge.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=basic-blocks --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: %merged = phi i32
; CHECK-INTERESTINGNESS-SAME: [ 2, %right ]

; CHECK-FINAL: entry:
; CHECK-FINAL-NEXT: br label %right
; CHECK-FINAL-NOT: left:
; CHECK-FINAL: join:
; CHECK-FINAL-NEXT: %merged = phi i32 [ 2, %right ]{{$}}
; CHECK-FINAL-NEXT: ret i32 %merged

define i32 @f(i1 %c) {
entry:
  br i1 %c, label %left, label %right

left:
  br label %join

right:
  br label %join

join:
  %merged = phi i32 [ 1, %left ], [ 2, %right ]
  ret i32 %merged
}
