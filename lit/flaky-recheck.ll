; UNSUPPORTED: llvm-dependent-only
; A test that is flaky on small candidates (Inputs/flaky-when-small.py: at
; most 6 instructions and it says "interesting" once per candidate, then
; never again), re-checked during the run (--recheck-every 0: at the end of
; every level that changed the result). The first re-check after a small
; candidate was kept fails: the run goes back to the most reduced result
; that passes three re-runs and from then on keeps a candidate only when
; two more runs agree, so it never needs the final walk back, and ends on a
; result that is interesting every time.
;
; RUN: rm -rf %t.state %t.fresh %t.dir && mkdir %t.dir
; RUN: %whittle -j1 --abort-on-invalid-reduction --recheck-every 0 --test %python --test-arg %inputs/flaky-when-small.py --test-arg %t.state --test-arg 6 --test-arg '%%interesting = mul' %s -o %t.dir/out.ll --stats-json %t.json 2> %t.log
; RUN: FileCheck --check-prefix=LOG %s < %t.log
; RUN: FileCheck --check-prefix=JSON %s < %t.json
; RUN: FileCheck --check-prefix=CHECK-FINAL %s < %t.dir/out.ll
; LOG: whittle: warning: the test is flaky: re-run after {{[a-z-]+}} on the result so far ({{[0-6]}} instructions) it ended with exit status 1, although that result tested interesting when it was kept; it is kept in '{{.*}}out.flaky.ll', the reduction goes on from the latest module accepted on the way that passed the re-check 3 times in a row ({{[0-9]+}} instructions), and keeps a candidate only when 2 more runs of the test agree
; LOG: re-checks of the result during the run: {{[0-9]+}} (1 failed)
; LOG: flaky test: the result after {{[a-z-]+}} ({{[0-6]}} instructions) failed a re-check (exit status 1)
; LOG: confirmation runs of interesting tests: {{[0-9]+}} ({{[1-9][0-9]*}} candidates refused as interesting only once)
; LOG-NOT: flaky test: the final result
; JSON: "instructions_before": 15,
; JSON-NEXT: "instructions_after": {{[7-9]|1[0-4]}},
; JSON: "final_check_interesting": true,
; JSON-NEXT: "flaky": null,
; CHECK-FINAL: %interesting = mul
;
; The output is sound: fresh runs of the test call it interesting, again and
; again (it has more than 6 instructions).
; RUN: %python %inputs/flaky-when-small.py %t.fresh 6 '%%interesting = mul' %t.dir/out.ll
; RUN: %python %inputs/flaky-when-small.py %t.fresh 6 '%%interesting = mul' %t.dir/out.ll

define i32 @f0(i32 %x) {
  %y = add i32 %x, 0
  ret i32 %y
}

define i32 @f1(i32 %x) {
  %y = add i32 %x, 1
  ret i32 %y
}

define i32 @f2(i32 %x) {
  %y = add i32 %x, 2
  ret i32 %y
}

define i32 @f3(i32 %x) {
  %y = add i32 %x, 3
  ret i32 %y
}

define i32 @f4(i32 %x) {
  %y = add i32 %x, 4
  ret i32 %y
}

define i32 @f5(i32 %x) {
  %y = add i32 %x, 5
  ret i32 %y
}

define i32 @keep(i32 %x) {
  %a = add i32 %x, 7
  %interesting = mul i32 %a, 3
  ret i32 %interesting
}
