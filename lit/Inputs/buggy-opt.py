#!/usr/bin/env python3
"""An optimizer with an injected miscompilation, for metamorphic tests.

usage: buggy-opt.py [--replace OLD NEW] OPT-ARGS... -o OUTPUT

Runs LLVM_BIN_DIR's opt (the suite's LLVM; default LLVM 22's) with the given
arguments, then "miscompiles" the result:
every `icmp slt` becomes `icmp sle`, so loops bounded by a signed
less-than run one iteration too many (or every OLD becomes NEW).
Everything else is opt's real output.
"""
import os
import subprocess
import sys
import tempfile

llvm_bin = os.environ.get("LLVM_BIN_DIR", "/usr/lib/llvm-22/bin")
args = sys.argv[1:]
old, new = "icmp slt", "icmp sle"
if args[:1] == ["--replace"]:
    old, new, args = args[1], args[2], args[3:]
if "-o" not in args:
    sys.exit("buggy-opt.py: need -o OUTPUT")
at = args.index("-o")
output = args[at + 1]
rest = args[:at] + args[at + 2 :]
with tempfile.TemporaryDirectory() as tmp:
    text_file = os.path.join(tmp, "opt.ll")
    subprocess.run([os.path.join(llvm_bin, "opt"), "-S", *rest, "-o", text_file], check=True)
    text = open(text_file).read().replace(old, new)
    open(text_file, "w").write(text)
    subprocess.run([os.path.join(llvm_bin, "llvm-as"), text_file, "-o", output], check=True)
