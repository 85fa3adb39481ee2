; operands-poison turns operands of target extension types into poison
; (other types stay; operands-zero handles them).
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=operands-poison --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t

; CHECK-INTERESTINGNESS: call void @use

; CHECK-FINAL: call void @use(target("some.type") poison, i32 %i)
; CHECK-FINAL-NEXT: call void @use_zeroinit(target("spirv.Event") poison)

declare void @use(target("some.type"), i32)
declare void @use_zeroinit(target("spirv.Event"))

define void @f(target("some.type") %t, target("spirv.Event") %e, i32 %i) {
  call void @use(target("some.type") %t, i32 %i)
  call void @use_zeroinit(target("spirv.Event") %e)
  ret void
}
