; special-globals drops entries of llvm.used, llvm.compiler.used,
; llvm.global_ctors and llvm.global_dtors one by one; an array left empty
; goes.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=special-globals --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: @llvm.used = {{.*}}@b
; CHECK-INTERESTINGNESS: @llvm.global_ctors = {{.*}}@ctor2

; CHECK-FINAL-NOT: @llvm.compiler.used
; CHECK-FINAL-NOT: @llvm.global_dtors
; CHECK-FINAL: @llvm.used = appending global [1 x ptr] [ptr @b], section "llvm.metadata"
; CHECK-FINAL: @llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 2, ptr @ctor2, ptr null }]
; CHECK-FINAL-NOT: @llvm.compiler.used
; CHECK-FINAL-NOT: @llvm.global_dtors

@a = global i32 0
@b = global i32 0
@llvm.used = appending global [2 x ptr] [ptr @a, ptr @b], section "llvm.metadata"
@llvm.compiler.used = appending global [1 x ptr] [ptr @a], section "llvm.metadata"
@llvm.global_ctors = appending global [2 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 1, ptr @ctor1, ptr null }, { i32, ptr, ptr } { i32 2, ptr @ctor2, ptr null }]
@llvm.global_dtors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 1, ptr @ctor1, ptr null }]

define void @ctor1() {
  ret void
}

define void @ctor2() {
  ret void
}
