#!/bin/sh
# A seeded optimizer for user-defined relations (--mr user): LLVM 22's
# `opt -O2`, then one wrong rewrite of its output, as a miscompiling
# optimizer would do it.
#   usage: seeded-opt.sh FAULT SOURCE FOLLOWUP
#   ashr  every `ashr` becomes `lshr` (signed shifts lose the sign)
#   sdiv  every `sdiv` becomes `udiv` (negative dividends go wrong)
#   sge   every `icmp sge` becomes `icmp sgt` (off by one in signed compares)
#   sext  every `sext` becomes `zext` (negative values widen wrongly)
set -e
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
fault=$1 src=$2 out=$3
case $fault in
  ashr) rewrite='s/ ashr / lshr /g' ;;
  sdiv) rewrite='s/ sdiv / udiv /g' ;;
  sge) rewrite='s/icmp sge /icmp sgt /g' ;;
  sext) rewrite='s/ sext / zext /g' ;;
  *) echo "seeded-opt.sh: unknown fault '$fault'" >&2; exit 2 ;;
esac
"$LLVM_BIN/opt" -O2 -S "$src" -o - | sed "$rewrite" | "$LLVM_BIN/llvm-as" -o "$out"
