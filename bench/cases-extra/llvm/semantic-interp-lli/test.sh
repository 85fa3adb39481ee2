#!/bin/sh
# Behaviour-preserving oracle (the miscompile workflow without a second
# compiler): run under lli, the program must still print exactly its one line
# and exit with status 0; the two lines "run 191" and "exit 0" must come out
# exactly. A candidate that loops (a common result of cutting a loop's exit)
# is killed after 2 s and is not interesting.
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
eval "F=\${$#}"
out=$(timeout 2 "$LLVM_BIN/lli" "$F" 2>/dev/null; echo "exit $?")
[ "$out" = "run 191
exit 0" ]
