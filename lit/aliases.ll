; llvm-reduce's `aliases`: an alias that goes is replaced by its aliasee
; wherever it is used; one listed in llvm.used leaves the list (its
; aliasee, an offset expression here, would be no valid entry).
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=aliases --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL --implicit-check-not='= alias' %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: @kept = alias

; CHECK-FINAL: @llvm.used = appending global [1 x ptr] [ptr @g]
; CHECK-FINAL: @kept = alias i32, ptr @g
; CHECK-FINAL: define void @user() {
; CHECK-FINAL-NEXT: call void @f()
; CHECK-FINAL-NEXT: store i32 0, ptr getelementptr (i8, ptr @g, i64 4)
; CHECK-FINAL-NEXT: store i32 1, ptr @g

@g = global [2 x i32] zeroinitializer
@llvm.used = appending global [2 x ptr] [ptr @offset, ptr @g], section "llvm.metadata"
@kept = alias i32, ptr @g
@offset = alias i32, getelementptr (i8, ptr @g, i64 4)
@fn_alias = alias void (), ptr @f
@chain = alias i32, ptr @kept2
@kept2 = alias i32, ptr @g

define void @f() {
  ret void
}

define void @user() {
  call void @fn_alias()
  store i32 0, ptr @offset
  store i32 1, ptr @chain
  ret void
}
