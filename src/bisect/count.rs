//! Stage 1, the count: one run with `-opt-bisect-limit=-1` lists every pass
//! invocation the tool makes (`BISECT: running pass (N) NAME on UNIT`,
//! however many), and one with `-opt-bisect-limit=0` says whether the
//! failure needs any of them. When it does not, the bug is in a pass
//! opt-bisect cannot skip (instruction selection, register allocation):
//! the crash's own stack dump names it where it can (`Running pass '...'
//! on function '@f'`, legacy and new pass managers alike).

use std::path::Path;
use std::sync::LazyLock;

use anyhow::{bail, Result};
use regex::Regex;

use super::inject::LitScope;
use super::probe::{Ask, Prober};
use super::search::Probe;

/// One pass invocation of the tool's run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassRun {
    /// Its opt-bisect number (1-based).
    pub index: u64,
    pub pass: String,
    /// What it ran on: `[module]`, a function, `(f, g)` (an SCC), `loop %l
    /// in function f`, `function (f)` (llc).
    pub unit: String,
}

impl std::fmt::Display for PassRun {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}) {} on {}", self.index, self.pass, self.unit)
    }
}

static BISECT_LINE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^BISECT: (?:NOT )?running pass \((\d+)\) (.+)$").unwrap());

/// The pass invocations in a run's BISECT lines.
pub fn parse(lines: &str) -> Vec<PassRun> {
    lines
        .lines()
        .filter_map(|l| BISECT_LINE.captures(l.trim_end()))
        .filter_map(|c| {
            let rest = c.get(2)?.as_str();
            // A pass name may have spaces (llc's "X86 Atom pad short
            // functions"); the unit follows the last " on ".
            let (pass, unit) = rest.rsplit_once(" on ")?;
            Some(PassRun {
                index: c[1].parse().ok()?,
                pass: pass.to_string(),
                unit: unit.to_string(),
            })
        })
        .collect()
}

static RUNNING_PASS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"^\s*\d+\.\s+Running pass ['"](.+?)['"] on (\w+) ['"](.+?)['"]"#).unwrap()
});

/// The innermost pass of a crash's stack dump (`2. Running pass 'X86
/// DAG->DAG Instruction Selection' on function '@f'`), and what it ran on.
pub fn crash_frame(stderr: &str) -> Option<(String, String)> {
    stderr
        .lines()
        .rev()
        .find_map(|l| RUNNING_PASS.captures(l))
        .map(|c| (c[1].to_string(), format!("{} {}", &c[2], &c[3])))
}

/// Put each pass name as opt-bisect printed it under the name the tool's
/// command line takes (`-passes=`, llc's `-stop-before=`): before LLVM 20,
/// opt-bisect printed a new-PM pass's class name (`SimplifyCFGPass`) and a
/// legacy pass's description (`X86 LEA Fixup`). A name whittle's LLVM does
/// not know (a name already, or a pass of a plugin it cannot load) stays.
pub fn command_line_names(prober: &Prober, mut names: Vec<&mut String>) {
    let mut distinct: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    distinct.sort();
    distinct.dedup();
    let queried: Vec<&str> = distinct.iter().map(String::as_str).collect();
    let plugins = prober.flags.loadable_plugins(&prober.site.invocation);
    let mapped = match whittle_llvm_ir::pipeline_names::pipeline_names(&queried, &plugins) {
        Ok(mapped) => mapped,
        Err(e) => {
            eprintln!("whittle: bisect: warning: the plugin's pass names are not known: {e}");
            return;
        }
    };
    for name in names.iter_mut() {
        if let Ok(i) = distinct.binary_search(name) {
            if let Some(Some(new)) = mapped.get(i) {
                **name = new.clone();
            }
        }
    }
}

