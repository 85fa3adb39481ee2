#!/usr/bin/env python3
"""docs/benchmarks.md and README's benchmark figures, from committed results.

  bench/report.py --write    # regenerate docs/benchmarks.md, update README's figures
  bench/report.py --check    # exit 1 if either differs from what the results say

Each comparison is one folder of bench/results/ written by one run of
`cargo xtask bench` (copied there unchanged): its meta.json (the commit
measured, the command) and the result files of bench/*/run.py, the
reference tool's and whittle's, run one after the other on the same cases
with the same arguments. The page is bench/benchmarks.md.in with its
`@@table NAME@@` lines replaced by that comparison's provenance, table and
summary, and its `@@fig NAME@@` by a figure. README.md carries figures as
`<!--fig:NAME-->VALUE<!--/fig-->`: --check fails when a VALUE is not the
one the results give, --write puts it there.
"""
import argparse
import json
import math
import os
import re
import statistics
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Each comparison: its folder under bench/results/, the reference's and
# whittle's result files there, and what is counted as size.
COMPARISONS = {
    "llvm22": ("llvm-reduce.json", "whittle.json", "instructions"),
    "llvm19": ("llvm-reduce.json", "whittle.json", "instructions"),
    "llvm23": ("whittle-22.json", "whittle-23.json", "instructions"),
    "mlir": ("mlir-reduce.json", "whittle.json", "operations"),
}


def load(path):
    with open(path) as f:
        return json.load(f)


def size_of(case):
    """The output's size, or None when the tool left no output."""
    for key in ("output_instructions", "output_ops"):
        if case.get(key) is not None:
            return case[key]
    return None


def input_size(case):
    return case.get("input_instructions", case.get("input_ops"))


def ratio_text(r):
    return "-" if r is None else f"{r:.2f}"


def version(result):
    """A tool's version line, without the build machine's paths."""
    text = re.sub(r" at /\S+", "", result.get("tool_version") or "?")
    return text.rstrip(".")


def plural(n, word):
    return f"{n} {word}" + ("" if n == "1" else "s")


def geomean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values))


class Comparison:
    """One side-by-side run: the reference's and whittle's results by case."""

    def __init__(self, name, folder):
        ref_file, run_file, self.unit = COMPARISONS[name]
        self.name = name
        self.meta = load(os.path.join(folder, "meta.json"))
        self.ref = load(os.path.join(folder, ref_file))
        self.run = load(os.path.join(folder, run_file))
        ref_cases = {c["case"]: c for c in self.ref["cases"]}
        run_cases = {c["case"]: c for c in self.run["cases"]}
        self.cases = sorted(set(ref_cases) & set(run_cases))
        self.pairs = [(n, ref_cases[n], run_cases[n]) for n in self.cases]
        self.figures = self._figures()

    def label(self, which):
        res = self.ref if which == "ref" else self.run
        return res.get("label") or res.get("tool")

    def _figures(self):
        calls, walls, sizes = [], [], []
        smaller = equal = larger = ref_failed = limit = 0
        for _, ref, run in self.pairs:
            usable = ref.get("status") in ("ok", "timeout") and run.get("status") in ("ok", "timeout")
            if ref.get("status") == "timeout":
                limit += 1
            if usable and ref.get("oracle_calls") and run.get("oracle_calls") is not None:
                calls.append(run["oracle_calls"] / ref["oracle_calls"])
            if usable and ref.get("wall_s") and run.get("wall_s") is not None:
                walls.append(run["wall_s"] / ref["wall_s"])
            rs, ws = size_of(ref), size_of(run)
            if ws is None:
                continue
            if rs is None:
                ref_failed += 1
                continue
            smaller += ws < rs
            equal += ws == rs
            larger += ws > rs
            if rs and ws:
                sizes.append(ws / rs)
        f = {
            "cases": str(len(self.pairs)),
            "calls.median": ratio_text(statistics.median(calls)) if calls else "-",
            "calls.geomean": ratio_text(geomean(calls)) if calls else "-",
            "wall.median": ratio_text(statistics.median(walls)) if walls else "-",
            "wall.geomean": ratio_text(geomean(walls)) if walls else "-",
            "size.geomean": ratio_text(geomean(sizes)) if sizes else "-",
            "size.smaller": str(smaller),
            "size.equal": str(equal),
            "size.larger": str(larger),
            "size.ref_failed": str(ref_failed),
            "ref.limit": str(limit),
            "ref": self.label("ref"),
            "run": self.label("run"),
            "jobs": str(self.run.get("jobs") or 1),
            "timeout": f"{self.run.get('timeout_s', 0):.0f}",
            "commit": self.meta.get("commit", "?"),
            "date": (self.run.get("started") or "?")[:10],
        }
        return {f"{self.name}.{k}": v for k, v in f.items()}

    def cell(self, case, key):
        status = case.get("status")
        if key == "calls":
            v = case.get("oracle_calls")
            text = "-" if v is None else str(v)
        elif key == "wall":
            v = case.get("wall_s")
            text = "-" if v is None else f"{v:.1f}"
        else:
            v = size_of(case)
            if v is None:
                best = case.get("best_seen_ops", case.get("best_seen_instructions"))
                return f"{status} (best {best})" if best is not None else (status or "-")
            text = str(v)
        if status == "timeout" and key != "wall":
            text += " (limit)"
        elif status not in ("ok", "timeout") and key != "size":
            text += f" ({status})"
        return text

    def table(self):
        r, w = self.label("ref"), self.label("run")
        u = "insts" if self.unit == "instructions" else "ops"
        head = [
            "case", f"in {u}", f"{r} tests", f"{w} tests", "ratio",
            f"{r} {u}", f"{w} {u}", f"{r} wall s", f"{w} wall s", "ratio",
        ]
        lines = ["| " + " | ".join(head) + " |", "|---|" + "---:|" * (len(head) - 1)]
        for name, ref, run in self.pairs:
            def ratio(key):
                a, b = ref.get(key), run.get(key)
                ok = ref.get("status") in ("ok", "timeout") and run.get("status") in ("ok", "timeout")
                return ratio_text(b / a) if ok and a and b is not None else "-"
            rs, ws = size_of(ref), size_of(run)
            wsize = self.cell(run, "size")
            if rs is not None and ws is not None and ws < rs:
                wsize = f"**{wsize}**"
            lines.append("| " + " | ".join([
                name, str(input_size(run) or input_size(ref) or "-"),
                self.cell(ref, "calls"), self.cell(run, "calls"), ratio("oracle_calls"),
                self.cell(ref, "size"), wsize,
                self.cell(ref, "wall"), self.cell(run, "wall"), ratio("wall_s"),
            ]) + " |")
        return "\n".join(lines)

    def provenance(self):
        f = self.figures
        n = self.name
        host = self.run.get("host", {})
        return (
            f"Measured {f[n + '.date']} on commit `{f[n + '.commit']}`"
            f"{' (with local changes)' if self.meta.get('dirty') else ''}, "
            f"{host.get('cpus', '?')} cores ({host.get('system', '?')}), "
            f"`-j {f[n + '.jobs']}`, a limit of {f[n + '.timeout']} s per case; "
            f"{self.label('ref')}: {version(self.ref)}; "
            f"{self.label('run')}: {version(self.run)}. "
            f"The results are in `bench/results/{n}/`; the run:\n\n"
            f"```sh\n{self.meta.get('command', '?')}\n```"
        )

    def summary(self):
        f = {k.split(".", 1)[1]: v for k, v in self.figures.items()}
        r, u = f["ref"], self.unit
        parts = [
            f"Over the {f['cases']} cases, {f['run']} takes a median {f['calls.median']}× "
            f"the test runs of {r} (geometric mean {f['calls.geomean']}×) and "
            f"{f['wall.geomean']}× its wall time (geometric mean; median {f['wall.median']}×).",
            f"Its output is smaller on {plural(f['size.smaller'], 'case')}, the same size on "
            f"{f['size.equal']} and larger on {f['size.larger']} ({u}; geometric mean of the "
            f"size ratios {f['size.geomean']}×)"
            + (f"; {r} left no output on {f['size.ref_failed']}" if f["size.ref_failed"] != "0" else "")
            + ".",
        ]
        if f["ref.limit"] != "0":
            parts.append(
                f"{r} reached the {f['timeout']} s limit on {plural(f['ref.limit'], 'case')}: its figures there are those it "
                f"had reached (marked \"limit\"), and its ratios count them as they are."
            )
        return " ".join(parts)


