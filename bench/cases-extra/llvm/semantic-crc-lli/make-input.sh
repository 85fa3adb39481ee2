#!/bin/sh
# Regenerates input.ll: the DDMT bench's bench/ddmt/programs/crc.c as a
# UBSan-trapping -O1 build, as semantic-interp-lli is built.
set -e
here=$(cd "$(dirname "$0")" && pwd)
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
cd "$here/../../../ddmt/programs"
"$LLVM_BIN/clang" -O1 -fsanitize=undefined -fsanitize-trap=all -S -emit-llvm \
  crc.c -o "$here/input.ll"
