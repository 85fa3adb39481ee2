; narrow-integer-ops: an operation on extended values whose only use
; truncates it back is done at the narrow type. %q is narrowed with its
; constant cut to i32, and its sext goes; %m keeps its wide form because
; %wide has another use; %s shares %ea with %q, which stays until both go.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=narrow-integer-ops --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: ret i32

; CHECK-FINAL: {{d}}efine i32 @f(i32 %a, i32 %b, i16 %h)
; CHECK-FINAL-NEXT: %eh = {{z}}ext i16 %h to i64
; CHECK-FINAL-NEXT: %q = {{s}}div i32 %a, -3
; CHECK-FINAL-NEXT: %s = {{s}}ub i32 %a, %b
; CHECK-FINAL-NEXT: %wide = {{m}}ul i64 %eh, %eh
; CHECK-FINAL-NEXT: %m = {{t}}runc i64 %wide to i16
; CHECK-FINAL-NEXT: %u = {{z}}ext i16 %m to i32
; CHECK-FINAL-NEXT: %x = {{a}}dd i32 %q, %s
define i32 @f(i32 %a, i32 %b, i16 %h) {
  %ea = sext i32 %a to i64
  %eb = zext i32 %b to i64
  %eh = zext i16 %h to i64
  %wq = sdiv i64 %ea, -3
  %q = trunc i64 %wq to i32
  %ws = sub i64 %ea, %eb
  %s = trunc i64 %ws to i32
  %wide = mul i64 %eh, %eh
  %m = trunc i64 %wide to i16
  %u = zext i16 %m to i32
  %x = add i32 %q, %s
  %y = add i32 %x, %u
  %w32 = trunc i64 %wide to i32
  %r = add i32 %y, %w32
  ret i32 %r
}
