; Definitions move down to a use that dominates their other uses, across
; blocks too; PHIs, allocas and terminators stay. A move that an earlier
; chosen move makes invalid is skipped: %u goes down to %v, after which %d
; can no longer go down to %u (its other user would come first).
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=sink-defs-to-uses --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: ret

; CHECK-FINAL-LABEL: define i32 @chain(
; CHECK-FINAL-NEXT: %d = call i32 @leaf()
; CHECK-FINAL-NEXT: call void @use(i32 %d)
; CHECK-FINAL-NEXT: call void @func()
; CHECK-FINAL-NEXT: %u = add i32 %d, 1
; CHECK-FINAL-NEXT: %v = add i32 %u, 2
; CHECK-FINAL-NEXT: ret i32 %v

; CHECK-FINAL-LABEL: define i32 @across(
; CHECK-FINAL-NEXT: entry:
; CHECK-FINAL-NEXT: %slot = alloca i32
; CHECK-FINAL-NEXT: br i1 %c, label %a, label %b
; CHECK-FINAL: b:
; CHECK-FINAL-NEXT: %p = phi i32 [ 0, %entry ], [ 1, %a ]
; CHECK-FINAL-NEXT: call void @func()
; CHECK-FINAL-NEXT: %val = call i32 @leaf()
; CHECK-FINAL-NEXT: store i32 %val, ptr %slot
; CHECK-FINAL-NEXT: ret i32 %p

declare i32 @leaf()
declare void @use(i32)
declare void @func()

define i32 @chain() {
  %d = call i32 @leaf()
  %u = add i32 %d, 1
  call void @use(i32 %d)
  call void @func()
  %v = add i32 %u, 2
  ret i32 %v
}

define i32 @across(i1 %c) {
entry:
  %slot = alloca i32
  %val = call i32 @leaf()
  br i1 %c, label %a, label %b

a:
  br label %b

b:
  %p = phi i32 [ 0, %entry ], [ 1, %a ]
  call void @func()
  store i32 %val, ptr %slot
  ret i32 %p
}

; A call tied to a convergence token defined outside a loop may not move
; into it.
; CHECK-FINAL-LABEL: define void @convergent(
; CHECK-FINAL-NEXT: entry:
; CHECK-FINAL-NEXT: %t = call token @llvm.experimental.convergence.entry()
; CHECK-FINAL-NEXT: %v = call i32 @conv() [ "convergencectrl"(token %t) ]

define void @convergent(i1 %c) convergent {
entry:
  %t = call token @llvm.experimental.convergence.entry()
  %v = call i32 @conv() [ "convergencectrl"(token %t) ]
  br label %loop

loop:
  %h = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %t) ]
  call void @conv.use(i32 %v) [ "convergencectrl"(token %h) ]
  br i1 %c, label %loop, label %exit

exit:
  ret void
}

declare i32 @conv() convergent
declare void @conv.use(i32) convergent
declare token @llvm.experimental.convergence.entry() convergent
declare token @llvm.experimental.convergence.loop() convergent
