; merge-operations: an operation whose operand is another operation used
; only there takes that operation's operands, and the other goes. %s keeps
; its ashr on both of %m's inputs; %z merges %y after %y merged %x; %q's
; operands fold to a constant; %w keeps %t, which has a second use, and
; %far keeps %e, defined in another block.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=merge-operations --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: %s = {{a}}shr i32
; CHECK-INTERESTINGNESS: %z = {{x}}or i32

; CHECK-FINAL: {{^}}entry:
; CHECK-FINAL-NEXT: %s = {{a}}shr i32 -30, %a
; CHECK-FINAL-NEXT: %z = {{x}}or i32 %a, %b
; CHECK-FINAL-NEXT: %t = {{a}}dd i32 %a, 1
; CHECK-FINAL-NEXT: %w = {{m}}ul i32 %t, %t
; CHECK-FINAL-NEXT: %e = {{a}}dd i32 %a, %b
; CHECK-FINAL-NEXT: br i1
; CHECK-FINAL: %far = {{i}}cmp eq i32 %e, 0
; CHECK-FINAL: %sel = {{s}}elect i1 %p, i32 %s, i32 %z
define i32 @f(i32 %a, i32 %b, i1 %c) {
entry:
  %m = mul i32 -30, %a
  %s = ashr i32 %m, 1
  %x = add i32 %a, %b
  %y = sub i32 %x, 7
  %z = xor i32 %y, %s
  %k = add i32 5, 6
  %q = sdiv i32 %k, 3
  %t = add i32 %a, 1
  %w = mul i32 %t, %t
  %e = add i32 %a, %b
  br i1 %c, label %then, label %done
then:
  %far = icmp eq i32 %e, %q
  br label %done
done:
  %p = phi i1 [ %far, %then ], [ false, %entry ]
  %sel = select i1 %p, i32 %s, i32 %z
  ret i32 %sel
}
