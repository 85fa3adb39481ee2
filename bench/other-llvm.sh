#!/bin/sh
# The benchmark with another LLVM: its clang regenerates every input (LLVM 19
# cannot read the committed inputs, which are LLVM 22 IR), its tools run the
# tests, its llvm-reduce is the baseline.
#
#   BENCH_OUT=/some/dir bench/other-llvm.sh 19 --tool target/llvm-19/release/whittle --label whittle-19 -j 1
#   BENCH_OUT=/some/dir bench/other-llvm.sh 19 --tool llvm-reduce -j 1
#
# The first run makes $BENCH_OUT/llvm<N>/: the shared cases and
# bench/cases-extra/llvm, copied without their generated inputs (the lit
# cases' inputs, copied from LLVM's tests, stay), tools/ linked and the
# semantic cases' shared builder reached through a wrapper (it finds its
# programs from where it is); run.py --make-inputs regenerates the inputs with
# LLVM N's clang, and run.py --check keeps the cases whose test holds on its
# regenerated input (the others are set aside in rejected/, and said).
# Every run then calls run.py there with LLVM_BIN=/usr/lib/llvm-<N>/bin.
set -e
major=$1; shift
here=$(cd "$(dirname "$0")" && pwd)
shared=$here/llvm
: "${BENCH_OUT:?set BENCH_OUT to a directory of your own}"
export LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-$major/bin}
suite="$BENCH_OUT/llvm$major"
if [ ! -f "$suite/.made" ]; then
  rm -rf "$suite"
  mkdir -p "$suite/cases" "$suite/rejected"
  ln -s "$shared/run.py" "$suite/run.py"
  ln -s "$shared/tools" "$suite/tools"
  printf '#!/bin/sh\nexec "%s" "$@"\n' "$here/cases-extra/llvm/semantic-input.sh" >"$suite/cases/semantic-input.sh"
  chmod +x "$suite/cases/semantic-input.sh"
  for c in "$shared"/cases/* "$here"/cases-extra/llvm/*; do
    [ -f "$c/test.sh" ] || continue
    cp -r "$c" "$suite/cases/"
    [ -f "$c/make-input.sh" ] && rm -f "$suite/cases/$(basename "$c")/input.ll"
  done
  python3 "$suite/run.py" --make-inputs
  for c in "$suite"/cases/*/; do
    name=$(basename "$c")
    if ! python3 "$suite/run.py" --check --cases "$name" >"$suite/check-$name.log" 2>&1; then
      echo "other-llvm: $name: its test does not hold on LLVM $major's input (see $suite/check-$name.log); left out" >&2
      mv "$c" "$suite/rejected/"
    fi
  done
  touch "$suite/.made"
fi
exec python3 "$suite/run.py" "$@"
