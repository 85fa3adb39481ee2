; REQUIRES: lli
; A behaviour test (Inputs/lli-checks-byte.sh: the program run by lli must
; exit with 0) and a candidate that reads a local nothing wrote: removing
; the store below leaves @main comparing stack garbage with 0xa5, which
; passes the test on nearly every run, by chance. Repeated runs would not
; catch it; running the candidate with its locals filled with each of
; 0x00, 0xa5 and 0x5a does, every time (the input passes that check, so
; the test takes filled modules for the program; the 0x00 one passes, the
; 0xa5 one fails): the re-check
; (--recheck-every 0) finds the verdicts disagree, walks back to a result
; that writes its local, and from then on keeps a candidate only when its
; filled variants test interesting too; and, the test being flaky, a
; candidate that loads a local nothing writes is refused without a test.
; The result keeps the store, and nothing else it does not need.
;
; RUN: rm -rf %t.dir && mkdir %t.dir
; RUN: %whittle -j1 --abort-on-invalid-reduction --recheck-every 0 --test %inputs/lli-checks-byte.sh %s -o %t.dir/out.ll --stats-json %t.json 2> %t.log
; RUN: FileCheck --check-prefix=LOG %s < %t.log
; RUN: FileCheck --check-prefix=JSON %s < %t.json
; RUN: FileCheck --check-prefix=CHECK-FINAL %s < %t.dir/out.ll
; LOG: whittle: warning: the test is flaky: re-run after {{[a-z-]+}} on the result so far ({{[0-9]+}} instructions) it ended with interesting, but its verdict depends on memory it reads before writing it (filled with 0x00 it ended with exit status 0, filled with 0xa5 exit status 1), although that result tested interesting when it was kept; it is kept in '{{.*}}out.flaky.ll', the reduction goes on from the latest module accepted on the way that passed the re-check 3 times in a row ({{[0-9]+}} instructions), and keeps a candidate only when it tests interesting with its memory filled before the program writes it (with each of 0x00, 0xa5 and 0x5a)
; LOG: runs with memory filled before the program writes it: {{[0-9]+}} ({{[1-9][0-9]*}} module{{s?}} refused: the verdict depends on memory read before it is written)
; LOG-NOT: flaky test: the final result
; JSON: "instructions_before": 9,
; JSON-NEXT: "instructions_after": 6,
; JSON: "final_check_interesting": true,
; JSON-NEXT: "flaky": null,
; JSON: "fill_check": true,
;
; CHECK-FINAL: store i8 0, ptr %slot
; CHECK-FINAL-NOT: @unused
; CHECK-FINAL-NOT: %filler

define i32 @unused(i32 %x) {
  %y = mul i32 %x, 3
  ret i32 %y
}

define i32 @main() {
  %slot = alloca i8, align 1
  %filler = add i32 1, 2
  store i8 0, ptr %slot, align 1
  %v = load i8, ptr %slot, align 1
  %bad = icmp eq i8 %v, -91
  %r = zext i1 %bad to i32
  ret i32 %r
}
