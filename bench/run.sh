#!/bin/sh
# Runs the benchmark's driver (bench/llvm/run.py, bench/mlir/run.py) on its
# cases plus the extra cases (bench/cases-extra/{llvm,mlir}): a fresh suite
# folder under $BENCH_OUT (one per invocation, so that runs may overlap)
# holds a symlink to run.py (which finds its cases/ beside itself) and a
# cases/ folder of symlinks to both sets of cases. `cargo xtask bench` runs
# whittle and the peer reducer through it side by side.
#
#   BENCH_OUT=/some/dir bench/run.sh llvm --tool target/release/whittle --label whittle -j 1
#   BENCH_OUT=/some/dir bench/run.sh mlir --tool mlir-reduce --cases sqlite-import-slp-avx2
#
# Everything after the first argument goes to run.py (--cases, --skip, -j,
# --timeout, --tool-arg, --compare, ...).
set -e
kind=$1; shift
here=$(cd "$(dirname "$0")" && pwd)
case $kind in
  llvm) upstream=$here/llvm ;;
  mlir) upstream=$here/mlir ;;
  *) echo "usage: $0 llvm|mlir [run.py arguments]" >&2; exit 2 ;;
esac
: "${BENCH_OUT:?set BENCH_OUT to a directory of your own}"
mkdir -p "$BENCH_OUT"
suite=$(mktemp -d "$BENCH_OUT/suite-$kind.XXXXXX")
mkdir "$suite/cases"
ln -s "$upstream/run.py" "$suite/run.py"
[ -d "$upstream/tools" ] && ln -s "$upstream/tools" "$suite/tools"
for c in "$upstream"/cases/* "$here"/cases-extra/$kind/*; do
  [ -f "$c/test.sh" ] && ln -s "$c" "$suite/cases/$(basename "$c")"
done
exec python3 "$suite/run.py" "$@"
