#!/bin/sh
# The ddmin-style oracle with a known-good reference: a candidate is
# interesting when the program built by the faulty optimizer prints
# something else (or exits differently) than the program built by LLVM's
# own opt. It needs that known-good optimizer; the metamorphic oracle does
# not. usage: reference-test.sh FAULT CANDIDATE
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
here=$(cd "$(dirname "$0")" && pwd)
fault=$1; cand=$2
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
"$LLVM_BIN/opt" -passes='default<O2>' "$cand" -o "$d/good.bc" 2>/dev/null || exit 1
python3 "$here/faulty-opt.py" "$fault" -passes='default<O2>' "$cand" -o "$d/bad.bc" 2>/dev/null || exit 1
timeout 2 "$LLVM_BIN/lli" "$d/good.bc" > "$d/good.out" 2>/dev/null; g=$?
timeout 2 "$LLVM_BIN/lli" "$d/bad.bc" > "$d/bad.out" 2>/dev/null; b=$?
# A good run that timed out or crashed judges nothing, nor does a bad run
# that timed out; a bad run that crashed (128 + the signal) is a difference.
[ "$g" -lt 124 ] && [ "$b" -ne 124 ] || exit 1
echo "exit $g" >> "$d/good.out"; echo "exit $b" >> "$d/bad.out"
! cmp -s "$d/good.out" "$d/bad.out"
