; Atomic operations move to the system sync scope unless the test needs
; their narrower scope; non-atomic accesses are no targets.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=syncscopes --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t

; CHECK-INTERESTINGNESS: fence syncscope("agent")

; CHECK-FINAL: %l = load atomic i32, ptr %p acquire, align 4
; CHECK-FINAL-NEXT: store atomic i32 %l, ptr %p release, align 4
; CHECK-FINAL-NEXT: %r = atomicrmw add ptr %p, i32 1 seq_cst, align 4
; CHECK-FINAL-NEXT: %x = cmpxchg ptr %p, i32 0, i32 1 acq_rel acquire, align 4
; CHECK-FINAL-NEXT: fence syncscope("agent") seq_cst
; CHECK-FINAL-NEXT: %n = load i32, ptr %p, align 4

define void @f(ptr %p) {
  %l = load atomic i32, ptr %p syncscope("agent") acquire, align 4
  store atomic i32 %l, ptr %p syncscope("wavefront") release, align 4
  %r = atomicrmw add ptr %p, i32 1 syncscope("singlethread") seq_cst, align 4
  %x = cmpxchg ptr %p, i32 0, i32 1 syncscope("agent") acq_rel acquire, align 4
  fence syncscope("agent") seq_cst
  %n = load i32, ptr %p, align 4
  ret void
}
