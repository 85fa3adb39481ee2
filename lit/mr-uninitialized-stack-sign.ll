; REQUIRES: lli
; The stack patterns cover both signs. @reader tests a local it never wrote
; against zero, signed; @scribble, called just before at the same depth,
; leaves -5 in the stack slots @reader's frame reuses, so every plain run
; reads -5 (not positive) and repeat runs agree. A zero fill reads 0 and a
; 0xa5 fill a negative value, also not positive: only the 0x5a fill reads a
; positive value and exposes the undefined behaviour.
;
; RUN: not %whittle --mr opt-equivalence --mr-opt %inputs/buggy-opt.py %s -o %t 2>&1 | FileCheck %s
; CHECK: whittle: error: --mr opt-equivalence (-passes=default<O2>) cannot judge the input: the program reads stack memory it never wrote (undefined behaviour)

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

define void @scribble() noinline {
entry:
  %a = alloca [64 x i32], align 16
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds [64 x i32], ptr %a, i64 0, i64 %i
  store volatile i32 -5, ptr %p, align 4
  %i.next = add i64 %i, 1
  %c = icmp ult i64 %i.next, 64
  br i1 %c, label %loop, label %exit

exit:
  ret void
}

define i32 @reader() noinline {
  %local = alloca i32, align 4
  %v = load volatile i32, ptr %local, align 4
  %pos = icmp sgt i32 %v, 0
  %r = zext i1 %pos to i32
  ret i32 %r
}

define i32 @main(i32 %argc, ptr %argv) {
  call void @scribble()
  %pos = call i32 @reader()
  %n = add i32 %argc, 9
  %r = call i32 @mix(i32 %n)
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %pos, i32 %r)
  ret i32 0
}
