//! `whittle clang-crash REPRO.sh [SOURCE]`: from the reproducer clang
//! writes when it crashes to a reduced regression test. It records the
//! failure ([`run`]), finds the stage that fails ([`stage`]: clang's stack
//! dump, confirmed by emitting the IR before and after the optimizer), and
//! then either hands the IR the failing stage starts from to `whittle
//! bisect` with the command that reproduces it (`opt` or `llc` with the
//! reproducer's code-generation options where they reproduce it, else clang
//! itself on IR), or, for a front-end crash, reduces the source with C-Vise
//! and the flags by ddmin ([`front`]). The CLI provides the bisection (it
//! owns bisect's argument parsing) as a [`Bisector`].

pub mod front;
pub mod run;
pub mod script;
pub mod stage;

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{anyhow, bail, Result};
use serde_json::json;

use crate::bisect;
use crate::oracle::signature::{Mode, Signature};
pub use crate::steps::Step;
use crate::steps::{total_runs, Counting};
use script::Reproducer;
use stage::Stage;

/// How many of a crash's top frames a front-end crash's lit test may check,
/// the first that lit's run of the test names.
const CHECKED_FRAMES: usize = 4;

/// A clang-crash run as the command line describes it.
#[derive(Clone, Debug)]
pub struct Spec {
    pub script: PathBuf,
    pub source: Option<PathBuf>,
    /// `-o`: the reduced IR or source.
    pub output: Option<PathBuf>,
    /// `--emit-lit`: the regression test.
    pub emit_lit: Option<PathBuf>,
    pub jobs: usize,
    pub timeout: Option<f64>,
    pub save_temps: bool,
    pub quiet: bool,
}

/// What the bisection of a middle- or back-end crash is given.
#[derive(Clone, Debug)]
pub struct BisectRequest {
    /// The `--crash-cmd` (`%s` for the module).
    pub command: String,
    pub input: PathBuf,
    pub output: PathBuf,
    pub emit_lit: PathBuf,
}

/// `whittle bisect`, as the CLI runs it.
pub type Bisector<'a> = &'a dyn Fn(&BisectRequest) -> Result<bisect::output::Report>;

/// What a clang-crash run found and made.
#[derive(Debug)]
pub struct Report {
    pub script: PathBuf,
    pub signature: Signature,
    pub stage: Stage,
    /// The stack dump line that says the stage, if clang printed one.
    pub evidence: Option<String>,
    /// The command the reduction judged with.
    pub command: String,
    pub steps: Vec<Step>,
    pub bisect: Option<bisect::output::Report>,
    /// Bytes of the source or IR, before and after.
    pub sizes: (u64, u64),
    /// Front end: the -cc1 flags before and after.
    pub flags: Option<(usize, usize)>,
    pub output: PathBuf,
    pub lit_test: PathBuf,
    pub temps: Option<PathBuf>,
    pub wall_s: f64,
}

impl Report {
    pub fn runs(&self) -> usize {
        total_runs(&self.steps, self.bisect.as_ref())
    }

    pub fn summary(&self) -> String {
        let mut s = format!(
            "crash: {}\nstage: {}{}\n",
            self.signature.describe(Mode::Auto),
            self.stage,
            self.evidence
                .as_ref()
                .map(|e| format!(" (clang's stack dump: {e})"))
                .unwrap_or_default()
        );
        s += &format!("reproduced by: {}\n", self.command);
        if let Some(b) = &self.bisect {
            for line in b.summary().lines() {
                s += &format!("bisect: {line}\n");
            }
        }
        if let Some((before, after)) = self.flags {
            s += &format!("-cc1 flags: {before} -> {after}\n");
        }
        s += &format!(
            "{}: {} -> {} bytes; tool runs: {} ({}); {:.1} s\n",
            if self.stage == Stage::FrontEnd {
                "source"
            } else {
                "IR"
            },
            self.sizes.0,
            self.sizes.1,
            self.runs(),
            self.steps
                .iter()
                .map(|st| format!("{} {}", st.name, st.runs))
                .collect::<Vec<_>>()
                .join(", "),
            self.wall_s
        );
        s += &format!(
            "output: '{}'; regression test: '{}' (passes under lit)",
            self.output.display(),
            self.lit_test.display()
        );
        if let Some(t) = &self.temps {
            s += &format!("\ntemporary files kept in '{}'", t.display());
        }
        s
    }

