//! `whittle bisect`: from a failing `opt`/`llc`/`clang` pipeline to the one
//! pass that causes the failure, the module as it enters that pass, the
//! smallest pipeline that still fails, and a reduced one-pass regression
//! test. The oracle is a reduction's (`--crash-cmd`, `--cmd --match`,
//! `--lit`, `--mr opt-equivalence`); whittle injects opt-bisect's flags
//! into its LLVM tool invocation ([`inject`]) and runs the stages, each
//! reported as it finishes:
//!
//! 1. [`count`]: the pass invocations, and whether the failure needs any;
//! 2. the culprit ([`search`], k-ary with skips) and [`isolate`];
//! 3. [`capture`]: the culprit's input;
//! 4. [`smallest`]: the smallest pipeline (with [`pipeline`], opt's pass
//!    pipelines as trees);
//! 5. [`reduction`]: the culprit's input reduced under that pipeline;
//! 6. [`output`]: the lit test, the summary, `--stats-json`;
//! 8. [`counters`] (`--counters`): the debug-counter firings it needs.
//!
//! Every probe is an oracle judgement through [`probe`].

pub mod capture;
pub mod count;
pub mod counters;
pub mod flags;
pub mod inject;
pub mod invocation;
pub mod isolate;
pub mod lit_line;
pub mod output;
pub mod pipeline;
pub mod probe;
pub mod reduction;
pub mod search;
pub mod smallest;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use anyhow::{bail, Result};
use regex::Regex;

use crate::oracle::{self, env::TestEnv};
use crate::reduce::{check_output_writable, Language, RunSpec};
use count::PassRun;
use inject::LitScope;
use invocation::{Invocation, Tool};
use output::{Report, Stage};
use probe::{Ask, Prober};
use search::{Found, Probe};

/// A bisection as the command line describes it.
#[derive(Clone, Debug)]
pub struct BisectSpec {
    /// The oracle, the environment, the output, `-j`, the display; the
    /// reduction stage runs with it (its oracle replaced).
    pub run: RunSpec,
    /// `--counters`.
    pub counters: bool,
    /// `--emit-lit FILE`.
    pub emit_lit: Option<PathBuf>,
}

/// Ctrl-C during a bisection.
#[derive(Debug)]
pub struct Interrupted;

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "interrupted")
    }
}

impl std::error::Error for Interrupted {}

/// Say what a stage found, unless quiet.
struct Say(bool);

impl Say {
    fn line(&self, text: &str) {
        if self.0 {
            eprintln!("whittle: bisect: {text}");
        }
    }
}

/// Where the culprit's input goes: next to the output.
fn culprit_input_path(output: &Path) -> PathBuf {
    let stem = output
        .file_stem()
        .map_or("reduced".into(), |s| s.to_string_lossy().into_owned());
    output.with_file_name(format!("{stem}.culprit-input.ll"))
}

/// An output that is never /dev/null: opt's goes nowhere
/// (`-disable-output`), llc's and clang's to stdout.
fn tidy_output(inv: &Invocation) -> Invocation {
    let devnull = inv.value_of("o").is_some_and(|o| o == "/dev/null");
    match (devnull, inv.tool) {
        (false, _) => inv.clone(),
        (true, Tool::Opt) => inv.with_output(&["-disable-output".into()]),
        (true, _) => inv.with_output(&["-o".into(), "-".into()]),
    }
}

/// The smallest pipeline with outputs that are never /dev/null.
fn tidy(smallest: smallest::Smallest) -> smallest::Smallest {
    smallest::Smallest {
        invocation: tidy_output(&smallest.invocation),
        skip: smallest.skip.as_ref().map(tidy_output),
        ..smallest
    }
}

