; An operand that names another value is cut off (replaced by zero or
; null) when the test does not need the link; callees and immarg
; arguments keep theirs.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=operands --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t

; CHECK-INTERESTINGNESS: %sum = add i32 %a,
; CHECK-INTERESTINGNESS: call void @llvm.memset

; CHECK-FINAL: %sum = add i32 %a, 0
; CHECK-FINAL-NEXT: store i32 0, ptr null
; CHECK-FINAL-NEXT: call void @llvm.memset.p0.i64(ptr null, i8 0, i64 0, i1 false)
; CHECK-FINAL-NEXT: call void @g(i32 0)
; CHECK-FINAL-NEXT: ret i32 0

declare void @g(i32)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1 immarg)

define i32 @f(i32 %a, i32 %b, ptr %p, i8 %v, i64 %n) {
  %sum = add i32 %a, %b
  store i32 %sum, ptr %p
  call void @llvm.memset.p0.i64(ptr %p, i8 %v, i64 %n, i1 false)
  call void @g(i32 %sum)
  ret i32 %sum
}
