; whittle bisect on LLVM 22's own -O2 pipeline, no plugin: which pass
; creates a call to @llvm.ctpop the input does not have? (--cmd with
; --match.) loop-idiom, on the popcount loop; the lit test runs that pass
; alone and checks for the call.
;
; RUN: rm -rf %t.dir && mkdir -p %t.dir && cp %inputs/emitted-lit.cfg.py %t.dir/lit.cfg.py
; RUN: %whittle bisect -j2 --cmd 'opt -O2 -mattr=+popcnt -S %%s' --match '= .*call .*@llvm\.ctpop' %s -o %t.out.ll --emit-lit %t.dir/ctpop.ll --stats-json %t.json 2> %t.log
; RUN: FileCheck --check-prefix=LOG %s < %t.log
; RUN: FileCheck --check-prefix=TEST %s < %t.dir/ctpop.ll
; RUN: FileCheck --check-prefix=CHECK-FINAL --implicit-check-not=@sum %s < %t.out.ll
; RUN: %lit -q %t.dir
; RUN: %python %inputs/verify-culprit.py %t.json --match '= .*call .*@llvm\.ctpop' -- opt -O2 -mattr=+popcnt -S %s | FileCheck --check-prefix=TRUTH %s

; LOG: culprit: pass ({{[0-9]+}}) loop-idiom on loop %loop in function popcount of {{[0-9]+}}; {{isolated|isolation not checked: opt .* has no -opt-bisect=INTERVALS}}
; LOG: pipeline: opt -passes=loop-idiom -mattr=+popcnt -S %s (the culprit alone)
; TEST: ; {{RUN}}: opt -passes=loop-idiom -mattr=+popcnt -S %s 2>&1 | FileCheck %s
; TEST-NEXT: ; {{CHECK}}: {{[{][{]}}= .*call .*@llvm\.ctpop{{[}][}]}}
; TRUTH: verified culprit: ({{[0-9]+}}) loop-idiom on loop %loop in function popcount
; CHECK-FINAL: define i32 @popcount(
; CHECK-FINAL: and i32

target triple = "x86_64-unknown-linux-gnu"

define i32 @popcount(i32 %x) {
entry:
  %z = icmp eq i32 %x, 0
  br i1 %z, label %exit, label %loop
loop:
  %v = phi i32 [ %x, %entry ], [ %v.next, %loop ]
  %n = phi i32 [ 0, %entry ], [ %n.next, %loop ]
  %m = add i32 %v, -1
  %v.next = and i32 %v, %m
  %n.next = add i32 %n, 1
  %done = icmp eq i32 %v.next, 0
  br i1 %done, label %exit, label %loop
exit:
  %r = phi i32 [ 0, %entry ], [ %n.next, %loop ]
  ret i32 %r
}

define i32 @sum(ptr %p, i32 %k) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s1, %loop ]
  %g = getelementptr i32, ptr %p, i32 %i
  %l = load i32, ptr %g
  %s1 = add i32 %s, %l
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %k
  br i1 %c, label %loop, label %out
out:
  ret i32 %s1
}
