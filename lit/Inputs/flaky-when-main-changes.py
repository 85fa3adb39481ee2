#!/usr/bin/env python3
"""An interestingness test that is sound while @main keeps its type and
flaky once it does not, as a program run by lli is when a pass gives
@main a parameter through which it writes into the runtime's argv.

usage: flaky-when-main-changes.py STATE-DIR MAIN PATTERN CANDIDATE

A candidate is interesting when it contains PATTERN and either still
defines MAIN (the input's `define ... @main(...)` line), or is seen for the
first time: such a candidate tests interesting once, then never again.
"""
import hashlib
import os
import sys

state, main, pattern, candidate = sys.argv[1:5]
text = open(candidate, "rb").read()
if pattern.encode() not in text:
    sys.exit(1)
if main.encode() in text:
    sys.exit(0)
os.makedirs(state, exist_ok=True)
seen = os.path.join(state, hashlib.sha256(text).hexdigest())
if os.path.exists(seen):
    sys.exit(1)
open(seen, "w").close()
