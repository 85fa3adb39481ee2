//! One reduction of a module: the front end's passes are the levels of an
//! HDD hierarchy, candidates are built, verified and tested by a pool of
//! workers, and the best module so far is always on disk.
//!
//! Candidates of a level are built from a *base* snapshot of the module, so
//! that a target index means the same thing for every candidate. When an
//! accepted candidate still has exactly the targets it kept, it becomes the
//! new base (the targets renumbered), so later candidates are built from the
//! smaller module; otherwise the base stays.
//!
//! With `-j N`, the next N proposals are evaluated at once and the first
//! interesting one *in proposal order* wins, exactly as testing them one by
//! one would choose; tests that lose are killed. So the result does not
//! depend on N.

mod frontend;
mod output;
mod pool;
mod progress;
mod stats;

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context as _, Result};

pub use frontend::{Built, FrontEnd, Request, Snapshot, State, Timings};
pub use output::{directory_of, write_atomically};
pub use stats::{PassStats, Stats};

use crate::dd::{
    hdd, AllFirst, BisectFirst, Config, DDMin, HddOptions, Hierarchy, Judge, Policy, Verdict, Wdd,
};
use crate::interrupt;
use crate::oracle::{Cancel, Oracle};
use pool::{Evaluation, Job, JobResult, Pool, Shared};
use progress::Progress;

/// The inner minimizer of each level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PolicyKind {
    /// Weighted delta debugging: chunks of equal instruction count.
    Wdd,
    /// ddmin: chunks of equal target count.
    DDMin,
}

/// How the progress of a run is shown on stderr.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Display {
    /// Nothing but errors and warnings.
    Quiet,
    /// A live status line on a terminal, periodic log lines otherwise.
    Normal,
    /// As Normal, plus a line per pass that changed the module and the
    /// output of tests that ended unexpectedly.
    Verbose,
}

/// How a reduction runs.
#[derive(Clone)]
pub struct Settings {
    pub policy: PolicyKind,
    /// Sweeps over all passes at most.
    pub max_pass_iterations: usize,
    /// The granularity each level's search starts at (2: halves).
    pub starting_granularity: usize,
    /// Treat a candidate that fails the verifier as a hard error.
    pub abort_on_invalid: bool,
    pub output: PathBuf,
    /// Candidates tested at once.
    pub jobs: usize,
    pub display: Display,
    /// Keep the scratch directory (candidates, test scratch) at the end.
    pub save_temps: bool,
    /// Text written before the module in the output (the RUN and CHECK
    /// lines of a reduced lit test).
    pub output_header: Option<Vec<u8>>,
}

/// How a run ended when it did not finish.
#[derive(Debug)]
pub enum Stopped {
    /// Ctrl-C or SIGTERM; the best module so far is at the output path.
    Interrupted(Box<Stats>),
}

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stopped::Interrupted(_) => write!(f, "interrupted"),
        }
    }
}

impl std::error::Error for Stopped {}

/// The module to reduce: its snapshot, its size (in the front end's unit)
/// and the size of its output file.
pub struct Input {
    pub snapshot: Snapshot,
    pub size: u64,
    pub bytes: u64,
}

