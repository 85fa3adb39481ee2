; operands-nan turns floating-point operands (and vectors of them) into a
; quiet NaN, leaving 0.0, 1.0 and NaNs alone; other types stay.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=operands-nan --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t

; CHECK-INTERESTINGNESS: %a = fadd float %x,

; A quiet NaN prints as 0x7FF8000000000000, or +qnan from LLVM 23 on.
; CHECK-FINAL: %a = fadd float %x, [[NAN:0x7FF8000000000000|\+qnan]]
; CHECK-FINAL-NEXT: %b = fadd float [[NAN]], 1.000000e+00
; CHECK-FINAL-NEXT: %c = fmul <2 x double> {{splat \(double |<double }}[[NAN]]{{\)|, double [^>]+>}}, zeroinitializer
; CHECK-FINAL-NEXT: %d = fsub double [[NAN]], [[NAN]]
; CHECK-FINAL-NEXT: %e = add i32 %i, 5
; CHECK-FINAL-NEXT: ret float [[NAN]]

define float @f(float %x, float %y, <2 x double> %w, double %v, i32 %i) {
  %a = fadd float %x, %y
  %b = fadd float %y, 1.0
  %c = fmul <2 x double> %w, zeroinitializer
  %d = fsub double %v, 0x7FF8000000000000
  %e = add i32 %i, 5
  ret float %a
}
