; Blocks the test does not need are deleted; the branches that reached them
; go to a surviving successor, and the entry block always stays.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=basic-blocks --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL --implicit-check-not=uninteresting %s < %t

; CHECK-INTERESTINGNESS: store i32 1,
; CHECK-INTERESTINGNESS: store i32 3,

; CHECK-FINAL: entry:
; CHECK-FINAL-NEXT: br label %interesting1
; CHECK-FINAL: interesting1:
; CHECK-FINAL-NEXT: store i32 1,
; CHECK-FINAL-NEXT: br label %interesting2
; CHECK-FINAL: interesting2:
; CHECK-FINAL-NEXT: store i32 3,
; CHECK-FINAL-NEXT: ret void

define void @f(ptr %p, i1 %c) {
entry:
  br i1 %c, label %uninteresting0, label %interesting1

uninteresting0:
  store i32 0, ptr %p
  br label %interesting1

interesting1:
  store i32 1, ptr %p
  br i1 %c, label %uninteresting1, label %interesting2

uninteresting1:
  store i32 2, ptr %p
  br label %interesting2

interesting2:
  store i32 3, ptr %p
  ret void
}
