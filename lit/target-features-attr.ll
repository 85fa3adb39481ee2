; target-features-attr drops the entries of "target-features" one by one;
; the attribute goes when none is left, or when it lists none.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=target-features-attr --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t

; CHECK-INTERESTINGNESS: "target-features"="{{.*}}+b

; CHECK-FINAL: define void @f() #0
; CHECK-FINAL: define void @g() {
; CHECK-FINAL: define void @h() {
; CHECK-FINAL: attributes #0 = { "target-features"="+b" }

define void @f() #0 {
  ret void
}

define void @g() #1 {
  ret void
}

define void @h() #2 {
  ret void
}

attributes #0 = { "target-features"="+a,+b,+c" }
attributes #1 = { "target-features"="+d" }
attributes #2 = { "target-features" }
