; simplify-cfg runs LLVM's local simplifyCFG on single blocks: here the
; forwarding blocks go and the straight-line chain merges into the entry,
; while the loop the test needs stays.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=simplify-cfg --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL --implicit-check-not=forward %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: store i32 1,
; CHECK-INTERESTINGNESS: store i32 2,
; CHECK-INTERESTINGNESS: br i1 %c, label %loop,

; CHECK-FINAL: entry:
; CHECK-FINAL-NEXT: store i32 1, ptr %p
; CHECK-FINAL-NEXT: br label %loop
; CHECK-FINAL: loop:
; CHECK-FINAL-NEXT: store i32 2, ptr %p
; CHECK-FINAL-NEXT: br i1 %c, label %loop, label %exit
; CHECK-FINAL: exit:
; CHECK-FINAL-NEXT: ret void

define void @f(ptr %p, i1 %c) {
entry:
  br label %forward1

forward1:
  store i32 1, ptr %p
  br label %forward2

forward2:
  br label %loop

loop:
  store i32 2, ptr %p
  br i1 %c, label %loop, label %forward3

forward3:
  br label %exit

exit:
  ret void
}
