; --max-pass-iterations bounds the sweeps over the passes. After a sweep
; that changed the module another runs; by default it runs only the passes
; that changed something in their last run (here the second sweep, which
; changes nothing), and the reduction stops at the first sweep over every
; pass that changes nothing (here the third). With --full-sweeps every
; sweep runs every pass: the second one changes nothing and ends it.
;
; RUN: %whittle --abort-on-invalid-reduction --max-pass-iterations=1 --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t.one 2> %t.one.log
; RUN: FileCheck --check-prefixes=ONE-LOG %s < %t.one.log
; RUN: %whittle --abort-on-invalid-reduction --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t.fix 2> %t.fix.log
; RUN: FileCheck --check-prefixes=FIX-LOG %s < %t.fix.log
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t.fix
; RUN: diff %t.one %t.fix
; RUN: %whittle --abort-on-invalid-reduction --full-sweeps --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t.full 2> %t.full.log
; RUN: FileCheck --check-prefixes=FULL-LOG %s < %t.full.log
; RUN: diff %t.one %t.full

; CHECK-INTERESTINGNESS: store i32 {{.*}}, ptr %p

; ONE-LOG: ; 1 sweep{{$}}
; FIX-LOG: ; 3 sweeps{{$}}
; FULL-LOG: ; 2 sweeps{{$}}
; CHECK-FINAL: store i32 0, ptr %p
; CHECK-FINAL-NEXT: ret void

define void @f(ptr %p, ptr %q) {
  %v = load i32, ptr %q
  store i32 %v, ptr %p
  ret void
}
