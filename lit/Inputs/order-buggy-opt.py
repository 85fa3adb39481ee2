#!/usr/bin/env python3
"""An optimizer whose output depends on function order, for metamorphic
tests of the `reorder` relation.

usage: order-buggy-opt.py OPT-ARGS... -o OUTPUT

Runs LLVM_BIN_DIR's opt (the suite's LLVM; default LLVM 22's; text output),
then "miscompiles" only the first function
it emits: there, every `icmp slt` becomes `icmp sle`.
"""
import os
import subprocess
import sys

llvm_bin = os.environ.get("LLVM_BIN_DIR", "/usr/lib/llvm-22/bin")
args = sys.argv[1:]
at = args.index("-o")
output = args[at + 1]
rest = args[:at] + args[at + 2 :]
text = subprocess.run([os.path.join(llvm_bin, "opt"), "-S", *rest, "-o", "-"], check=True, capture_output=True, text=True).stdout
start = text.find("\ndefine ")
if start >= 0:
    end = text.find("\n}\n", start)
    text = text[:start] + text[start:end].replace("icmp slt", "icmp sle") + text[end:]
open(output, "w").write(text)