/// Reduce `input` with `oracle`, writing the best module so far to
/// `settings.output` after every improvement and at the end. An interrupt
/// ends the run early with a [`Stopped`] error, the best module so far
/// written.
pub fn run(
    front_end: Arc<dyn FrontEnd>,
    input: Input,
    oracle: Arc<dyn Oracle>,
    settings: &Settings,
) -> Result<Stats> {
    let started = Instant::now();
    let scratch = tempfile::Builder::new()
        .prefix("whittle-")
        .tempdir()
        .context("cannot create a temporary directory")?;
    let stats = Stats {
        unit: front_end.size_unit(),
        instructions_before: input.size,
        bytes_before: input.bytes,
        jobs: settings.jobs.max(1),
        ..Stats::default()
    };
    let snapshot = input.snapshot;
    let shared = Arc::new(Shared {
        oracle,
        front_end: front_end.clone(),
        cache: Mutex::new(Default::default()),
    });
    let pool =
        Pool::new(settings.jobs, shared, scratch.path()).context("cannot start worker threads")?;
    let mut reduction = Reduction {
        settings,
        pool,
        progress: Progress::new(settings.display, stats.instructions_before),
        front_end: front_end.clone(),
        current: snapshot,
        current_hash: None,
        current_output: Vec::new(),
        current_instructions: stats.instructions_before,
        output_written: false,
        next_version: 1,
        next_job: 0,
        level: None,
        stats,
        fatal: None,
        started,
    };

    reduction.check_input()?;
    let policy = settings.policy;
    let new_minimizer = move |level: usize, weights: &[u64]| -> Box<dyn Policy<usize>> {
        let start = settings.starting_granularity;
        let inner: Box<dyn Policy<usize>> = match policy {
            PolicyKind::DDMin => Box::new(DDMin::new().starting_at(start)),
            PolicyKind::Wdd => {
                Box::new(Wdd::new(weights.iter().copied().enumerate().collect()).starting_at(start))
            }
        };
        let inner: Box<dyn Policy<usize>> = if front_end.level_all_first(level) {
            Box::new(AllFirst::new(inner))
        } else {
            inner
        };
        if front_end.level_bisect_first(level) {
            let weights = match policy {
                PolicyKind::DDMin => HashMap::new(),
                PolicyKind::Wdd => weights.iter().copied().enumerate().collect(),
            };
            Box::new(BisectFirst::new(inner, weights))
        } else {
            inner
        }
    };
    let report = hdd(
        &mut reduction,
        &new_minimizer,
        HddOptions {
            max_sweeps: settings.max_pass_iterations.max(1),
        },
    );
    reduction.stats.sweeps = report.sweeps;
    reduction.progress.finish();

    if let Some(err) = reduction.fatal.take() {
        return Err(err);
    }
    let interrupted = interrupt::requested();
    // The output always ends up holding the best module so far.
    reduction.save_output()?;
    if !interrupted {
        reduction.final_check();
    }
    let mut stats = std::mem::take(&mut reduction.stats);
    stats.instructions_after = reduction.current_instructions;
    stats.bytes_after = reduction.output_bytes().len() as u64;
    stats.wall_time_s = started.elapsed().as_secs_f64();
    stats.interrupted = interrupted;
    drop(reduction);
    if settings.save_temps {
        let kept = scratch.keep();
        eprintln!("whittle: scratch files kept in '{}'", kept.display());
    }
    if interrupted {
        return Err(Stopped::Interrupted(Box::new(stats)).into());
    }
    Ok(stats)
}

/// The current level: its pass, the base snapshot candidates are built from,
/// and which of the level's targets (engine indices) the base still has.
struct Level {
    index: usize,
    name: &'static str,
    base: Snapshot,
    /// Engine index of each target of `base`, ascending.
    base_targets: Vec<usize>,
    /// Configurations of this level judged not interesting.
    rejected: std::collections::HashSet<Config<usize>>,
    start_hash: Option<blake3::Hash>,
}

/// The module seen as an HDD hierarchy whose levels are the front end's
/// passes.
struct Reduction<'s> {
    settings: &'s Settings,
    front_end: Arc<dyn FrontEnd>,
    pool: Pool,
    progress: Progress,
    /// The smallest interesting module so far.
    current: Snapshot,
    /// Hash of its bytes as handed to the test.
    current_hash: Option<blake3::Hash>,
    /// Its bytes in the output format.
    current_output: Vec<u8>,
    current_instructions: u64,
    output_written: bool,
    next_version: u64,
    next_job: u64,
    level: Option<Level>,
    stats: Stats,
    /// An error that must end the run (the test cannot run, an invalid
    /// candidate under --abort-on-invalid-reduction, the output cannot be
    /// written).
    fatal: Option<anyhow::Error>,
    started: Instant,
}

