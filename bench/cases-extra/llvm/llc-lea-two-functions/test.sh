#!/bin/sh
# Interesting iff llc -O2 still computes a times-three with an LEA
# (`leal (%rX,%rX,2)`): a wrong-code investigation's grep over the
# assembly of optimized IR.
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
eval "F=\${$#}"
"$LLVM_BIN/llc" -O2 -mtriple=x86_64-unknown-linux-gnu "$F" -o - 2>/dev/null |
  grep -qE 'lea[lq][[:space:]]+\(%r[a-z0-9]+,%r[a-z0-9]+,2\)'
