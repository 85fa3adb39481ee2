; whittle bisect through clang: the flags go behind -mllvm. The plugin's
; wt-crash, loaded with -fpass-plugin, is the culprit of clang -O2's
; pipeline; clang reports the failure as an error (exit status 1), which
; opt alone does not reproduce, so the smallest pipeline is clang's own
; command on the culprit's input.
;
; RUN: rm -rf %t.dir && mkdir -p %t.dir && cp %inputs/emitted-lit.cfg.py %t.dir/lit.cfg.py
; RUN: %whittle bisect -j2 --crash-cmd 'clang -O2 -fpass-plugin=%bisect_plugin -c %%s -o /dev/null' %s -o %t.out.ll --emit-lit %t.dir/clang.ll --stats-json %t.json 2> %t.log
; RUN: FileCheck --check-prefix=LOG %s < %t.log
; RUN: FileCheck --check-prefix=CHECK-FINAL --implicit-check-not=@noise %s < %t.out.ll
; The emitted test runs clang's command (never -o /dev/null) and passes
; under lit:
; RUN: FileCheck --check-prefix=TEST %s < %t.dir/clang.ll
; RUN: %lit -q %t.dir
; RUN: %python %inputs/verify-culprit.py %t.json -- clang -O2 -fpass-plugin=%bisect_plugin -c %s -o %t.o | FileCheck --check-prefix=TRUTH %s

; LOG: count: {{[0-9]+}} pass invocations in `clang -O2 -fpass-plugin={{.*}} -c %s -o /dev/null`; it fails with all of them, not with none
; LOG: culprit: pass ({{[0-9]+}}) wt-crash on victim of {{[0-9]+}}; {{isolated|isolation not checked: clang .* has no -opt-bisect=INTERVALS}}
; LOG: pipeline: clang -O2 -fpass-plugin={{.*}} -c %s -o - (the command as given, on the culprit's input)
; TEST: ; {{RUN}}: not clang -O2 -fpass-plugin={{.*}} -c %s -o {{[^/]}}
; TRUTH: verified culprit: ({{[0-9]+}}) wt-crash on victim
; CHECK-FINAL: call void @wt_crash()

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
  call void @wt_crash()
  br label %join
else:
  %t = add i32 %x, %y
  br label %join
join:
  %r = phi i32 [ %x, %then ], [ %t, %else ]
  %n = call i32 @noise(i32 %r)
  ret i32 %n
}