/// A job in flight, in proposal order.
struct InFlight {
    id: u64,
    position: usize,
    kept: Config<usize>,
    cancel: Arc<Cancel>,
    result: Option<JobResult>,
}

impl Reduction<'_> {
    fn job(
        &mut self,
        base: Snapshot,
        level: Option<usize>,
        keep: Vec<bool>,
        force_test: bool,
    ) -> Job {
        self.next_job += 1;
        Job {
            id: self.next_job,
            base,
            level,
            keep: Arc::new(keep),
            current_hash: self.current_hash,
            current_size: self.current_instructions,
            force_test,
            cancel: Arc::new(Cancel::new()),
        }
    }

    /// Run one job to completion on the pool (the initial and final checks).
    fn run_alone(&mut self, job: Job) -> Option<JobResult> {
        let id = job.id;
        self.pool.submit(job);
        loop {
            if let Some(r) = self.pool.next_result(Duration::from_millis(100)) {
                if r.id == id {
                    return Some(r);
                }
            } else if interrupt::requested() {
                return None;
            }
        }
    }

    /// The input must be interesting to begin with.
    fn check_input(&mut self) -> Result<()> {
        let job = self.job(self.current.clone(), None, Vec::new(), true);
        let Some(result) = self.run_alone(job) else {
            bail!("interrupted before the input was tested");
        };
        self.account_overhead(&result);
        match result.evaluation {
            Evaluation::Tested(outcome) => {
                self.stats.tests += 1;
                self.stats.test_time_s += outcome.elapsed.as_secs_f64();
                if outcome.verdict != Verdict::Interesting {
                    self.stats.not_interesting += 1;
                    let stderr = outcome.stderr.text();
                    let tail = stderr.trim();
                    let tail: Vec<&str> = tail.lines().rev().take(3).collect();
                    let tail: Vec<&str> = tail.into_iter().rev().collect();
                    bail!(
                        "Input isn't interesting! Verify interesting-ness test: it ended with {}{}",
                        outcome.status,
                        if tail.is_empty() {
                            String::new()
                        } else {
                            format!("; its stderr ends: {}", tail.join(" | "))
                        }
                    );
                }
                self.stats.interesting += 1;
            }
            Evaluation::Failed(message) => bail!("{message}"),
            Evaluation::Invalid(message) => {
                bail!("the input does not verify after a bitcode round trip: {message}")
            }
            _ => bail!("the input could not be tested"),
        }
        let state = result
            .state
            .expect("an interesting result carries its state");
        self.current_output = state.output;
        self.current_hash = result.hash;
        Ok(())
    }

    /// Re-test the final module once; a flaky test is reported, and the
    /// output (which did test interesting when it was accepted) is kept.
    fn final_check(&mut self) {
        if self.current.version == 0 {
            // Nothing was accepted: the input itself was tested at the start.
            return;
        }
        let job = self.job(self.current.clone(), None, Vec::new(), true);
        let Some(result) = self.run_alone(job) else {
            return;
        };
        if let Evaluation::Tested(outcome) = &result.evaluation {
            let ok = outcome.verdict == Verdict::Interesting;
            self.stats.final_check_interesting = Some(ok);
            if !ok {
                eprintln!(
                    "whittle: warning: the test is flaky: re-run on the final result it ended with {}, although that result tested interesting when it was kept; '{}' holds it",
                    outcome.status,
                    self.settings.output.display()
                );
            }
        }
    }

    /// What the output file holds: the header (if any), then the module.
    fn output_bytes(&self) -> Vec<u8> {
        let mut bytes = self.settings.output_header.clone().unwrap_or_default();
        bytes.extend_from_slice(&self.current_output);
        bytes
    }

    fn save_output(&mut self) -> Result<()> {
        write_atomically(&self.settings.output, &self.output_bytes())?;
        self.output_written = true;
        Ok(())
    }

    fn account_overhead(&mut self, r: &JobResult) {
        let o = &mut self.stats.overhead;
        if r.built {
            o.candidates += 1;
        }
        o.parse_s += r.timings.parse.as_secs_f64();
        o.build_s += r.timings.build.as_secs_f64();
        o.verify_s += r.timings.verify.as_secs_f64();
        o.serialize_s += r.timings.serialize.as_secs_f64();
        o.write_s += r.timings.write.as_secs_f64();
    }

    /// Record a finished candidate of the current level; returns its verdict.
    fn record(&mut self, result: &JobResult) -> Verdict {
        self.account_overhead(result);
        let pass = self.level.as_ref().map(|l| l.name).unwrap_or("input");
        match &result.evaluation {
            Evaluation::Invalid(message) => {
                self.stats.invalid += 1;
                self.stats.pass(pass).invalid += 1;
                if self.settings.abort_on_invalid && self.fatal.is_none() {
                    let first = message.lines().next().unwrap_or("").trim();
                    self.fatal = Some(anyhow!("pass '{pass}' produced invalid IR: {first}"));
                }
            }
            Evaluation::Unchanged => {
                self.stats.unchanged += 1;
                self.stats.pass(pass).unchanged += 1;
            }
            Evaluation::Grew => {
                self.stats.grew += 1;
            }
            Evaluation::Cached(_) => {
                self.stats.cache_hits += 1;
                self.stats.pass(pass).cache_hits += 1;
            }
            Evaluation::Tested(outcome) => {
                self.stats.tests += 1;
                self.stats.test_time_s += outcome.elapsed.as_secs_f64();
                let p = self.stats.pass(pass);
                p.tests += 1;
                p.time_s += outcome.elapsed.as_secs_f64();
                if outcome.verdict == Verdict::Interesting {
                    p.interesting += 1;
                    self.stats.interesting += 1;
                } else {
                    self.stats.not_interesting += 1;
                    if outcome.timed_out {
                        self.stats.timeouts += 1;
                    }
                    if self.settings.display == Display::Verbose && !outcome.timed_out {
                        let stderr = outcome.stderr.text();
                        let last = stderr.trim().lines().last().unwrap_or("");
                        self.progress.println(&format!(
                            "whittle: {pass}: test ended with {}: {last}",
                            outcome.status
                        ));
                    }
                }
            }
            Evaluation::Failed(message) => {
                if self.fatal.is_none() {
                    self.fatal = Some(anyhow!("{message}"));
                }
            }
            Evaluation::Cancelled => {}
        }
        result.evaluation.verdict()
    }

    /// Make an accepted candidate the current module and save it.
    fn accept(&mut self, kept: &Config<usize>, result: JobResult) {
        let Some(State {
            bytes,
            module_id,
            output,
            targets,
            size,
        }) = result.state
        else {
            // Identical to the current module: nothing changes but the
            // engine's configuration.
            return;
        };
        let snapshot = Snapshot {
            version: self.next_version,
            bytes: Arc::new(bytes),
            module_id: module_id.into(),
        };
        self.next_version += 1;
        self.current = snapshot.clone();
        self.current_output = output;
        self.current_instructions = size;
        self.current_hash = result.hash;
        if let Err(e) = self.save_output() {
            self.fatal = Some(e);
        }
        if let Some(level) = self.level.as_mut() {
            if targets == kept.len() {
                level.base = snapshot;
                level.base_targets = kept.iter().copied().collect();
            }
        }
        self.progress
            .update(&self.stats, self.current_instructions, self.started);
    }

    fn keep_mask(&self, kept: &Config<usize>) -> Vec<bool> {
        let level = self.level.as_ref().expect("a level is entered");
        level
            .base_targets
            .iter()
            .map(|t| kept.contains(t))
            .collect()
    }
}

