; REQUIRES: lli
; A metamorphic oracle does not trust a source that reads or writes memory
; outside the object it addresses: such an access is undefined behaviour,
; so an optimizer may turn it into anything, and it often lands on bytes
; that change nothing from run to run, which the repeat runs, the address
; layout and the stack patterns cannot see (lli's interpreter sees some,
; where it lays memory out otherwise than the JIT; it does here, after the
; bounds checks). Run with LLVM's bounds checks
; (its bounds-checking pass), the access traps. Here the input violates
; the relation through the seeded fault (Inputs/buggy-opt.py: `icmp slt`
; becomes `icmp sle`), but it also prints @table[argc + 1], one past the
; end of @table (the bytes of @next, as it happens), so it cannot be judged,
; and whittle says why.
;
; RUN: not %whittle --timeout 5 --mr opt-equivalence --mr-opt %inputs/buggy-opt.py %s -o %t 2>&1 | FileCheck %s
; CHECK: whittle: error: --mr opt-equivalence (-passes=default<O2>) cannot judge the input: the program reads or writes memory outside the object it addresses (undefined behaviour: LLVM's bounds checks trap on it)
;
; Read inside @table, the same program is judged, and violates the relation.
; RUN: sed 's/%i = add i32 %argc, 1/%i = add i32 %argc, 0/' %s > %t.inside.ll
; RUN: %whittle -q --delta-passes=module-data --timeout 5 --mr opt-equivalence --mr-opt %inputs/buggy-opt.py %t.inside.ll -o %t.inside.out

@table = global [2 x i32] [i32 5, i32 6]
@next = global i32 7
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
  %n = add i32 %argc, 9
  %r = call i32 @mix(i32 %n)
  %i = add i32 %argc, 1
  %p = getelementptr [2 x i32], ptr @table, i32 0, i32 %i
  %v = load i32, ptr %p
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %r, i32 %v)
  ret i32 0
}
