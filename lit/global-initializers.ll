; global-initializers turns variable definitions into external declarations
; (comdat dropped; private dso_local stays dso_local). The special arrays
; and a variable an alias points into keep theirs.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=global-initializers --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: @keep = global i32 1

; CHECK-FINAL: @keep = global i32 1
; CHECK-FINAL: @priv = external dso_local constant i32
; CHECK-FINAL: @comdat_var = external global i32
; CHECK-FINAL: @aliased = global [2 x i32] zeroinitializer
; CHECK-FINAL: @llvm.used = appending global [1 x ptr] [ptr @keep]

$comdat_var = comdat any

@keep = global i32 1
@priv = private constant i32 2
@comdat_var = linkonce_odr global i32 3, comdat
@aliased = global [2 x i32] zeroinitializer
@alias = alias i32, getelementptr (i8, ptr @aliased, i64 4)
@llvm.used = appending global [1 x ptr] [ptr @keep], section "llvm.metadata"

define ptr @use() {
  ret ptr @priv
}
