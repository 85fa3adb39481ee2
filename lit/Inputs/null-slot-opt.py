#!/usr/bin/env python3
"""An optimizer whose miscompilation makes the program crash, for
metamorphic tests.

usage: null-slot-opt.py OPT-ARGS... -o OUTPUT

Runs LLVM 22's opt with the given arguments, then "miscompiles" the result:
every address operand `ptr @slot` becomes `ptr null`, so a store to the
global @slot that survives optimization crashes the program (SIGSEGV).
"""
import os
import subprocess
import sys
import tempfile

llvm_bin = os.environ.get("LLVM_BIN_DIR", "/usr/lib/llvm-22/bin")
args = sys.argv[1:]
at = args.index("-o")
output = args[at + 1]
rest = args[:at] + args[at + 2 :]
with tempfile.TemporaryDirectory() as tmp:
    text_file = os.path.join(tmp, "opt.ll")
    subprocess.run([os.path.join(llvm_bin, "opt"), "-S", *rest, "-o", text_file], check=True)
    text = open(text_file).read().replace("ptr @slot", "ptr null")
    open(text_file, "w").write(text)
    subprocess.run([os.path.join(llvm_bin, "llvm-as"), text_file, "-o", output], check=True)
