#!/bin/sh
# A big-module test that takes seconds: translated back to LLVM IR, the
# module still makes the SLP vectorizer (AVX2) produce the <8 x i32> lshr by
# <24,16,8,0,24,16,8,0> of the LLVM bench's sqlite case. 0 = interesting.
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
eval "F=\${$#}"
"$LLVM_BIN/mlir-translate" --mlir-to-llvmir "$F" 2>/dev/null |
  "$LLVM_BIN/opt" -mtriple=x86_64-unknown-linux-gnu -mattr=+avx2 -passes=slp-vectorizer -S - -o - 2>/dev/null |
  grep -q 'lshr <8 x i32> .*<i32 24, i32 16, i32 8, i32 0, i32 24, i32 16, i32 8, i32 0>' || exit 1
exit 0
