//! Worker threads that build, verify and test candidates.
//!
//! Modules cross threads only as bitcode ([`Snapshot`]): a worker builds
//! each candidate in a fresh LLVM context of its own (contexts are not
//! thread-safe, and re-parsing into a used context would rename struct
//! types), so a candidate's bytes do not depend on which worker built it and
//! the result is the same for any `-j`. Each worker has a private scratch
//! directory where its tests run.

use std::collections::HashMap;
use std::fs;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, RecvTimeoutError, Sender};

use crate::dd::Verdict;
use crate::llvm::{self, ir, Format};
use crate::oracle::{Cancel, Oracle, Outcome};
use crate::passes::{Pass, PassOptions, Targets};

/// A module state, as bytes that can cross threads.
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// Distinguishes snapshots (0 is the input).
    pub version: u64,
    pub bitcode: Arc<Vec<u8>>,
    /// The module's identifier (printed as `; ModuleID`), which bitcode does
    /// not hold: a module is re-read under this name.
    pub module_id: Arc<str>,
}

/// One candidate to evaluate: `base` with `pass` applied to the targets
/// `keep` says to keep (no pass: `base` as it is).
pub struct Job {
    pub id: u64,
    pub base: Snapshot,
    pub pass: Option<&'static Pass>,
    pub keep: Arc<Vec<bool>>,
    /// Hash of the current module's test bytes: a candidate identical to it
    /// is accepted without a test.
    pub current_hash: Option<blake3::Hash>,
    /// The current module's instruction count: a candidate with more is
    /// no progress for a pass that must not grow the module, and is not
    /// tested.
    pub current_instructions: u64,
    /// Test even if the content was tested before (the final re-check).
    pub force_test: bool,
    pub cancel: Arc<Cancel>,
}

/// The module a candidate became, when it is interesting.
pub struct State {
    pub bitcode: Vec<u8>,
    /// The candidate's module identifier (a pass may clear it).
    pub module_id: String,
    /// The bytes for the output file.
    pub output: Vec<u8>,
    /// Targets the job's pass counts on the candidate (for rebasing).
    pub targets: usize,
    pub instructions: u64,
}

/// What happened to a candidate.
pub enum Evaluation {
    /// The verifier rejected it; the message is its complaint.
    Invalid(String),
    /// Identical to the current module.
    Unchanged,
    /// More instructions than the current module, from a pass that must
    /// not grow it: no progress, so not tested.
    Grew,
    /// Tested before; the verdict is reused.
    Cached(Verdict),
    Tested(Box<Outcome>),
    /// Stopped before a test ran.
    Cancelled,
    /// The test could not be run, or scratch files could not be written.
    Failed(String),
}

impl Evaluation {
    pub fn verdict(&self) -> Verdict {
        match self {
            Evaluation::Unchanged => Verdict::Interesting,
            Evaluation::Cached(v) => *v,
            Evaluation::Tested(o) => o.verdict,
            _ => Verdict::Unresolved,
        }
    }
}

/// Time spent per step.
#[derive(Clone, Copy, Debug, Default)]
pub struct Timings {
    pub parse: Duration,
    pub build: Duration,
    pub verify: Duration,
    pub serialize: Duration,
    pub write: Duration,
}

pub struct JobResult {
    pub id: u64,
    pub evaluation: Evaluation,
    /// Hash of the candidate's bytes as handed to the test (once serialized).
    pub hash: Option<blake3::Hash>,
    pub state: Option<State>,
    pub timings: Timings,
    /// Whether a candidate was built (cloned and mutated).
    pub built: bool,
}

/// What every worker shares.
pub struct Shared {
    pub oracle: Arc<dyn Oracle>,
    pub tmp_format: Format,
    pub output_format: Format,
    pub pass_options: PassOptions,
    /// Verdicts by content hash of tested candidates.
    pub cache: Mutex<HashMap<blake3::Hash, Verdict>>,
}

pub struct Pool {
    jobs: Option<Sender<Job>>,
    results: Receiver<JobResult>,
    threads: Vec<JoinHandle<()>>,
}

impl Pool {
    /// Start `n` workers, each with a scratch directory under `scratch_root`.
    pub fn new(
        n: usize,
        shared: Arc<Shared>,
        scratch_root: &std::path::Path,
    ) -> std::io::Result<Pool> {
        let (job_tx, job_rx) = crossbeam_channel::unbounded::<Job>();
        let (res_tx, res_rx) = crossbeam_channel::unbounded::<JobResult>();
        let mut threads = Vec::new();
        for i in 0..n.max(1) {
            let scratch = scratch_root.join(format!("worker-{i}"));
            fs::create_dir_all(&scratch)?;
            let (rx, tx, shared) = (job_rx.clone(), res_tx.clone(), shared.clone());
            threads.push(
                thread::Builder::new()
                    .name(format!("whittle-worker-{i}"))
                    .spawn(move || worker(rx, tx, shared, scratch))?,
            );
        }
        Ok(Pool {
            jobs: Some(job_tx),
            results: res_rx,
            threads,
        })
    }

