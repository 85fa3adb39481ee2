; Instructions the test does not need are deleted and their uses see zero;
; terminators stay, so every block still ends properly.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=instructions --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL --implicit-check-not=uninteresting %s < %t

; CHECK-INTERESTINGNESS: %interesting = mul

; CHECK-FINAL: define i32 @f(i32 %x) {
; CHECK-FINAL-NEXT: %interesting = mul i32 0, %x
; CHECK-FINAL-NEXT: br label %exit
; CHECK-FINAL: exit:
; CHECK-FINAL-NEXT: ret i32 0

define i32 @f(i32 %x) {
  %uninteresting1 = add i32 %x, 1
  %interesting = mul i32 %uninteresting1, %x
  %uninteresting2 = sub i32 %interesting, 3
  br label %exit

exit:
  %uninteresting3 = phi i32 [ %uninteresting2, %0 ]
  ret i32 %uninteresting3
}
