; icmp's samesign flag (LLVM 20 and later) is a flag like the others: it
; stays only where the test needs it.
;
; REQUIRES: llvm-at-least-20
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=instruction-flags --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t

; CHECK-INTERESTINGNESS: icmp samesign ult

; CHECK-FINAL: %c = icmp samesign ult i32 %x, %y
; CHECK-FINAL-NEXT: %d = icmp slt i32 %x, %y

define i1 @f(i32 %x, i32 %y) {
  %c = icmp samesign ult i32 %x, %y
  %d = icmp samesign slt i32 %x, %y
  %r = and i1 %c, %d
  ret i1 %r
}
