; operands-one turns integer and floating-point operands (and vectors of
; them) into one, leaving zeros and ones alone; an alloca's count may become
; one; pointers, switch case values and immarg arguments stay.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=operands-one --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: %a = add i32 %x,
; CHECK-INTERESTINGNESS: switch

; CHECK-FINAL: %buf = alloca i8, i64 1, align 1
; CHECK-FINAL-NEXT: %a = add i32 %x, 1
; CHECK-FINAL-NEXT: %b = add i32 1, 0
; CHECK-FINAL-NEXT: %c = fadd float 1.000000e+00, 0.000000e+00
; CHECK-FINAL-NEXT: %d = fmul <2 x double> [[ONE:splat \(double 1.000000e\+00\)|<double 1.000000e\+00, double 1.000000e\+00>]], [[ONE]]
; CHECK-FINAL-NEXT: %e = add <2 x i16> {{splat \(i16 1\)|<i16 1, i16 1>}}, zeroinitializer
; CHECK-FINAL-NEXT: store i32 1, ptr %p
; CHECK-FINAL-NEXT: call void @llvm.memset.p0.i64(ptr %p, i8 1, i64 1, i1 false)
; CHECK-FINAL-NEXT: switch i32 1, label %exit [
; CHECK-FINAL-NEXT: i32 7, label %exit
; CHECK-FINAL-NEXT: i32 9, label %exit

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1 immarg)

define void @f(i32 %x, i32 %y, float %z, <2 x double> %w, <2 x i16> %u, ptr %p, i64 %n) {
entry:
  %buf = alloca i8, i64 %n
  %a = add i32 %x, %y
  %b = add i32 %y, 0
  %c = fadd float %z, 0.0
  %d = fmul <2 x double> %w, <double 3.0, double 4.0>
  %e = add <2 x i16> %u, zeroinitializer
  store i32 %y, ptr %p
  call void @llvm.memset.p0.i64(ptr %p, i8 7, i64 %n, i1 false)
  switch i32 %y, label %exit [
    i32 7, label %exit
    i32 9, label %exit
  ]

exit:
  ret void
}
