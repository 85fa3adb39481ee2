; --plot draws where the oracle calls went: size against calls and against
; time, a line per pass, failed tests as marks; --stats-json holds the
; timeline it is drawn from (one event per oracle call, the input's first).
;
; RUN: %whittle -j1 --abort-on-invalid-reduction --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t --plot %t.svg --stats-json %t.json
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t
; RUN: FileCheck --check-prefixes=SVG %s < %t.svg
; RUN: FileCheck --check-prefixes=JSON %s < %t.json
; RUN: not %whittle --test FileCheck %s -o %t.out --plot %t.missing/dir/plot.svg 2>&1 | FileCheck --check-prefixes=BAD %s

; CHECK-INTERESTINGNESS: udiv i32 %x, 3

; CHECK-FINAL: define i32 @heavy(i32 %x) {
; CHECK-FINAL-NEXT: udiv i32 %x, 3
; CHECK-FINAL-NEXT: ret i32 0
; CHECK-FINAL-NOT: define

; SVG: <svg
; SVG: plot.ll: instructions 7 -&gt; 2 in {{[0-9]+}} oracle calls
; SVG-DAG: function-bodies
; SVG-DAG: instructions
; SVG-DAG: oracle calls
; SVG-DAG: seconds
; SVG-DAG: <circle
; SVG: </svg>

; JSON: "timeline": [
; JSON-NEXT: {
; JSON-NEXT: "call": 1,
; JSON: "pass": "input",
; JSON: "verdict": "interesting",
; JSON: "size": 7,
; JSON: "verdict": "not-interesting",
; JSON: "levels": [

; BAD: whittle: error: --plot: opening output file: cannot write to directory

define i32 @heavy(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %a
  %c = udiv i32 %x, 3
  %d = sub i32 %b, %c
  %e = xor i32 %d, %a
  ret i32 %e
}
define void @light() {
  ret void
}
