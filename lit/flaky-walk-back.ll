; A test that is flaky on small candidates (Inputs/flaky-when-small.py: at
; most 6 instructions and it says "interesting" once per candidate, then
; never again) lets the reduction accept small candidates that fail when
; tested again. whittle never ends on such a result: the final re-check
; fails, the result is kept beside the output (%t.flaky), and the output
; gets the latest module accepted on the way that passes the
; re-check three times in a row.
;
; RUN: rm -rf %t.state %t.fresh %t.dir && mkdir %t.dir
; RUN: %whittle -j1 --abort-on-invalid-reduction --test %python --test-arg %inputs/flaky-when-small.py --test-arg %t.state --test-arg 6 --test-arg '%%interesting = mul' %s -o %t.dir/out.ll --stats-json %t.json 2> %t.log
; RUN: FileCheck --check-prefix=LOG %s < %t.log
; RUN: FileCheck --check-prefix=JSON %s < %t.json
; RUN: FileCheck --check-prefix=CHECK-FINAL %s < %t.dir/out.ll
; LOG: whittle: warning: the test is flaky: re-run on the final result it ended with exit status 1, although that result tested interesting when it was kept; it is kept in '{{.*}}out.flaky.ll', and '{{.*}}out.ll' holds the latest module accepted on the way that passed the re-check 3 times in a row
; LOG: flaky test: the final result ({{[0-6]}} instructions) failed its re-check (exit status 1)
; The output is smaller than the input, and larger than the flaky limit:
; JSON: "instructions_before": 15,
; JSON-NEXT: "instructions_after": {{[7-9]|1[0-4]}},
; JSON: "final_check_interesting": false
; JSON: "flaky": {
; JSON: "input": false
; CHECK-FINAL: %interesting = mul
;
; The output is sound: a fresh run of the test calls it interesting, and
; again (it has more than 6 instructions)...
; RUN: %python %inputs/flaky-when-small.py %t.fresh 6 '%%interesting = mul' %t.dir/out.ll
; RUN: %python %inputs/flaky-when-small.py %t.fresh 6 '%%interesting = mul' %t.dir/out.ll
; ...while the flaky result passes once and then fails.
; RUN: %python %inputs/flaky-when-small.py %t.fresh 6 '%%interesting = mul' %t.dir/out.flaky.ll
; RUN: not %python %inputs/flaky-when-small.py %t.fresh 6 '%%interesting = mul' %t.dir/out.flaky.ll

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
