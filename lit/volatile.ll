; Volatile accesses become plain unless the test needs them volatile.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=volatile --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t

; CHECK-INTERESTINGNESS: store volatile

; CHECK-FINAL: %l = load i32, ptr %p
; CHECK-FINAL-NEXT: store volatile i32 %l, ptr %p
; CHECK-FINAL-NEXT: %r = atomicrmw add ptr %p, i32 1 seq_cst
; CHECK-FINAL-NEXT: %x = cmpxchg ptr %p, i32 0, i32 1 seq_cst seq_cst
; CHECK-FINAL-NEXT: call void @llvm.memset.p0.i64(ptr %p, i8 0, i64 4, i1 false)
; CHECK-FINAL-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %q, i64 4, i1 false)

define void @f(ptr %p, ptr %q) {
  %l = load volatile i32, ptr %p
  store volatile i32 %l, ptr %p
  %r = atomicrmw volatile add ptr %p, i32 1 seq_cst
  %x = cmpxchg volatile ptr %p, i32 0, i32 1 seq_cst seq_cst
  call void @llvm.memset.p0.i64(ptr %p, i8 0, i64 4, i1 true)
  call void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %q, i64 4, i1 true)
  ret void
}

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1 immarg)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1 immarg)
