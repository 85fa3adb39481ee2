#!/bin/sh
# MIR side by side: whittle and llvm-reduce -x mir at -j 1 on MIR taken
# from the shared bench's llc-avx2-vpackuswb-zstd case.
#
#   bench/mir/run.sh WHITTLE [OUTDIR] [CASES]
#
# CASES (default "hist one zstd-isel zstd"): hist = HIST_count_simple
# alone after isel (test: vpmaxud), one = HUF_writeCTable_wksp alone after
# isel, zstd-isel = the whole module after isel, zstd = the whole module
# before the machine scheduler (test: vpackuswb). Prints one line per tool
# and case: machine instructions before/after (mircount.py), bytes, test
# calls (counted by the test itself), wall seconds. TOOLS="whittle" runs
# whittle alone.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
whittle=$(realpath "$1")
out=${2:-/tmp/whittle-mir-bench}
cases=${3:-"hist one zstd-isel zstd"}
bin=/usr/lib/llvm-22/bin
input=${BENCH:-/work/shared/bench}/cases/llc-avx2-vpackuswb-zstd/input.ll
mkdir -p "$out" && cd "$out"
llc="$bin/llc -O2 -mtriple=x86_64-unknown-linux-gnu"
[ -f hist.mir ] || { $bin/llvm-extract --func=HIST_count_simple "$input" -S -o hist.ll; $llc -stop-after=finalize-isel hist.ll -o hist.mir; }
[ -f one.mir ] || { $bin/llvm-extract --func=HUF_writeCTable_wksp "$input" -S -o one.ll; $llc -stop-after=finalize-isel one.ll -o one.mir; }
[ -f zstd-isel.mir ] || $llc -stop-after=finalize-isel "$input" -o zstd-isel.mir
[ -f zstd.mir ] || $llc -stop-before=machine-scheduler "$input" -o zstd.mir
for c in $cases; do
  case $c in
    hist) test="$here/test-isel.sh"; want=vpmaxud ;;
    zstd) test="$here/test-sched.sh"; want=vpackuswb ;;
    *) test="$here/test-isel.sh"; want=vpackuswb ;;
  esac
  for tool in ${TOOLS:-whittle llvm-reduce}; do
    rm -f "$c.$tool.count" "$c.$tool.mir"
    start=$(date +%s.%N)
    if [ $tool = whittle ]; then
      WANT=$want COUNT="$out/$c.$tool.count" timeout 3000 "$whittle" -q -j 1 --test "$test" "$c.mir" -o "$c.$tool.mir" || true
    else
      WANT=$want COUNT="$out/$c.$tool.count" timeout 3000 $bin/llvm-reduce -j 1 -x=mir --test "$test" "$c.mir" -o "$c.$tool.mir" >"$c.$tool.log" 2>&1 || true
    fi
    end=$(date +%s.%N)
    after=$( [ -f "$c.$tool.mir" ] && python3 "$here/mircount.py" "$c.$tool.mir" | cut -d' ' -f1 || echo none)
    bytes=$( [ -f "$c.$tool.mir" ] && stat -c %s "$c.$tool.mir" || echo none)
    echo "$c $tool: machine instructions $(python3 "$here/mircount.py" "$c.mir" | cut -d' ' -f1) -> $after, bytes $(stat -c %s "$c.mir") -> $bytes, calls $(wc -l < "$c.$tool.count" 2>/dev/null || echo 0), wall $(echo "$end - $start" | bc) s"
  done
done
