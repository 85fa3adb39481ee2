#!/usr/bin/env python3
"""Does candidate generation keep a cluster busy? One reduction whose test
sleeps 1 s (so the test, not whittle, should be the cost), run at -j 1, 4,
16 and 64: locally, and on a Slurm cluster inside an allocation of as many
tasks (`salloc -n J whittle -j J --executor=slurm`). Prints a markdown table:
wall time, speedup over -j 1 of the same executor, the verdicts the
reduction used, the Slurm runs started (speculative ones included) and how
many answered on each node, whittle's
own time per candidate, and how busy the tests kept the workers: the summed
time of the tests whose verdict was used over the wall time (a lower bound
on the tests in flight: speculative tests that lost are not in it).

usage: bench/slurm/throughput.py WHITTLE [--jobs 1,4,16,64] [--executors local,slurm]

The module has 32 functions; the test keeps the even-numbered ones and one
instruction (110 tests at -j 1 with --delta-passes=module-items), so about
half of all candidates fail and the speculative
window stays full. Needs a cluster that answers `sinfo` (for -j 64 on three
nodes of this machine: `WHITTLE_SLURM_CPUS=22 scripts/local-slurm.sh start
--nodes 3`, then `eval "$(scripts/local-slurm.sh env)"`).
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

FUNCTIONS = 32


def module():
    out = []
    for i in range(FUNCTIONS):
        out.append(f"define i32 @f{i}(i32 %x) {{\n  %y = add i32 %x, {i}\n  %z = mul i32 %y, 3\n  ret i32 %z\n}}\n")
    out.append("define i32 @keep(i32 %x) {\n  %interesting = mul i32 %x, 3\n  ret i32 %interesting\n}\n")
    return "\n".join(out)


TEST = f"""#!/bin/sh
sleep 1
f="$1"
grep -q '%interesting = mul' "$f" || exit 1
n=$(grep -c '^define i32 @f[0-9]*[02468](' "$f")
[ "$n" -eq {FUNCTIONS // 2} ]
"""


def per_candidate_ms(o):
    spent = o["parse_s"] + o["build_s"] + o["verify_s"] + o["serialize_s"] + o["write_s"]
    return 1000 * spent / max(o["candidates"], 1)


def run(whittle, work, executor, jobs):
    out = os.path.join(work, f"{executor}-j{jobs}.ll")
    stats = out + ".json"
    cmd = [whittle, "-q", "-j", str(jobs), "--delta-passes=module-items",
           "--test", os.path.join(work, "test.sh"), os.path.join(work, "in.ll"),
           "-o", out, "--stats-json", stats, "--timeout", "30"]
    if executor == "slurm":
        cmd = ["salloc", "-Q", "-n", str(jobs)] + cmd + ["--executor=slurm"]
    started = time.monotonic()
    subprocess.run(cmd, check=True)
    wall = time.monotonic() - started
    with open(stats) as f:
        s = json.load(f)
    with open(out, "rb") as f:
        result = f.read()
    return wall, s, result


def main():
    p = argparse.ArgumentParser()
    p.add_argument("whittle")
    p.add_argument("--jobs", default="1,4,16,64")
    p.add_argument("--executors", default="local,slurm")
    a = p.parse_args()
    work = tempfile.mkdtemp(prefix="whittle-throughput-")
    with open(os.path.join(work, "in.ll"), "w") as f:
        f.write(module())
    with open(os.path.join(work, "test.sh"), "w") as f:
        f.write(TEST)
    os.chmod(os.path.join(work, "test.sh"), 0o755)
    rows = []
    results = {}
    for executor in a.executors.split(","):
        base = None
        for jobs in [int(j) for j in a.jobs.split(",")]:
            wall, s, result = run(os.path.abspath(a.whittle), work, executor, jobs)
            results.setdefault(jobs, {})[executor] = result
            base = base or wall
            e = s.get("executor", {})
            runs = e.get("runs", "-")
            # Runs that answered, per node: how the steps spread.
            spread = " / ".join(f"{n['name']} {n['answered']}" for n in e.get("nodes", [])) or "-"
            rows.append((executor, jobs, wall, base / wall, s["tests"], runs, spread,
                         per_candidate_ms(s["overhead"]), s["test_time_s"] / wall))
            print(f"# {executor} -j {jobs}: {wall:.1f} s", file=sys.stderr)
    print("| executor | -j | wall s | speedup | tests (verdicts) | Slurm runs | answered per node | whittle ms/candidate | used test-seconds / wall |")
    print("|---|---:|---:|---:|---:|---:|---|---:|---:|")
    for e, j, wall, speedup, tests, runs, spread, ms, flight in rows:
        print(f"| {e} | {j} | {wall:.1f} | {speedup:.1f}x | {tests} | {runs} | {spread} | {ms:.1f} | {flight:.1f} |")
    same = all(len(set(r.values())) == 1 for r in results.values())
    print(f"\nresults identical across executors at each -j: {same}")


if __name__ == "__main__":
    main()
