; --policy=ddmin (chunks by count) and --policy=probdd (probabilistic DD)
; reach the same 1-minimal result as WDD (chunks by instruction count) on a
; level of mixed weights.
;
; RUN: %whittle --abort-on-invalid-reduction --policy=ddmin --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t.ddmin
; RUN: %whittle --abort-on-invalid-reduction --policy=wdd --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t.wdd
; RUN: %whittle --abort-on-invalid-reduction --policy=probdd --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t.probdd
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t.ddmin
; RUN: diff %t.ddmin %t.wdd
; RUN: diff %t.ddmin %t.probdd
; RUN: not %whittle --policy=bogus --test FileCheck %s 2>&1 | FileCheck --check-prefix=BAD %s

; CHECK-INTERESTINGNESS: store i32 42

; CHECK-FINAL: define void @big(
; CHECK-FINAL-NEXT: store i32 42, ptr null
; CHECK-FINAL-NEXT: ret void
; CHECK-FINAL-NOT: define

; BAD: invalid value 'bogus' for '--policy <POLICY>'

define void @big(ptr %p) {
  %a = load i32, ptr %p
  %b = add i32 %a, 1
  %c = mul i32 %b, %b
  store i32 %c, ptr %p
  store i32 42, ptr %p
  ret void
}
define void @small1() {
  ret void
}
define void @small2() {
  ret void
}
define void @small3() {
  ret void
}
