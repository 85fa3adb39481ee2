; Deleting an invoke's landing pad deletes the invoke, as llvm-reduce's
; basic-blocks does (remove-bbs-unwinded-to.ll pins it): a branch to its
; normal destination takes its place and its uses see zero. (Keeping the
; call is the `invokes` pass's job.) A landing pad the test needs keeps its
; invoke; when the normal destination goes instead, the pad's block, no
; longer a landing pad, is where the branch goes.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=basic-blocks --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: define void @keep_pad(
; CHECK-INTERESTINGNESS: landingpad
; CHECK-INTERESTINGNESS: define void @drop_pad(
; CHECK-INTERESTINGNESS: cont:
; CHECK-INTERESTINGNESS-NEXT: store i32
; CHECK-INTERESTINGNESS: define void @drop_normal(
; CHECK-INTERESTINGNESS: store i32 2,

; CHECK-FINAL-LABEL: define void @keep_pad(
; CHECK-FINAL: invoke void @may_throw()
; CHECK-FINAL-NEXT: to label %cont unwind label %pad
; CHECK-FINAL: pad:
; CHECK-FINAL-NEXT: landingpad { ptr, i32 }

; CHECK-FINAL-LABEL: define void @drop_pad(
; CHECK-FINAL-NEXT: entry:
; CHECK-FINAL-NEXT: br label %cont
; CHECK-FINAL: cont:
; CHECK-FINAL-NEXT: store i32 0,
; CHECK-FINAL-NOT: landingpad

; CHECK-FINAL-LABEL: define void @drop_normal(
; CHECK-FINAL-NEXT: entry:
; CHECK-FINAL-NEXT: br label %pad
; CHECK-FINAL: pad:
; CHECK-FINAL-NEXT: store i32 2,
; CHECK-FINAL-NEXT: resume { ptr, i32 } zeroinitializer

declare void @may_throw()
declare i32 @may_throw_value()
declare i32 @__gxx_personality_v0(...)

define void @keep_pad(ptr %p) personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw()
          to label %cont unwind label %pad

cont:
  ret void

pad:
  %lp = landingpad { ptr, i32 }
          cleanup
  resume { ptr, i32 } %lp
}

define void @drop_pad(ptr %p) personality ptr @__gxx_personality_v0 {
entry:
  %v = invoke i32 @may_throw_value()
          to label %cont unwind label %pad

cont:
  store i32 %v, ptr %p
  ret void

pad:
  %lp = landingpad { ptr, i32 }
          cleanup
  store i32 2, ptr %p
  resume { ptr, i32 } %lp
}

define void @drop_normal(ptr %p) personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw()
          to label %cont unwind label %pad

cont:
  store i32 1, ptr %p
  ret void

pad:
  %lp = landingpad { ptr, i32 }
          cleanup
  store i32 2, ptr %p
  resume { ptr, i32 } %lp
}
