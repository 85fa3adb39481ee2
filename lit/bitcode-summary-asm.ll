; REQUIRES: target-x86
; A bitcode module with a module summary and module inline asm (as llvm-as
; writes it from text with summary entries): every candidate is written with
; a summary again, which reads the inline asm's symbols (the asm parsers)
; and, from LLVM 23 on, needs the globals' GUIDs assigned first (a summary
; of globals without them stops LLVM's bitcode writer). The test here is
; that llvm-dis reads the candidate, so everything goes.
;
; RUN: llvm-as %s -o %t.bc
; RUN: %whittle --abort-on-invalid-reduction --test=llvm-dis %t.bc -o %t.out.bc
; RUN: llvm-dis %t.out.bc -o - | FileCheck --check-prefix=CHECK-FINAL %s

; The result still has a summary (a block count, its globals gone):
; CHECK-FINAL-NOT: define
; CHECK-FINAL: ^{{[0-9]+}} = blockcount:

target triple = "x86_64-unknown-linux-gnu"

module asm ".globl asm_sym"

define void @foo(ptr %a, ptr %b) {
  ret void
}

^0 = module: (path: "/tmp/test.bc", hash: (1638052558, 3438078092, 2356962112, 743220300, 68728585))
^1 = gv: (name: "foo", summaries: (function: (module: ^0, flags: (linkage: linkonce_odr), insts: 1)))
