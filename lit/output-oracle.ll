; --cmd/--match: interesting while some line of the command's output
; matches (here: instcombine still forms a byte swap from a shift/mask
; idiom), and, with --no-match, no line matches the other pattern.
;
; RUN: %whittle --abort-on-invalid-reduction --cmd "opt -passes=instcombine -S %%s -o -" --match 'call i32 @llvm\.bswap\.i32\(' %s -o %t
; RUN: FileCheck --check-prefix=CHECK-FINAL --implicit-check-not=@noise %s < %t
; RUN: opt -passes=instcombine -S %t -o - | FileCheck --check-prefix=STILL %s
;
; --no-match rules candidates out: zeroing the operands of @sub would make
; instcombine fold it to `ret i32 0`, which is not wanted here.
; RUN: %whittle --abort-on-invalid-reduction --delta-passes=operands --cmd "opt -passes=instcombine -S" --match 'llvm\.bswap' --no-match 'ret i32 0$' %s -o %t.no
; RUN: opt -passes=instcombine -S %t.no -o - | FileCheck --check-prefix=NO %s
;
; A bad pattern and a missing --match are errors.
; RUN: not %whittle --cmd "opt -S" --match '(' %s 2>&1 | FileCheck --check-prefix=BAD %s
; RUN: not %whittle --cmd "opt -S" %s 2>&1 | FileCheck --check-prefix=MISSING %s

; CHECK-FINAL: define i32 @swap(i32 %x)
; STILL: call i32 @llvm.bswap.i32(
; NO-NOT: ret i32 0{{$}}
; NO: llvm.bswap
; NO-NOT: ret i32 0{{$}}
; BAD: whittle: error: --match: regex parse error
; MISSING: whittle: error: --cmd needs --match REGEX

define i32 @swap(i32 %x) {
  %b0 = shl i32 %x, 24
  %t1 = shl i32 %x, 8
  %b1 = and i32 %t1, 16711680
  %t2 = lshr i32 %x, 8
  %b2 = and i32 %t2, 65280
  %b3 = lshr i32 %x, 24
  %o1 = or i32 %b0, %b1
  %o2 = or i32 %o1, %b2
  %o3 = or i32 %o2, %b3
  ret i32 %o3
}

define i32 @sub(i32 %x, i32 %y) {
  %z = sub i32 %x, %y
  ret i32 %z
}

define i32 @noise(i32 %x) {
  %y = mul i32 %x, 7
  ret i32 %y
}