/// What the count found.
pub struct Counted {
    /// Every pass invocation of the failing run, in order.
    pub runs: Vec<PassRun>,
    /// How the run with no pass (limit 0) went.
    pub at_zero: Probe,
    /// The innermost pass of the crash at limit 0, when it crashed and said.
    pub required_frame: Option<(String, String)>,
}

impl Counted {
    pub fn total(&self) -> u64 {
        self.runs.last().map_or(0, |r| r.index)
    }

    /// The invocation numbered `index`.
    pub fn at(&self, index: u64) -> Option<&PassRun> {
        self.runs.iter().find(|r| r.index == index)
    }
}

pub fn count(prober: &Prober, input: &Path) -> Result<Counted> {
    let inv = &prober.site.invocation;
    let mut all = Ask::new(
        inv.with_flags(&["-opt-bisect-limit=-1".into()]),
        input,
        LitScope::Test,
    );
    // With --lit the tool's stderr may be piped into FileCheck: take it out
    // of the pipe to see the lines (the verdict of that run then means
    // nothing, and the failure with every pass is the one recorded).
    let lit = prober.site.lit_line(inv).is_some();
    all.stderr_to_shell = lit;
    let none = Ask::new(
        inv.with_flags(&[vec!["-opt-bisect-limit=0".into()], prober.flags.quiet()].concat()),
        input,
        LitScope::Test,
    );
    let results = prober.run_all(&[all, none])?;
    let (all, none) = (&results[0], &results[1]);
    if !lit && all.probe != Probe::Bad {
        bail!(
            "with -opt-bisect-limit=-1 (every pass) the failure does not happen ({}): opt-bisect cannot find it",
            all.outcome.status
        );
    }
    let mut runs = parse(&all.diverted);
    command_line_names(prober, runs.iter_mut().map(|r| &mut r.pass).collect());
    let required_frame = (none.probe == Probe::Bad)
        .then(|| crash_frame(&none.outcome.stderr.text()))
        .flatten();
    Ok(Counted {
        runs,
        at_zero: none.probe,
        required_frame,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bisect_lines_of_opt_and_llc() {
        let text = [
            "BISECT: running pass (1) memprof-remove-attributes on [module]",
            "BISECT: running pass (2) lower-expect on f",
            "noise",
            "BISECT: NOT running pass (3) inline on (f, g)",
            "BISECT: running pass (4) licm on loop %loop in function s",
            "BISECT: running pass (5) Local Dynamic TLS Access Clean-up on function (f)",
        ]
        .join("\n");
        let text = &text;
        let runs = parse(text);
        assert_eq!(runs.len(), 5);
        assert_eq!(runs[2].pass, "inline");
        assert_eq!(runs[2].unit, "(f, g)");
        assert_eq!(runs[3].unit, "loop %loop in function s");
        assert_eq!(runs[4].pass, "Local Dynamic TLS Access Clean-up");
        assert_eq!(runs[4].unit, "function (f)");
        assert_eq!(
            runs[4].to_string(),
            "(5) Local Dynamic TLS Access Clean-up on function (f)"
        );
    }

    #[test]
    fn the_innermost_running_pass_of_a_stack_dump() {
        let legacy = "Stack dump:\n0.\tProgram arguments: llc x.ll\n1.\tRunning pass 'Function Pass Manager' on module 'x.ll'.\n2.\tRunning pass 'X86 DAG->DAG Instruction Selection' on function '@copy'\n #0 0x0 foo\n";
        assert_eq!(
            crash_frame(legacy),
            Some((
                "X86 DAG->DAG Instruction Selection".into(),
                "function @copy".into()
            ))
        );
        let new_pm = "1.\tRunning pass \"function(wt-crash)\" on module \"k.ll\"\n2.\tRunning pass \"wt-crash\" on function \"f\"\n";
        assert_eq!(
            crash_frame(new_pm),
            Some(("wt-crash".into(), "function f".into()))
        );
        assert_eq!(crash_frame("LLVM ERROR: x\n"), None);
    }
}
