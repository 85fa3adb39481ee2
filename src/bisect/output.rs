//! Stage 6, the outputs: the lit test (the reduced module under a RUN line
//! that is the smallest pipeline, checked with LLVM's real `lit` before
//! success is reported), the summary, and `--stats-json`.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{anyhow, Result};
use serde_json::json;
use whittle_reducer::{write_atomically, ExecutorStats, Stats};

use super::count::PassRun;
use super::counters::Needed;
use super::invocation::Invocation;
use super::probe::Prober;
use super::BisectSpec;
use crate::emit::{self, Comment};
use crate::oracle::{self, Built};
use crate::reduce::Prepared;

/// The probes and time of one stage.
#[derive(Clone, Debug)]
pub struct StageFigures {
    pub name: &'static str,
    pub probes: usize,
    /// Probes that failed another way.
    pub skipped: usize,
    pub seconds: f64,
}

/// A stage being timed.
pub struct Stage {
    name: &'static str,
    probes: usize,
    skipped: usize,
    started: Instant,
}

impl Stage {
    pub fn start(prober: &Prober, name: &'static str) -> Stage {
        Stage {
            name,
            probes: prober.probes(),
            skipped: prober.skipped(),
            started: Instant::now(),
        }
    }

    /// Record the stage's figures; "N probes, T s" for its report line.
    pub fn finish(&self, prober: &Prober, report: &mut Report) -> String {
        let figures = StageFigures {
            name: self.name,
            probes: prober.probes() - self.probes,
            skipped: prober.skipped() - self.skipped,
            seconds: self.started.elapsed().as_secs_f64(),
        };
        let text = format!(
            "{} probe{}{}, {:.1} s",
            figures.probes,
            if figures.probes == 1 { "" } else { "s" },
            if figures.skipped > 0 {
                format!(" ({} failed another way)", figures.skipped)
            } else {
                String::new()
            },
            figures.seconds
        );
        report.stages.push(figures);
        text
    }
}

/// Everything a bisection found.
#[derive(Debug, Default)]
pub struct Report {
    pub input: PathBuf,
    /// The tool invocation as given.
    pub command: String,
    pub total_passes: u64,
    pub culprit: Option<PassRun>,
    /// The failure needs no skippable pass; the pass its crash names.
    pub required: Option<Option<(String, String)>>,
    pub isolated: Option<bool>,
    pub needed: Vec<PassRun>,
    pub culprit_input: Option<PathBuf>,
    /// The smallest failing pipeline's command, and its pass arguments.
    pub smallest: Option<String>,
    pub pipeline: Vec<String>,
    /// A machine-pass culprit: `llc -run-pass=P INPUT.mir`.
    pub mir_command: Option<String>,
    pub output: Option<PathBuf>,
    pub reduction: Option<Stats>,
    pub counters: Option<Vec<Needed>>,
    pub lit_test: Option<PathBuf>,
    /// What a stage could not do with the tool under test (an older LLVM's
    /// `opt` lacking a flag), one line each.
    pub not_done: Vec<String>,
    pub stages: Vec<StageFigures>,
    /// With `--executor=slurm`: the probes' runs on the cluster.
    pub probe_executor: Option<ExecutorStats>,
    pub wall_s: f64,
}

impl Report {
    pub fn new(input: &Path, invocation: &Invocation) -> Report {
        Report {
            input: input.to_path_buf(),
            command: invocation.display(),
            ..Default::default()
        }
    }

    /// All probes made.
    pub fn probes(&self) -> usize {
        self.stages.iter().map(|s| s.probes).sum()
    }

    /// The culprit in one line.
    fn culprit_line(&self) -> String {
        match (&self.culprit, &self.required) {
            (Some(c), _) => format!("pass {c}, of {} in `{}`", self.total_passes, self.command),
            (None, Some(Some((pass, unit)))) => format!(
                "'{pass}' on {unit}, a pass opt-bisect cannot skip (it fails with -opt-bisect-limit=0)"
            ),
            (None, _) => "a pass opt-bisect cannot skip (it fails with -opt-bisect-limit=0)".into(),
        }
    }

    /// The summary printed at the end.
    pub fn summary(&self) -> String {
        let mut lines = vec![format!("culprit: {}", self.culprit_line())];
        if let Some(isolated) = self.isolated {
            lines.push(if isolated {
                "isolated: yes (skipping it alone makes the failure go)".into()
            } else {
                let needed: Vec<String> = self.needed.iter().map(|r| r.to_string()).collect();
                format!("isolated: no; the failure needs {}", needed.join(", "))
            });
        }
        if let Some(path) = &self.culprit_input {
            lines.push(format!("culprit's input: '{}'", path.display()));
        }
        if let Some(s) = &self.smallest {
            lines.push(format!("smallest pipeline: {s}"));
        }
        if let Some(c) = &self.mir_command {
            lines.push(format!("reproduce on MIR: {c}"));
        }
        if let (Some(out), Some(stats)) = (&self.output, &self.reduction) {
            lines.push(format!(
                "reduced: '{}': {} -> {} instructions, {} -> {} bytes, {} oracle calls",
                out.display(),
                stats.instructions_before,
                stats.instructions_after,
                stats.bytes_before,
                stats.bytes_after,
                stats.tests
            ));
        }
        if let Some(counters) = &self.counters {
            let shown: Vec<String> = counters.iter().map(Needed::flag).collect();
            lines.push(format!(
                "debug counters: {}",
                if shown.is_empty() {
                    "none matters".into()
                } else {
                    shown.join(" ")
                }
            ));
        }
        if let Some(path) = &self.lit_test {
            lines.push(format!(
                "lit test: '{}' (checked under lit)",
                path.display()
            ));
        }
        for what in &self.not_done {
            lines.push(format!("not done: {what}"));
        }
        let stages: Vec<String> = self
            .stages
            .iter()
            .map(|s| format!("{} {}", s.name, s.probes))
            .collect();
        lines.push(format!(
            "probes: {} ({}){}",
            self.probes(),
            stages.join(", "),
            self.reduction.as_ref().map_or(String::new(), |s| format!(
                "; reduction: {} oracle calls",
                s.tests
            ))
        ));
        if let Some(e) = &self.probe_executor {
            lines.push(format!(
                "probes on {}: {} runs, {} infrastructure failures, {} retries",
                e.name, e.runs, e.infrastructure_failures, e.retries
            ));
        }
        lines.push(format!("time: {:.1} s", self.wall_s));
        lines.join("\n")
    }