impl Judge<usize> for Reduction<'_> {
    fn first_interesting(
        &mut self,
        candidates: &mut dyn Iterator<Item = Config<usize>>,
    ) -> Option<(usize, Config<usize>)> {
        let window = self.settings.jobs.max(1);
        let mut in_flight: std::collections::VecDeque<InFlight> = Default::default();
        let mut position = 0usize;
        let mut exhausted = false;
        let mut winner = None;
        while winner.is_none() && !self.stopped() {
            while in_flight.len() < window && !exhausted {
                match candidates.next() {
                    None => exhausted = true,
                    Some(kept) => {
                        // A configuration this level judged already, or one
                        // in the window ahead of it (two policies proposing
                        // the same removal): no job. It cannot be
                        // interesting, or the earlier one would have won.
                        let level = self.level.as_ref().expect("a level is entered");
                        if level.rejected.contains(&kept)
                            || in_flight.iter().any(|f| f.kept == kept)
                        {
                            position += 1;
                            continue;
                        }
                        let base = self
                            .level
                            .as_ref()
                            .expect("a level is entered")
                            .base
                            .clone();
                        let mask = self.keep_mask(&kept);
                        let level = self.level.as_ref().map(|l| l.index);
                        let job = self.job(base, level, mask, false);
                        in_flight.push_back(InFlight {
                            id: job.id,
                            position,
                            kept,
                            cancel: job.cancel.clone(),
                            result: None,
                        });
                        position += 1;
                        self.pool.submit(job);
                    }
                }
            }
            let Some(front) = in_flight.front() else {
                break;
            };
            if front.result.is_none() {
                match self.pool.next_result(Duration::from_millis(100)) {
                    Some(r) => {
                        if let Some(slot) = in_flight.iter_mut().find(|f| f.id == r.id) {
                            slot.result = Some(r);
                        }
                        // Results of jobs cancelled in an earlier round are dropped.
                    }
                    None => {
                        if interrupt::requested() {
                            break;
                        }
                        self.progress
                            .update(&self.stats, self.current_instructions, self.started);
                    }
                }
                continue;
            }
            let front = in_flight.pop_front().expect("front exists");
            let result = front.result.expect("front has a result");
            if self.record(&result) == Verdict::Interesting {
                self.accept(&front.kept, result);
                winner = Some((front.position, front.kept));
            } else if let Some(level) = self.level.as_mut() {
                level.rejected.insert(front.kept);
            }
            self.progress
                .update(&self.stats, self.current_instructions, self.started);
        }
        // Speculative work that lost (or was interrupted) is stopped; tests
        // that already finished count as discarded.
        for f in &in_flight {
            f.cancel.cancel();
            if matches!(
                &f.result,
                Some(JobResult {
                    evaluation: Evaluation::Tested(_),
                    ..
                })
            ) {
                self.stats.speculative_discarded += 1;
            }
        }
        winner
    }

    fn stopped(&self) -> bool {
        self.fatal.is_some() || interrupt::requested()
    }
}

