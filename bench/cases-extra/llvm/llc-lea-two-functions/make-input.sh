#!/bin/sh
# Regenerates input.ll the way a bug report's IR is made: src.c through
# clang without optimization, then `opt -O2` (the optimized IR the backend
# sees). LLVM_BIN picks the LLVM (bench/other-llvm.sh sets it).
set -e
here=$(cd "$(dirname "$0")" && pwd -P)
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
tmp=$(mktemp)
(cd "$here" && "$LLVM_BIN/clang" -O2 -S -emit-llvm -Xclang -disable-llvm-passes \
  -target x86_64-unknown-linux-gnu src.c -o "$tmp")
"$LLVM_BIN/opt" -O2 -S "$tmp" -o "$here/input.ll"
rm -f "$tmp"
