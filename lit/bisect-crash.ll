; whittle bisect: an opt -O2 crash bisected to the planted culprit (the
; plugin's wt-crash, which fails on functions that call @wt_crash), its
; input captured, the culprit alone as the pipeline, the input reduced
; under it, a lit test that passes under lit while the bug is there.
;
; RUN: rm -rf %t.dir && mkdir -p %t.dir && cp %inputs/emitted-lit.cfg.py %t.dir/lit.cfg.py
; RUN: %whittle bisect -j1 --crash-cmd 'opt -load-pass-plugin=%bisect_plugin -passes=default<O2> -disable-output %%s' %s -o %t.out.ll --emit-lit %t.dir/crash.ll --stats-json %t.json 2> %t.log
; RUN: FileCheck --check-prefixes=LOG,%if opt-bisect-intervals %{ISOLATED%} %else %{UNCHECKED%} %s < %t.log
; RUN: FileCheck --check-prefix=CHECK-FINAL --implicit-check-not=@noise %s < %t.out.ll
; RUN: FileCheck --check-prefix=TEST %s < %t.dir/crash.ll
; RUN: FileCheck --check-prefixes=JSON,%if opt-bisect-intervals %{JSON-ISOLATED%} %else %{JSON-UNCHECKED%} %s < %t.json
;
; The culprit is the planted one, and an independent run agrees that the
; failure starts at its number.
; RUN: %python %inputs/verify-culprit.py %t.json -- opt -load-pass-plugin=%bisect_plugin -passes='default<O2>' -disable-output %s | FileCheck --check-prefix=TRUTH %s
; At -j1 the culprit stage's probes are within 2 of ceil(log2(passes)) + 2:
; RUN: %python %inputs/probe-bound.py %t.json
;
; The module as it enters the culprit was written next to the output, and
; the culprit alone fails on it.
; RUN: not --crash opt -load-pass-plugin=%bisect_plugin -passes=wt-crash -disable-output %t.out.culprit-input.ll
;
; The emitted test passes under lit; the result does not depend on -j.
; RUN: %lit -q %t.dir
; RUN: %whittle bisect -j3 --crash-cmd 'opt -load-pass-plugin=%bisect_plugin -passes=default<O2> -disable-output %%s' %s -o %t.j3.ll 2> %t.j3.log
; RUN: grep '^  culprit:' %t.log > %t.c1 && grep '^  culprit:' %t.j3.log > %t.c3 && diff %t.c1 %t.c3
; RUN: diff %t.out.ll %t.j3.ll

; LOG: whittle: bisect: count: [[TOTAL:[0-9]+]] pass invocations in `opt -load-pass-plugin={{.*}} '-passes=default<O2>' -disable-output %s`; it fails with all of them, not with none
; LOG: whittle: bisect: culprit: pass ([[N:[0-9]+]]) wt-crash on victim of [[TOTAL]];
; ISOLATED-SAME: isolated: skipping it alone makes the failure go
; UNCHECKED-SAME: isolation not checked: opt (LLVM {{[0-9]+}}) has no -opt-bisect=INTERVALS
; LOG: whittle: bisect: input: the module as it enters pass [[N]]: '{{.*}}.out.culprit-input.ll'
; LOG: whittle: bisect: pipeline: opt -passes=wt-crash -load-pass-plugin={{.*}} -disable-output %s (the culprit alone)
; LOG: whittle: bisect: reduce: '{{.*}}.out.ll': {{[0-9]+}} -> {{[0-9]+}} instructions in {{[0-9]+}} oracle calls ({{.*}}), each failing with the pipeline and not with the culprit skipped
; LOG: whittle: bisect: lit test '{{.*}}crash.ll': under lit, it passes (the bug is there)
; LOG: culprit: pass ([[N]]) wt-crash on victim, of [[TOTAL]]
; ISOLATED: isolated: yes
; UNCHECKED: not done: the isolation check (whether skipping pass [[N]] alone makes the failure go): opt (LLVM {{[0-9]+}}) has no -opt-bisect=INTERVALS

; CHECK-FINAL: call void @wt_crash()

; TEST: ; Bisected by whittle {{.*}}: pass ({{[0-9]+}}) wt-crash on victim, of {{[0-9]+}} in `opt
; TEST-NEXT: ; {{RUN}}: not --crash opt -passes=wt-crash -load-pass-plugin={{.*}} -disable-output %s 2>&1 | FileCheck %s
; TEST-NEXT: ; {{CHECK}}: LLVM ERROR: wt-crash: the planted bug in @victim

; JSON: "culprit": {
; JSON-NEXT: "index": [[N:[0-9]+]],
; JSON-NEXT: "pass": "wt-crash",
; JSON-NEXT: "unit": "victim"
; JSON-ISOLATED: "isolated": true,
; JSON-UNCHECKED: "isolated": null,
; JSON-UNCHECKED: "not_done": [
; JSON-UNCHECKED-NEXT: "the isolation check {{.*}}has no -opt-bisect=INTERVALS"
; JSON: "pipeline": [
; JSON-NEXT: "-passes=wt-crash"
; JSON-NEXT: ],
; JSON: "probes": {
; JSON-NEXT: "count": 2,
; JSON-NEXT: "culprit": {{[0-9]+}},
; JSON: "total_passes": {{[0-9]+}},
; JSON: "reduction": {

; TRUTH: verified culprit: ({{[0-9]+}}) wt-crash on victim

declare void @wt_crash()
declare i32 @ext(i32)

define i32 @noise(i32 %x) {
  %a = mul i32 %x, 7
  %b = call i32 @ext(i32 %a)
  ret i32 %b
}

define i32 @victim(i32 %x, i32 %y) {
entry:
  %c = icmp sgt i32 %x, %y
  br i1 %c, label %then, label %else
then:
  %s = sub i32 %x, %y
  call void @wt_crash()
  br label %join
else:
  %t = add i32 %x, %y
  br label %join
join:
  %r = phi i32 [ %s, %then ], [ %t, %else ]
  %n = call i32 @noise(i32 %r)
  ret i32 %n
}
