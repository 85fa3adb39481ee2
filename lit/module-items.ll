; Functions, global variables, aliases and ifuncs the test does not need are
; deleted in one level; uses of a deleted item become null.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=module-items --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL --implicit-check-not=unused %s < %t

; CHECK-INTERESTINGNESS: define i32 @keep(
; CHECK-INTERESTINGNESS: @counter

; CHECK-FINAL: @counter = global i32 0
; CHECK-FINAL: define i32 @keep(
; CHECK-FINAL-NEXT: %v = load i32, ptr @counter
; CHECK-FINAL-NEXT: call void null()
; CHECK-FINAL-NEXT: store ptr null, ptr @counter

@counter = global i32 0
@unused_var = global i32 7
@unused_alias = alias i32, ptr @unused_var
@unused_ifunc = ifunc void (), ptr @unused_resolver

define i32 @keep() {
  %v = load i32, ptr @counter
  call void @unused_callee()
  store ptr @unused_var, ptr @counter
  ret i32 %v
}

define void @unused_callee() {
  ret void
}

define ptr @unused_resolver() {
  ret ptr null
}
