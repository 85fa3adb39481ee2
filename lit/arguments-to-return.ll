; A function returns one of its arguments at once: its whole body goes, the
; return type becomes the argument's type (return attributes that no longer
; fit and `returned` go), and void call sites take the new type. Call sites
; of another non-void type would not fit: such a function keeps its shape.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=arguments-to-return --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: define {{.*}}@f(
; CHECK-INTERESTINGNESS-NEXT: entry:
; CHECK-INTERESTINGNESS-NEXT: {{.*}}%b
; CHECK-INTERESTINGNESS: @g(
; CHECK-INTERESTINGNESS: call {{.*}}@f(
; CHECK-INTERESTINGNESS: define {{.*}}@h(
; CHECK-INTERESTINGNESS-NEXT: entry:
; CHECK-INTERESTINGNESS-NEXT: {{.*}}%b
; CHECK-INTERESTINGNESS: define {{.*}}@typed(
; CHECK-INTERESTINGNESS-NEXT: entry:
; CHECK-INTERESTINGNESS-NEXT: {{.*}}%b

; CHECK-FINAL: define ptr @f(i32 %a, ptr %b) {
; CHECK-FINAL-NEXT: entry:
; CHECK-FINAL-NEXT: ret ptr %b
; CHECK-FINAL-NEXT: }
; CHECK-FINAL: define void @g(
; CHECK-FINAL-NEXT: %1 = call ptr @f(i32 1, ptr null)
; CHECK-FINAL: define ptr @h(i32 %a, ptr %b) {
; CHECK-FINAL-NEXT: entry:
; CHECK-FINAL-NEXT: ret ptr %b
; CHECK-FINAL: define i32 @typed(i32 %a, ptr %b) {
; CHECK-FINAL-NEXT: entry:
; CHECK-FINAL-NEXT: store i32 %a, ptr %b

define void @f(i32 %a, ptr %b) {
entry:
  store i32 %a, ptr %b
  br label %exit

exit:
  ret void
}

define void @g() {
  call void @f(i32 1, ptr null)
  %r = call i32 @typed(i32 1, ptr null)
  ret void
}

define range(i32 0, 10) i32 @h(i32 returned %a, ptr %b) {
entry:
  store i32 %a, ptr %b
  ret i32 %a
}

define i32 @typed(i32 %a, ptr %b) {
entry:
  store i32 %a, ptr %b
  ret i32 %a
}
