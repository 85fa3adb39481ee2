; llvm-reduce's `ifuncs`: an ifunc that goes is lowered: its calls load the
; function pointer from a table that a new global constructor fills by
; calling the resolver. All at once first, so that one table does. An ifunc
; whose resolver takes parameters is no target.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=ifuncs --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL --implicit-check-not=@lowered %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: define void @user(

; CHECK-FINAL: [[TABLE:@[0-9]+]] = internal global [2 x ptr] poison, align 8
; CHECK-FINAL: @llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 10, ptr [[CTOR:@[0-9]+]], ptr null }]
; CHECK-FINAL: @with_arg = ifunc void (), ptr @resolver_with_arg
; CHECK-FINAL-LABEL: define void @user() {
; CHECK-FINAL-NEXT: [[P:%[0-9]+]] = load ptr, ptr [[TABLE]], align 8
; CHECK-FINAL-NEXT: call void [[P]]()
; CHECK-FINAL-NEXT: call void @with_arg()
; CHECK-FINAL: define internal void [[CTOR]]() {
; CHECK-FINAL-NEXT: call ptr @resolver()

@lowered = ifunc void (), ptr @resolver
@lowered_unused = ifunc void (), ptr @resolver
@with_arg = ifunc void (), ptr @resolver_with_arg

define ptr @resolver() {
  ret ptr null
}

define ptr @resolver_with_arg(i64 %x) {
  ret ptr null
}

define void @user() {
  call void @lowered()
  call void @with_arg()
  ret void
}