    pub fn json(&self) -> serde_json::Value {
        json!({
            "whittle_version": crate::VERSION,
            "llvm_version": crate::LLVM_VERSION,
            "script": self.script,
            "crash": self.signature,
            "stage": self.stage,
            "stage_evidence": self.evidence,
            "command": self.command,
            "steps": self.steps.iter().map(|s| json!({"step": s.name, "runs": s.runs, "seconds": s.seconds})).collect::<Vec<_>>(),
            "tool_runs": self.runs(),
            "bisect": self.bisect.as_ref().map(|b| b.json()),
            "bytes_before": self.sizes.0,
            "bytes_after": self.sizes.1,
            "flags": self.flags.map(|(b, a)| json!({"before": b, "after": a})),
            "output": self.output,
            "lit_test": self.lit_test,
            "wall_s": self.wall_s,
        })
    }
}

fn say(spec: &Spec, text: &str) {
    if !spec.quiet {
        eprintln!("whittle: clang-crash: {text}");
    }
}

pub fn run(spec: Spec, bisector: Bisector<'_>) -> Result<Report> {
    let started = Instant::now();
    let rep = Reproducer::read(&spec.script, spec.source.as_deref())?;
    let scratch = tempfile::Builder::new()
        .prefix("whittle-clang-crash-")
        .tempdir()?;
    match run_in(&spec, bisector, &rep, scratch.path()) {
        Ok(report) => Ok(Report {
            temps: if spec.save_temps {
                Some(scratch.keep())
            } else {
                None
            },
            wall_s: started.elapsed().as_secs_f64(),
            ..report
        }),
        Err(e) => {
            // What went wrong stays to be looked at (C-Vise's log, the IR).
            let kept = scratch.keep();
            Err(anyhow!(
                "{e:#} (temporary files kept in '{}')",
                kept.display()
            ))
        }
    }
}

