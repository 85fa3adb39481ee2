; A global that other globals' initializers refer to can still be deleted:
; the references become null. llvm.used entries go with their global, and
; an alias of a deleted global goes with it.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=global-variables,aliases --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL --implicit-check-not=@target --implicit-check-not=@alias_of_target %s < %t
; RUN: opt -passes=verify -disable-output %t

; CHECK-INTERESTINGNESS: @table = {{.*}}[2 x ptr]
; CHECK-INTERESTINGNESS: @other
; CHECK-INTERESTINGNESS: @llvm.used

; CHECK-FINAL: @other = global i32 2
; CHECK-FINAL: @table = global [2 x ptr] [ptr null, ptr @other]
; CHECK-FINAL: @llvm.used = appending global [1 x ptr] [ptr @other]

@target = global i32 1
@other = global i32 2
@table = global [2 x ptr] [ptr @target, ptr @other]
@nested = global { ptr, ptr } { ptr @table, ptr getelementptr (i8, ptr @target, i64 4) }
@llvm.used = appending global [2 x ptr] [ptr @target, ptr @other], section "llvm.metadata"
@alias_of_target = alias i32, ptr @target
