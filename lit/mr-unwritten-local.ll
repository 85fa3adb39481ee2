; REQUIRES: lli
; A local that nothing ever writes reads undef, which the optimizer under
; test may fold into anything, and the stack patterns of the trust check
; see it only where its value changes what the program does. Here @main
; compares such a value with itself (true under every pattern, so the
; source behaves the same whatever the stack holds), and the comparison
; gates the loop the seeded fault (Inputs/buggy-opt.py: `icmp slt` becomes
; `icmp sle`) makes run once too often. A DDMT benchmark ended on this
; shape (sort-slt: an element of a local array never written, compared
; with itself). Such a module is never judged: a candidate is rejected
; like one the verifier rejects, an input refused.
;
; RUN: not %whittle --timeout 5 --mr opt-equivalence --mr-opt %inputs/buggy-opt.py %s -o %t 2>&1 | FileCheck %s
; CHECK: error: {{.*}}certain undefined behaviour (--mr): a read of a local nothing ever writes in @main (%u)
;
; Written once before the read, the same program is judged (and violates
; the relation).
; RUN: sed 's/^  ; store/  store/' %s > %t.written.ll
; RUN: %whittle -q --delta-passes=module-data --timeout 5 --mr opt-equivalence --mr-opt %inputs/buggy-opt.py %t.written.ll -o %t.written.out

@fmt = private constant [4 x i8] c"%d\0A\00"

declare i32 @printf(ptr, ...)

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %slot = alloca i32, align 4
  ; store i32 7, ptr %slot, align 4
  %u = load i32, ptr %slot, align 4
  %same = icmp eq i32 %u, %u
  %k = add i32 %argc, 9
  %n = select i1 %same, i32 %k, i32 3
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
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %s.next)
  ret i32 0
}
