; Distinct nodes that distinct tuples reachable from named metadata hold
; leave their tuple when the test does not need them.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=distinct-metadata --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL --implicit-check-not=boring %s < %t

; CHECK-INTERESTINGNESS: "interesting"

; CHECK-FINAL: !named = !{![[ROOT:[0-9]+]]}
; CHECK-FINAL: ![[ROOT]] = distinct !{!"root", ![[MID:[0-9]+]], i32 1}
; CHECK-FINAL: ![[MID]] = distinct !{!"mid", ![[LEAF:[0-9]+]]}
; CHECK-FINAL: ![[LEAF]] = distinct !{!"interesting"}

!named = !{!0}

!0 = distinct !{!"root", !1, !2, i32 1}
!1 = distinct !{!"boring 1"}
!2 = distinct !{!"mid", !3, !4}
!3 = distinct !{!"boring 3"}
!4 = distinct !{!"interesting"}
