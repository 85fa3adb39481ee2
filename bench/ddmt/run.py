#!/usr/bin/env python3
"""DDMT against a reference oracle, on seeded miscompilations.

For every program in programs/ (C, compiled to pre-optimization IR with
clang-22) and every fault faulty-opt.py can inject into opt's output, where
the fault changes what the program does, reduce the program twice with
whittle:

  DD    with a known-good reference: reference-test.sh, interesting when
        the faulty optimizer's program behaves differently from LLVM's own
        opt's (a ddmin-style test that needs a correct optimizer);
  DDMT  with the metamorphic oracle: --mr opt-equivalence --mr-opt FAULT,
        interesting when the program behaves differently before and after
        the faulty optimizer (no reference needed).

and report, per subject, the final size (instructions), the queries
(oracle calls) and the wall time of each, as Table VI of the DDMT paper
does. The "trusted" column re-checks each result with whittle's metamorphic
oracle from scratch: it must still show the miscompilation, run the same on
a second run, and (under lli) agree with lli's interpreter; a DD result that
fails it reduced into undefined behaviour rather than the bug.

usage: bench/ddmt/run.py [--whittle PATH] [--jobs N] [--out DIR] [--only NAME]
"""
import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
LLVM_BIN = os.environ.get("LLVM_BIN", "/usr/lib/llvm-22/bin")
FAULTS = ["slt", "lshr", "ugt", "sext"]


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def behaviour(module_or_bc):
    r = run([f"{LLVM_BIN}/lli", module_or_bc], timeout=20)
    return (r.stdout, r.returncode)


def instructions(path):
    # Instructions in function bodies, as the shared benchmark counts them.
    n = 0
    inside = False
    for line in open(path):
        if line.startswith("define "):
            inside = True
        elif line.startswith("}"):
            inside = False
        elif inside and line.startswith("  ") and not line.strip().startswith(";"):
            n += 1
    return n


def reduce(whittle, jobs, out_dir, name, args):
    out = os.path.join(out_dir, name + ".out.ll")
    stats = os.path.join(out_dir, name + ".json")
    started = time.time()
    r = run([whittle, "-q", "-j", str(jobs), "--stats-json", stats, "-o", out, *args])
    wall = time.time() - started
    if r.returncode != 0:
        return {"ok": False, "error": r.stderr.strip().splitlines()[-1:] or ["?"], "wall": wall}
    s = json.load(open(stats))
    return {"ok": True, "out": out, "insts": instructions(out), "queries": s["tests"], "wall": wall}


def trusted(whittle, fault_cmd, module):
    # A metamorphic re-check from scratch: violated, deterministic, and the
    # interpreter agrees (record fails otherwise).
    r = run([whittle, "-q", "--delta-passes=module-data", "--max-pass-iterations=1",
             "--mr", "opt-equivalence", "--mr-opt", fault_cmd, module, "-o", module + ".recheck"])
    return r.returncode == 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--whittle", default=os.path.join(HERE, "..", "..", "target", "release", "whittle"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", default=os.path.join(HERE, "..", "..", "target", "ddmt"))
    ap.add_argument("--only", help="run only subjects whose name contains this")
    a = ap.parse_args()
    whittle = os.path.abspath(a.whittle)
    out_dir = os.path.abspath(a.out)
    os.makedirs(out_dir, exist_ok=True)

    rows = []
    for prog in sorted(os.listdir(os.path.join(HERE, "programs"))):
        if not prog.endswith(".c"):
            continue
        base = prog[:-2]
        ll = os.path.join(out_dir, base + ".ll")
        run([f"{LLVM_BIN}/clang", "-O2", "-Xclang", "-disable-llvm-passes", "-S", "-emit-llvm",
             "-fno-discard-value-names", os.path.join(HERE, "programs", prog), "-o", ll], check=True)
        good = behaviour(ll)
        for fault in FAULTS:
            name = f"{base}-{fault}"
            if a.only and a.only not in name:
                continue
            wrapper = os.path.join(out_dir, f"opt-{fault}")
            with open(wrapper, "w") as f:
                f.write(f'#!/bin/sh\nexec python3 "{HERE}/faulty-opt.py" {fault} "$@"\n')
            os.chmod(wrapper, 0o755)
            bad_bc = os.path.join(out_dir, name + ".bad.bc")
            run([wrapper, "-passes=default<O2>", ll, "-o", bad_bc], check=True)
            if behaviour(bad_bc) == good:
                print(f"[{name}] the fault does not change this program; skipped", flush=True)
                continue
            print(f"[{name}] {instructions(ll)} instructions", flush=True)
            dd = reduce(whittle, a.jobs, out_dir, name + ".dd",
                        ["--skip-delta-passes=operands-poison", "--test", os.path.join(HERE, "reference-test.sh"),
                         "--test-arg", fault, ll])
            ddmt = reduce(whittle, a.jobs, out_dir, name + ".ddmt",
                          ["--timeout", "2", "--mr", "opt-equivalence", "--mr-opt", wrapper, ll])
            for r in (dd, ddmt):
                r["trusted"] = r["ok"] and trusted(whittle, wrapper, r["out"])
            rows.append({"subject": name, "insts": instructions(ll), "dd": dd, "ddmt": ddmt})
            print(f"[{name}] DD {dd.get('insts')} insts / {dd.get('queries')} queries; "
                  f"DDMT {ddmt.get('insts')} insts / {ddmt.get('queries')} queries", flush=True)

    json.dump(rows, open(os.path.join(out_dir, "results.json"), "w"), indent=1)
    print()
    print("| subject | insts | DD size | DD queries | DD time s | DD trusted | DDMT size | DDMT queries | DDMT time s | DDMT trusted |")
    print("|---|---:|---:|---:|---:|---|---:|---:|---:|---|")
    for r in rows:
        cells = [r["subject"], str(r["insts"])]
        for k in ("dd", "ddmt"):
            x = r[k]
            if x["ok"]:
                cells += [str(x["insts"]), str(x["queries"]), f"{x['wall']:.1f}", "yes" if x["trusted"] else "no"]
            else:
                cells += ["error", "", f"{x['wall']:.1f}", ""]
        print("| " + " | ".join(cells) + " |")
    ok = [r for r in rows if r["dd"]["ok"] and r["ddmt"]["ok"]]
    if ok:
        def gmean(xs):
            p = 1.0
            for x in xs:
                p *= max(x, 1)
            return p ** (1 / len(xs))
        print()
        print(f"geometric means over {len(ok)} subjects: size DD {gmean([r['dd']['insts'] for r in ok]):.1f}, "
              f"DDMT {gmean([r['ddmt']['insts'] for r in ok]):.1f}; queries DD {gmean([r['dd']['queries'] for r in ok]):.0f}, "
              f"DDMT {gmean([r['ddmt']['queries'] for r in ok]):.0f}; time DD {gmean([r['dd']['wall'] for r in ok]):.1f}s, "
              f"DDMT {gmean([r['ddmt']['wall'] for r in ok]):.1f}s")


if __name__ == "__main__":
    sys.exit(main())
