; global-objects drops sections, alignments and comdats of functions and
; variables one by one; the special arrays keep their section.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=global-objects --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: @v = {{.*}}align 8

; CHECK-FINAL: @v = global i32 1, align 8{{$}}
; CHECK-FINAL: @llvm.used = appending global [1 x ptr] [ptr @v], section "llvm.metadata"
; CHECK-FINAL: define void @f() {

$v = comdat any
$f = comdat any

@v = global i32 1, section "data", comdat, align 8
@llvm.used = appending global [1 x ptr] [ptr @v], section "llvm.metadata"

define void @f() section "text" comdat align 16 {
  ret void
}
