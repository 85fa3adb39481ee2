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

The user-defined-relation subjects (USER_SUBJECTS) reduce with `--mr user`
as README shows it: the follow-up is made by seeded-opt.sh (opt -O2, then
one wrong rewrite), and the program runs with `lli %s` or natively
(run-native.sh). Their "trusted" column re-checks each result from scratch
(three times) with the same relation and the checker's trust checks
(repeat runs, the address-layout check, the stack patterns, lli's
interpreter): it must still show the miscompilation.

usage: bench/ddmt/run.py [--whittle PATH] [--checker PATH] [--jobs N]
                         [--out DIR] [--only NAME] [--suite faults|user|all]
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
# (program, seeded-opt.sh fault, how the program runs): the user-defined
# relation subjects, each a fault that changes what the program does.
USER_SUBJECTS = [
    ("fixed", "ashr", "lli"),
    ("fixed", "ashr", "native"),
    ("fixed", "sdiv", "lli"),
    ("fixed", "sdiv", "native"),
    ("matrix", "sext", "lli"),
    ("sort", "sext", "lli"),
]


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


def user_relation(fault, runner):
    followup = f"{HERE}/seeded-opt.sh {fault} %s %t"
    run_cmd = "lli %s" if runner == "lli" else f"{HERE}/run-native.sh %s"
    return ["--mr", "user", "--mr-followup", followup, "--mr-run", run_cmd]


def user_trusted(checker, relation, module, times=3):
    # The relation checked from scratch on the result: violated, and every
    # trust check of the checker passes (record fails otherwise).
    for i in range(times):
        r = run([checker, "-q", "--delta-passes=module-data", "--max-pass-iterations=1",
                 *relation, module, "-o", f"{module}.recheck{i}"])
        if r.returncode != 0:
            return False
    return True


def compile_program(out_dir, base):
    ll = os.path.join(out_dir, base + ".ll")
    run([f"{LLVM_BIN}/clang", "-O2", "-Xclang", "-disable-llvm-passes", "-S", "-emit-llvm",
         "-fno-discard-value-names", os.path.join(HERE, "programs", base + ".c"), "-o", ll], check=True)
    return ll


def user_suite(a, whittle, checker, out_dir):
    if a.recheck:
        # Only re-check the results of an earlier run (e.g. of an older
        # whittle) with this checker.
        rows = json.load(open(os.path.join(out_dir, "user-results.json")))
        for row in rows:
            base, fault, runner = row["spec"]
            x = row["user"]
            x["trusted"] = x["ok"] and user_trusted(checker, user_relation(fault, runner), x["out"])
        print_user_table(rows)
        return
    rows = []
    for base, fault, runner in USER_SUBJECTS:
        name = f"{base}-{fault}-{runner}"
        if a.only and a.only not in name:
            continue
        ll = compile_program(out_dir, base)
        relation = user_relation(fault, runner)
        print(f"[{name}] {instructions(ll)} instructions", flush=True)
        r = reduce(whittle, a.jobs, out_dir, name + ".user", ["--timeout", "5", *relation, ll])
        r["trusted"] = r["ok"] and user_trusted(checker, relation, r["out"])
        rows.append({"subject": name, "spec": [base, fault, runner], "insts": instructions(ll), "user": r})
        print(f"[{name}] {r.get('insts')} insts / {r.get('queries')} queries / {r['wall']:.1f}s / "
              f"trusted {r['trusted']}", flush=True)
    json.dump(rows, open(os.path.join(out_dir, "user-results.json"), "w"), indent=1)
    print_user_table(rows)


def print_user_table(rows):
    print()
    print("| subject | insts | size | queries | time s | trusted |")
    print("|---|---:|---:|---:|---:|---|")
    for row in rows:
        x = row["user"]
        if x["ok"]:
            cells = [str(x["insts"]), str(x["queries"]), f"{x['wall']:.1f}", "yes" if x["trusted"] else "no"]
        else:
            cells = ["error", "", f"{x['wall']:.1f}", ""]
        print("| " + " | ".join([row["subject"], str(row["insts"]), *cells]) + " |")


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
    ap.add_argument("--checker", help="the whittle that re-checks results (default: --whittle)")
    ap.add_argument("--only", help="run only subjects whose name contains this")
    ap.add_argument("--recheck", action="store_true",
                    help="user suite: only re-check the results in --out with --checker")
    ap.add_argument("--suite", choices=["faults", "user", "all"], default="all",
                    help="faults: DD vs DDMT on faulty-opt.py; user: --mr user subjects")
    a = ap.parse_args()
    whittle = os.path.abspath(a.whittle)
    checker = os.path.abspath(a.checker or a.whittle)
    out_dir = os.path.abspath(a.out)
    os.makedirs(out_dir, exist_ok=True)
    if a.suite in ("user", "all"):
        user_suite(a, whittle, checker, out_dir)
    if a.suite in ("faults", "all"):
        faults_suite(a, whittle, checker, out_dir)


def faults_suite(a, whittle, checker, out_dir):
    rows = []
    for prog in sorted(os.listdir(os.path.join(HERE, "programs"))):
        if not prog.endswith(".c"):
            continue
        base = prog[:-2]
        ll = compile_program(out_dir, base)
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
                r["trusted"] = r["ok"] and trusted(checker, wrapper, r["out"])
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
