#!/usr/bin/env python3
"""LLVM 22's opt with one injected miscompilation (a seeded fault).

usage: faulty-opt.py FAULT OPT-ARGS... -o OUTPUT

Runs opt, then rewrites its output according to FAULT:
  slt   every `icmp slt` becomes `icmp sle` (loops run once too often)
  lshr  every `lshr` becomes `ashr` (unsigned shifts smear the sign bit)
  ugt   every `icmp ugt` becomes `icmp uge` (off by one in unsigned compares)
  sext  every `sext` becomes `zext` (negative values widen to large positive ones)
"""
import os
import subprocess
import sys
import tempfile

FAULTS = {
    "slt": ("icmp slt", "icmp sle"),
    "lshr": (" lshr ", " ashr "),
    "ugt": ("icmp ugt", "icmp uge"),
    "sext": (" sext ", " zext "),
}

llvm_bin = os.environ.get("LLVM_BIN_DIR", "/usr/lib/llvm-22/bin")
fault, args = sys.argv[1], sys.argv[2:]
old, new = FAULTS[fault]
at = args.index("-o")
output, rest = args[at + 1], args[:at] + args[at + 2 :]
with tempfile.TemporaryDirectory() as tmp:
    text = os.path.join(tmp, "opt.ll")
    done = subprocess.run([os.path.join(llvm_bin, "opt"), "-S", *rest, "-o", text])
    if done.returncode != 0:
        sys.exit(done.returncode)
    body = open(text).read().replace(old, new)
    open(text, "w").write(body)
    sys.exit(subprocess.run([os.path.join(llvm_bin, "llvm-as"), text, "-o", output]).returncode)