    pub fn submit(&self, job: Job) {
        if let Some(tx) = &self.jobs {
            let _ = tx.send(job);
        }
    }

    /// The next finished job, or None after `timeout`.
    pub fn next_result(&self, timeout: Duration) -> Option<JobResult> {
        match self.results.recv_timeout(timeout) {
            Ok(r) => Some(r),
            Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => None,
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        // Closing the queue ends each worker after its current job (which
        // the caller has cancelled when it no longer needs it). Joining keeps
        // LLVM from being torn down under a running worker at exit.
        self.jobs = None;
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}

fn worker(jobs: Receiver<Job>, results: Sender<JobResult>, shared: Arc<Shared>, scratch: PathBuf) {
    while let Ok(job) = jobs.recv() {
        if results.send(evaluate(&job, &shared, &scratch)).is_err() {
            return;
        }
    }
}

/// Build the job's candidate in a fresh context (parsing the base's bitcode
/// is faster than cloning a parsed module, and a fresh context keeps struct
/// type names exactly as they are), then verify, serialize and judge it.
fn evaluate(job: &Job, shared: &Shared, scratch: &std::path::Path) -> JobResult {
    let mut timings = Timings::default();
    let done = |evaluation, hash, state, timings, built| JobResult {
        id: job.id,
        evaluation,
        hash,
        state,
        timings,
        built,
    };
    if job.cancel.is_cancelled() {
        return done(Evaluation::Cancelled, None, None, timings, false);
    }

    let t = Instant::now();
    let context = llvm::context();
    let candidate = match llvm::parse(&context, &job.base.bitcode, &job.base.module_id) {
        Ok(m) => m,
        Err(e) => {
            return done(
                Evaluation::Failed(format!("cannot re-read the module: {e}")),
                None,
                None,
                timings,
                false,
            )
        }
    };
    timings.parse = t.elapsed();

    let t = Instant::now();
    if let Some(pass) = job.pass {
        let keep = |i: usize| job.keep.get(i).copied().unwrap_or(true);
        (pass.run)(
            &candidate,
            &mut Targets::selecting(&keep),
            &shared.pass_options,
        );
    }
    timings.build = t.elapsed();

    if job.pass.is_some_and(|p| p.must_not_grow)
        && ir::instruction_count(&candidate) > job.current_instructions
    {
        return done(Evaluation::Grew, None, None, timings, true);
    }

    let t = Instant::now();
    let verified = llvm::verify(&candidate);
    timings.verify = t.elapsed();
    if let Err(message) = verified {
        return done(Evaluation::Invalid(message), None, None, timings, true);
    }

    let t = Instant::now();
    let bytes = llvm::serialize(&candidate, shared.tmp_format);
    let hash = blake3::hash(&bytes);
    timings.serialize = t.elapsed();

    let evaluation = if !job.force_test && job.current_hash == Some(hash) {
        Evaluation::Unchanged
    } else if let Some(verdict) = (!job.force_test)
        .then(|| shared.cache.lock().unwrap().get(&hash).copied())
        .flatten()
    {
        Evaluation::Cached(verdict)
    } else if job.cancel.is_cancelled() {
        Evaluation::Cancelled
    } else {
        let t = Instant::now();
        let path = scratch.join(format!("candidate.{}", shared.tmp_format.extension()));
        let written = fs::write(&path, &bytes);
        timings.write = t.elapsed();
        match written {
            Err(e) => Evaluation::Failed(format!("cannot write '{}': {e}", path.display())),
            Ok(()) => match shared.oracle.judge(&path, scratch, &job.cancel) {
                Err(e) => Evaluation::Failed(format!("{e:#}")),
                Ok(outcome) if outcome.cancelled => Evaluation::Cancelled,
                Ok(outcome) => {
                    shared.cache.lock().unwrap().insert(hash, outcome.verdict);
                    Evaluation::Tested(Box::new(outcome))
                }
            },
        }
    };

    let state = (evaluation.verdict() == Verdict::Interesting
        && !matches!(evaluation, Evaluation::Unchanged))
    .then(|| {
        let t = Instant::now();
        let bitcode = llvm::serialize(&candidate, Format::Bitcode);
        let output = if shared.output_format == shared.tmp_format {
            bytes
        } else {
            llvm::serialize(&candidate, shared.output_format)
        };
        timings.serialize += t.elapsed();
        let targets = job.pass.map_or(0, |pass| {
            let mut counting = Targets::counting();
            (pass.run)(&candidate, &mut counting, &shared.pass_options);
            counting.into_weights().len()
        });
        State {
            bitcode,
            module_id: candidate.get_name().to_string_lossy().into_owned(),
            output,
            targets,
            instructions: ir::instruction_count(&candidate),
        }
    });
    done(evaluation, Some(hash), state, timings, true)
}
