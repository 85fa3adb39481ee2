; A lit test whose CHECK does not hold: FileCheck fails at the second check.
; RUN: opt -passes=instcombine -S %s | FileCheck %s
; CHECK-LABEL: define i32 @f(
; CHECK: ret i32 42

define i32 @f(i32 %x) {
  %a = add i32 %x, 0
  %b = mul i32 %a, 1
  ret i32 %b
}

define i32 @unrelated(i32 %x) {
  %y = mul i32 %x, 7
  ret i32 %y
}