impl Hierarchy for Reduction<'_> {
    fn level_count(&self) -> usize {
        self.front_end.level_count()
    }

    fn enter(&mut self, level: usize) -> Vec<u64> {
        let name = self.front_end.level_name(level);
        let t = Instant::now();
        let weights = match self.front_end.count(&self.current, level) {
            Ok(weights) => weights,
            Err(e) => {
                self.fatal = Some(anyhow!("{e}"));
                Vec::new()
            }
        };
        self.stats.overhead.count_s += t.elapsed().as_secs_f64();
        self.level = Some(Level {
            index: level,
            name,
            base: self.current.clone(),
            base_targets: (0..weights.len()).collect(),
            rejected: Default::default(),
            start_hash: self.current_hash,
        });
        self.progress.level(name, weights.len());
        weights
    }

    fn fingerprint(&self) -> Option<u64> {
        let hash = blake3::hash(&self.current_output);
        Some(u64::from_le_bytes(
            hash.as_bytes()[..8].try_into().expect("8 bytes"),
        ))
    }

    fn commit(&mut self, _kept: &Config<usize>) -> bool {
        let Some(level) = self.level.take() else {
            return false;
        };
        let changed = self.current_hash != level.start_hash;
        if changed && self.settings.display == Display::Verbose {
            self.progress.println(&format!(
                "whittle: {}: {} {} left",
                level.name,
                self.current_instructions,
                self.front_end.size_unit()
            ));
        }
        changed
    }
}
