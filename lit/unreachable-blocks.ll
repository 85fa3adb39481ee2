; Blocks the entry cannot reach go in one step per function.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=unreachable-basic-blocks --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t

; CHECK-INTERESTINGNESS: define i32 @f(

; CHECK-FINAL: define i32 @f(i32 %x) {
; CHECK-FINAL-NEXT: entry:
; CHECK-FINAL-NEXT: ret i32 %x
; CHECK-FINAL-NEXT: }

define i32 @f(i32 %x) {
entry:
  ret i32 %x

dead:
  %y = add i32 %y, 1
  br label %dead2

dead2:
  %p = phi i32 [ %y, %dead ]
  br label %dead
}
