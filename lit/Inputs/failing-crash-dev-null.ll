; A lit test that fails in a checkout with LLVM 22 (llc hits a fatal error)
; and sends llc's output to /dev/null, as many of LLVM's own tests do.
; RUN: llc -mtriple=x86_64 %s -o /dev/null

define <16 x float> @split_me(<16 x float> %a) {
  %b = fadd <16 x float> %a, %a
  %r = call <16 x float> @llvm.x86.avx512.sqrt.ps.512(<16 x float> %b, i32 11)
  ret <16 x float> %r
}
declare <16 x float> @llvm.x86.avx512.sqrt.ps.512(<16 x float>, i32)

define i32 @unrelated(i32 %x) {
  %y = mul i32 %x, 7
  ret i32 %y
}
