#!/usr/bin/env python3
"""A program runner whose output is a fixed sequence, one item per run: a
stand-in for a source program that behaves differently from run to run in
a way a single repeat run can miss.

usage: flaky-run.py COUNTER SEQUENCE MODULE

Run n (counted in the file COUNTER) prints the n-th letter of SEQUENCE
(the last one once the sequence is used up). MODULE is not read.
"""
import os
import sys

counter, sequence = sys.argv[1], sys.argv[2]
n = int(open(counter).read()) if os.path.exists(counter) else 0
open(counter, "w").write(str(n + 1))
print(sequence[min(n, len(sequence) - 1)])
