#!/usr/bin/env python3
"""Markdown tables for README from run.py result files.

  bench/tables.py --base REF.json[,MORE.json] RUN.json [RUN.json ...] [--key calls|wall|size|ops]

REF is the reference tool's results (several files are merged by case, the
first one that has a case wins: e.g. the shared llvm-reduce figures and a run
of llvm-reduce on the extra cases); each RUN is one tool or policy, in the
same form (LABEL=A.json,B.json names its column; else the first file's
label does). Prints,
per case, the figure of each and the ratio RUN/REF, then the median and the
geometric mean of the ratios. Oracle calls and sizes do not depend on the
machine; wall times do (compare runs made side by side).
"""
import argparse
import json
import math
import statistics

KEYS = {"calls": "oracle_calls", "wall": "wall_s", "size": "output_instructions",
        "ops": "output_ops"}


def load(paths):
    merged, label = {}, None
    if "=" in paths.split(",")[0]:
        label, paths = paths.split("=", 1)
    for p in paths.split(","):
        with open(p) as f:
            res = json.load(f)
        label = label or res.get("label", p)
        for c in res["cases"]:
            merged.setdefault(c["case"], c)
    return label, merged


def fmt(v):
    if v is None:
        return "-"
    if isinstance(v, float):
        return f"{v:.1f}"
    return str(v)


def figure(case, key):
    v = case.get(KEYS[key])
    if key == "size" and v is None:
        v = case.get("output_ops")
    status = case.get("status")
    if status == "timeout" and v is not None and key != "wall":
        return f"{fmt(v)} (timeout)", v
    if status not in ("ok", "timeout") or (key != "wall" and v is None):
        return status or "-", None
    return fmt(v), v


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base", required=True)
    ap.add_argument("--key", default="calls", choices=sorted(KEYS))
    ap.add_argument("runs", nargs="+")
    args = ap.parse_args()
    base_label, base = load(args.base)
    runs = [load(r) for r in args.runs]
    hdr = ["case", base_label] + sum([[lab, "ratio"] for lab, _ in runs], [])
    print("| " + " | ".join(hdr) + " |")
    print("|---|" + "---:|" * (len(hdr) - 1))
    ratios = [[] for _ in runs]
    for name in sorted(base):
        text, ref = figure(base[name], args.key)
        row = [name, text]
        for i, (_, res) in enumerate(runs):
            case = res.get(name)
            if case is None:
                row += ["-", "-"]
                continue
            t, v = figure(case, args.key)
            r = v / ref if (v is not None and ref) else None
            if r is not None:
                ratios[i].append(r)
            row += [t, f"{r:.2f}" if r is not None else "-"]
        print("| " + " | ".join(row) + " |")
    for i, (lab, _) in enumerate(runs):
        rs = ratios[i]
        if rs:
            geo = math.exp(sum(math.log(r) for r in rs) / len(rs))
            print(f"\n{lab}/{base_label} ({args.key}, {len(rs)} cases): median "
                  f"{statistics.median(rs):.2f}, geometric mean {geo:.2f}")


if __name__ == "__main__":
    main()
