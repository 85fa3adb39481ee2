; gep-index-casts: GEP indices take the value a sext/zext/trunc casts, and a
; cast nothing else uses goes. %w (a zext) also feeds the add, so it stays,
; while both GEPs stop using it. The struct index stays a constant.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=gep-index-casts --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL --implicit-check-not=sext --implicit-check-not=trunc %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: load i32, ptr %p1
; CHECK-INTERESTINGNESS: load i32, ptr %p2
; CHECK-INTERESTINGNESS: load i32, ptr %p3
; CHECK-INTERESTINGNESS: load i32, ptr %p4

; CHECK-FINAL: {{d}}efine i32 @f(ptr %a, i32 %i, i64 %j, i16 %k)
; CHECK-FINAL-NEXT: %w = {{z}}ext i16 %k to i32
; CHECK-FINAL-NEXT: %p1 = {{g}}etelementptr i32, ptr %a, i32 %i
; CHECK-FINAL-NEXT: %p2 = {{g}}etelementptr [4 x i32], ptr %a, i64 %j, i16 %k
; CHECK-FINAL-NEXT: %p3 = {{g}}etelementptr { i32, [8 x i32] }, ptr %a, i16 %k, i32 1, i64 %j
; CHECK-FINAL-NEXT: %p4 = {{g}}etelementptr i32, ptr %a, i32 %i
define i32 @f(ptr %a, i32 %i, i64 %j, i16 %k) {
  %s = sext i32 %i to i64
  %t = trunc i64 %j to i32
  %w = zext i16 %k to i32
  %p1 = getelementptr i32, ptr %a, i64 %s
  %p2 = getelementptr [4 x i32], ptr %a, i32 %t, i32 %w
  %p3 = getelementptr { i32, [8 x i32] }, ptr %a, i32 %w, i32 1, i32 %t
  %p4 = getelementptr i32, ptr %a, i64 %s
  %v1 = load i32, ptr %p1
  %v2 = load i32, ptr %p2
  %v3 = load i32, ptr %p3
  %v4 = load i32, ptr %p4
  %x = add i32 %v1, %w
  %y = add i32 %v2, %v3
  %z = add i32 %x, %v4
  %r = add i32 %y, %z
  ret i32 %r
}
