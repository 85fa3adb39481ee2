#!/bin/sh
# An optimizer whose miscompilation makes the program crash: opt, then
# every address operand `ptr @slot` becomes `ptr null`, so a store to the
# global @slot that survives optimization is a store through null (SIGSEGV).
exec python3 "$(dirname "$0")/buggy-opt.py" --replace 'ptr @slot' 'ptr null' "$@"
