; Pins how many times the test runs on a fixed input, so that a change that
; wastes tests (or saves some) shows up; with the classic search, WDD in
; sweeps over every pass (--policy=wdd --full-sweeps), whose counts can be
; derived by hand (ProbDD's behaviour is pinned by crates/dd's tests). The figures are derived here, level
; by level; Inputs/count-runs.py counts the test's runs independently of
; whittle's summary. "oracle calls" counts the runs whose verdict the
; reduction used: the initial check and the candidates' tests. The final
; re-check of the result also runs the test, but only to warn about a flaky
; test, and is not an oracle call. Levels not listed make no candidate here;
; simplify-cfg's and one-trip-loops' one candidate per sweep each is the
; module itself (no block to simplify, no loop; "unchanged",
; never tested).
;
; Initial check of the input: 1 test (interesting).
;
; Sweep 1, on the module below:
;   module-data        1  source_filename goes (all at once): interesting.
;   function-bodies    2  WDD puts @heavy (weight 6) in a chunk of its own and
;                         the four lights (weight 1 each) in the other: the
;                         lights' bodies go (interesting), then @heavy's
;                         cannot.
;   module-items       2  likewise: the four light declarations go
;                         (interesting), then @heavy cannot (the empty module).
;   arguments          1  %x cannot go.
;   instructions       4  the udiv needs only itself: {%a,%b} and {%d,%e} go
;                         (2 interesting); a chunk holding %c, then %c alone,
;                         cannot (2 not interesting). Left: udiv; ret i32 0.
;   ir-passes          0  its one candidate (the pipeline deletes the dead
;                         udiv) is the module without %c, tested just before
;                         by instructions: 1 cache hit.
;   operands-zero      2  the udiv's operands %x and 3, each made 0: both fail
;                         (ret's operand is already 0: no target).
;   operands-one       2  the same two made 1: both fail.
;   arguments-to-return 1 ret i32 %x with the body cut: fails.
;   opcodes            1  the udiv made simpler: fails.
;   Sweep 1: 16 tests (5 interesting), 1 cache hit.
;
; Sweep 2 (sweep 1 changed the module, so every level runs again):
;   function-bodies    1  @heavy alone as a declaration: a new module, fails.
;   module-items       0  deleting @heavy gives the empty module, which sweep
;                         1's module-items tested: 1 cache hit.
;   arguments          1  %x removed from the smaller module: new, fails.
;   instructions       0  deleting %c: the module sweep 1 tested: 1 cache hit.
;   ir-passes          0  the same candidate again: 1 cache hit.
;   operands-zero, operands-one, arguments-to-return, opcodes: 0; the module
;                         is the one they saw in sweep 1, so are their 6
;                         candidates: 6 cache hits.
;   Sweep 2: 2 tests (none interesting), 9 cache hits; nothing changed, so
;   the reduction stops.
;
; Oracle calls: 1 + 16 + 2 = 19, interesting 1 + 5 = 6, not interesting 13;
; cache hits 1 + 9 = 10; unchanged 4 (simplify-cfg and one-trip-loops, once
; per sweep each). The test runs 19 + 1 (final re-check) = 20 times. Per
; pass (sweeps added up): function-bodies 1/3, module-items 1/2, arguments
; 0/2.
;
; RUN: rm -f %t.runs
; RUN: %whittle -j1 --policy=wdd --full-sweeps --abort-on-invalid-reduction --test %python --test-arg %inputs/count-runs.py --test-arg %t.runs --test-arg FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t 2> %t.log
; RUN: FileCheck --check-prefix=COUNT %s < %t.log
; RUN: count 20 < %t.runs

; CHECK-INTERESTINGNESS: udiv i32 %x, 3

; COUNT: oracle calls: 19 (interesting 6, not interesting 13){{.*}}; unchanged: 4; cache hits: 10
; COUNT: per pass (interesting/tests): module-data 1/1, function-bodies 1/3, module-items 1/2, simplify-cfg 0/0, one-trip-loops 0/0, arguments 0/2, instructions 2/4, ir-passes 0/0, operands-zero 0/2, operands-one 0/2, arguments-to-return 0/1, opcodes 0/1{{$}}

define i32 @heavy(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %a
  %c = udiv i32 %x, 3
  %d = sub i32 %b, %c
  %e = xor i32 %d, %a
  ret i32 %e
}
define void @light1() {
  ret void
}
define void @light2() {
  ret void
}
define void @light3() {
  ret void
}
define void @light4() {
  ret void
}
