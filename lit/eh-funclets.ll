; Windows-style EH (catchswitch, catchpad, cleanuppad) under the whole
; default sweep: with --abort-on-invalid-reduction any candidate that breaks
; funclet structure would fail the run, so this checks that each mutation
; keeps EH pads valid by construction. The test needs only the catch
; funclet: the cleanup funclet, the invokes (now plain branches), the
; callees they used, and the arguments go, and the catchswitch/catchpad
; structure stays.
;
; RUN: %whittle --abort-on-invalid-reduction --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL --implicit-check-not=invoke --implicit-check-not=cleanuppad --implicit-check-not=cleanupret --implicit-check-not=@may_throw --implicit-check-not=@cleanup_work %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: catchpad within
; CHECK-INTERESTINGNESS: call void @handled(

; CHECK-FINAL: declare void @handled()
; CHECK-FINAL: define void @f() personality
; CHECK-FINAL-NEXT: entry:
; CHECK-FINAL-NEXT: br label %done
; CHECK-FINAL: catchswitch within none [label %handler] unwind to caller
; CHECK-FINAL: catchpad within
; CHECK-FINAL: call void @handled()

target triple = "x86_64-pc-windows-msvc"

declare void @may_throw(i32)
declare void @handled(i32)
declare void @cleanup_work()
declare i32 @__CxxFrameHandler3(...)

define void @f(i32 %x) personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @may_throw(i32 %x)
          to label %cont unwind label %dispatch

cont:
  invoke void @may_throw(i32 1)
          to label %done unwind label %cleanup

cleanup:
  %cp = cleanuppad within none []
  call void @cleanup_work() [ "funclet"(token %cp) ]
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
