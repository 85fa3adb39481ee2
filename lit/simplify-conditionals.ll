; simplify-conditionals-true/false fold a conditional branch to one
; successor: the other successor loses the edge (its PHIs are fixed), what
; only it reached is deleted, and a block left with a single predecessor
; merges into it. A branch already on that constant is no target.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=simplify-conditionals-true --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t.true
; RUN: FileCheck --check-prefixes=CHECK-TRUE %s < %t.true
; RUN: opt -passes=verify -disable-output %t.true
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=simplify-conditionals-false --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t.false
; RUN: FileCheck --check-prefixes=CHECK-FALSE %s < %t.false
; RUN: opt -passes=verify -disable-output %t.false

; CHECK-INTERESTINGNESS-LABEL: define i32 @f(
; CHECK-INTERESTINGNESS: store i32 1,
; CHECK-INTERESTINGNESS: ret i32
; CHECK-INTERESTINGNESS-LABEL: define void @already(

; With true, %else goes and %then merges into %entry; then %then's branch
; keeps %dead, and the PHI left with one value folds (LLVM's
; ConstantFoldTerminator does that).
; CHECK-TRUE-LABEL: define i32 @f(
; CHECK-TRUE-NEXT: entry:
; CHECK-TRUE-NEXT: store i32 1, ptr %p
; CHECK-TRUE-NEXT: br label %dead
; CHECK-TRUE-NOT: else:
; CHECK-TRUE: join:
; CHECK-TRUE-NEXT: ret i32 3

; With false, %else stays, but the test needs %then's store: the branch
; whose false successor is %then folds instead.
; CHECK-FALSE-LABEL: define i32 @f(
; CHECK-FALSE-NEXT: entry:
; CHECK-FALSE-NEXT: br i1 %c, label %then, label %else
; CHECK-FALSE: then:
; CHECK-FALSE-NEXT: store i32 1, ptr %p
; CHECK-FALSE-NEXT: br label %join
; CHECK-FALSE-NOT: dead:
; CHECK-FALSE: %r = phi i32 [ 1, %then ], [ 2, %else ]{{$}}

; Already constant: the true run leaves `br i1 true` alone (no target),
; the false run folds it.
; CHECK-TRUE-LABEL: define void @already(
; CHECK-TRUE-NEXT: entry:
; CHECK-TRUE-NEXT: br i1 true, label %a, label %b
; CHECK-FALSE-LABEL: define void @already(
; CHECK-FALSE-NEXT: entry:
; CHECK-FALSE-NEXT: br label %b

define i32 @f(ptr %p, i1 %c, i1 %d) {
entry:
  br i1 %c, label %then, label %else

then:
  store i32 1, ptr %p
  br i1 %d, label %dead, label %join

dead:
  store i32 3, ptr %p
  br label %join

else:
  store i32 2, ptr %p
  br label %join

join:
  %r = phi i32 [ 1, %then ], [ 2, %else ], [ 3, %dead ]
  ret i32 %r
}

define void @already() {
entry:
  br i1 true, label %a, label %b

a:
  ret void

b:
  ret void
}
