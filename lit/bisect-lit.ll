; whittle bisect --lit: a failing lit test bisected through its own failing
; RUN line (the first LLVM tool of its pipeline gets the flags). The
; plugin's wt-miscompile breaks the CHECK line; the output is the test
; reduced, its RUN line the culprit alone, and it still fails under lit.
;
; The test to bisect names the plugin, built by this suite:
; RUN: sed -n -e 's|PLUGIN|%bisect_plugin|' -e 's|{{RUN}}|RUN|' -e 's|^; IN ||p' -e '/^[^;]/p' %s > %t.test.ll
; RUN: %whittle bisect -j2 --lit %t.test.ll -o %t.out.ll 2> %t.log
; RUN: FileCheck --check-prefix=LOG %s < %t.log
; RUN: FileCheck --check-prefix=CHECK-FINAL --implicit-check-not=@other %s < %t.out.ll
; RUN: rm -rf %t.dir && mkdir -p %t.dir && cp %inputs/emitted-lit.cfg.py %t.dir/lit.cfg.py && cp %t.out.ll %t.dir/reduced.ll
; RUN: not %lit -q %t.dir

; LOG: lit failure: RUN line 1 (opt -load-pass-plugin={{.*}} -passes='default<O2>' -S %s | FileCheck %s) fails with exit statuses [0 1]
; LOG: culprit: pass ({{[0-9]+}}) wt-miscompile on marked_dec of {{[0-9]+}}; {{isolated|isolation not checked: opt .* has no -opt-bisect=INTERVALS}}
; LOG: pipeline: opt -passes=wt-miscompile -load-pass-plugin={{.*}} -S %s (the culprit alone)
; LOG: lit test '{{.*}}.out.ll': under lit, it fails (as the original test does)

; CHECK-FINAL: ; {{RUN}}: opt -passes=wt-miscompile -load-pass-plugin={{.*}} -S %s | FileCheck %s
; CHECK-FINAL: ; {{CHECK}}: add {{.*}} %x, -1
; CHECK-FINAL: define i32 @marked_dec(i32 %x)

; IN ; {{RUN}}: opt -load-pass-plugin=PLUGIN -passes='default<O2>' -S %s | FileCheck %s
; IN ; CHECK-LABEL: define {{.*}} @marked_dec(
; IN ; CHECK: add {{.*}} %x, -1

define i32 @marked_dec(i32 %x) noinline {
  %y = add i32 %x, -1
  ret i32 %y
}

define i32 @other(i32 %x) {
  %c = call i32 @marked_dec(i32 %x)
  %d = mul i32 %c, 10
  %e = add i32 %d, %x
  ret i32 %e
}
