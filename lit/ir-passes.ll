; The --ir-passes pipeline runs on the functions the test lets it change:
; @f1 is simplified, @f2 must keep both adds. A pipeline that crashes
; changes nothing and whittle carries on.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=ir-passes --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=ir-passes --ir-passes='function(instcombine,trigger-crash-function)' --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t.crash
; RUN: FileCheck --check-prefixes=CHECK-CRASH %s < %t.crash

; CHECK-INTERESTINGNESS-LABEL: @f1
; CHECK-INTERESTINGNESS: add
; CHECK-INTERESTINGNESS-LABEL: @f2
; CHECK-INTERESTINGNESS: add
; CHECK-INTERESTINGNESS: add

; CHECK-FINAL-LABEL: @f1
; CHECK-FINAL-NEXT: %c = add i32 %a, 10
; CHECK-FINAL-NEXT: ret i32 %c
; CHECK-FINAL-LABEL: @f2
; CHECK-FINAL-NEXT: %b = add i32 %a, 5
; CHECK-FINAL-NEXT: %c = add i32 %b, 5

; CHECK-CRASH-LABEL: @f1
; CHECK-CRASH-NEXT: %b = add i32 %a, 5
; CHECK-CRASH-NEXT: %c = add i32 %b, 5

define i32 @f1(i32 %a) {
  %b = add i32 %a, 5
  %c = add i32 %b, 5
  ret i32 %c
}

define i32 @f2(i32 %a) {
  %b = add i32 %a, 5
  %c = add i32 %b, 5
  ret i32 %c
}
