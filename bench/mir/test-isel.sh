#!/bin/sh
# MIR oracle (input taken with llc -stop-after=finalize-isel): the rest of
# llc -O2's pipeline still emits vpackuswb (the llc-avx2-vpackuswb-zstd
# case's question, asked of machine code). COUNT, if set, names a file
# that gets one line per call.
[ -n "$COUNT" ] && echo x >> "$COUNT"
eval "F=\${$#}"
/usr/lib/llvm-22/bin/llc -O2 -x mir -start-after=finalize-isel "$F" -o - 2>/dev/null | grep -q "^[[:space:]]*${WANT:-vpackuswb}[[:space:]]" || exit 1
exit 0
