; A function whose address is taken (stored, in a table, passed as an
; argument) can be deleted: the address becomes null. Calls through a
; deleted function's address stay valid IR.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=functions --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL --implicit-check-not=@handler %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: @dispatch
; CHECK-INTERESTINGNESS: define void @run(

; CHECK-FINAL: @dispatch = global [1 x ptr] zeroinitializer
; CHECK-FINAL: define void @run(ptr %slot) {
; CHECK-FINAL-NEXT: store ptr null, ptr %slot
; CHECK-FINAL-NEXT: call void null(ptr null)
; CHECK-FINAL-NEXT: call void null(i32 1)

@dispatch = global [1 x ptr] [ptr @handler]

define void @handler(i32 %x) {
  ret void
}

declare void @register(ptr)

define void @run(ptr %slot) {
  store ptr @handler, ptr %slot
  call void @register(ptr @handler)
  call void @handler(i32 1)
  ret void
}