pub fn run(spec: BisectSpec) -> Result<Report> {
    let started = Instant::now();
    let say = Say(spec.run.display != whittle_reducer::Display::Quiet);
    if spec.run.language != Language::Ir {
        bail!("whittle bisect works on LLVM IR input (opt, llc and clang pipelines)");
    }
    let output = std::path::absolute(
        spec.run
            .output
            .clone()
            .unwrap_or_else(|| "reduced.ll".into()),
    )?;
    check_output_writable(&output)?;
    if let Some(path) = &spec.emit_lit {
        if matches!(spec.run.oracle, oracle::Spec::Lit { .. }) {
            bail!("--emit-lit: with --lit the output is a lit test already");
        }
        check_output_writable(path)?;
    }
    inject::Site::precheck(&spec.run.oracle)?;
    let input = std::path::absolute(&spec.run.input)?;
    let env = Arc::new(TestEnv::new(oracle::env::EnvSpec {
        divert_stderr: Some(Regex::new(r"^(BISECT: |DebugCounter )")?),
        ..spec.run.env.clone()
    })?);
    let recorded = oracle::build(&spec.run.oracle, &input, &env)?;
    let site = inject::Site::find(&spec.run.oracle, &recorded)?;
    if let Some(line) = recorded.describe() {
        say.line(&line);
    }
    let prober = Prober::new(env.clone(), recorded, site, spec.run.search.jobs)?;
    let mut report = Report::new(&input, &prober.site.invocation);
    let mut stage = Stage::start(&prober, "count");

    // 1. Count.
    let counted = count::count(&prober, &input)?;
    let total = counted.total();
    report.total_passes = total;
    let required = counted.at_zero == Probe::Bad || total == 0;
    say.line(&format!(
        "count: {total} pass invocations in `{}`; {} ({})",
        prober.site.invocation.display(),
        match counted.at_zero {
            Probe::Bad => "it fails with none of them too",
            Probe::Good => "it fails with all of them, not with none",
            Probe::Skip => "it fails with all of them; with none it fails differently",
        },
        stage.finish(&prober, &mut report)
    ));

    let (smallest, culprit) = if required {
        stage = Stage::start(&prober, "pipeline");
        let named = match &counted.required_frame {
            Some((pass, unit)) => format!("; the crash names it: '{pass}' on {unit}"),
            None => String::new(),
        };
        say.line(&format!(
            "the failure happens with -opt-bisect-limit=0: the bug is in a pass opt-bisect cannot skip (instruction selection, register allocation, a required pass){named}"
        ));
        report.required = Some(counted.required_frame.clone());
        let smallest = tidy(smallest::required(
            &prober,
            &input,
            counted.required_frame.as_ref(),
        )?);
        say.line(&format!(
            "pipeline: {} ({}) ({})",
            smallest.invocation.display(),
            smallest.how,
            stage.finish(&prober, &mut report)
        ));
        (smallest, None)
    } else {
        // 2. Culprit.
        stage = Stage::start(&prober, "culprit");
        let culprit = find_culprit(&prober, &input, &counted, &say, &mut report, &mut stage)?;
        // 3. The culprit's input.
        stage = Stage::start(&prober, "input");
        let captured = capture::capture(
            &prober,
            &input,
            &counted,
            &culprit,
            &culprit_input_path(&output),
        )?;
        report.culprit_input = Some(captured.path.clone());
        say.line(&format!(
            "input: the module as it enters pass {}: '{}' ({})",
            culprit.index,
            captured.path.display(),
            stage.finish(&prober, &mut report)
        ));
        // 4. The smallest pipeline.
        stage = Stage::start(&prober, "pipeline");
        let smallest = tidy(smallest::smallest(
            &prober, &input, &counted, &culprit, &captured,
        )?);
        say.line(&format!(
            "pipeline: {} ({}) ({})",
            smallest.invocation.display(),
            smallest.how,
            stage.finish(&prober, &mut report)
        ));
        (smallest, Some(culprit))
    };
    report.pipeline = smallest.invocation.pipeline_args();
    report.smallest = Some(smallest.invocation.display());
    if smallest.mir {
        let mir = smallest.module.display().to_string();
        let words: Vec<String> = smallest
            .invocation
            .words
            .iter()
            .map(|w| w.replace("%s", &mir))
            .collect();
        report.mir_command = Some(oracle::command::join(&words));
        say.line(
            "the culprit is a machine pass: its input is MIR, reduced with the MIR front end under the pipeline above",
        );
    }

    // 5. Reduce.
    let culprit_name = culprit.as_ref().map(|c| c.pass.as_str());
    let run = reduction::spec(&spec.run, &prober, &smallest, culprit_name);
    let reduce_started = Instant::now();
    let out = run.output.clone().unwrap_or_else(|| "reduced.ll".into());
    let (prepared, stats) = reduction::reduce(run).inspect_err(|e| {
        if e.is::<whittle_reducer::Stopped>() {
            eprintln!(
                "whittle: bisect: interrupted during the reduction; the best module so far is in '{}'",
                out.display()
            );
        }
    })?;
    say.line(&format!(
        "reduce: '{}': {} -> {} instructions in {} oracle calls ({:.1} s){}",
        prepared.output().display(),
        stats.instructions_before,
        stats.instructions_after,
        stats.tests,
        reduce_started.elapsed().as_secs_f64(),
        if smallest.skip.is_some() {
            ", each failing with the pipeline and not with the culprit skipped"
        } else {
            ""
        }
    ));
    report.output = Some(prepared.output().to_path_buf());

    // 8. Counters.
    if spec.counters && !prober.flags.counter_queries() {
        let what = format!(
            "the debug counters: {}",
            prober.flags.lacks("print-debug-counter-queries")
        );
        say.line(&format!("counters: not done: {what}"));
        report.not_done.push(what);
    } else if spec.counters {
        stage = Stage::start(&prober, "counters");
        let needed = counters::counters(&prober, &smallest.invocation, prepared.output())?;
        let shown = if needed.is_empty() {
            "no debug counter of the pipeline's passes matters".to_string()
        } else {
            needed
                .iter()
                .map(|n| format!("{} (of {} firings)", n.flag(), n.fired))
                .collect::<Vec<_>>()
                .join(", ")
        };
        say.line(&format!(
            "counters: {shown} ({})",
            stage.finish(&prober, &mut report)
        ));
        report.counters = Some(needed);
    }
    report.reduction = Some(stats);
    report.probe_executor = prober.executor_stats();
    report.wall_s = started.elapsed().as_secs_f64();

    // 6. The lit test.
    if let Some(path) = output::lit_test(&spec, &smallest.invocation, &prepared, &report)? {
        say.line(&format!(
            "lit test '{}': under lit, {}",
            path.display(),
            if matches!(spec.run.oracle, oracle::Spec::Lit { .. }) {
                "it fails (as the original test does)"
            } else {
                "it passes (the bug is there)"
            }
        ));
        report.lit_test = Some(path);
    }
    report.wall_s = started.elapsed().as_secs_f64();
    if let Some(kept) = env.kept_scratch() {
        say.line(&format!(
            "the probes' scratch files are kept in '{}'",
            kept.display()
        ));
    }
    Ok(report)
}

