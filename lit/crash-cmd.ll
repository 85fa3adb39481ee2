; --crash-cmd records how the command crashes on the input and keeps
; exactly that crash: here a real LLVM 22 fatal error in llc's type
; legalization (an AVX-512 intrinsic on a target without AVX-512).
;
; RUN: %whittle --abort-on-invalid-reduction --crash-cmd 'llc -mtriple=x86_64 %%s -o -' %s -o %t 2> %t.log
; RUN: FileCheck --check-prefix=LOG %s < %t.log
; RUN: FileCheck --check-prefix=CHECK-FINAL --implicit-check-not=@noise %s < %t
; RUN: not --crash llc -mtriple=x86_64 %t -o -

; LOG: whittle: crash signature (--signature=auto): killed by signal 6 (SIGABRT), message "LLVM ERROR: Do not know how to split the result of this operator!"

; CHECK-FINAL: call <16 x float> @llvm.x86.avx512.sqrt.ps.512(

define <16 x float> @split_me(<16 x float> %a) {
  %b = fadd <16 x float> %a, %a
  %r = call <16 x float> @llvm.x86.avx512.sqrt.ps.512(<16 x float> %b, i32 11)
  ret <16 x float> %r
}
declare <16 x float> @llvm.x86.avx512.sqrt.ps.512(<16 x float>, i32)

define i32 @noise(i32 %x) {
  %y = mul i32 %x, 7
  ret i32 %y
}
