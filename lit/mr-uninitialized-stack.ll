; REQUIRES: lli
; A metamorphic oracle does not trust a program that reads stack memory it
; never wrote: what it prints depends on whatever the stack held, so a
; "violation" may be that and not the miscompilation. Reductions make such
; programs all the time (deleting the store that set a local), and a repeat
; run does not catch them when the garbage happens to be the same each time.
; whittle runs the source again with every local filled with 0x00, then with
; 0xa5 (negative), then with 0x5a (positive), as soon as it is allocated (or
; its lifetime starts); the behaviour must not change.
;
; Here @main prints whether a local it never stored to is zero, and the
; buggy optimizer (Inputs/buggy-opt.py) also changes the loop in @mix, so
; the relation looks violated, but the input cannot be judged:
;
; RUN: not %whittle --mr opt-equivalence --mr-opt %inputs/buggy-opt.py %s -o %t 2>&1 | FileCheck %s
; CHECK: whittle: error: --mr opt-equivalence (-passes=default<O2>) cannot judge the input: the program reads stack memory it never wrote (undefined behaviour)
;
; Once the local is written the same input is a sound miscompilation:
; RUN: sed 's/;STORE//' %s > %t.fixed.ll
; RUN: %whittle -q --delta-passes=module-data --mr opt-equivalence --mr-opt %inputs/buggy-opt.py %t.fixed.ll -o %t.fixed.out

@fmt = private constant [7 x i8] c"%d %d\0A\00"

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

define i32 @main(i32 %argc, ptr %argv) {
  %local = alloca i32, align 4
  ;STORE store i32 7, ptr %local, align 4
  %v = load volatile i32, ptr %local, align 4
  %z = icmp eq i32 %v, 0
  %zero = zext i1 %z to i32
  %n = add i32 %argc, 9
  %r = call i32 @mix(i32 %n)
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %zero, i32 %r)
  ret i32 0
}
