; simplify-cfg leaves alone a dead block whose token other blocks still use
; (here a catchswitch its catchpad sits in): simplifyCFG would delete it
; and leave the catchpad within poison, which the verifier rejects. The
; dead cleanup funclet, whose token only its own block uses, goes.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=simplify-cfg --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: catchpad within
; CHECK-INTERESTINGNESS: call void @handled(

; CHECK-FINAL-NOT: cleanuppad
; CHECK-FINAL: dispatch: ; No predecessors!
; CHECK-FINAL-NEXT: %cs = catchswitch within none [label %handler] unwind to caller
; CHECK-FINAL: handler:
; CHECK-FINAL-NEXT: catchpad within %cs

target triple = "x86_64-pc-windows-msvc"

declare void @handled(i32)
declare void @work()
declare i32 @__CxxFrameHandler3(...)

define void @f(i32 %x) personality ptr @__CxxFrameHandler3 {
entry:
  call void @work()
  br label %done

cleanup:
  %cp = cleanuppad within none []
  call void @work() [ "funclet"(token %cp) ]
  cleanupret from %cp unwind label %dispatch

dispatch:
  %cs = catchswitch within none [label %handler] unwind to caller

handler:
  %pad = catchpad within %cs [ptr null, i32 64, ptr null]
  call void @handled(i32 %x) [ "funclet"(token %pad) ]
  catchret from %pad to label %done

done:
  ret void
}
