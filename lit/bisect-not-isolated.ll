; whittle bisect on a culprit that is not isolated: the plugin's
; wt-check-marked fails on functions wt-mark (PipelineStart) marked, and
; runs twice in -O2 (ScalarOptimizerLate, VectorizerStart). The search finds
; the first run; with it skipped the second still fails, so ddmin over
; -opt-bisect intervals names the invocations the failure needs, wt-mark
; among them. The culprit alone still fails on its input (the mark is in
; the IR), so the lit test names one pass. (Isolation needs opt's
; -opt-bisect=INTERVALS, which LLVM 19 lacks.)
;
; REQUIRES: opt-bisect-intervals
; RUN: %whittle bisect -j2 --crash-cmd 'opt -load-pass-plugin=%bisect_plugin -passes=default<O2> -disable-output %%s' %s -o %t.out.ll --emit-lit %t.test.ll --stats-json %t.json 2> %t.log
; RUN: FileCheck --check-prefix=LOG %s < %t.log
; RUN: FileCheck --check-prefix=JSON %s < %t.json
; RUN: FileCheck --check-prefix=TEST %s < %t.test.ll
; RUN: FileCheck --check-prefix=CHECK-FINAL --implicit-check-not=@noise %s < %t.out.ll
; RUN: %python %inputs/verify-culprit.py %t.json -- opt -load-pass-plugin=%bisect_plugin -passes='default<O2>' -disable-output %s | FileCheck --check-prefix=TRUTH %s
;
; ddmin's probes go -j at a time; what it finds does not depend on -j.
; RUN: %whittle bisect -j1 --crash-cmd 'opt -load-pass-plugin=%bisect_plugin -passes=default<O2> -disable-output %%s' %s -o %t.j1.ll 2> %t.j1.log
; RUN: grep -o 'isolation: [^(]*([0-9]*) wt-mark.*victim (' %t.log > %t.n2 && grep -o 'isolation: [^(]*([0-9]*) wt-mark.*victim (' %t.j1.log > %t.n1 && diff %t.n1 %t.n2

; LOG: culprit: pass ([[N:[0-9]+]]) wt-check-marked on victim of [[N]]; not isolated: it still fails with pass [[N]] skipped
; LOG: isolation: the failure needs these pass invocations to run: ({{[0-9]+}}) wt-mark on victim, {{.*}}wt-check-marked on victim
; LOG: pipeline: opt -passes=wt-check-marked {{.*}}(the culprit alone)
; LOG: isolated: no; the failure needs ({{[0-9]+}}) wt-mark on victim
; JSON: "isolated": false,
; JSON: "needed": [
; JSON: "pass": "wt-mark",
; TEST: (not isolated: the failure needs ({{[0-9]+}}) wt-mark on victim
; TEST: ; {{RUN}}: not --crash opt -passes=wt-check-marked
; TRUTH: verified culprit: ({{[0-9]+}}) wt-check-marked on victim
; CHECK-FINAL: define {{.*}} @victim(

declare void @wt_fragile()
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
  call void @wt_fragile()
  br label %join
else:
  %t = add i32 %x, %y
  br label %join
join:
  %r = phi i32 [ %x, %then ], [ %t, %else ]
  %n = call i32 @noise(i32 %r)
  ret i32 %n
}
