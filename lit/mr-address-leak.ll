; REQUIRES: lli
; UNSUPPORTED: llvm-dependent-only
; A program whose exit status is a byte of a stack address is never
; trusted by a metamorphic oracle: its "behaviour" is where the stack is.
; Two runs with address randomization off whose stacks start 16 bytes
; apart differ every time (two randomized runs agree one time in 16, which
; over a thousand candidates lets some through).
;
; RUN: not %whittle --mr user --mr-followup '%inputs/buggy-opt.py -passes=default<O2> %%s -o %%t' --mr-run 'lli %%s' %S/Inputs/stack-leak.ll -o %t.leak 2>&1 | FileCheck --check-prefix=LEAK %s
; RUN: not %whittle --mr user --mr-followup '%inputs/buggy-opt.py -passes=default<O2> %%s -o %%t' --mr-run 'lli %%s' %S/Inputs/stack-leak.ll -o %t.leak 2>&1 | FileCheck --check-prefix=LEAK %s
; RUN: not %whittle --mr user --mr-followup '%inputs/buggy-opt.py -passes=default<O2> %%s -o %%t' --mr-run 'lli %%s' %S/Inputs/stack-leak.ll -o %t.leak 2>&1 | FileCheck --check-prefix=LEAK %s
; LEAK: cannot judge the input: the source's behaviour depends on where its stack is (it changes when the stack moves by 16 bytes): it uses an address as a value
;
; And a reduction never gets there: @main below shows the miscompilation
; (the buggy optimizer turns `icmp slt` into `icmp sle`) and keeps a local
; array, which instructions-to-return would happily return from @main (a
; pointer where the exit status was) if @main's signature were not fixed
; under --mr. The result keeps @main's signature and is trusted when
; checked from scratch, three times. (A quarter of the candidates lose the
; loop's exit and run until the limit; a test that ends takes about 0.3 s.
; The operand passes are left out: on this dense little loop they make two
; thirds of the tests, and add nothing this test checks.)
;
; RUN: %whittle -j2 --timeout 2 --abort-on-invalid-reduction --skip-delta-passes=operands-zero,operands-one,operands-skip --mr user --mr-followup '%inputs/buggy-opt.py -passes=default<O2> %%s -o %%t' --mr-run 'lli %%s' %s -o %t --stats-json %t.json 2> %t.log
; RUN: FileCheck --check-prefix=CHECK-FINAL %s < %t
; RUN: %whittle -q --delta-passes=module-data --mr user --mr-followup '%inputs/buggy-opt.py -passes=default<O2> %%s -o %%t' --mr-run 'lli %%s' %t -o %t.again
; RUN: %whittle -q --delta-passes=module-data --mr user --mr-followup '%inputs/buggy-opt.py -passes=default<O2> %%s -o %%t' --mr-run 'lli %%s' %t -o %t.again
; RUN: %whittle -q --delta-passes=module-data --mr user --mr-followup '%inputs/buggy-opt.py -passes=default<O2> %%s -o %%t' --mr-run 'lli %%s' %t -o %t.again
; The final re-check passed: nothing was walked back.
; RUN: FileCheck --check-prefix=JSON %s < %t.json
; JSON: "final_check_interesting": true
;
; CHECK-FINAL: define i32 @main(i32 %argc, ptr %argv)
; CHECK-FINAL: icmp slt
; CHECK-FINAL-NOT: ret ptr

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %a = alloca [10 x i32], align 16
  %n = add i32 %argc, 4
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 1, %entry ], [ %s.next, %loop ]
  %slot = getelementptr inbounds [10 x i32], ptr %a, i32 0, i32 %i
  store i32 %s, ptr %slot, align 4
  %t = mul i32 %s, 3
  %s.next = add i32 %t, %i
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  %first = load i32, ptr %a, align 16
  %r = add i32 %s.next, %first
  ret i32 %r
}
