#!/bin/sh
# whittle for LLVM 23 beside whittle for LLVM 22, on the same inputs with the
# same tests, each test running its own LLVM's tools: the benchmark's LLVM
# 22 IR (which LLVM 23 reads), in one run. PyPI's LLVM 23 has no lli and no
# llvm-reduce: the cases whose test needs lli are left out (run.py --check
# with 23's tools says which), and the reference is whittle-22.
#
#   BENCH_OUT=/some/dir bench/llvm23.sh [-j N] [--cases a,b] [--timeout S]
#
# Needs target/release/whittle (LLVM 22) and target/llvm-23/release/whittle
# (cargo xtask demo --llvm 23 builds it), LLVM 22's tools and PyPI's LLVM 23
# in target/pypi/llvm-23 (cargo xtask prereq --llvm 23). Writes
# $BENCH_OUT/whittle-22.json and whittle-23.json, and prints the table
# (bench/tables.py: whittle-23 against whittle-22).
set -e
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
: "${BENCH_OUT:?set BENCH_OUT to a directory of your own}"
prefix23=${LLVM23_PREFIX:-$root/target/pypi/llvm-23}
w22=${WHITTLE22:-$root/target/release/whittle}
w23=${WHITTLE23:-$root/target/llvm-23/release/whittle}
mkdir -p "$BENCH_OUT"

# LLVM 23's tools, with LLVM 22's FileCheck, not and count, which it lacks
# (text utilities), in one directory: the tests' LLVM_BIN.
tools="$BENCH_OUT/tools-llvm23"
rm -rf "$tools" && mkdir -p "$tools"
for t in "$prefix23"/bin/*; do
  name=$(basename "$t")
  case $name in python*|pip*|activate*|Activate.ps1|ar|nm|objcopy|objdump|ranlib|readelf|size|strings|strip|addr2line|c++filt) continue ;; esac
  ln -s "$t" "$tools/$name"
done
for u in FileCheck not count; do
  [ -e "$tools/$u" ] || ln -s "/usr/lib/llvm-22/bin/$u" "$tools/$u"
done

# The cases whose test holds on its input with LLVM 23's tools.
cases=""
for c in $(LLVM_BIN=/usr/lib/llvm-22/bin "$here/run.sh" llvm --list | awk '{print $1}'); do
  if LLVM_BIN="$tools" "$here/run.sh" llvm --check --cases "$c" >"$BENCH_OUT/check-23-$c.log" 2>&1; then
    cases="${cases:+$cases,}$c"
  else
    echo "llvm23: $c: its test does not hold with LLVM 23's tools (see $BENCH_OUT/check-23-$c.log); left out" >&2
  fi
done
echo "llvm23: cases: $cases" >&2

LLVM_BIN=/usr/lib/llvm-22/bin "$here/run.sh" llvm --tool "$w22" --label whittle-22 \
  --cases "$cases" --out "$BENCH_OUT/whittle-22.json" "$@"
LLVM_BIN="$tools" "$here/run.sh" llvm --tool "$w23" --label whittle-23 \
  --cases "$cases" --out "$BENCH_OUT/whittle-23.json" "$@"
for key in calls size wall; do
  python3 "$here/tables.py" --base "$BENCH_OUT/whittle-22.json" "$BENCH_OUT/whittle-23.json" --key "$key"
done
