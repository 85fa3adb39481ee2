; REQUIRES: lli
; whittle bisect --mr opt-equivalence: a miscompilation bisected with no
; reference output. The plugin's wt-miscompile turns `add X, -1` in
; functions named marked* into `add X, 1`; the culprit is the first pass
; after which the program behaves differently (with the metamorphic
; oracle's undefined-behaviour checks on every probe), and the program is
; reduced under that one pass (DDMT), keeping candidates whose behaviour
; does not change with it skipped. The lit test runs the program before and
; after the pass and passes under lit while the bug is there.
;
; RUN: rm -rf %t.dir && mkdir -p %t.dir && cp %inputs/emitted-lit.cfg.py %t.dir/lit.cfg.py
; RUN: %whittle bisect -j2 --timeout 5 --mr opt-equivalence --mr-pipeline '-load-pass-plugin=%bisect_plugin -passes=default<O2>' %s -o %t.out.ll --emit-lit %t.dir/mis.ll --stats-json %t.json 2> %t.log
; RUN: FileCheck --check-prefix=LOG %s < %t.log
; RUN: FileCheck --check-prefix=TEST %s < %t.dir/mis.ll
; RUN: FileCheck --check-prefix=CHECK-FINAL --implicit-check-not=@unrelated %s < %t.out.ll
; RUN: %lit -q %t.dir
;
; Checked without whittle: the reduced program behaves the same without
; the pass and differently after it.
; RUN: opt -load-pass-plugin=%bisect_plugin -passes=wt-miscompile %t.out.ll -o %t.after.bc
; RUN: %python -c "import subprocess,sys; a=subprocess.run(['lli',sys.argv[1]]).returncode; b=subprocess.run(['lli',sys.argv[2]]).returncode; sys.exit(0 if a != b else 1)" %t.out.ll %t.after.bc

; LOG: metamorphic relation opt-equivalence (-load-pass-plugin={{.*}} -passes=default<O2>) violated by the input
; LOG: culprit: pass ({{[0-9]+}}) wt-miscompile on marked_dec of {{[0-9]+}}; {{isolated|isolation not checked: opt .* has no -opt-bisect=INTERVALS}}
; LOG: pipeline: opt -passes=wt-miscompile -load-pass-plugin={{.*}} (the culprit alone)
; LOG: reduce: {{.*}}, each failing with the pipeline and not with the culprit skipped
; TEST: ; {{RUN}}: opt -passes=wt-miscompile -load-pass-plugin={{.*}} %s -o %t.bc
; TEST: ; {{RUN}}: not diff %t.expected %t.actual
; CHECK-FINAL: define {{.*}} @marked_dec(
; CHECK-FINAL: add i32 {{.*}}, -1
; CHECK-FINAL: define i32 @main(

define i32 @marked_dec(i32 %x) noinline {
  %y = add i32 %x, -1
  ret i32 %y
}

define i32 @unrelated(i32 %x) noinline {
  %y = mul i32 %x, 3
  ret i32 %y
}

define i32 @main(i32 %argc, ptr %argv) {
  %a = add i32 %argc, 5
  %r = call i32 @marked_dec(i32 %a)
  %u = call i32 @unrelated(i32 %argc)
  %s = add i32 %r, %u
  ret i32 %s
}