/// Stage 2: the k-ary search, then isolation.
fn find_culprit(
    prober: &Prober,
    input: &Path,
    counted: &count::Counted,
    say: &Say,
    report: &mut Report,
    stage: &mut Stage,
) -> Result<PassRun> {
    let inv = &prober.site.invocation;
    let (found, _) = search::bisect(counted.total(), counted.at_zero, prober.jobs, |limits| {
        let asks: Vec<Ask> = limits
            .iter()
            .map(|l| {
                Ask::new(
                    inv.with_flags(
                        &[vec![format!("-opt-bisect-limit={l}")], prober.flags.quiet()].concat(),
                    ),
                    input,
                    LitScope::Test,
                )
            })
            .collect();
        Ok(prober.run_all(&asks)?.iter().map(|p| p.probe).collect())
    })?;
    let name = |i: u64| counted.at(i).map_or(format!("({i})"), |r| r.to_string());
    let index = match found {
        Found::Culprit(n) => n,
        Found::Ambiguous { first, last } => {
            let mut list: Vec<String> = (first..=last.min(first + 2)).map(name).collect();
            if last > first + 5 {
                list.push("...".into());
            }
            list.extend(((first + 3).max(last.saturating_sub(2))..=last).map(name));
            bail!(
                "the culprit is one of passes {first}..{last} ({}): the limits between them fail differently, so the search cannot tell which",
                list.join(", ")
            );
        }
    };
    let culprit = counted.at(index).cloned().unwrap_or(PassRun {
        index,
        pass: "?".into(),
        unit: "?".into(),
    });
    report.culprit = Some(culprit.clone());
    if !prober.flags.intervals() {
        let lacks = prober.flags.lacks("opt-bisect=INTERVALS");
        let what = format!(
            "the isolation check (whether skipping pass {index} alone makes the failure go): {lacks}"
        );
        say.line(&format!(
            "culprit: pass {culprit} of {}; isolation not checked: {lacks} ({})",
            counted.total(),
            stage.finish(prober, report)
        ));
        report.not_done.push(what);
        return Ok(culprit);
    }
    let isolation = isolate::check(prober, input, index)?;
    let how = if !isolation.isolated {
        format!("not isolated: it still fails with pass {index} skipped")
    } else if isolation.fails_differently {
        "isolated (with it skipped, the tool fails another way)".into()
    } else {
        "isolated: skipping it alone makes the failure go".into()
    };
    say.line(&format!(
        "culprit: pass {culprit} of {}; {how} ({})",
        counted.total(),
        stage.finish(prober, report)
    ));
    report.isolated = Some(isolation.isolated);
    if !isolation.isolated {
        *stage = Stage::start(prober, "isolation");
        report.needed = isolate::needed(prober, input, index, &isolation)?;
        let needed: Vec<String> = report.needed.iter().map(|r| r.to_string()).collect();
        say.line(&format!(
            "isolation: the failure needs these pass invocations to run: {} ({})",
            needed.join(", "),
            stage.finish(prober, report)
        ));
    }
    Ok(culprit)
}
