; whittle bisect on an llc output change caused by a machine pass: LLVM
; 22's x86-fixup-bw-insts turns a byte load into movzbl. The culprit's
; input is MIR (llc -stop-before=PASS), written next to the output, with
; the llc command that shows the change on it; reducing MIR is not
; whittle's yet, so there is no reduced module and no lit test.
;
; RUN: rm -f %t.out.ll
; RUN: %whittle bisect -j2 --cmd 'llc -O2 %%s -o -' --match 'movzbl' %s -o %t.out.ll --emit-lit %t.test.ll --stats-json %t.json 2> %t.log
; RUN: FileCheck --check-prefix=LOG %s < %t.log
; RUN: FileCheck --check-prefix=JSON %s < %t.json
; RUN: %python %inputs/verify-culprit.py %t.json --match movzbl -- llc -O2 %s -o - | FileCheck --check-prefix=TRUTH %s
; RUN: not ls %t.out.ll %t.test.ll
;
; The MIR input, and the change from the culprit on (not before it).
; RUN: llc -O2 -start-before=x86-fixup-bw-insts %t.out.culprit-input.mir -o - | FileCheck --check-prefix=AFTER %s
; RUN: llc -O2 -start-after=x86-fixup-bw-insts %t.out.culprit-input.mir -o - | FileCheck --check-prefix=BEFORE %s

; LOG: culprit: pass ([[N:[0-9]+]]) x86-fixup-bw-insts on function (f) of {{[0-9]+}}; isolated
; LOG: input: the module as it enters pass [[N]]: '{{.*}}.out.culprit-input.mir'
; LOG: pipeline: llc -O2 -start-before=x86-fixup-bw-insts %s -o - (the pipeline from the culprit on, on its MIR input)
; LOG: the culprit is a machine pass: its input is MIR
; LOG: reproduce on MIR: llc -O2 -start-before=x86-fixup-bw-insts {{.*}}.out.culprit-input.mir -o -
; JSON: "mir_command": "llc -O2 -start-before=x86-fixup-bw-insts {{.*}}.out.culprit-input.mir -o -",
; TRUTH: verified culprit: ({{[0-9]+}}) x86-fixup-bw-insts on function (f)
; AFTER: movzbl (%rdi), %eax
; BEFORE: movb (%rdi), %al

target triple = "x86_64-unknown-linux-gnu"

define i8 @f(ptr %p) {
  %v = load i8, ptr %p
  ret i8 %v
}

define i32 @g(i32 %x) {
  %y = mul i32 %x, 5
  ret i32 %y
}