    /// `--stats-json`.
    pub fn json(&self) -> serde_json::Value {
        let run = |r: &PassRun| json!({"index": r.index, "pass": r.pass, "unit": r.unit});
        let mut probes = serde_json::Map::new();
        for s in &self.stages {
            probes.insert(s.name.into(), json!(s.probes));
        }
        probes.insert("total".into(), json!(self.probes()));
        probes.insert(
            "skipped".into(),
            json!(self.stages.iter().map(|s| s.skipped).sum::<usize>()),
        );
        json!({
            "bisect": {
                "command": self.command,
                "total_passes": self.total_passes,
                "culprit": self.culprit.as_ref().map(run),
                "required_pass": self.required.as_ref().map(|f| f.as_ref().map(|(p, u)| json!({"pass": p, "unit": u}))),
                "isolated": self.isolated,
                "needed": self.needed.iter().map(run).collect::<Vec<_>>(),
                "culprit_input": self.culprit_input,
                "smallest": self.smallest,
                "pipeline": self.pipeline,
                "mir_command": self.mir_command,
                "counters": self.counters.as_ref().map(|c| c.iter().map(|n| json!({"name": n.name, "fired": n.fired, "chunks": n.chunks})).collect::<Vec<_>>()),
                "lit_test": self.lit_test,
                "not_done": self.not_done,
                "probes": probes,
                "probe_executor": self.probe_executor,
                "stage_time_s": self.stages.iter().map(|s| (s.name.to_string(), json!(s.seconds))).collect::<serde_json::Map<_, _>>(),
                "wall_time_s": self.wall_s,
            },
            "reduction": self.reduction,
            "whittle_version": env!("CARGO_PKG_VERSION"),
            "llvm_version": crate::LLVM_VERSION,
        })
    }
}

/// The comment lines that say where the test came from.
fn provenance(report: &Report, stats: &Stats) -> String {
    let mut text = format!(
        "Bisected by whittle {} from '{}': {}",
        crate::VERSION,
        report.input.display(),
        report.culprit_line()
    );
    if report.isolated == Some(false) {
        let needed: Vec<String> = report.needed.iter().map(|r| r.to_string()).collect();
        text.push_str(&format!(
            " (not isolated: the failure needs {})",
            needed.join(", ")
        ));
    }
    text.push_str(&format!(
        "; reduced under the smallest pipeline from {} to {} instructions.",
        stats.instructions_before, stats.instructions_after
    ));
    if let Some(counters) = report.counters.as_ref().filter(|c| !c.is_empty()) {
        let shown: Vec<String> = counters.iter().map(Needed::flag).collect();
        text.push_str(&format!(
            "\n; The transformation, with the debug counters: {}",
            shown.join(" ")
        ));
    }
    text
}

/// Write the lit test (`--emit-lit`, or the output itself with `--lit`)
/// and check it under lit; where it is.
pub fn lit_test(
    spec: &BisectSpec,
    smallest: &Invocation,
    prepared: &Prepared,
    report: &Report,
) -> Result<Option<PathBuf>> {
    let stats = report.reduction.as_ref().expect("reduced");
    let env = prepared.env();
    if let Built::Lit(_) = prepared.oracle() {
        let text = std::fs::read_to_string(prepared.output())?;
        let origin = match &spec.run.oracle {
            oracle::Spec::Lit { test, .. } => test.clone(),
            _ => unreachable!("a --lit bisection"),
        };
        emit::check_with_lit(env, &text, Comment::Semicolon, &origin, true)
            .map_err(|e| anyhow!("the reduced test '{}': {e:#}", prepared.output().display()))?;
        return Ok(Some(prepared.output().to_path_buf()));
    }
    let Some(path) = &spec.emit_lit else {
        return Ok(None);
    };
    // IR, or MIR for a machine-pass culprit.
    let (module, comment) = prepared.result_as_test()?;
    let provenance = provenance(report, stats);
    let test = match prepared.oracle() {
        Built::Crash(o) => emit::crash_test(o, &module, &provenance, comment)?,
        Built::Output(o) => emit::output_test(o, &module, &provenance, comment)?,
        Built::Mr(..) => {
            let mut opt = oracle::command::parse(&smallest.display())?;
            opt.substitute = true;
            emit::mr_test(env, &opt, &module, &provenance)?
        }
        _ => unreachable!("--emit-lit is checked against the oracle first"),
    };
    write_atomically(path, test.as_bytes())?;
    emit::check_with_lit(env, &test, comment, path, false)
        .map_err(|e| anyhow!("--emit-lit '{}': {e:#}", path.display()))?;
    Ok(Some(path.clone()))
}

/// Write `--stats-json`.
pub fn write_json(path: &Path, report: &Report) -> Result<()> {
    let json = serde_json::to_vec_pretty(&report.json())?;
    write_atomically(path, &json).map_err(|e| anyhow!("--stats-json: {e:#}"))
}
