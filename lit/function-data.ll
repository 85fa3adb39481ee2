; Function-level data goes: personality (unless an EH pad or resume needs
; it), prefix and prologue data, section, partition, alignment, GC (unless a
; GC intrinsic needs it) and a calling convention other than C (also on the
; direct call sites; not for functions in musttail calls).
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=function-data --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: define {{.*}}@all_data(
; CHECK-INTERESTINGNESS: define {{.*}}@keep_section(
; CHECK-INTERESTINGNESS-SAME: section "keep"
; CHECK-INTERESTINGNESS: define {{.*}}@needs_personality(
; CHECK-INTERESTINGNESS: define {{.*}}@needs_gc(
; CHECK-INTERESTINGNESS: call {{.*}}@all_data(
; CHECK-INTERESTINGNESS: define {{.*}}@tail(

; CHECK-FINAL: define void @all_data() {
; CHECK-FINAL: define void @keep_section() section "keep" {
; CHECK-FINAL: define void @needs_personality() personality ptr @__gxx_personality_v0 {
; CHECK-FINAL: define void @needs_gc(ptr %p) gc "shadow-stack" {
; CHECK-FINAL: define void @user() {
; CHECK-FINAL-NEXT: call void @all_data()
; CHECK-FINAL: define fastcc void @tail() {
; CHECK-FINAL-NEXT: musttail call fastcc void @tail()

define fastcc void @all_data() section "s" partition "part" align 16 gc "shadow-stack" prefix i32 1 prologue i32 2 personality ptr @__gxx_personality_v0 {
  ret void
}

define void @keep_section() section "keep" align 4 {
  ret void
}

define void @needs_personality() personality ptr @__gxx_personality_v0 {
  resume { ptr, i32 } zeroinitializer
}

define void @needs_gc(ptr %p) gc "shadow-stack" {
  %slot = alloca ptr
  call void @llvm.gcroot(ptr %slot, ptr null)
  ret void
}

define void @user() {
  call fastcc void @all_data()
  ret void
}

define fastcc void @tail() {
  musttail call fastcc void @tail()
  ret void
}

declare void @llvm.gcroot(ptr, ptr)
declare i32 @__gxx_personality_v0(...)
