; Named metadata and metadata attachments the test does not need go. The
; !dbg of a call to an inlinable function with debug info stays (the
; verifier requires it while the caller has a subprogram), and so do a
; non-empty llvm.dbg.cu and, while there is debug info, the module flags
; holding "Debug Info Version" (without it, reading the module back would
; drop the debug info).
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=metadata --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL --implicit-check-not=uninteresting %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: load i32, ptr %p, align 4, !range
; CHECK-INTERESTINGNESS: define void @callee() !dbg
; CHECK-INTERESTINGNESS: define void @caller() !dbg
; CHECK-INTERESTINGNESS: !interesting =

; CHECK-FINAL: @g = global i32 0{{$}}
; CHECK-FINAL: define i32 @f(ptr %p) {
; CHECK-FINAL-NEXT: %a = load i32, ptr %p, align 4, !range
; CHECK-FINAL-NEXT: %b = load i32, ptr %p, align 4{{$}}
; CHECK-FINAL: define void @callee() !dbg
; CHECK-FINAL-NEXT: ret void{{$}}
; CHECK-FINAL: define void @caller() !dbg
; CHECK-FINAL-NEXT: call void @callee(), !dbg
; CHECK-FINAL-NEXT: ret void{{$}}
; CHECK-FINAL: !interesting = !{
; CHECK-FINAL: !llvm.dbg.cu = !{
; CHECK-FINAL: !llvm.module.flags = !{
; CHECK-FINAL-NOT: !uninteresting

@g = global i32 0, !uninteresting !0

define i32 @f(ptr %p) !uninteresting !0 {
  %a = load i32, ptr %p, align 4, !range !1, !uninteresting !0
  %b = load i32, ptr %p, align 4
  %c = add i32 %a, %b
  ret i32 %c
}

define void @callee() !dbg !15 {
  ret void, !dbg !16
}

define void @caller() !dbg !17 {
  call void @callee(), !dbg !18
  ret void, !dbg !18
}

!uninteresting = !{!0}
!interesting = !{!2}
!llvm.dbg.cu = !{!10}
!llvm.module.flags = !{!12}

!0 = !{!"uninteresting"}
!1 = !{i32 0, i32 10}
!2 = !{!"interesting"}
!10 = distinct !DICompileUnit(language: DW_LANG_C99, file: !11, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!11 = !DIFile(filename: "a.c", directory: "/tmp")
!12 = !{i32 2, !"Debug Info Version", i32 3}
!13 = !DISubroutineType(types: !14)
!14 = !{null}
!15 = distinct !DISubprogram(name: "callee", scope: !11, file: !11, line: 1, type: !13, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !10)
!16 = !DILocation(line: 1, column: 1, scope: !15)
!17 = distinct !DISubprogram(name: "caller", scope: !11, file: !11, line: 2, type: !13, scopeLine: 2, spFlags: DISPFlagDefinition, unit: !10)
!18 = !DILocation(line: 2, column: 1, scope: !17)
