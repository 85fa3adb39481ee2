; global-values resets linkage, visibility, dso_local, unnamed_addr, DLL
; storage, thread_local, externally_initialized and code models one by one.
; Dropping a linkage or visibility that implied dso_local drops dso_local
; too, unless what stays still implies it (@weak_hidden keeps hidden, so it
; stays dso_local). Appending linkage stays. Before LLVM 22 a code model
; cannot be cleared: there it stays.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=global-values --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL %s < %t
; RUN: opt -passes=verify -disable-output %t
; RUN: FileCheck --check-prefix=%if llvm-at-least-22 %{CODE-MODEL-DROPPED%} %else %{CODE-MODEL-KEPT%} %s < %t

; CHECK-INTERESTINGNESS: @weak_hidden = {{.*}}hidden
; CHECK-INTERESTINGNESS: @tls = {{.*}}thread_local

; CHECK-FINAL: @weak_hidden = hidden global i32 1
; CHECK-FINAL: @priv = global i32 2
; CHECK-FINAL: @tls = thread_local(initialexec) global i32 3
; CHECK-FINAL: @all = global i32 4
; CHECK-FINAL: @llvm.used = appending global
; CHECK-FINAL: define void @f()
; CHECK-FINAL: declare void @g()

; CODE-MODEL-DROPPED: @all = global i32 4{{$}}
; CODE-MODEL-KEPT: @all = global i32 4, code_model "large"{{$}}

@weak_hidden = weak hidden global i32 1
@priv = private unnamed_addr global i32 2
@tls = internal thread_local(initialexec) global i32 3
@all = dllexport local_unnamed_addr externally_initialized global i32 4, code_model "large"
@llvm.used = appending global [2 x ptr] [ptr @priv, ptr @f], section "llvm.metadata"

define internal void @f() {
  call void @g()
  ret void
}

declare dso_local void @g()
