; simplify-cfg's targets interact. The test needs exactly three mentions of
; %exit as a branch target: folding the forwarding block %fwd2 on its own
; adds one (both switch cases then reach %exit), deleting the unreachable
; chain's last block %dead2 on its own removes one, and only the two
; together keep the count. Each single block is "needed" on its own, so a
; search that models blocks as needed or not one by one (ProbDD) stops at
; 6 instructions; the pass is marked `interacting` and searched by chunks.
;
; RUN: %whittle --abort-on-invalid-reduction -j 1 --delta-passes=simplify-cfg --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL --implicit-check-not=dead --implicit-check-not=fwd %s < %t
; RUN: %whittle --abort-on-invalid-reduction -j 2 --policy=probdd --delta-passes=simplify-cfg --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t.2
; RUN: FileCheck --check-prefixes=CHECK-FINAL --implicit-check-not=dead --implicit-check-not=fwd %s < %t.2
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS-COUNT-3: {{l}}abel %exit
; CHECK-INTERESTINGNESS-NOT: {{l}}abel %exit

; CHECK-FINAL: switch i32 %x, {{l}}abel %exit [
; CHECK-FINAL-NEXT: i32 0, {{l}}abel %exit
; CHECK-FINAL-NEXT: i32 1, {{l}}abel %exit
; CHECK-FINAL: {{^}}exit:
; CHECK-FINAL-NEXT: ret void

define void @f(ptr %p, i32 %x) {
entry:
  %s = alloca ptr, i32 0, align 8
  store ptr %p, ptr %p, align 8
  switch i32 %x, label %exit [
    i32 0, label %fwd1
    i32 1, label %fwd2
  ]

dead1:
  %c = call ptr @g()
  br label %dead2

dead2:
  br label %exit

fwd1:
  br label %fwd2

fwd2:
  br label %exit

exit:
  ret void
}

declare ptr @g()
