#!/usr/bin/env python3
"""verify-culprit.py STATS.json [--match REGEX] -- COMMAND ARG...

Checks, independently of whittle, the culprit a `whittle bisect
--stats-json` reported: COMMAND (an opt/llc run) with
-opt-bisect-limit=N-1 right after the program (behind -mllvm for clang)
must not fail, and with
-opt-bisect-limit=N it must: crash (no --match), or print a line matching
REGEX (--match). Prints the culprit it verified."""
import json
import re
import subprocess
import sys

args = sys.argv[1:]
stats = json.load(open(args.pop(0)))
pattern = None
if args[0] == "--match":
    pattern = re.compile(args[1])
    args = args[2:]
assert args.pop(0) == "--"
culprit = stats["bisect"]["culprit"]
n = culprit["index"]


def run(limit):
    flag = ["-opt-bisect-limit=%d" % limit]
    if "clang" in args[0]:
        flag = ["-mllvm"] + flag
    cmd = [args[0]] + flag + args[1:]
    p = subprocess.run(cmd, capture_output=True, text=True)
    failed = (p.returncode != 0) if pattern is None else any(
        pattern.search(l) for l in (p.stdout + p.stderr).splitlines()
    )
    return failed


if run(n - 1):
    sys.exit("with -opt-bisect-limit=%d the command fails already" % (n - 1))
if not run(n):
    sys.exit("with -opt-bisect-limit=%d the command does not fail" % n)
print("verified culprit: (%d) %s on %s" % (n, culprit["pass"], culprit["unit"]))
