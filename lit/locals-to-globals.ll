; locals-to-globals turns each alloca of a fixed size in the entry block
; into a zero-initialized global variable named after the function and the
; alloca (an array for a count above one), dropping its lifetime markers.
; The alloca the test wants stays, and so do the ones it cannot move: one
; of a size known only at run time, one outside the entry block.
;
; RUN: %ir_for_llvm %s > %t.in.ll
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=locals-to-globals --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %t.in.ll -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: %kept = alloca i64

; CHECK-FINAL-DAG: @f.a = dso_local global [4 x i32] zeroinitializer, align 16
; CHECK-FINAL-DAG: @f.n = dso_local global [3 x i16] zeroinitializer, align 2
; CHECK-FINAL-DAG: @f.local = dso_local global double 0.000000e+00, align 8
; CHECK-FINAL-LABEL: define i32 @f(
; CHECK-FINAL-NEXT: entry:
; CHECK-FINAL-NEXT: %kept = alloca i64
; CHECK-FINAL-NEXT: %dyn = alloca i8, i32 %x
; CHECK-FINAL-NOT: lifetime
; CHECK-FINAL: store i32 1, ptr @f.a
; CHECK-FINAL: getelementptr i16, ptr @f.n, i32 2
; CHECK-FINAL: store double 1.000000e+00, ptr @f.local
; CHECK-FINAL: later:
; CHECK-FINAL-NEXT: %late = alloca i32

define i32 @f(i32 %x) {
entry:
  %kept = alloca i64
  %dyn = alloca i8, i32 %x
  %a = alloca [4 x i32], align 16
  %n = alloca i16, i32 3, align 2
  %0 = alloca double
  call void @llvm.lifetime.start.p0(ptr %a)
  store i32 1, ptr %a
  %p = getelementptr i16, ptr %n, i32 2
  store i16 2, ptr %p
  store double 1.0, ptr %0
  store i64 3, ptr %kept
  store i8 4, ptr %dyn
  %r = load i32, ptr %a
  call void @llvm.lifetime.end.p0(ptr %a)
  br label %later

later:
  %late = alloca i32
  store i32 %r, ptr %late
  ret i32 %r
}

declare void @llvm.lifetime.start.p0(ptr)
declare void @llvm.lifetime.end.p0(ptr)
