#!/bin/sh
# MIR across targets and stages, side by side with llvm-reduce -x mir.
#
#   bench/mir/sweep.sh WHITTLE [OUTDIR]
#
# Compiles bench/ddmt/programs/*.c with clang -O2 for several targets,
# stops llc at several points of its pipeline (SelectionDAG and GlobalISel,
# before and after register allocation), and reduces each MIR file with a
# test that asks whether the rest of llc still emits one machine opcode
# (picked by pick-opcode.py: a rare one in the middle of the largest
# function). The questions are like the ones users ask; none was chosen to
# suit either reducer. Prints one line per tool and case (machine
# instructions before -> after, whether the output reads back with
# llc -run-pass=none and still passes its test, test calls, wall seconds),
# a line per tool (outputs, totals) and the geometric means of the ratios.
#
# Environment: TARGETS, STAGES, PROGRAMS narrow the sweep; TOOLS="whittle"
# runs whittle alone; LIMIT (seconds, default 600) bounds each reduction.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
whittle=$(realpath "$1")
out=${2:-/tmp/whittle-mir-sweep}
bin=/usr/lib/llvm-22/bin
programs=${PROGRAMS:-"crc interp sort"}
targets=${TARGETS:-"x86_64-unknown-linux-gnu aarch64-unknown-linux-gnu riscv64-unknown-linux-gnu"}
stages=${STAGES:-"after:finalize-isel before:machine-scheduler after:virtregrewriter after:prologepilog gisel:irtranslator gisel:legalizer gisel:instruction-select"}
# A pass near the end of every target's machine pipeline.
stop=stack-frame-layout
mkdir -p "$out" && out=$(cd "$out" && pwd) && cd "$out"
: > summary.txt
for p in $programs; do
  for t in $targets; do
    arch=${t%%-*}
    ll="$p.$arch.ll"
    # Preprocessed with this machine's headers, so that no cross sysroot
    # is needed (the programs use only plain C types and stdio).
    [ -f "$p.i" ] || $bin/clang -E -P "$here/../ddmt/programs/$p.c" -o "$p.i"
    [ -f "$ll" ] || $bin/clang -target "$t" -O2 -S -emit-llvm -x cpp-output "$p.i" -o "$ll"
    case $arch in
      riscv64) t="$t -mattr=+m,+a,+f,+d,+c" ;;
    esac
    for s in $stages; do
      how=${s%%:*} pass=${s#*:}
      # x86's GlobalISel cannot legalize these programs yet.
      [ "$arch:$how" = x86_64:gisel ] && continue
      case $how in
        after) flags="-stop-after=$pass" ;;
        before) flags="-stop-before=$pass" ;;
        gisel) flags="-global-isel -stop-after=$pass" ;;
      esac
      c="$p.$arch.$how-$pass"
      if [ ! -f "$c.mir" ]; then
        $bin/llc -O2 -mtriple=$t $flags "$ll" -o "$c.mir" 2>/dev/null || { echo "$c: llc cannot stop there, skipped" | tee -a summary.txt; continue; }
      fi
      # The opcode is picked from the end of the same pipeline (the machine
      # code just before emission), and the test asks whether llc, resumed
      # where it stopped, still ends with it.
      [ $how = gisel ] && end="$p.$arch.gisel-end.mir" || end="$p.$arch.end.mir"
      [ -f "$end" ] || $bin/llc -O2 -mtriple=$t $( [ $how = gisel ] && echo -global-isel ) -stop-before=$stop "$ll" -o "$end"
      want=$(python3 "$here/pick-opcode.py" "$end") || { echo "$c: no opcode to ask for, skipped" | tee -a summary.txt; continue; }
      case $how in
        before) resume="-start-before=$pass" ;;
        *) resume="-start-after=$pass" ;;
      esac
      [ $how = gisel ] && resume="-global-isel $resume"
      cat > "$c.test.sh" <<EOF
