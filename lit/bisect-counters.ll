; whittle bisect --counters: the plugin's wt-counted visits instructions
; last to first under the debug counter "wt-counted", and rewriting the
; call @wt_site(i32 42) is the bug. On the reduced module the counter
; fires twice (the `ret`, then the call); the minimal chunk list is the
; second firing alone, in the summary and the lit test's comment, and the
; failure needs it.
;
; RUN: %whittle bisect -j2 --counters --crash-cmd 'opt -load-pass-plugin=%bisect_plugin -passes=default<O2> -disable-output %%s' %s -o %t.out.ll --emit-lit %t.test.ll --stats-json %t.json 2> %t.log
; RUN: FileCheck --check-prefix=LOG %s < %t.log
; RUN: FileCheck --check-prefix=TEST %s < %t.test.ll
; RUN: FileCheck --check-prefix=JSON %s < %t.json
; RUN: FileCheck --check-prefix=CHECK-FINAL %s < %t.out.ll
;
; Checked without whittle: the chunk alone fails, the other firing alone
; does not.
; RUN: not --crash opt -load-pass-plugin=%bisect_plugin -passes=wt-counted -debug-counter=wt-counted=1 -disable-output %t.out.ll
; RUN: opt -load-pass-plugin=%bisect_plugin -passes=wt-counted -debug-counter=wt-counted=0 -disable-output %t.out.ll

; LOG: culprit: pass ({{[0-9]+}}) wt-counted on f
; LOG: counters: -debug-counter=wt-counted=1 (of 2 firings)
; LOG: debug counters: -debug-counter=wt-counted=1
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
