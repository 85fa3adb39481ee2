; A function returns an intermediate value early: the rest of its block and
; whatever only it reached go, the return type becomes the value's type,
; other returns return zero, void call sites take the new type and return
; attributes that no longer fit go. Functions with sret, musttail calls or
; call sites of another non-void type keep their shape.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=instructions-to-return --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: @cut(
; CHECK-INTERESTINGNESS: %v = load i32
; CHECK-INTERESTINGNESS: @user(
; CHECK-INTERESTINGNESS: call {{.*}}@cut(
; CHECK-INTERESTINGNESS: @has_sret(
; CHECK-INTERESTINGNESS: load i32
; CHECK-INTERESTINGNESS: @wrong_type_user(
; CHECK-INTERESTINGNESS: @has_musttail(
; CHECK-INTERESTINGNESS: load i32

; CHECK-FINAL: define i32 @cut(ptr %p, i1 %c) {
; CHECK-FINAL-NEXT: entry:
; CHECK-FINAL-NEXT: br i1 %c, label %then, label %else
; CHECK-FINAL: then:
; CHECK-FINAL-NEXT: %v = load i32, ptr %p
; CHECK-FINAL-NEXT: ret i32 %v
; CHECK-FINAL: else:
; CHECK-FINAL-NEXT: ret i32 0
; CHECK-FINAL-NOT: after:
; CHECK-FINAL: define i32 @user(ptr %p) {
; CHECK-FINAL-NEXT: %1 = call i32 @cut(ptr %p, i1 true)
; CHECK-FINAL-NEXT: ret i32 %1
; CHECK-FINAL: define void @has_sret(ptr sret(i32) %out, ptr %p) {
; CHECK-FINAL-NEXT: %v = load i32, ptr %p
; CHECK-FINAL-NEXT: store i32 %v, ptr %out
; CHECK-FINAL: define i64 @typed_call_site(ptr %p) {
; CHECK-FINAL-NEXT: %v = load i32, ptr %p
; CHECK-FINAL-NEXT: store i32 %v, ptr %p
; CHECK-FINAL: define void @has_musttail(ptr %p) {
; CHECK-FINAL-NEXT: %v = load i32, ptr %p
; CHECK-FINAL-NEXT: store i32 %v, ptr %p

define void @cut(ptr %p, i1 %c) {
entry:
  br i1 %c, label %then, label %else

then:
  %v = load i32, ptr %p
  store i32 %v, ptr %p
  br label %after

else:
  ret void

after:
  store i32 1, ptr %p
  ret void
}

define void @user(ptr %p) {
  call void @cut(ptr %p, i1 true)
  ret void
}

define void @has_sret(ptr sret(i32) %out, ptr %p) {
  %v = load i32, ptr %p
  store i32 %v, ptr %out
  ret void
}

define i64 @typed_call_site(ptr %p) {
  %v = load i32, ptr %p
  store i32 %v, ptr %p
  ret i64 0
}

define i64 @wrong_type_user(ptr %p) {
  %r = call i64 @typed_call_site(ptr %p)
  ret i64 %r
}

define void @has_musttail(ptr %p) {
  %v = load i32, ptr %p
  store i32 %v, ptr %p
  musttail call void @has_musttail(ptr %p)
  ret void
}
