; whittle bisect --counters: the plugin's wt-counted visits instructions
; last to first under the debug counter "wt-counted", and rewriting the
; call @wt_site(i32 42) is the bug. On the reduced module the counter
; fires twice (the `ret`, then the call); the minimal chunk list is the
; second firing alone, in the summary and the lit test's comment, and the
; failure needs it. An opt without -print-debug-counter-queries (LLVM 19)
; gets the bisection and a note that the counters were not searched.
;
; RUN: %whittle bisect -j2 --counters --crash-cmd 'opt -load-pass-plugin=%bisect_plugin -passes=default<O2> -disable-output %%s' %s -o %t.out.ll --emit-lit %t.test.ll --stats-json %t.json 2> %t.log
; RUN: FileCheck --check-prefixes=LOG,%if debug-counter-queries %{COUNTED%} %else %{UNCOUNTED%} %s < %t.log
; RUN: %if debug-counter-queries %{ FileCheck --check-prefix=TEST %s < %t.test.ll %}
; RUN: FileCheck --check-prefixes=%if debug-counter-queries %{JSON%} %else %{JSON-UNCOUNTED%} %s < %t.json
; RUN: FileCheck --check-prefix=CHECK-FINAL %s < %t.out.ll
;
; Checked without whittle: the chunk alone fails, the other firing alone
; does not.
; RUN: not --crash opt -load-pass-plugin=%bisect_plugin -passes=wt-counted -debug-counter=wt-counted=1 -disable-output %t.out.ll
; RUN: opt -load-pass-plugin=%bisect_plugin -passes=wt-counted -debug-counter=wt-counted=0 -disable-output %t.out.ll

; LOG: culprit: pass ({{[0-9]+}}) wt-counted on f
; COUNTED: counters: -debug-counter=wt-counted=1 (of 2 firings)
; COUNTED: debug counters: -debug-counter=wt-counted=1
; UNCOUNTED: counters: not done: the debug counters: opt (LLVM {{[0-9]+}}) has no -print-debug-counter-queries
; UNCOUNTED: not done: the debug counters: opt (LLVM {{[0-9]+}}) has no -print-debug-counter-queries
; JSON-UNCOUNTED: "counters": null,
; JSON-UNCOUNTED: "not_done": [
; JSON-UNCOUNTED: "the debug counters: opt (LLVM {{[0-9]+}}) has no -print-debug-counter-queries"
; TEST: ; The transformation, with the debug counters: -debug-counter=wt-counted=1
; TEST-NEXT: ; {{RUN}}: not --crash opt -passes=wt-counted
; JSON: "counters": [
; JSON-NEXT: {
; JSON-NEXT: "chunks": "1",
; JSON-NEXT: "fired": 2,
; JSON-NEXT: "name": "wt-counted"
; CHECK-FINAL: call void @wt_site(i32 42)
; CHECK-FINAL-NEXT: ret

declare void @wt_site(i32)
declare i32 @ext(i32)

define i32 @f(i32 %x) {
  %a = mul i32 %x, 7
  call void @wt_site(i32 1)
  %b = call i32 @ext(i32 %a)
  call void @wt_site(i32 42)
  call void @wt_site(i32 3)
  ret i32 %b
}
