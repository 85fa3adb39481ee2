; operands-to-args turns operands into new parameters of their function,
; one per value (named after it; metadata becomes parameter attributes):
; direct calls and invokes pass zero, a call through another function type
; is left alone. Literals, arguments, tokens, lifetime pointers, EH pad
; operands and callees stay; functions whose address is taken, variadic
; functions and musttail callers keep their signatures.
;
; RUN: %ir_for_llvm %s > %t.in.ll
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=operands-to-args --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %t.in.ll -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: define {{.*}} @callee(
; CHECK-INTERESTINGNESS: define {{.*}} @caller(

; CHECK-FINAL-LABEL: define i32 @callee(i32 %x, ptr %slot, i32 %sum, ptr nonnull %ptr, ptr %g) {
; CHECK-FINAL-NEXT: %slot1 = alloca i32
; CHECK-FINAL-NEXT: call void @llvm.lifetime.start.p0({{(i64 -1, )?}}ptr %slot1)
; CHECK-FINAL-NEXT: %ptr2 = load ptr, ptr %slot, align 8, !nonnull
; CHECK-FINAL-NEXT: %sum3 = add i32 %x, 1
; CHECK-FINAL-NEXT: store i32 %sum, ptr %ptr
; CHECK-FINAL-NEXT: store i32 %sum, ptr %g
; CHECK-FINAL-NEXT: %tok = call token @llvm.make.token()
; CHECK-FINAL-NEXT: call void @llvm.use.token(token %tok)
; CHECK-FINAL-NEXT: ret i32 %sum

; CHECK-FINAL-LABEL: define i32 @caller(i32 %y, i32 %r2, i32 %s1) personality ptr @personality {
; CHECK-FINAL: call i32 @callee(i32 %y, ptr null, i32 0, ptr null, ptr null)
; CHECK-FINAL: invoke i32 @callee(i32 %r2, ptr null, i32 0, ptr null, ptr null)
; CHECK-FINAL: call void @callee(i32 1)
; CHECK-FINAL: ret i32 %s1
; CHECK-FINAL: landingpad { ptr, i32 }

; CHECK-FINAL-LABEL: define void @address_taken(ptr %p) {
; CHECK-FINAL-NEXT: %v = load i32, ptr %p
; CHECK-FINAL-NEXT: store i32 %v, ptr @g

; CHECK-FINAL-LABEL: define void @variadic(i32 %n, ...) {
; CHECK-FINAL-NEXT: store i32 %n, ptr @g

; CHECK-FINAL-LABEL: define i32 @tail_caller(i32 %z) {
; CHECK-FINAL-NEXT: %t = musttail call i32 @tail_callee(i32 %z)
; CHECK-FINAL-NEXT: ret i32 %t
; CHECK-FINAL-LABEL: define i32 @tail_callee(i32 %z) {
; CHECK-FINAL-NEXT: %w = add i32 %z, 1
; CHECK-FINAL-NEXT: ret i32 %w

@g = global i32 0
@fptr = global ptr @address_taken

declare token @llvm.make.token()
declare void @llvm.use.token(token)
declare i32 @personality(...)

define i32 @callee(i32 %x) {
  %slot = alloca i32
  call void @llvm.lifetime.start.p0(ptr %slot)
  %ptr = load ptr, ptr %slot, !nonnull !0
  %sum = add i32 %x, 1
  store i32 %sum, ptr %ptr
  store i32 %sum, ptr @g
  %tok = call token @llvm.make.token()
  call void @llvm.use.token(token %tok)
  ret i32 %sum
}

define i32 @caller(i32 %y) personality ptr @personality {
entry:
  %r = call i32 @callee(i32 %y)
  %s = invoke i32 @callee(i32 %r)
          to label %ok unwind label %lpad

ok:
  call void @callee(i32 1)
  ret i32 %s

lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  ret i32 0
}

define void @address_taken(ptr %p) {
  %v = load i32, ptr %p
  store i32 %v, ptr @g
  ret void
}

define void @variadic(i32 %n, ...) {
  store i32 %n, ptr @g
  ret void
}

define i32 @tail_caller(i32 %z) {
  %t = musttail call i32 @tail_callee(i32 %z)
  ret i32 %t
}

define i32 @tail_callee(i32 %z) {
  %w = add i32 %z, 1
  ret i32 %w
}

!0 = !{}
