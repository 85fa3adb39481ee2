; unreachable-blocks deletes dead blocks one by one: a dead block the test
; needs (%kept) does not keep the others. The dead cleanup funclet goes
; with its pad, the PHI of the cleanup it unwinds to loses its edge, and the
; invoke of the dead block that unwound to the funclet becomes a call.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=unreachable-blocks --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: invoke void @may_throw(i32 3)
; CHECK-INTERESTINGNESS: void @needed()
; CHECK-INTERESTINGNESS: cleanupret from %cp2

; CHECK-FINAL-NOT: %cp =
; CHECK-FINAL-NOT: dead:
; CHECK-FINAL: kept:
; CHECK-FINAL-NEXT: call void @needed()
; CHECK-FINAL-NEXT: br label %exit
; CHECK-FINAL: outer:
; CHECK-FINAL-NEXT: %p = phi i32 [ 3, %entry ]

target triple = "x86_64-pc-windows-msvc"

declare void @may_throw(i32)
declare void @needed()
declare i32 @__CxxFrameHandler3(...)

define i32 @f(i32 %x) personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @may_throw(i32 3)
          to label %exit unwind label %outer

kept:
  invoke void @needed()
          to label %exit unwind label %dead

dead:
  %cp = cleanuppad within none []
  call void @may_throw(i32 2) [ "funclet"(token %cp) ]
  cleanupret from %cp unwind label %outer

outer:
  %p = phi i32 [ 2, %dead ], [ 3, %entry ]
  %cp2 = cleanuppad within none []
  call void @may_throw(i32 %p) [ "funclet"(token %cp2) ]
  cleanupret from %cp2 unwind to caller

exit:
  ret i32 %x
}
