; Operands of list-like named metadata go one by one; other named metadata
; is left alone unless --aggressive-named-md-reduction. A module flag that a
; kept flag requires stays.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=named-metadata --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t
; RUN: opt -passes=verify -disable-output %t
; RUN: %whittle --abort-on-invalid-reduction --aggressive-named-md-reduction --delta-passes=named-metadata --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t.aggressive
; RUN: FileCheck --check-prefixes=CHECK-AGGRESSIVE %s < %t.aggressive

; CHECK-INTERESTINGNESS: "needs-foo"
; CHECK-INTERESTINGNESS: !"keep me"

; CHECK-FINAL: !llvm.module.flags = !{![[FOO:[0-9]+]], ![[REQ:[0-9]+]]}
; CHECK-FINAL: !llvm.ident = !{![[ID:[0-9]+]]}
; CHECK-FINAL: !other = !{![[O1:[0-9]+]], ![[O2:[0-9]+]]}
; CHECK-FINAL: ![[FOO]] = !{i32 1, !"foo", i32 1}
; CHECK-FINAL: ![[REQ]] = !{i32 3, !"needs-foo", ![[R:[0-9]+]]}
; CHECK-FINAL: ![[ID]] = !{!"keep me"}

; CHECK-AGGRESSIVE: !other = !{}

!llvm.module.flags = !{!0, !1, !2}
!llvm.ident = !{!4, !5}
!other = !{!6, !7}

!0 = !{i32 1, !"foo", i32 1}
!1 = !{i32 1, !"bar", i32 2}
!2 = !{i32 3, !"needs-foo", !3}
!3 = !{!"foo", i32 1}
!4 = !{!"drop me"}
!5 = !{!"keep me"}
!6 = !{!"other 0"}
!7 = !{!"other 1"}
