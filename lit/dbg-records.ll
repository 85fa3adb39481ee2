; Debug records the test does not need are deleted, one at a time.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=dbg-records --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t

; CHECK-INTERESTINGNESS: #dbg_value(i32 %y

; CHECK-FINAL: define i32 @f(i32 %x) !dbg
; CHECK-FINAL-NEXT: %y = add i32 %x, 1
; CHECK-FINAL-NEXT: #dbg_value(i32 %y, ![[Y:[0-9]+]], !DIExpression(),
; CHECK-FINAL-NEXT: ret i32 %y
; CHECK-FINAL-NOT: #dbg_

define i32 @f(i32 %x) !dbg !5 {
    #dbg_value(i32 %x, !9, !DIExpression(), !10)
  %y = add i32 %x, 1, !dbg !10
    #dbg_value(i32 %y, !11, !DIExpression(), !10)
    #dbg_value(i32 %x, !9, !DIExpression(DW_OP_plus_uconst, 1), !10)
  ret i32 %y, !dbg !10
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/tmp")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !8)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !{}
!9 = !DILocalVariable(name: "x", arg: 1, scope: !5, file: !1, line: 1, type: !12)
!10 = !DILocation(line: 2, column: 3, scope: !5)
!11 = !DILocalVariable(name: "y", scope: !5, file: !1, line: 2, type: !12)
!12 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
