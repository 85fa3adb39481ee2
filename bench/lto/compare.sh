#!/bin/sh
# Link-time crashes, side by side: whittle on the modules of the link
# against llvm-reduce on the merged module (llvm-link, then a summary), the
# workaround llvm-reduce users have. The cases are the lit tests'
# (lit/lto-imported.test: a crash only when a function is imported;
# lit/lto-merged.test: one that survives merging), with the test plugin's
# planted crashes; the oracle is the same grep of the link's crash message
# for both tools. Prints, per case and tool: whether the input was
# interesting, test runs, instructions after.
#
#   WHITTLE=target/release/whittle PLUGIN=target/lit/bisect-plugin-llvm22.so bench/lto/compare.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=${LLVM_BIN:-/usr/lib/llvm-22/bin}
whittle=${WHITTLE:-$root/target/release/whittle}
plugin=${PLUGIN:?the test plugin: PLUGIN=.../bisect-plugin-llvm22.so (lit builds it)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
count() { # instructions in the modules $@ (bench/llvm/tools/instcount.py)
  total=0
  for m in "$@"; do
    "$bin/llvm-dis" "$m" -o "$work/count.ll"
    n=$(python3 "$root/bench/llvm/tools/instcount.py" "$work/count.ll" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["instructions"])')
    total=$((total + n))
  done
  echo "$total"
}
for case in imported merged; do
  d="$work/$case"; mkdir -p "$d"
  # The modules of the case: the split-file sections of its lit test.
  "$bin/split-file" "$root/lit/lto-$case.test" "$d"
  set --
  for m in a b c; do "$bin/opt" -module-summary "$d/$m.ll" -o "$d/$m.bc"; set -- "$@" "$d/$m.bc"; done
  message=$([ $case = imported ] && echo wt-crash-imported || echo "wt-crash:")
  cat > "$d/test.sh" <<SH
#!/bin/sh
n=\$(cat "$d/calls" 2>/dev/null || echo 0); echo \$((n + 1)) > "$d/calls"
"$bin/ld.lld" --load-pass-plugin=$plugin -e main --unresolved-symbols=ignore-all "\$@" -o /dev/null 2>&1 | grep -q "$message"
SH
  chmod +x "$d/test.sh"
  # whittle on the modules.
  rm -f "$d/calls"
  "$whittle" -q -j 1 --test="$d/test.sh" "$@" -o "$d/whittle-out"
  w_calls=$(cat "$d/calls"); w_size=$(count "$d"/whittle-out/*)
  # llvm-reduce on the merged module.
  "$bin/llvm-link" "$@" -o "$d/merged.bc" && "$bin/opt" -module-summary "$d/merged.bc" -o "$d/merged.bc"
  rm -f "$d/calls"
  if "$bin/llvm-reduce" -j 1 --test="$d/test.sh" "$d/merged.bc" -o "$d/llvm-reduce-out.bc" >"$d/llvm-reduce.log" 2>&1; then
    l_result="$(cat "$d/calls") runs, $(count "$d/llvm-reduce-out.bc") instructions"
  else
    l_result="fails: $(grep -m1 -i 'interesting' "$d/llvm-reduce.log" || tail -1 "$d/llvm-reduce.log")"
  fi
  echo "$case: whittle (modules): $w_calls runs, $w_size instructions; llvm-reduce (merged module): $l_result"
done
