#!/usr/bin/env python3
"""probe-bound.py STATS.json: a -j 1 bisection's culprit stage took at most
ceil(log2(total passes)) + 2 + 2 probes (the issue's bound: within 2 of
ceil(log2(total)) + 2). Prints the figures it checked."""
import json
import math
import sys

stats = json.load(open(sys.argv[1]))["bisect"]
total = stats["total_passes"]
probes = stats["probes"]["culprit"]
target = math.ceil(math.log2(total)) + 2
if abs(probes - target) > 2:
    sys.exit("%d culprit probes for %d passes: not within 2 of %d" % (probes, total, target))
print("culprit probes within 2 of ceil(log2(passes)) + 2")
