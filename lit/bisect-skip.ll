; whittle bisect works around probes that fail differently, as `git
; bisect skip` does: here every probe that stops before the plugin's
; wt-normalize (OptimizerEarly) makes the required wt-required-check fail
; with another message, and the search still finds the planted
; wt-crash-late (VectorizerStart), a few probes more than without skips.
;
; RUN: rm -rf %t.dir && mkdir -p %t.dir && cp %inputs/emitted-lit.cfg.py %t.dir/lit.cfg.py
; RUN: %whittle bisect -j1 --crash-cmd 'opt -load-pass-plugin=%bisect_plugin -passes=default<O2> -disable-output %%s' %s -o %t.out.ll --emit-lit %t.dir/skip.ll --stats-json %t.json 2> %t.log
; RUN: FileCheck --check-prefix=LOG %s < %t.log
; RUN: FileCheck --check-prefix=CHECK-FINAL --implicit-check-not=@noise %s < %t.out.ll
; RUN: %python %inputs/verify-culprit.py %t.json -- opt -load-pass-plugin=%bisect_plugin -passes='default<O2>' -disable-output %s | FileCheck --check-prefix=TRUTH %s
; At -j1 the culprit stage's probes are within 2 of ceil(log2(passes)) + 2:
; RUN: %python %inputs/probe-bound.py %t.json
; The emitted test names the culprit alone and passes under lit:
; RUN: FileCheck --check-prefix=TEST %s < %t.dir/skip.ll
; RUN: %lit -q %t.dir
;
; The probes that skip wt-normalize do fail differently:
; RUN: not --crash opt -load-pass-plugin=%bisect_plugin -passes='default<O2>' -opt-bisect-limit=0 -disable-output %s 2>&1 | FileCheck --check-prefix=OTHER %s
;
; With -j4, probes go four at a time and the culprit is the same.
; RUN: %whittle bisect -j4 --crash-cmd 'opt -load-pass-plugin=%bisect_plugin -passes=default<O2> -disable-output %%s' %s -o %t.j4.ll 2> %t.j4.log
; RUN: grep '^  culprit:' %t.log > %t.c1 && grep '^  culprit:' %t.j4.log > %t.c4 && diff %t.c1 %t.c4

; LOG: count: {{[0-9]+}} pass invocations in {{.*}}; it fails with all of them; with none it fails differently
; LOG: culprit: pass ({{[0-9]+}}) wt-crash-late on victim of {{[0-9]+}}; {{isolated: skipping it alone makes the failure go|isolation not checked: opt .* has no -opt-bisect=INTERVALS}} ({{[0-9]+}} probes ({{[1-9][0-9]*}} failed another way)
; LOG: pipeline: opt -passes=wt-crash-late {{.*}}(the culprit alone)
; OTHER: LLVM ERROR: wt-required-check: @victim was not normalized
; TEST: ; {{RUN}}: not --crash opt -passes=wt-crash-late -load-pass-plugin={{.*}} -disable-output %s 2>&1 | FileCheck %s
; TRUTH: verified culprit: ({{[0-9]+}}) wt-crash-late on victim
; CHECK-FINAL: call void @wt_crash_late()

declare void @wt_crash_late()
declare void @wt_guarded()
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
  call void @wt_guarded()
  call void @wt_crash_late()
  br label %join
else:
  %t = add i32 %x, %y
  br label %join
join:
  %r = phi i32 [ %s, %then ], [ %t, %else ]
  %n = call i32 @noise(i32 %r)
  ret i32 %n
}
