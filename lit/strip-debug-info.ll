; All debug info goes at once (LLVM's StripDebugInfo): records, !dbg
; attachments and llvm.dbg.cu; other metadata stays.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=strip-debug-info --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL --implicit-check-not=!DI --implicit-check-not=dbg %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: store i32 %x
; CHECK-INTERESTINGNESS: !range

; CHECK-FINAL: define void @f(ptr %p, i32 %x) {
; CHECK-FINAL-NEXT: store i32 %x, ptr %p, align 4
; CHECK-FINAL-NEXT: %v = load i32, ptr %p, align 4, !range
; CHECK-FINAL: !llvm.module.flags = !{![[V:[0-9]+]], ![[F:[0-9]+]]}
; CHECK-FINAL: ![[V]] = !{i32 2, !"Debug Info Version", i32 3}
; CHECK-FINAL: ![[F]] = !{i32 1, !"wchar_size", i32 4}

define void @f(ptr %p, i32 %x) !dbg !5 {
    #dbg_value(i32 %x, !9, !DIExpression(), !10)
  store i32 %x, ptr %p, align 4, !dbg !10
  %v = load i32, ptr %p, align 4, !dbg !10, !range !11
  ret void, !dbg !10
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/tmp")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 1, !"wchar_size", i32 4}
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !8)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !{}
!9 = !DILocalVariable(name: "x", arg: 2, scope: !5, file: !1, line: 1, type: !12)
!10 = !DILocation(line: 2, column: 3, scope: !5)
!11 = !{i32 0, i32 10}
!12 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
