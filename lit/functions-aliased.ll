; llvm-reduce's `functions` keeps a function that an alias or an ifunc
; refers to (deleting it would take the alias or ifunc along), and
; function-bodies keeps its body (an aliasee or resolver must be a
; definition). module-items deletes it, with its alias.
;
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=functions,function-bodies --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t
; RUN: FileCheck --check-prefixes=CHECK-FINAL --implicit-check-not=unused %s < %t
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=module-items --test FileCheck --test-arg --check-prefixes=CHECK-INTERESTINGNESS --test-arg %s --test-arg --input-file %s -o %t.items
; RUN: FileCheck --check-prefixes=CHECK-ITEMS %s < %t.items

; CHECK-INTERESTINGNESS: define void @keep(

; CHECK-FINAL: @alias = alias void (), ptr @aliased
; CHECK-FINAL: @ifunc = ifunc void (), ptr @resolver
; CHECK-FINAL: define void @aliased() {
; CHECK-FINAL-NEXT: ret void
; CHECK-FINAL: define ptr @resolver() {
; CHECK-FINAL-NEXT: ret ptr null

; CHECK-ITEMS-NOT: = alias
; CHECK-ITEMS-NOT: = ifunc
; CHECK-ITEMS: define void @keep(
; CHECK-ITEMS-NOT: define

@alias = alias void (), ptr @aliased
@ifunc = ifunc void (), ptr @resolver

define void @aliased() {
  ret void
}

define ptr @resolver() {
  ret ptr null
}

define void @unused() {
  ret void
}

define void @keep() {
  ret void
}
