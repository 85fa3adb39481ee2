; --max-pass-iterations bounds the sweeps over all passes. By default a
; second sweep runs after one that changed the module, and the reduction
; stops at the first sweep that changes nothing.
;
; RUN: %whittle --abort-on-invalid-reduction --max-pass-iterations=1 --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t.one 2> %t.one.log
; RUN: FileCheck --check-prefixes=ONE-LOG %s < %t.one.log
; RUN: %whittle --abort-on-invalid-reduction --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t.fix 2> %t.fix.log
; RUN: FileCheck --check-prefixes=FIX-LOG %s < %t.fix.log
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t.fix
; RUN: diff %t.one %t.fix

; CHECK-INTERESTINGNESS: store i32 {{.*}}, ptr %p

; ONE-LOG: ; 1 sweep{{$}}
; FIX-LOG: ; 2 sweeps{{$}}
; CHECK-FINAL: store i32 0, ptr %p
; CHECK-FINAL-NEXT: ret void

define void @f(ptr %p, ptr %q) {
  %v = load i32, ptr %q
  store i32 %v, ptr %p
  ret void
}
