; REQUIRES: lli
; UNSUPPORTED: llvm-dependent-only
; --mr user: the relation spelled out as commands. --mr-followup derives the
; follow-up %t from the source %s (here, the buggy optimizer), --mr-run runs
; either, and the two runs must agree (exactly, or numerically with
; --mr-compare=numeric:TOL).
;
; RUN: %whittle -j2 --timeout 2 --abort-on-invalid-reduction --delta-passes=module-items,instructions --mr user --mr-followup '%inputs/buggy-opt.py -passes=default<O2> %%s -o %%t' --mr-run 'lli %%s' %s -o %t 2> %t.log
; RUN: FileCheck --check-prefix=LOG %s < %t.log
; RUN: FileCheck --check-prefix=CHECK-FINAL --implicit-check-not=@other %s < %t
; RUN: %whittle -q --delta-passes=module-data --mr user --mr-followup '%inputs/buggy-opt.py -passes=default<O2> %%s -o %%t' --mr-run 'lli %%s' %t -o %t.again
; RUN: not %whittle --mr user --mr-run 'lli %%s' %s 2>&1 | FileCheck --check-prefix=MISSING %s
; RUN: not %whittle --mr user --mr-followup 'cp %%s %%t' --mr-run 'lli %%s' --mr-compare=fuzzy %s 2>&1 | FileCheck --check-prefix=COMPARE %s

; LOG: whittle: metamorphic relation user-defined ({{.*}}buggy-opt.py '-passes=default<O2>' %s -o %t / lli %s) violated by the input
; MISSING: whittle: error: --mr user needs --mr-followup 'CMD %s %t' and --mr-run 'CMD %s'
; COMPARE: whittle: error: --mr-compare: 'fuzzy' is not a comparison (exact, numeric:TOL)
; CHECK-FINAL: icmp slt

define i32 @other(i32 %x) {
  %y = mul i32 %x, 5
  ret i32 %y
}

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %o = call i32 @other(i32 %argc)
  %n = add i32 %argc, 4
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
  ret i32 %s.next
}
