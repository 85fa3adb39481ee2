; Elements of the lists debug-info nodes hold (here enumerators and
; retained types) go when the test does not need them.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=di-metadata --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: "GREEN"
; CHECK-INTERESTINGNESS: "char"

; CHECK-FINAL: distinct !DICompileUnit({{.*}}enums: ![[ENUMS:[0-9]+]], retainedTypes: ![[TYPES:[0-9]+]]
; CHECK-FINAL: ![[ENUMS]] = !{![[E:[0-9]+]]}
; CHECK-FINAL: ![[E]] = !DICompositeType(tag: DW_TAG_enumeration_type, {{.*}}elements: ![[ELTS:[0-9]+]])
; CHECK-FINAL: ![[ELTS]] = !{![[GREEN:[0-9]+]]}
; CHECK-FINAL: ![[GREEN]] = !DIEnumerator(name: "GREEN", value: 1)
; CHECK-FINAL: ![[TYPES]] = !{![[CHAR:[0-9]+]]}
; CHECK-FINAL: ![[CHAR]] = !DIBasicType(name: "char"

define void @f() !dbg !20 {
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, enums: !3, retainedTypes: !10)
!1 = !DIFile(filename: "a.c", directory: "/tmp")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{!4}
!4 = !DICompositeType(tag: DW_TAG_enumeration_type, file: !1, line: 1, baseType: !9, size: 32, elements: !5)
!5 = !{!6, !7, !8}
!6 = !DIEnumerator(name: "RED", value: 0)
!7 = !DIEnumerator(name: "GREEN", value: 1)
!8 = !DIEnumerator(name: "BLUE", value: 2)
!9 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!10 = !{!11, !12}
!11 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!12 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!20 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 2, type: !21, scopeLine: 2, spFlags: DISPFlagDefinition, unit: !0)
!21 = !DISubroutineType(types: !22)
!22 = !{null}
