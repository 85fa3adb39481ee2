#!/bin/sh
# Interesting iff llc -O2 still dies with SIGSEGV in X86 instruction
# selection, in SelectionDAG::ReplaceAllUsesWith (llvm/llvm-project#55737).
# Used as: whittle --test=examples/llc-crash/test.sh examples/llc-crash/input.ll
# (LLVM 19: LLVM_BIN=/usr/lib/llvm-19/bin, input-llvm19.ll)
#
# The assembly goes to stdout (-o -), not to `-o /dev/null`: a crashing llc
# deletes its output file, and run as root that would be /dev/null itself.
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
ulimit -c 0 2>/dev/null
eval "F=\${$#}"
out=$("$LLVM_BIN/llc" -O2 -mtriple=x86_64-unknown-linux-gnu "$F" -o - 2>&1 >/dev/null)
[ $? -eq 139 ] || exit 1
printf '%s\n' "$out" | grep -q 'SelectionDAG::ReplaceAllUsesWith' || exit 1
printf '%s\n' "$out" | grep -q "X86 DAG->DAG Instruction Selection" || exit 1
exit 0