#!/bin/sh
echo x >> "\$COUNT"
eval "F=\\\${\$#}"
$bin/llc -O2 -mtriple=$t -x mir $resume -stop-before=$stop "\$F" -o - 2>/dev/null | grep -qE "[ =]$want( |,|\$)" || exit 1
exit 0
EOF
      chmod +x "$c.test.sh"
      for tool in ${TOOLS:-whittle llvm-reduce}; do
        rm -f "$c.$tool.count" "$c.$tool.mir"
        start=$(date +%s.%N)
        if [ $tool = whittle ]; then
          COUNT="$out/$c.$tool.count" timeout "${LIMIT:-600}" "$whittle" -q -j 1 --test "./$c.test.sh" "$c.mir" -o "$c.$tool.mir" >"$c.$tool.log" 2>&1 || true
        else
          COUNT="$out/$c.$tool.count" timeout "${LIMIT:-600}" $bin/llvm-reduce -j 1 -x=mir --mtriple=${t%% *} --test "./$c.test.sh" "$c.mir" -o "$c.$tool.mir" >"$c.$tool.log" 2>&1 || true
        fi
        end=$(date +%s.%N)
        if [ -f "$c.$tool.mir" ]; then
          after=$(python3 "$here/mircount.py" "$c.$tool.mir" | cut -d' ' -f1)
          if $bin/llc -mtriple=$t -x mir -run-pass=none "$c.$tool.mir" -o /dev/null 2>/dev/null; then reads=yes; else reads=no; fi
          # The output must still be what was asked for, judged afresh.
          if COUNT=/dev/null "./$c.test.sh" "$c.$tool.mir"; then holds=yes; else holds=no; fi
        else
          after=none reads=no holds=no
        fi
        echo "$c $tool: want $want, machine instructions $(python3 "$here/mircount.py" "$c.mir" | cut -d' ' -f1) -> $after, reads back $reads, still interesting $holds, calls $(wc -l < "$c.$tool.count" 2>/dev/null || echo 0), wall $(awk "BEGIN { printf \"%.1f\", $end - $start }") s" | tee -a summary.txt
      done
    done
  done
done
python3 - summary.txt <<'PY'
import re, sys
rows = {}
for line in open(sys.argv[1]):
    m = re.match(r"(\S+) (\S+): want \S+, machine instructions (\d+) -> (\S+), reads back (\S+), still interesting (\S+), calls (\d+), wall ([\d.]+) s", line)
    if m:
        rows.setdefault(m[1], {})[m[2]] = m
def count(m):
    return int(m[4]) if m[4] != "none" else None
for tool in ("whittle", "llvm-reduce"):
    got = [r[tool] for r in rows.values() if tool in r]
    if not got:
        continue
    done = [m for m in got if m[4] != "none"]
    shrunk = [m for m in done if count(m) < int(m[3])]
    print(f"{tool}: {len(done)}/{len(got)} wrote an output, {len(shrunk)} smaller than the input, "
          f"{sum(m[5] == 'yes' for m in done)} read back, {sum(m[6] == 'yes' for m in done)} still interesting; "
          f"instructions {sum(int(m[3]) for m in got)} -> {sum(count(m) or int(m[3]) for m in got)}, "
          f"calls {sum(int(m[7]) for m in got)}, wall {sum(float(m[8]) for m in got):.0f} s")
import math
def gm(xs): return math.exp(sum(math.log(x) for x in xs) / len(xs))
def ratios(cases, what):
    if not cases:
        return
    calls = gm([max(int(r["whittle"][7]), 1) / max(int(r["llvm-reduce"][7]), 1) for r in cases])
    size = gm([max(count(r["whittle"]), 1) / max(count(r["llvm-reduce"]), 1) for r in cases])
    wall = gm([max(float(r["whittle"][8]), 0.1) / max(float(r["llvm-reduce"][8]), 0.1) for r in cases])
    print(f"whittle / llvm-reduce over {len(cases)} cases {what} (geomean): calls {calls:.2f}x, instructions {size:.2f}x, wall {wall:.2f}x")
both = [r for r in rows.values() if len(r) == 2 and all(m[4] != "none" for m in r.values())]
ratios(both, "where both wrote an output")
# Where llvm-reduce left the input as it was, the size ratio says little.
ratios([r for r in both if all(count(m) < int(m[3]) for m in r.values())], "where both made it smaller")
PY
