#!/bin/sh
# Regenerates input.ll: the DDMT bench's stack-machine interpreter
# (bench/ddmt/programs/interp.c) as a UBSan-trapping -O1 build, the way a
# fuzzing or CI build compiles it (every check traps, so no runtime is needed
# and lli runs it as it is).
set -e
here=$(cd "$(dirname "$0")" && pwd)
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
cd "$here/../../../ddmt/programs"
"$LLVM_BIN/clang" -O1 -fsanitize=undefined -fsanitize-trap=all -S -emit-llvm \
  interp.c -o "$here/input.ll"
