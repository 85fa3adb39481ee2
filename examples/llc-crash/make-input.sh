#!/bin/sh
# Regenerates input.ll: kvstore.c at -O2 plus @store_snapshot, which copies
# the 64 KiB window as a [65536 x i8] first-class aggregate (as Rust or Zig
# front ends do for by-value arrays) between its other work. llc -O2 for
# x86-64 crashes on that load/store pair (SIGSEGV in
# SelectionDAG::ReplaceAllUsesWith, llvm/llvm-project#55737).
#
# With another LLVM (its IR is what that LLVM's llc reads; 19's crashes the
# same way): LLVM_BIN=/usr/lib/llvm-19/bin ./make-input.sh input-llvm19.ll
set -e
here=$(cd "$(dirname "$0")" && pwd)
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
out="$here/${1:-input.ll}"
case "$1" in /*) out="$1" ;; esac
tmp=$(mktemp)
"$LLVM_BIN/clang" -O2 -S -emit-llvm -target x86_64-unknown-linux-gnu \
  -fno-discard-value-names -o "$tmp" "$here/kvstore.c"
# Drop the lines that name the temporary file.
grep -v -e '^; ModuleID' -e '^source_filename' "$tmp" > "$out"
cat >> "$out" <<'LL'

define i32 @store_snapshot(ptr %st, ptr %backup) {
entry:
  %count = call i64 @store_count(ptr %st)
  %sum = call i64 @store_sum(ptr %st)
  %window = getelementptr inbounds i8, ptr %st, i64 12288
  %saved = getelementptr inbounds i8, ptr %backup, i64 16
  %w = load [65536 x i8], ptr %window, align 1
  store [65536 x i8] %w, ptr %saved, align 1
  store i64 %count, ptr %backup, align 8
  %sum.ptr = getelementptr inbounds i8, ptr %backup, i64 8
  store i64 %sum, ptr %sum.ptr, align 8
  %check = call i32 @store_checksum(ptr %st)
  ret i32 %check
}
LL
rm -f "$tmp"
"$LLVM_BIN/opt" -passes=verify -disable-output "$out"
