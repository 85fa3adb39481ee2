; invokes turns an invoke into a call followed by a branch to its normal
; destination; the landing pad block that loses its last invoke stays
; behind, without predecessors, as llvm-reduce leaves it. An invoke the test
; needs stays.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=invokes --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: i32 @may_throw(i32 1)
; CHECK-INTERESTINGNESS: invoke i32 @may_throw(i32 2)

; CHECK-FINAL: %a = call i32 @may_throw(i32 1)
; CHECK-FINAL-NEXT: br label %next
; CHECK-FINAL: next:
; CHECK-FINAL-NEXT: %b = invoke i32 @may_throw(i32 2)
; CHECK-FINAL-NEXT: to label %done unwind label %pad2
; CHECK-FINAL: pad1: ; No predecessors!
; CHECK-FINAL-NEXT: landingpad
; CHECK-FINAL: pad2:
; CHECK-FINAL-NEXT: landingpad

declare i32 @may_throw(i32)
declare i32 @__gxx_personality_v0(...)

define i32 @f() personality ptr @__gxx_personality_v0 {
entry:
  %a = invoke i32 @may_throw(i32 1)
          to label %next unwind label %pad1

next:
  %b = invoke i32 @may_throw(i32 2)
          to label %done unwind label %pad2

done:
  %s = add i32 %a, %b
  ret i32 %s

pad1:
  %lp1 = landingpad { ptr, i32 }
          cleanup
  resume { ptr, i32 } %lp1

pad2:
  %lp2 = landingpad { ptr, i32 }
          cleanup
  resume { ptr, i32 } %lp2
}
