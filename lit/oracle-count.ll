; Pins how many times the test runs on a fixed input, so that a change that
; wastes tests shows up. The initial check, then in the first sweep:
; module-data 1 (source_filename goes), function-bodies 2 and module-items
; 2 (WDD puts the heavy function in a chunk of its own, so keeping it alone
; succeeds at once, then dropping it fails), arguments 1 (%x stays),
; instructions 4, operands-zero 2 and operands-one 2 (%x and 3 stay),
; arguments-to-return 1, opcodes 1 (udiv stays). The instructions level
; changed the module, so the second sweep re-checks the three levels before
; it (function-bodies, module-items, arguments: 3); every later level meets
; only candidates it has seen (cache hits).
;
; RUN: %whittle -j1 --abort-on-invalid-reduction --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t 2> %t.log
; RUN: FileCheck --check-prefix=COUNT %s < %t.log

; CHECK-INTERESTINGNESS: udiv i32 %x, 3

; COUNT: oracle calls: 19 (interesting 6, not interesting 13){{.*}} cache hits: 10

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
