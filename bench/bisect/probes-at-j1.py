#!/usr/bin/env python3
"""probes-at-j1.py [CASE...]: the culprit search's probes at -j 1 against
ceil(log2(passes)) + 2 on the lit cases (lit/bisect-*.ll).

Each case's own bisect RUN line (the first; with the RUN lines before it
that make its input) runs again with -j1 and --stats-json, in a scratch
directory; the table is what the runs' stats say. Needs the lit suite's
plugin (target/lit/bisect-plugin.so, built by a lit run) and the debug
binary."""
import glob
import json
import math
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
whittle = os.environ.get("WHITTLE", os.path.join(root, "target/debug/whittle"))
plugin = os.path.join(root, "target/lit/bisect-plugin.so")
cases = sys.argv[1:] or sorted(glob.glob(os.path.join(root, "lit/bisect-*.ll")))

print("| case | passes | culprit | culprit probes | ceil(log2)+2 | within 2 | skipped | wall s |")
print("|---|---:|---|---:|---:|---|---:|---:|")
for case in cases:
    name = os.path.basename(case)[len("bisect-"):-len(".ll")]
    with tempfile.TemporaryDirectory() as tmp:
        t = os.path.join(tmp, "t")
        subst = [("%%s", "\0"), ("%whittle", whittle), ("%bisect_plugin", plugin),
                 ("%inputs", os.path.join(root, "lit/Inputs")), ("%python", "python3"),
                 ("%t", t), ("%s", case), ("\0", "%s")]
        for line in open(case):
            m = re.match(r"; RUN: (.*)", line)
            if not m:
                continue
            cmd = m.group(1)
            for a, b in subst:
                cmd = cmd.replace(a, b)
            if " bisect " not in cmd:
                subprocess.run(cmd, shell=True, cwd=tmp, check=True)
                continue
            cmd = re.sub(r" bisect -j\d+", " bisect -j1", cmd)
            cmd = re.sub(r" --stats-json \S+", "", cmd)
            cmd = re.sub(r" --emit-lit \S+", "", cmd)
            cmd = cmd.replace(" bisect -j1", " bisect -j1 --stats-json %s/s.json" % tmp, 1)
            started = time.time()
            subprocess.run(cmd, shell=True, cwd=tmp)
            wall = time.time() - started
            break
        d = json.load(open(os.path.join(tmp, "s.json")))["bisect"]
        total = d["total_passes"]
        c = d["culprit"]
        p = d["probes"]
        bound = math.ceil(math.log2(total)) + 2 if total > 1 else 0
        if c is None:
            print(f"| {name} | {total} | none (fails at limit 0) | – | {bound} | – | {p['skipped']} | {wall:.1f} |")
            continue
        ok = "yes" if abs(p["culprit"] - bound) <= 2 else "NO"
        print(f"| {name} | {total} | ({c['index']}) {c['pass']} | {p['culprit']} | {bound} | {ok} | {p['skipped']} | {wall:.1f} |", flush=True)
