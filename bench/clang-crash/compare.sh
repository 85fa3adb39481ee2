#!/bin/bash
# whittle clang-crash side by side with LLVM's reduce-clang-crash.py on the
# same clang crash reports (README "From a clang crash report").
#
#   RCC=/path/to/reduce-clang-crash.py PLUGIN=/path/to/bisect-plugin-llvm22.so \
#     bench/clang-crash/compare.sh [WHITTLE]
#
# The script is LLVM's (clang/utils/reduce-clang-crash.py; not part of
# whittle: fetch it yourself). PLUGIN is the lit suite's test plugin
# (target/lit/bisect-plugin-llvm22.so once the lit suite has run). Every
# clang, opt and llc either tool starts goes through a wrapper that counts
# it; C-Vise runs with --n 2 for both, whittle with -j 2.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
WHITTLE=${1:-$root/target/release/whittle}
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
: "${RCC:?set RCC to reduce-clang-crash.py}" "${PLUGIN:?set PLUGIN to the test plugin}"
work=$(mktemp -d)
mkdir -p "$work/bin"
for t in clang llc opt; do
  printf '#!/bin/sh\necho . >> "$COUNT"\nexec %s/%s "$@"\n' "$LLVM_BIN" "$t" > "$work/bin/$t"
  chmod +x "$work/bin/$t"
done
ln -s "$LLVM_BIN/llvm-reduce" "$work/bin/llvm-reduce"

# case NAME SOURCE [clang flags]
case_() {
  local name=$1 src=$2; shift 2
  local d=$work/$name
  mkdir -p "$d/report" "$d/w" "$d/r"
  "$LLVM_BIN/clang" -O2 "$@" -fcrash-diagnostics-dir="$d/report" -c "$root/lit/Inputs/$src" -o /dev/null 2>/dev/null
  cp "$d"/report/* "$d/w/"; cp "$d"/report/* "$d/r/"
  local sh c
  sh=$(basename "$(ls "$d"/report/*.sh)"); c=$(basename "$(ls "$d"/report/*.c)")
  (cd "$d/w" && /usr/bin/time -f %e -o time "$WHITTLE" clang-crash "$sh" -q -j2 -o out --emit-lit test --stats-json stats.json 2> log)
  (cd "$d/r" && COUNT=$d/r/count /usr/bin/time -f %e -o time python3 "$RCC" --llvm-bin "$work/bin" \
     --creduce-flag=--n --creduce-flag=2 "$sh" "$c" > log 2>&1)
  local runs out
  runs=$(python3 -c "import json;print(json.load(open('$d/w/stats.json'))['tool_runs'])" 2>/dev/null)
  out=$(wc -c < "$d/w/out" 2>/dev/null)
  echo "$name: whittle ${out:-none} bytes, ${runs:-?} runs, $(tail -1 "$d/w/time") s |" \
    "reduce-clang-crash.py: $(wc -l < "$d/r/count" 2>/dev/null || echo 0) runs, $(tail -1 "$d/r/time") s;" \
    "$(grep -E 'treating as|falling back|Error' "$d/r/log" | tr '\n' ' ')"
  ls -l "$d"/r/*.reduced.ll "$d/r/$c" 2>/dev/null | awk '{print "  reduce-clang-crash.py file: " $NF ", " $5 " bytes"}'
}

case_ middle clang-crash-middle.c -fpass-plugin="$PLUGIN"
case_ back clang-crash-back.c -fpass-plugin="$PLUGIN"
case_ front clang-crash-front.c
case_ fatal clang-crash-fatal.c
echo "files in $work"
