; basic-blocks leaves a function that has unreachable blocks alone, as
; llvm-reduce does (unreachable-blocks deletes those first); other
; functions are reduced as usual.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=basic-blocks --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t

; CHECK-INTERESTINGNESS: define void @with_dead(
; CHECK-INTERESTINGNESS: define void @without_dead(

; CHECK-FINAL-LABEL: define void @with_dead(
; CHECK-FINAL: extra:
; CHECK-FINAL: dead:
; CHECK-FINAL-LABEL: define void @without_dead(
; CHECK-FINAL-NEXT: entry:
; CHECK-FINAL-NEXT: ret void
; CHECK-FINAL-NEXT: }

define void @with_dead(ptr %p) {
entry:
  br label %extra

extra:
  store i32 1, ptr %p
  ret void

dead:
  br label %extra
}

define void @without_dead(ptr %p) {
entry:
  br label %extra

extra:
  store i32 1, ptr %p
  ret void
}
