; Operand bundles go one by one; convergencectrl bundles stay, since a
; function that uses convergence control needs them on every convergent
; call.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=operand-bundles --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: "keep"(i32 %b)

; CHECK-FINAL: call void @g() [ "keep"(i32 %b) ]
; CHECK-FINAL-NEXT: %r = call i32 @h() [ "convergencectrl"(token %t) ]
; CHECK-FINAL-NEXT: call void @g(){{$}}

define i32 @f(i32 %a, i32 %b) convergent {
  %t = call token @llvm.experimental.convergence.entry()
  call void @g() [ "deopt"(i32 %a), "keep"(i32 %b), "other"() ]
  %r = call i32 @h() [ "convergencectrl"(token %t) ]
  call void @g() [ "deopt"(i32 %r) ]
  ret i32 %r
}

declare void @g()
declare i32 @h() convergent
declare token @llvm.experimental.convergence.entry() convergent