def comparisons():
    out = {}
    base = os.path.join(ROOT, "bench", "results")
    for name in COMPARISONS:
        folder = os.path.join(base, name)
        if os.path.isfile(os.path.join(folder, "meta.json")):
            out[name] = Comparison(name, folder)
    return out


def render_page(template, comps):
    figures = {k: v for c in comps.values() for k, v in c.figures.items()}

    def table(m):
        c = comps.get(m.group(1))
        if c is None:
            raise SystemExit(f"report: no results for comparison {m.group(1)!r} in bench/results/")
        return f"{c.provenance()}\n\n{c.table()}\n\n{c.summary()}"

    def fig(m):
        if m.group(1) not in figures:
            raise SystemExit(f"report: no figure {m.group(1)!r}")
        return figures[m.group(1)]

    page = re.sub(r"^@@table (\w+)@@$", table, template, flags=re.M)
    return re.sub(r"@@fig ([\w.]+)@@", fig, page), figures


FIG = re.compile(r"<!--fig:([\w.]+)-->(.*?)<!--/fig-->")


def readme_figures(text, figures):
    """README with every marked figure set to the results', and the list of
    (name, found, expected) that differed."""
    wrong = []

    def put(m):
        want = figures.get(m.group(1))
        if want is None:
            raise SystemExit(f"report: README names a figure the results do not have: {m.group(1)}")
        if m.group(2) != want:
            wrong.append((m.group(1), m.group(2), want))
        return f"<!--fig:{m.group(1)}-->{want}<!--/fig-->"

    return FIG.sub(put, text), wrong


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", action="store_true")
    mode.add_argument("--check", action="store_true")
    ap.add_argument("--page", default=os.path.join(ROOT, "docs", "benchmarks.md"))
    ap.add_argument("--readme", default=os.path.join(ROOT, "README.md"))
    args = ap.parse_args()
    with open(os.path.join(ROOT, "bench", "benchmarks.md.in")) as f:
        template = f.read()
    page, figures = render_page(template, comparisons())
    with open(args.readme) as f:
        readme = f.read()
    new_readme, wrong = readme_figures(readme, figures)
    if args.write:
        with open(args.page, "w") as f:
            f.write(page)
        with open(args.readme, "w") as f:
            f.write(new_readme)
        return 0
    bad = False
    with open(args.page) as f:
        if f.read() != page:
            print(f"report: {os.path.relpath(args.page, ROOT)} is not what bench/results/ and "
                  f"bench/benchmarks.md.in make (bench/report.py --write regenerates it)", file=sys.stderr)
            bad = True
    for name, found, want in wrong:
        print(f"report: README.md says {found} for {name}; the results say {want}", file=sys.stderr)
        bad = True
    if not FIG.search(readme):
        print("report: README.md has no benchmark figure", file=sys.stderr)
        bad = True
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
