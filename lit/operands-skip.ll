; operands-skip replaces an operand by a value it refers to (through the
; instructions in between) or by an argument, the most reduced one the test
; allows: constants over arguments (the first one first) over globals over
; instructions (the one defined highest up the dominator tree first). GEP
; operands, callees and swifterror arguments stay.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=operands-skip --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: %sum = add i32 %a,
; CHECK-INTERESTINGNESS: store i32 {{%[a-z]+}}, ptr {{%[a-z]+}}
; CHECK-INTERESTINGNESS: call void @take(i32 {{%[a-z]+}})

; %a's constant 1 is more reduced than any argument; %x and %y are the
; arguments the stored and passed values come from, %x the first.
; CHECK-FINAL: %a = add i32 %x, 1
; CHECK-FINAL-NEXT: %b = mul i32 1, %x
; CHECK-FINAL-NEXT: %sum = add i32 %a, 1
; CHECK-FINAL-NEXT: %slot = getelementptr i32, ptr %p, i64 1
; CHECK-FINAL-NEXT: store i32 %x, ptr %p
; CHECK-FINAL-NEXT: call void @take(i32 %x)
; CHECK-FINAL-NEXT: call void @take_error(ptr swifterror %err)
; CHECK-FINAL-NEXT: ret i32 1

declare void @take(i32)
declare void @take_error(ptr swifterror)

define i32 @f(i32 %x, i32 %y, ptr %p, ptr %q, ptr swifterror %err) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %y
  %sum = add i32 %a, %b
  %slot = getelementptr i32, ptr %p, i64 1
  store i32 %sum, ptr %slot
  call void @take(i32 %b)
  call void @take_error(ptr swifterror %err)
  ret i32 %sum
}
