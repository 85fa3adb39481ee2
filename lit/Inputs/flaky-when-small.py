#!/usr/bin/env python3
"""An interestingness test that is sound on large candidates and flaky on
small ones, as a test that depends on a race or on memory layout can be.

usage: flaky-when-small.py STATE-DIR THRESHOLD PATTERN CANDIDATE

A candidate is interesting when it contains PATTERN and either has more
than THRESHOLD instructions (lines indented by two spaces), or is seen for
the first time: a small candidate tests interesting once, then never again.
"""
import sys

from flaky_once import first_sighting

state, threshold, pattern, candidate = sys.argv[1:5]
text = open(candidate, "rb").read()
if pattern.encode() not in text:
    sys.exit(1)
if sum(1 for l in text.splitlines() if l.startswith(b"  ")) > int(threshold):
    sys.exit(0)
sys.exit(0 if first_sighting(state, text) else 1)
