; attributes drops function, return, parameter, call-site and global
; variable attributes one by one, but never what the verifier needs:
; removing noinline removes optnone too; strictfp, swifterror, convergent
; on a body using convergence tokens, the ABI attributes around musttail,
; byval on an x86_intrcc function's first parameter stay. Intrinsic
; declarations keep theirs; a function merely named llvm.* does not.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=attributes --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: define {{.*}}@keep_nonnull(ptr nonnull

; CHECK-FINAL: @g = global i32 0{{$}}
; CHECK-FINAL: define void @optnone() {
; CHECK-FINAL: define i32 @keep_nonnull(ptr nonnull %p) {
; CHECK-FINAL-NEXT: call i32 @keep_nonnull(ptr %p)
; CHECK-FINAL: define float @strict(float %a) [[STRICT:#[0-9]+]]
; CHECK-FINAL: define void @swifterr(ptr swifterror %e) {
; CHECK-FINAL: define void @conv() [[CONV:#[0-9]+]]
; CHECK-FINAL: define void @callee_mt(ptr sret(i32) %p, ptr inreg %r) {
; CHECK-FINAL: define void @caller_mt(ptr sret(i32) %p, ptr inreg %r) {
; CHECK-FINAL-NEXT: musttail call void @callee_mt(ptr sret(i32) %p, ptr inreg %r)
; CHECK-FINAL: define x86_intrcc void @intr(ptr byval(i8) %frame) {
; CHECK-FINAL: declare i32 @llvm.not.an.intrinsic(i32){{$}}
; CHECK-FINAL-DAG: attributes [[STRICT]] = { strictfp }
; CHECK-FINAL-DAG: attributes [[CONV]] = { convergent }

@g = global i32 0 #0

define void @optnone() noinline optnone {
  ret void
}

define i32 @keep_nonnull(ptr nonnull align 8 %p) nounwind "frame-pointer"="all" {
  %v = call noundef i32 @keep_nonnull(ptr nonnull %p) #1
  ret i32 %v
}

declare float @llvm.experimental.constrained.fadd.f32(float, float, metadata, metadata)

define float @strict(float %a) strictfp {
  %r = call float @llvm.experimental.constrained.fadd.f32(float %a, float %a, metadata !"round.dynamic", metadata !"fpexcept.strict") strictfp
  ret float %r
}

define void @swifterr(ptr swifterror %e) {
  %s = alloca swifterror ptr
  call void @swifterr(ptr swifterror %s)
  ret void
}

declare token @llvm.experimental.convergence.entry()

define void @conv() convergent nounwind {
  %t = call token @llvm.experimental.convergence.entry()
  ret void
}

define void @callee_mt(ptr sret(i32) %p, ptr inreg %r) nounwind {
  ret void
}

define void @caller_mt(ptr sret(i32) %p, ptr inreg %r) {
  musttail call void @callee_mt(ptr sret(i32) %p, ptr inreg %r)
  ret void
}

define x86_intrcc void @intr(ptr byval(i8) %frame) nounwind {
  ret void
}

declare i32 @llvm.not.an.intrinsic(i32 signext) nounwind

attributes #0 = { "bss-section"="b" }
attributes #1 = { nounwind "x" }
