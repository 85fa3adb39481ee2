; Module inline asm that does not assemble must not stop a reduction: once
; asm parsers are registered, writing bitcode parses module asm for the
; symbol table, and LLVM's default diagnostic handler would exit on the
; error. module-data drops the asm, the identifier and the source name.
;
; RUN: %whittle -j1 --abort-on-invalid-reduction --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefix=CHECK-FINAL %s < %t

; CHECK-INTERESTINGNESS: declare void @g

; CHECK-FINAL-NOT: ModuleID
; CHECK-FINAL-NOT: source_filename
; CHECK-FINAL-NOT: module asm
; CHECK-FINAL: target triple = "x86_64-unknown-linux-gnu"
; CHECK-FINAL: declare void @g()

source_filename = "/tmp/a.cc"
target triple = "x86_64-unknown-linux-gnu"
module asm "not_an_instruction %rax"

declare void @g()
