; Call sites are inlined when the callee has no other use and both callee
; and caller are small (at most threshold + 1 non-terminator instructions;
; the default threshold is llvm-reduce's, 5); with a negative threshold any
; call site LLVM can inline is a target. Recursion stays.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=inline-call-sites --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL,CHECK-DEFAULT %s < %t
; RUN: opt -passes=verify -disable-output %t
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=inline-call-sites --reduce-callsite-inline-threshold=-1 --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t.all
; RUN: FileCheck --check-prefixes=CHECK-FINAL,CHECK-ALL %s < %t.all
; RUN: opt -passes=verify -disable-output %t.all

; CHECK-INTERESTINGNESS: define void @caller(
; CHECK-INTERESTINGNESS: define void @shared_caller(
; CHECK-INTERESTINGNESS: define void @recursive(

; CHECK-FINAL-LABEL: define void @caller(ptr %p) {
; CHECK-FINAL-NEXT: store i32 1, ptr %p
; CHECK-FINAL-NEXT: ret void

; CHECK-FINAL-LABEL: define void @shared_caller(ptr %p) {
; CHECK-DEFAULT-NEXT: call void @shared(ptr %p)
; CHECK-DEFAULT-NEXT: call void @shared(ptr %p)
; CHECK-ALL-NEXT: store i32 2, ptr %p
; CHECK-ALL-NEXT: store i32 2, ptr %p
; CHECK-FINAL-NEXT: ret void

; CHECK-FINAL-LABEL: define void @recursive(
; CHECK-FINAL-NEXT: call void @recursive()

define void @callee(ptr %a) {
  store i32 1, ptr %a
  ret void
}

define void @caller(ptr %p) {
  call void @callee(ptr %p)
  ret void
}

define void @shared(ptr %a) {
  store i32 2, ptr %a
  ret void
}

define void @shared_caller(ptr %p) {
  call void @shared(ptr %p)
  call void @shared(ptr %p)
  ret void
}

define void @recursive() {
  call void @recursive()
  ret void
}
