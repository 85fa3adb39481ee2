; whittle bisect on an llc output change caused by a machine pass: LLVM
; 22's x86-fixup-bw-insts turns a byte load into movzbl. The culprit's
; input is MIR (llc -stop-before=PASS), written next to the output; the
; MIR front end reduces it under the pipeline from the culprit on (a
; candidate must show the change with it and not with the culprit
; skipped), and the emitted lit test is MIR with that llc RUN line.
;
; RUN: rm -rf %t.dir && mkdir -p %t.dir && cp %inputs/emitted-lit.cfg.py %t.dir/lit.cfg.py
; RUN: %whittle bisect -j2 --cmd 'llc -O2 %%s -o -' --match 'movzbl' %s -o %t.out.mir --emit-lit %t.dir/test.mir --stats-json %t.json 2> %t.log
; RUN: FileCheck --check-prefix=LOG %s < %t.log
; RUN: FileCheck --check-prefix=JSON %s < %t.json
; RUN: %python %inputs/verify-culprit.py %t.json --match movzbl -- llc -O2 %s -o - | FileCheck --check-prefix=TRUTH %s
;
; The MIR input, and the change from the culprit on (not before it).
; RUN: llc -O2 -start-before=x86-fixup-bw-insts %t.out.culprit-input.mir -o - | FileCheck --check-prefix=AFTER %s
; RUN: llc -O2 -start-after=x86-fixup-bw-insts %t.out.culprit-input.mir -o - | FileCheck --check-prefix=BEFORE %s
;
; The reduced MIR: @f's load and return, nothing of @g's body; it still
; shows the change from the culprit on, and not with the culprit skipped.
; RUN: FileCheck --check-prefix=CHECK-FINAL %s < %t.out.mir
; RUN: llc -O2 -start-before=x86-fixup-bw-insts %t.out.mir -o - | FileCheck --check-prefix=AFTER %s
; RUN: llc -O2 -start-after=x86-fixup-bw-insts %t.out.mir -o - | FileCheck --check-prefix=BEFORE %s
;
; The emitted test is MIR, runs llc from the culprit on, and passes under lit.
; RUN: FileCheck --check-prefix=TEST %s < %t.dir/test.mir
; RUN: %lit -q %t.dir
;
; An oracle that reads the MIR after the pass: the culprit alone
; (-run-pass) reproduces it, and the emitted test says so.
; RUN: rm -rf %t.rp && mkdir -p %t.rp && cp %inputs/emitted-lit.cfg.py %t.rp/lit.cfg.py
; RUN: %whittle bisect -j2 --cmd 'llc -O2 -print-after=x86-fixup-bw-insts %%s -o -' --match 'MOVZX32rm8' %s -o %t.rp.mir --emit-lit %t.rp/test.mir 2> %t.rp.log
; RUN: FileCheck --check-prefix=RUNPASS %s < %t.rp/test.mir
; RUN: FileCheck --check-prefix=CHECK-FINAL %s < %t.rp.mir
; RUN: %lit -q %t.rp

; LOG: culprit: pass ([[N:[0-9]+]]) x86-fixup-bw-insts on function (f) of {{[0-9]+}}; {{isolated|isolation not checked: llc .* has no -opt-bisect=INTERVALS}}
; LOG: input: the module as it enters pass [[N]]: '{{.*}}.out.culprit-input.mir'
; LOG: pipeline: llc -O2 -start-before=x86-fixup-bw-insts %s -o - (the pipeline from the culprit on, on its MIR input)
; LOG: the culprit is a machine pass: its input is MIR, reduced with the MIR front end
; LOG: reduce: '{{.*}}.out.mir': {{[0-9]+}} -> 2 instructions
; LOG: reproduce on MIR: llc -O2 -start-before=x86-fixup-bw-insts {{.*}}.out.culprit-input.mir -o -
; JSON: "mir_command": "llc -O2 -start-before=x86-fixup-bw-insts {{.*}}.out.culprit-input.mir -o -",
; TRUTH: verified culprit: ({{[0-9]+}}) x86-fixup-bw-insts on function (f)
; AFTER: movzbl (%rdi), %eax
; BEFORE: movb (%rdi), %al
; CHECK-FINAL: name: f
; CHECK-FINAL: MOV8rm
; CHECK-FINAL-NEXT: RET64
; CHECK-FINAL-NOT: IMUL
; TEST: # {{RUN}}: llc -O2 -start-before=x86-fixup-bw-insts %s -o - 2>&1 | FileCheck %s
; TEST: # CHECK: {{.*}}movzbl
; TEST: name: f
; RUNPASS: # {{RUN}}: llc -run-pass=x86-fixup-bw-insts -print-after=x86-fixup-bw-insts %s -o - 2>&1 | FileCheck %s
; RUNPASS: name: f

target triple = "x86_64-unknown-linux-gnu"

define i8 @f(ptr %p) {
  %v = load i8, ptr %p
  ret i8 %v
}

define i32 @g(i32 %x) {
  %y = mul i32 %x, 5
  ret i32 %y
}
