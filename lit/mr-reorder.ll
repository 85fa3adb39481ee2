; --mr reorder: reversing the function order and dropping local names must
; not change what the tool makes of the module (modulo names and order).
; Inputs/order-buggy-opt.py miscompiles only the first function it emits;
; a module reduced under this relation keeps a function with the pattern
; and a second function whose order it swaps with.
;
; RUN: %whittle -j2 --abort-on-invalid-reduction --delta-passes=module-items,instructions --mr reorder --mr-tool '%inputs/order-buggy-opt.py -passes=instcombine %%s' %s -o %t 2> %t.log
; RUN: FileCheck --check-prefix=LOG %s < %t.log
; RUN: FileCheck --check-prefix=CHECK-FINAL %s < %t
; With LLVM's own opt the relation holds:
; RUN: not %whittle --mr reorder %s 2>&1 | FileCheck --check-prefix=HOLDS %s

; LOG: whittle: metamorphic relation reorder ({{.*}}order-buggy-opt.py -passes=instcombine %s) violated by the input
; HOLDS: whittle: error: the input satisfies --mr reorder
; @first keeps all it has (without the add, instcombine leaves no slt to
; break); of the other two functions one goes and one is left with just its
; return (any second function will do, and nothing in it matters).
; CHECK-FINAL: define i1 @first(i32 %a, i32 %b) {
; CHECK-FINAL-NEXT: %x = add i32 %a, 1
; CHECK-FINAL-NEXT: %c = icmp slt i32 %x, %b
; CHECK-FINAL-NEXT: ret i1 %c
; CHECK-FINAL: define i32 @{{second|third}}(i32 %a) {
; CHECK-FINAL-NEXT: ret i32 0
; CHECK-FINAL-NEXT: }
; CHECK-FINAL-NOT: define

define i1 @first(i32 %a, i32 %b) {
  %x = add i32 %a, 1
  %c = icmp slt i32 %x, %b
  ret i1 %c
}

define i32 @second(i32 %a) {
  %y = mul i32 %a, 3
  ret i32 %y
}

define i32 @third(i32 %a) {
  %z = sub i32 %a, 3
  ret i32 %z
}
