#!/bin/sh
# MIR oracle (input taken with llc -stop-before=machine-scheduler): llc -O2
# from the machine scheduler on still emits vpackuswb. COUNT as in
# test-isel.sh.
[ -n "$COUNT" ] && echo x >> "$COUNT"
eval "F=\${$#}"
/usr/lib/llvm-22/bin/llc -O2 -x mir -start-before=machine-scheduler "$F" -o - 2>/dev/null | grep -q '^[[:space:]]*vpackuswb[[:space:]]' || exit 1
exit 0
