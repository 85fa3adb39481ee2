; whittle bisect on a failure no skippable pass causes: LLVM 22's llc
; fails in X86 instruction selection on an AVX-512 intrinsic without
; AVX-512, with -opt-bisect-limit=0 too. whittle says so, names the pass
; from the crash's own stack dump, and reduces under `llc -O0`, which
; still fails; the lit test's RUN line writes to the FileCheck pipe, not
; to /dev/null.
;
; RUN: rm -rf %t.dir && mkdir -p %t.dir && cp %inputs/emitted-lit.cfg.py %t.dir/lit.cfg.py
; RUN: %whittle bisect -j2 --crash-cmd 'llc -O2 -mtriple=x86_64 %%s -o /dev/null' %s -o %t.out.ll --emit-lit %t.dir/llc.ll --stats-json %t.json 2> %t.log
; RUN: FileCheck --check-prefix=LOG %s < %t.log
; RUN: FileCheck --check-prefix=TEST %s < %t.dir/llc.ll
; RUN: FileCheck --check-prefix=JSON %s < %t.json
; RUN: FileCheck --check-prefix=CHECK-FINAL --implicit-check-not=@noise %s < %t.out.ll
; RUN: %lit -q %t.dir

; LOG: count: {{[0-9]+}} pass invocations in `llc -O2 -mtriple=x86_64 %s -o /dev/null`; it fails with none of them too
; LOG: the failure happens with -opt-bisect-limit=0: the bug is in a pass opt-bisect cannot skip {{.*}}; the crash names it: 'X86 DAG->DAG Instruction Selection' on function @split_me
; LOG: pipeline: llc -O0 -mtriple=x86_64 %s -o - (llc -O0)
; LOG: culprit: 'X86 DAG->DAG Instruction Selection' on function @split_me, a pass opt-bisect cannot skip
; TEST: ; {{RUN}}: not --crash llc -O0 -mtriple=x86_64 %s -o - 2>&1 | FileCheck %s
; TEST-NEXT: ; {{CHECK}}: LLVM ERROR: Do not know how to split the result of this operator!
; JSON: "culprit": null,
; JSON: "pipeline": [
; JSON-NEXT: "-O0"
; JSON-NEXT: ],
; JSON: "required_pass": {
; JSON-NEXT: "pass": "X86 DAG->DAG Instruction Selection",
; CHECK-FINAL: call <16 x float> @llvm.x86.avx512.sqrt.ps.512(

define <16 x float> @split_me(<16 x float> %a) {
  %b = fadd <16 x float> %a, %a
  %r = call <16 x float> @llvm.x86.avx512.sqrt.ps.512(<16 x float> %b, i32 11)
  ret <16 x float> %r
}
declare <16 x float> @llvm.x86.avx512.sqrt.ps.512(<16 x float>, i32)

define i32 @noise(i32 %x) {
  %y = mul i32 %x, 7
  ret i32 %y
}
