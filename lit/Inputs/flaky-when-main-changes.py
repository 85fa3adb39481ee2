#!/usr/bin/env python3
"""An interestingness test that is sound while @main keeps its type and
flaky once it does not, as a program run by lli is when a pass gives
@main a parameter through which it writes into the runtime's argv.

usage: flaky-when-main-changes.py STATE-DIR MAIN PATTERN CANDIDATE

A candidate is interesting when it contains PATTERN and either still
defines MAIN (the input's `define ... @main(...)` line), or is seen for the
first time: such a candidate tests interesting once, then never again.
"""
import sys

from flaky_once import first_sighting

state, main, pattern, candidate = sys.argv[1:5]
text = open(candidate, "rb").read()
if pattern.encode() not in text:
    sys.exit(1)
if main.encode() in text:
    sys.exit(0)
sys.exit(0 if first_sighting(state, text) else 1)
