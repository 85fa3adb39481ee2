; module-data clears source_filename and drops module inline asm line by
; line; the data layout and the triple stay.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=module-data --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t

; LLVM 23 prints module asm as a block (`module asm` and one string a line).
; CHECK-INTERESTINGNESS: "keep"

; CHECK-FINAL-NOT: source_filename
; CHECK-FINAL: target datalayout =
; CHECK-FINAL: target triple = "x86_64-unknown-linux-gnu"
; CHECK-FINAL-NOT: drop
; CHECK-FINAL: module asm
; CHECK-FINAL-NOT: drop
; CHECK-FINAL: "keep"
; CHECK-FINAL-NOT: drop

source_filename = "/tmp/a.c"
target datalayout = "e"
target triple = "x86_64-unknown-linux-gnu"
module asm "drop1"
module asm "keep"
module asm "drop2"
