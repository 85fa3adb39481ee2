#!/bin/sh
# Regenerates input.mlir (22 MB, not committed): the shared LLVM bench's
# SQLite case (sqlite3.c at -O2, ~242,000 instructions) imported into MLIR's
# LLVM dialect.
set -e
here=$(cd "$(dirname "$0")" && pwd)
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
src=${SQLITE_LL:-/work/shared/bench/cases/sqlite-O2-slp-avx2/input.ll}
"$LLVM_BIN/mlir-translate" --import-llvm "$src" -o "$here/input.mlir"
