; llvm-reduce's `functions` pass name deletes functions only: globals stay
; even when nothing needs them.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=functions --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t

; CHECK-INTERESTINGNESS: define void @interesting(

; CHECK-FINAL: @unneeded_global = global i32 1
; CHECK-FINAL-NOT: define void @uninteresting
; CHECK-FINAL: define void @interesting(
; CHECK-FINAL-NOT: declare

@unneeded_global = global i32 1

define void @uninteresting() {
  ret void
}

define void @interesting() {
  call void @uninteresting()
  ret void
}

declare void @unused_declaration()
