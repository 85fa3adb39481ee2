; Optimization flags go one by one: only the flags the test needs stay.
; Dropping a GEP's nusw takes inbounds with it. (icmp's samesign, which LLVM
; 19 lacks: instruction-flags-samesign.ll.)
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=instruction-flags --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t

; CHECK-INTERESTINGNESS: add nuw
; CHECK-INTERESTINGNESS: fadd {{.*}}nnan

; CHECK-FINAL: %a = add nuw i32 %x, %y
; CHECK-FINAL-NEXT: %s = ashr i32 %a, 1
; CHECK-FINAL-NEXT: %o = or i32 %s, 1
; CHECK-FINAL-NEXT: %z = zext i32 %o to i64
; CHECK-FINAL-NEXT: %t = trunc i64 %z to i16
; CHECK-FINAL-NEXT: %c = icmp ult i32 %a, %o
; CHECK-FINAL-NEXT: %g = getelementptr i8, ptr %p, i64 %z
; CHECK-FINAL-NEXT: %h = getelementptr i8, ptr %g, i64 1
; CHECK-FINAL-NEXT: %f = fadd nnan float %u, %v
; CHECK-FINAL-NEXT: %m = call float @llvm.fabs.f32(float %f)

define float @f(i32 %x, i32 %y, ptr %p, float %u, float %v) {
  %a = add nuw nsw i32 %x, %y
  %s = ashr exact i32 %a, 1
  %o = or disjoint i32 %s, 1
  %z = zext nneg i32 %o to i64
  %t = trunc nuw nsw i64 %z to i16
  %c = icmp ult i32 %a, %o
  %g = getelementptr inbounds nuw i8, ptr %p, i64 %z
  %h = getelementptr nusw i8, ptr %g, i64 1
  %f = fadd reassoc nnan ninf float %u, %v
  %m = call nsz arcp float @llvm.fabs.f32(float %f)
  ret float %m
}

declare float @llvm.fabs.f32(float)
