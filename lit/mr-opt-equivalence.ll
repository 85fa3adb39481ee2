; REQUIRES: lli
; --mr opt-equivalence: a miscompilation reduced without a reference output.
; The "optimizer" (Inputs/buggy-opt.py: opt, then every `icmp slt` turned
; into `icmp sle`) makes the loop in @mix run once too often, so the program
; prints something else after optimization. The reduction keeps a program
; whose behaviour still changes under the buggy optimizer, and nothing
; else: the unrelated @square and its output go.
;
; RUN: %whittle -j2 --timeout 2 --abort-on-invalid-reduction --delta-passes=function-bodies,module-items,instructions,operands-zero --mr opt-equivalence --mr-opt %inputs/buggy-opt.py %s -o %t 2> %t.log
; RUN: FileCheck --check-prefix=LOG %s < %t.log
; RUN: FileCheck --check-prefix=CHECK-FINAL --implicit-check-not=@square %s < %t
;
; The reduced program still violates the relation: its output differs once
; the buggy optimizer has run.
; RUN: lli %t > %t.before; echo "exit $?" >> %t.before
; RUN: %inputs/buggy-opt.py -passes='default<O2>' %t -o %t.bc
; RUN: lli %t.bc > %t.after; echo "exit $?" >> %t.after
; RUN: not diff %t.before %t.after
; and checked from scratch (repeat runs, lli's interpreter against its JIT)
; it raises no undefined-behaviour doubt:
; RUN: %whittle -q --delta-passes=module-data --mr opt-equivalence --mr-opt %inputs/buggy-opt.py %t -o %t.again
;
; A correct optimizer satisfies the relation: nothing to reduce.
; RUN: not %whittle --mr opt-equivalence %s -o %t.none 2>&1 | FileCheck --check-prefix=HOLDS %s

; LOG: whittle: metamorphic relation opt-equivalence (-passes=default<O2>) violated by the input
; HOLDS: whittle: error: the input satisfies --mr opt-equivalence (-passes=default<O2>): there is no violation to reduce

; CHECK-FINAL: define i32 @mix(
; CHECK-FINAL: icmp slt
; CHECK-FINAL: define i32 @main(

@fmt = private constant [4 x i8] c"%d\0A\00"

declare i32 @printf(ptr, ...)

define i32 @mix(i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 1, %entry ], [ %s.next, %loop ]
  %t = mul i32 %s, 3
  %s.next = add i32 %t, %i
  %i.next = add nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %s.next
}

define i32 @square(i32 %x) {
  %y = mul i32 %x, %x
  ret i32 %y
}

define i32 @main(i32 %argc, ptr %argv) {
  %n = add i32 %argc, 9
  %r = call i32 @mix(i32 %n)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %r)
  %q = call i32 @square(i32 %argc)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %q)
  ret i32 0
}
