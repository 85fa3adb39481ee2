#!/bin/sh
# Builds the input of a semantic case: bench/ddmt/programs/PROGRAM.c as a
# UBSan-trapping -O1 build, the way a fuzzing or CI build compiles it (every
# check traps, so no runtime is needed and lli runs it as it is). Each
# semantic-*-lli/make-input.sh calls it.
#   usage: semantic-input.sh PROGRAM OUTPUT
# Paths are resolved physically: the bench driver reaches the cases through
# symbolic links.
set -e
here=$(cd "$(dirname "$0")" && pwd -P)
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
cd "$here/../../ddmt/programs"
"$LLVM_BIN/clang" -O1 -fsanitize=undefined -fsanitize-trap=all -S -emit-llvm \
  "$1.c" -o "$2"
