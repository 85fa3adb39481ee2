; Pins how many times the test runs on a fixed input, so that a change that
; wastes tests shows up. The initial check, then: module-items 2 (WDD puts
; the heavy function in a chunk of its own, so keeping it alone succeeds at
; once, then dropping it fails), function-bodies 1, instructions 4, operands
; 1. The confirming second sweep only meets candidates it has seen: cached.
;
; RUN: %whittle --abort-on-invalid-reduction --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t 2> %t.log
; RUN: FileCheck --check-prefix=COUNT %s < %t.log

; CHECK-INTERESTINGNESS: udiv i32 %x, 3

; COUNT: oracle calls: 9 (interesting 4, not interesting 5){{.*}} cache hits: 4

define i32 @heavy(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %a
  %c = udiv i32 %x, 3
  %d = sub i32 %b, %c
  %e = xor i32 %d, %a
  ret i32 %e
}
define void @light1() {
  ret void
}
define void @light2() {
  ret void
}
define void @light3() {
  ret void
}
define void @light4() {
  ret void
}
