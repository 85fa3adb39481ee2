; REQUIRES: lli
; UNSUPPORTED: llvm-dependent-only
; --mr opt-equivalence where the miscompiled program crashes: the
; "optimizer" (Inputs/null-slot-opt.sh: opt, then every `ptr @slot` turned
; into `ptr null`) makes the store to @slot a store through null, so the
; optimized program dies by SIGSEGV while the source exits normally. That
; crash is the violation the input shows, so it is what the reduction
; keeps: candidates whose follow-up crashes the same way are interesting;
; the store stays, everything else goes.
;
; RUN: %whittle -j2 --timeout 5 --abort-on-invalid-reduction --mr opt-equivalence --mr-opt %inputs/null-slot-opt.sh %s -o %t 2> %t.log
; RUN: FileCheck --check-prefix=LOG %s < %t.log
; RUN: FileCheck --check-prefix=CHECK-FINAL --implicit-check-not=@noise --implicit-check-not=@printf %s < %t
;
; The reduced program still runs normally, and crashes once "optimized":
; RUN: lli %t
; RUN: %inputs/null-slot-opt.sh -passes='default<O2>' %t -o %t.bc
; RUN: not --crash lli %t.bc

; LOG: whittle: metamorphic relation opt-equivalence (-passes=default<O2>) violated by the input (its follow-up program killed by signal 11 (SIGSEGV): a candidate must crash the same way)

; CHECK-FINAL: @slot = global i32 0
; CHECK-FINAL: define {{.*}}@main(
; CHECK-FINAL: store i32 {{.*}}, ptr @slot

@slot = global i32 0
@fmt = private constant [4 x i8] c"%d\0A\00"

declare i32 @printf(ptr, ...)

define i32 @noise(i32 %x) {
  %y = mul i32 %x, 7
  %z = add i32 %y, 3
  ret i32 %z
}

define i32 @main(i32 %argc, ptr %argv) {
  %n = call i32 @noise(i32 %argc)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %n)
  store i32 %argc, ptr @slot
  ret i32 0
}
