; Atomic loads and stores become plain ones, and read-modify-write orderings
; become monotonic (a cmpxchg's success and failure orderings separately),
; unless the test needs them.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=atomic-ordering --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t

; CHECK-INTERESTINGNESS: store atomic
; CHECK-INTERESTINGNESS: acquire, align 4

; CHECK-FINAL: %l = load i32, ptr %p, align 4
; CHECK-FINAL-NEXT: store atomic i32 %l, ptr %p release, align 4
; CHECK-FINAL-NEXT: %r = atomicrmw add ptr %p, i32 1 monotonic, align 4
; CHECK-FINAL-NEXT: %x = cmpxchg ptr %p, i32 0, i32 1 monotonic acquire, align 4
; CHECK-FINAL-NEXT: fence seq_cst

define void @f(ptr %p) {
  %l = load atomic i32, ptr %p acquire, align 4
  store atomic i32 %l, ptr %p release, align 4
  %r = atomicrmw add ptr %p, i32 1 seq_cst, align 4
  %x = cmpxchg ptr %p, i32 0, i32 1 acq_rel acquire, align 4
  fence seq_cst
  ret void
}
