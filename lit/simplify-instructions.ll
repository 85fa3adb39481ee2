; Instructions InstSimplify can fold give way to what they fold into, even
; along chains of them; instructions that do not fold stay.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=simplify-instructions --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL --implicit-check-not=%%x --implicit-check-not=%%y %s < %t

; CHECK-INTERESTINGNESS: ret

; CHECK-FINAL: %s = add i32 %a, %b
; CHECK-FINAL-NEXT: br label %loop
; CHECK-FINAL: %p = phi i32 [ %s, %0 ], [ %m, %loop ]
; CHECK-FINAL-NEXT: %m = mul i32 %p, %b
; CHECK-FINAL-NEXT: br i1 %c, label %loop, label %exit
; CHECK-FINAL: ret i32 %m

define i32 @f(i32 %a, i32 %b, i1 %c) {
  %x0 = add i32 %a, 0
  %x1 = or i32 %x0, 0
  %y = mul i32 %b, 1
  %s = add i32 %x1, %y
  br label %loop

loop:
  %p = phi i32 [ %s, %0 ], [ %m, %loop ]
  %m = mul i32 %p, %b
  br i1 %c, label %loop, label %exit

exit:
  %x2 = and i32 %m, %m
  ret i32 %x2
}
