; Aliases and ifuncs are module items: deleting one nulls its uses, and
; deleting what an alias points at (through a GEP or another alias) takes
; the alias along.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=module-items --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL --implicit-check-not=@chain --implicit-check-not=@resolve --implicit-check-not=@dispatch %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: @kept_alias = alias
; CHECK-INTERESTINGNESS: define void @user(

; CHECK-FINAL: @base = global [2 x i32] zeroinitializer
; CHECK-FINAL: @kept_alias = alias i32, getelementptr (i8, ptr @base, i64 4)
; CHECK-FINAL: define void @user() {
; CHECK-FINAL-NEXT: call void null()
; CHECK-FINAL-NEXT: store i32 0, ptr null

@base = global [2 x i32] zeroinitializer
@kept_alias = alias i32, getelementptr (i8, ptr @base, i64 4)
@chain_target = global i32 0
@chain1 = alias i32, ptr @chain_target
@chain2 = alias i32, ptr @chain1
@dispatch = ifunc void (), ptr @resolve

define ptr @resolve() {
  ret ptr null
}

define void @user() {
  call void @dispatch()
  store i32 0, ptr @chain2
  ret void
}
