; indirectbr keeps its shape (with the surviving destinations) when some of
; its targets go, and callbr turns into a plain branch; blockaddress
; constants of deleted blocks stay valid. Checked valid by construction.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=basic-blocks --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL --implicit-check-not=uninteresting %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: indirectbr
; CHECK-INTERESTINGNESS: store i32 1,
; CHECK-INTERESTINGNESS: store i32 3,

; CHECK-FINAL: indirectbr ptr %target, [label %keep]
; CHECK-FINAL: keep:
; CHECK-FINAL-NEXT: store i32 1, ptr %p
; CHECK-FINAL: define void @g(
; CHECK-FINAL-NEXT: entry:
; CHECK-FINAL-NEXT: br label %fallthrough
; CHECK-FINAL: fallthrough:
; CHECK-FINAL-NEXT: store i32 3, ptr %p

@addrs = global [2 x ptr] [ptr blockaddress(@f, %keep), ptr blockaddress(@f, %uninteresting)]

define void @f(ptr %p, ptr %target) {
entry:
  indirectbr ptr %target, [label %keep, label %uninteresting]

keep:
  store i32 1, ptr %p
  ret void

uninteresting:
  store i32 2, ptr %p
  ret void
}

define void @g(ptr %p) {
entry:
  callbr void asm "", "!i"() to label %fallthrough [label %uninteresting_indirect]

fallthrough:
  store i32 3, ptr %p
  ret void

uninteresting_indirect:
  store i32 4, ptr %p
  ret void
}
