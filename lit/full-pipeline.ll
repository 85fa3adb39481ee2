; The default sweep on a module with calls, loops, PHIs and globals: every
; level takes its share, the result verifies and keeps what the test needs.
;
; RUN: %whittle --abort-on-invalid-reduction --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t 2> %t.log
; RUN: FileCheck --check-prefixes=CHECK-FINAL --implicit-check-not=define --implicit-check-not=declare --implicit-check-not=@unused %s < %t
; RUN: opt -passes=verify -disable-output %t
; RUN: FileCheck --check-prefix=SUMMARY %s < %t.log

; CHECK-INTERESTINGNESS: define i32 @main(
; CHECK-INTERESTINGNESS: udiv i32

; CHECK-FINAL: define i32 @main(
; CHECK-FINAL: udiv i32

; SUMMARY: instructions: 21 -> 2 
; SUMMARY: oracle calls: {{[0-9]+}} (interesting {{[0-9]+}}, not interesting {{[0-9]+}})

@unused_table = global [4 x i32] [i32 1, i32 2, i32 3, i32 4]
@unused_counter = global i32 0

define internal i32 @unused_helper(i32 %x) {
entry:
  %c = icmp sgt i32 %x, 10
  br i1 %c, label %big, label %small
big:
  %y = mul i32 %x, 3
  br label %done
small:
  %z = add i32 %x, 7
  br label %done
done:
  %r = phi i32 [ %y, %big ], [ %z, %small ]
  ret i32 %r
}

define i32 @main(i32 %n) {
entry:
  %init = load i32, ptr @unused_counter
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %acc = phi i32 [ %init, %entry ], [ %acc2, %loop ]
  %h = call i32 @unused_helper(i32 %i)
  %q = udiv i32 %h, %n
  %acc2 = add i32 %acc, %q
  %next = add i32 %i, 1
  %again = icmp slt i32 %next, %n
  br i1 %again, label %loop, label %exit
exit:
  %slot = getelementptr [4 x i32], ptr @unused_table, i32 0, i32 1
  store i32 %acc2, ptr %slot
  ret i32 %acc2
}
