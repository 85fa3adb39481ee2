; whittle bisect when the culprit alone does not fail on its input: the
; plugin's wt-fire fails only once wt-arm has run in the same process (state
; outside the IR). The smallest pipeline is then found by ddmin over the
; leaves of opt's own -print-pipeline-passes, nesting kept: wt-arm and
; wt-fire, and the reduction keeps candidates that fail with it and not
; with wt-fire taken out.
;
; RUN: %whittle bisect -j2 --crash-cmd 'opt -load-pass-plugin=%bisect_plugin -passes=default<O2> -disable-output %%s' %s -o %t.out.ll --emit-lit %t.test.ll 2> %t.log
; RUN: FileCheck --check-prefix=LOG %s < %t.log
; RUN: FileCheck --check-prefix=TEST %s < %t.test.ll
; RUN: FileCheck --check-prefix=CHECK-FINAL --implicit-check-not=@noise %s < %t.out.ll
;
; The culprit alone does not fail on its input; the two-pass pipeline does.
; RUN: opt -load-pass-plugin=%bisect_plugin -passes=wt-fire -disable-output %t.out.culprit-input.ll
; RUN: not --crash opt -load-pass-plugin=%bisect_plugin '-passes=function(wt-arm),function(wt-fire)' -disable-output %t.out.culprit-input.ll

; LOG: culprit: pass ({{[0-9]+}}) wt-fire on victim of {{[0-9]+}}; {{isolated|isolation not checked: opt .* has no -opt-bisect=INTERVALS}}
; LOG: pipeline: opt '-passes=function(wt-arm),function{{.*}}(wt-fire)' {{.*}}(a minimized pipeline (2 of {{[0-9]+}} passes))
; LOG: reduce: {{.*}}, each failing with the pipeline and not with the culprit skipped
; TEST: ; {{RUN}}: not --crash opt '-passes=function(wt-arm),function{{.*}}(wt-fire)'
; TEST: ; {{CHECK}}: LLVM ERROR: wt-fire: armed by an earlier pass in @victim
; CHECK-FINAL: call void @wt_armed()

declare void @wt_armed()
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
  call void @wt_armed()
  br label %join
else:
  %t = add i32 %x, %y
  br label %join
join:
  %r = phi i32 [ %x, %then ], [ %t, %else ]
  %n = call i32 @noise(i32 %r)
  ret i32 %n
}
