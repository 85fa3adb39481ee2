; UNSUPPORTED: llvm-dependent-only
; A test that runs the program is flaky once a pass gives @main another
; type: the runtime calls it with the arguments it has, and a parameter it
; did not pass is garbage (Inputs/flaky-when-main-changes.py: a candidate
; whose @main is not the input's tests interesting once, then never
; again). The re-check (--recheck-every 0) finds the test flaky, whittle
; walks back, and from then on refuses without a test every candidate that
; changes @main's type, or has undefined behaviour the IR makes certain
; (a load of a local whose store was removed) or more undefined values
; than the input.
;
; RUN: rm -rf %t.state %t.dir && mkdir %t.dir
; RUN: %whittle -j1 --abort-on-invalid-reduction --recheck-every 0 --test %python --test-arg %inputs/flaky-when-main-changes.py --test-arg %t.state --test-arg 'define i32 @main(i32 %0)' --test-arg '%%interesting = add' %s -o %t.dir/out.ll --stats-json %t.json 2> %t.log
; RUN: FileCheck --check-prefix=LOG %s < %t.log
; RUN: FileCheck --check-prefix=JSON %s < %t.json
; RUN: FileCheck --check-prefix=CHECK-FINAL %s < %t.dir/out.ll
; LOG: whittle: warning: the test is flaky: re-run after {{[a-z-]+}} on the result so far
; LOG: unresolved as undefined behaviour or a new entry point (--mr, or a flaky test; not tested): {{[1-9][0-9]*}}
; LOG-NOT: flaky test: the final result
; JSON: "unjudgeable": {{[1-9][0-9]*}},
; JSON: "final_check_interesting": true,
; JSON-NEXT: "flaky": null,
;
; CHECK-FINAL: define i32 @main(i32 %0)
; CHECK-FINAL-NOT: %w = mul

define i32 @main(i32 %0) {
  %slot = alloca i32, align 4
  store i32 %0, ptr %slot, align 4
  %v = load i32, ptr %slot, align 4
  %w = mul i32 %v, 7
  %interesting = add i32 %w, 1
  ret i32 %interesting
}