fn run_in(spec: &Spec, bisector: Bisector<'_>, rep: &Reproducer, work: &Path) -> Result<Report> {
    let stem = spec
        .script
        .file_stem()
        .map_or("clang-crash".into(), |s| s.to_string_lossy().into_owned());
    let source_ext = rep
        .source
        .extension()
        .map_or("c".into(), |e| e.to_string_lossy().into_owned());
    let work = work.to_path_buf();
    let source = rep.source.display().to_string();
    let mut steps = Vec::new();

    // 1. The failure.
    let mut record = Counting::new("record");
    let first = record.count(|| {
        run::run(
            &rep.command(&[rep.action()], &source, "/dev/null"),
            &work,
            spec.timeout,
            &source,
        )
    })?;
    let Some(signature) = first.signature.clone() else {
        bail!(
            "the reproducer does not crash clang any more ({}{})",
            first.ended.describe(),
            match first.first_error() {
                e if e.is_empty() => String::new(),
                e => format!(": {e}"),
            }
        );
    };
    steps.push(record.done());
    say(spec, &format!("crash: {}", signature.describe(Mode::Auto)));

    // 2. The stage: the IR before the optimizer, then after it.
    let dumped = stage::from_stack_dump(&first.stderr);
    let mut probe = Counting::new("stage");
    let unoptimized = work.join(format!("{stem}.ll"));
    let emitted = probe.count(|| {
        run::run(
            &rep.command(
                &["-emit-llvm", "-disable-llvm-passes"],
                &source,
                &unoptimized.display().to_string(),
            ),
            &work,
            spec.timeout,
            &source,
        )
    })?;
    let stage = if emitted.same_crash(&signature) {
        Stage::FrontEnd
    } else if emitted.ended != crate::oracle::process::Ended::Exited(0) {
        bail!(
            "clang fails otherwise when it only emits IR ({}: {})",
            emitted.ended.describe(),
            emitted.first_error()
        );
    } else {
        let optimized = work.join(format!("{stem}.opt.ll"));
        let after = probe.count(|| {
            run::run(
                &rep.command(&["-emit-llvm"], &source, &optimized.display().to_string()),
                &work,
                spec.timeout,
                &source,
            )
        })?;
        if after.same_crash(&signature) {
            Stage::MiddleEnd
        } else {
            Stage::BackEnd
        }
    };
    steps.push(probe.done());
    let evidence = dumped.map(|(_, line)| line);
    say(
        spec,
        &format!(
            "stage: {stage}{}",
            evidence
                .as_ref()
                .map(|e| format!(" ({e})"))
                .unwrap_or_default()
        ),
    );

    let ext = if stage == Stage::FrontEnd {
        source_ext.as_str()
    } else {
        "ll"
    };
    let output = match &spec.output {
        Some(o) => o.clone(),
        None => PathBuf::from(format!("{stem}-reduced.{ext}")),
    };
    let lit_test = match &spec.emit_lit {
        Some(o) => o.clone(),
        None => PathBuf::from(format!("{stem}-test.{ext}")),
    };

    let report = if stage == Stage::FrontEnd {
        let before = std::fs::metadata(&rep.source)?.len();
        let cvise_started = Instant::now();
        say(spec, "reducing the source with C-Vise");
        let reduced = front::reduce(rep, &signature, &work, spec.jobs, spec.timeout)?;
        steps.push(Step {
            name: "cvise",
            runs: reduced.cvise_tests,
            seconds: cvise_started.elapsed().as_secs_f64(),
        });
        steps.push(Step {
            name: "flags",
            runs: reduced.flag_tests,
            seconds: 0.0,
        });
        let provenance = format!(
            "Reduced by whittle {} from {}: {}",
            crate::VERSION,
            spec.script.display(),
            signature.describe(Mode::Auto)
        );
        // The first of the top frames lit's run names (a message-based
        // signature has one test to check).
        let tries = if signature.raw_message.is_some() {
            1
        } else {
            signature.frames.len().clamp(1, CHECKED_FRAMES)
        };
        let mut checked = Err(anyhow!("no lit test was checked"));
        let mut test = String::new();
        for frame in 0..tries {
            test = front::lit_test(&reduced, &signature, &provenance, frame);
            checked = front::check_lit_test(&test, &source_ext, &rep.clang, &work);
            if checked.is_ok() {
                break;
            }
        }
        checked?;
        crate::reducer::write_atomically(&output, reduced.source.as_bytes())?;
        crate::reducer::write_atomically(&lit_test, test.as_bytes())?;
        Report {
            script: spec.script.clone(),
            signature,
            stage,
            evidence,
            command: crate::oracle::command::join(&rep.command(&[rep.action()], "%s", "/dev/null")),
            steps,
            bisect: None,
            sizes: (before, reduced.source.len() as u64),
            flags: Some((reduced.flags_before, reduced.flags.len())),
            output,
            lit_test,
            temps: None,
            wall_s: 0.0,
        }
    } else {
        // 3. The IR the failing stage starts from, and a command that
        // fails on it the same way.
        let bin = Path::new(&rep.clang)
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_else(crate::oracle::command::llvm_bin_dir);
        let optimized = work.join(format!("{stem}.opt.ll"));
        let candidates: Vec<(PathBuf, Vec<String>)> = match stage {
            Stage::MiddleEnd => vec![
                (unoptimized.clone(), rep.opt_command(&bin)),
                (unoptimized.clone(), rep.on_ir(false)),
            ],
            _ => vec![
                (optimized.clone(), rep.llc_command(&bin)),
                (optimized.clone(), rep.on_ir(true)),
                (unoptimized.clone(), rep.on_ir(false)),
            ],
        };
        let mut reproduce = Counting::new("reproduce");
        let mut chosen = None;
        for (input, words) in &candidates {
            let path = input.display().to_string();
            let filled: Vec<String> = words.iter().map(|w| w.replace("%s", &path)).collect();
            if reproduce
                .count(|| run::run(&filled, &work, spec.timeout, &path))?
                .same_crash_in_another_tool(&signature)
            {
                chosen = Some((input.clone(), words.clone()));
                break;
            }
        }
        steps.push(reproduce.done());
        let (input, words) = chosen.ok_or_else(|| {
            anyhow!(
                "no command on the emitted IR crashes the same way ({} tried: {})",
                candidates.len(),
                candidates
                    .iter()
                    .map(|(_, w)| Path::new(&w[0])
                        .file_name()
                        .map_or(String::new(), |n| n.to_string_lossy().into_owned()))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })?;
        let command = crate::oracle::command::join(&words);
        say(
            spec,
            &format!("reproduced by `{command}` on the IR; bisecting"),
        );
        let before = std::fs::metadata(&input)?.len();
        let report = bisector(&BisectRequest {
            command: command.clone(),
            input,
            output: output.clone(),
            emit_lit: lit_test.clone(),
        })?;
        let after = std::fs::metadata(&output).map_or(0, |m| m.len());
        Report {
            script: spec.script.clone(),
            signature,
            stage,
            evidence,
            command,
            steps,
            bisect: Some(report),
            sizes: (before, after),
            flags: None,
            output,
            lit_test,
            temps: None,
            wall_s: 0.0,
        }
    };
    Ok(report)
}
