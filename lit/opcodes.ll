; Instructions become simpler ones: divisions multiplications, add/sub or,
; sqrt a multiplication; calls to ordinary functions become an operator on
; their arguments or a volatile load/store. Name, flags and metadata carry
; over; a call the test needs stays.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=opcodes --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t

; CHECK-INTERESTINGNESS: call i32 @keep(

; CHECK-FINAL: %d = mul i32 %a, %b, !dbg
; CHECK-FINAL-NEXT: %e = or i32 %d, %a
; CHECK-FINAL-NEXT: %q = fmul nnan float %x, %y
; CHECK-FINAL-NEXT: %s = fmul float %q, 2.000000e+00
; CHECK-FINAL-NEXT: %k = call i32 @keep(i32 %e)
; CHECK-FINAL-NEXT: %w = and i32 %k, %e
; CHECK-FINAL-NEXT: %n = fneg nsz float %s
; CHECK-FINAL-NEXT: %i = call i32 @ternary(i8 1, i32 %w, i32 %w)
; CHECK-FINAL-NEXT: store volatile i32 %w, ptr %p, align 4
; CHECK-FINAL-NEXT: %l = load volatile i64, ptr %p, align {{[0-9]+}}
; CHECK-FINAL-NEXT: %c = add i32 1, 2
; CHECK-FINAL-NEXT: ret i32 %c

define i32 @f(i32 %a, i32 %b, float %x, float %y, ptr %p) {
  %d = sdiv exact i32 %a, %b, !dbg !5
  %e = sub nsw i32 %d, %a
  %q = fdiv nnan float %x, %y
  %s = call float @llvm.sqrt.f32(float %q)
  %k = call i32 @keep(i32 %e)
  %w = call i32 @binary(i32 %k, i32 %e)
  %n = call nsz float @unary(float %s)
  %i = call i32 @ternary(i8 1, i32 %w, i32 %w)
  call void @store_like(i32 %w, ptr %p)
  %l = call i64 @load_like(ptr %p, i64 poison)
  %c = add i32 1, 2
  ret i32 %c
}

declare float @llvm.sqrt.f32(float)
declare i32 @keep(i32)
declare i32 @binary(i32, i32)
declare float @unary(float)
declare i32 @ternary(i8, i32, i32)
declare void @store_like(i32, ptr)
declare i64 @load_like(ptr, i64)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.c", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, spFlags: DISPFlagDefinition, unit: !0)
!4 = !DISubroutineType(types: !{})
!5 = !DILocation(line: 2, column: 1, scope: !3)
