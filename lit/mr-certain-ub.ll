; REQUIRES: lli
; Under a metamorphic oracle a module with undefined behaviour its own
; constants make certain is never judged: a division by zero crashes the
; same way on every run, so no trust check tells it from a miscompilation,
; and the optimizer under test may fold it into anything. Reduction makes
; such divisors (an operand replaced by zero, a deleted definition's uses
; given zero), and a seeded-miscompilation benchmark ended on one
; (`sdiv i64 0, (sext i32 0)` "violating" the relation). Such a candidate
; is rejected like one the verifier rejects; an input is refused.
;
; RUN: not %whittle --mr user --mr-followup '%inputs/buggy-opt.py -passes=default<O2> %%s -o %%t' --mr-run 'lli %%s' %s -o %t 2>&1 | FileCheck %s
; CHECK: error: {{.*}}certain undefined behaviour (--mr): division by zero in @main (%q)
;
; Without --mr the same module is an ordinary input.
; RUN: %whittle -q --delta-passes=module-data --test true %s -o %t.plain

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %n = add i32 %argc, 4
  %z = and i32 %argc, 0
  %q = sdiv i32 1000, %z
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 1, %entry ], [ %s.next, %loop ]
  %t = mul i32 %s, 3
  %s.next = add i32 %t, %i
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  %r = add i32 %s.next, %q
  ret i32 %r
}
