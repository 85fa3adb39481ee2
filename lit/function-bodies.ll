; A function that must stay (it is called) but whose body is not needed
; becomes a declaration: the body, its personality and its attached
; metadata go, linkage becomes external, the comdat is dropped.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=function-bodies --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: @callee
; CHECK-INTERESTINGNESS: define void @caller(

; CHECK-FINAL: declare {{.*}}void @callee(i32)
; CHECK-FINAL: define void @caller(
; CHECK-FINAL-NEXT: call void @callee(i32 1)

$callee = comdat any

define internal void @callee(i32 %x) comdat personality ptr @pers !prof !0 {
  %y = add i32 %x, 1
  ret void
}

define void @caller() {
  call void @callee(i32 1)
  ret void
}

declare i32 @pers(...)

!0 = !{!"function_entry_count", i64 10}
