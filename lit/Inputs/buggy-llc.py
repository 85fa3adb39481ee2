#!/usr/bin/env python3
"""A code generator with an injected miscompilation, for metamorphic tests.

usage: buggy-llc.py LLC-ARGS... MODULE -o OUTPUT

Runs LLVM_BIN_DIR's llc (the suite's LLVM; default LLVM 22's), except that
at -O2 it first "miscompiles" the module:
every `icmp slt` becomes `icmp sle`. At -O0 it is llc itself.
"""
import os
import subprocess
import sys
import tempfile

llvm_bin = os.environ.get("LLVM_BIN_DIR", "/usr/lib/llvm-22/bin")
args = sys.argv[1:]
if "-O2" in args:
    with tempfile.TemporaryDirectory() as tmp:
        text = os.path.join(tmp, "in.ll")
        out = args.index("-o") + 1
        module = next(a for i, a in enumerate(args) if not a.startswith("-") and i != out)
        if open(module, "rb").read(4) == b"BC\xc0\xde":
            subprocess.run([os.path.join(llvm_bin, "llvm-dis"), module, "-o", text], check=True)
        else:
            text = module
        body = open(text).read().replace("icmp slt", "icmp sle")
        text = os.path.join(tmp, "miscompiled.ll")
        open(text, "w").write(body)
        args = [text if a == module else a for a in args]
        sys.exit(subprocess.run([os.path.join(llvm_bin, "llc"), *args]).returncode)
sys.exit(subprocess.run([os.path.join(llvm_bin, "llc"), *args]).returncode)
