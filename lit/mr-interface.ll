; REQUIRES: lli
; Under --mr the program's interface is fixed: no pass changes the
; signature, linkage or existence of @main or of a name the relation's
; commands mention. Here the run command enters the program at @run
; (lli --entry-function=run), whose arguments it never uses: the arguments
; pass would drop them, and global-values would make @run internal,
; without the protection. @unrelated goes.
;
; RUN: %whittle -j2 --abort-on-invalid-reduction --delta-passes=function-bodies,instructions,module-items,arguments,global-values,instructions-to-return --mr user --mr-followup '%inputs/buggy-opt.py -passes=verify %%s -o %%t' --mr-run 'lli --entry-function=run %%s' %s -o %t
; RUN: FileCheck --check-prefix=CHECK-FINAL --implicit-check-not=@unrelated %s < %t
; CHECK-FINAL: define i32 @run(i32 %argc, ptr %argv)
; CHECK-FINAL: icmp slt

define i32 @unrelated(i32 %x) {
  %y = mul i32 %x, 5
  ret i32 %y
}

define i32 @run(i32 %argc, ptr %argv) {
entry:
  %o = call i32 @unrelated(i32 3)
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, 5
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %i.next
}
