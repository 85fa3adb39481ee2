#!/usr/bin/env python3
"""Print a test's IR or Machine IR, written in LLVM 22's syntax, in the form
the LLVM under test reads: `ir-for-llvm.py MAJOR FILE`. Only what the
suite's inputs use:
- before LLVM 22 the lifetime intrinsics take the object's size first
  (`llvm.lifetime.start.p0(i64 -1, ptr %a)`, -1: all of it);
- from LLVM 23 on, SUBREG_TO_REG has no leading immediate
  (`SUBREG_TO_REG %r, %subreg.sub_32bit`, not `SUBREG_TO_REG 0, %r, ...`)."""

import re
import sys

major, path = int(sys.argv[1]), sys.argv[2]
text = open(path).read()
if major < 22:
    text = re.sub(
        r"@llvm\.lifetime\.(start|end)\.p0\(ptr\)",
        r"@llvm.lifetime.\1.p0(i64 immarg, ptr)",
        text,
    )
    text = re.sub(
        r"@llvm\.lifetime\.(start|end)\.p0\(ptr ",
        r"@llvm.lifetime.\1.p0(i64 -1, ptr ",
        text,
    )
if major >= 23:
    text = re.sub(r"\bSUBREG_TO_REG 0, ", "SUBREG_TO_REG ", text)
sys.stdout.write(text)
