#!/bin/sh
# Run a module natively: llc, link with clang, run; the program's stdout
# and exit status are the script's. usage: run-native.sh MODULE
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
d=$(mktemp -d) || exit 125
trap 'rm -rf "$d"' EXIT
"$LLVM_BIN/llc" -relocation-model=pic -filetype=obj "$1" -o "$d/p.o" 2>/dev/null || exit 125
"$LLVM_BIN/clang" "$d/p.o" -o "$d/p" -lm 2>/dev/null || exit 125
"$d/p"
