; --mr llc-equivalence: the program compiled by llc at -O0 and at -O2,
; linked and run natively, must behave the same. Inputs/buggy-llc.py turns
; `icmp slt` into `icmp sle` at -O2 only; the reduction keeps the loop that
; shows it and drops the rest.
; (4 s per run: 1 s timed out the native build of a candidate while the
; machine was loaded, which left @unrelated in the result.)
;
; RUN: %whittle -j2 --timeout 4 --abort-on-invalid-reduction --delta-passes=function-bodies,module-items,instructions --mr llc-equivalence --mr-llc %inputs/buggy-llc.py %s -o %t 2> %t.log
; RUN: FileCheck --check-prefix=LOG %s < %t.log
; RUN: FileCheck --check-prefix=CHECK-FINAL --implicit-check-not=@unrelated %s < %t
; The result still violates the relation, with no undefined-behaviour check
; failing: checking it again from scratch accepts it as the input.
; RUN: %whittle -q --delta-passes=module-data --mr llc-equivalence --mr-llc %inputs/buggy-llc.py %t -o %t.again
; Two -mattr settings, or any two flag sets, work the same way:
; RUN: not %whittle --mr llc-equivalence --mr-llc-flags=-O0 %s 2>&1 | FileCheck --check-prefix=ONE %s

; LOG: whittle: metamorphic relation llc-equivalence (-O0 vs -O2) violated by the input
; ONE: whittle: error: --mr-llc-flags: give it twice (the two ways to compile), or not at all
; CHECK-FINAL: icmp slt

@fmt = private constant [4 x i8] c"%d\0A\00"

declare i32 @printf(ptr, ...)

define i32 @count(i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %i.next
}

define i32 @unrelated(i32 %x) {
  %y = mul i32 %x, 7
  ret i32 %y
}

define i32 @main(i32 %argc, ptr %argv) {
  %n = add i32 %argc, 4
  %r = call i32 @count(i32 %n)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %r)
  %u = call i32 @unrelated(i32 %argc)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %u)
  ret i32 0
}
