#!/bin/sh
# Behaviour-preserving oracle, as semantic-interp-lli's: run under lli, the
# program must print exactly what the original prints and exit with status
# 0. A candidate that loops is killed after 2 s and is not interesting.
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
eval "F=\${$#}"
out=$(timeout 2 "$LLVM_BIN/lli" "$F" 2>/dev/null; echo "exit $?")
[ "$out" = "table 10d362f7
bitwise 10d362f7
exit 0" ]
