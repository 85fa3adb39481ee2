//! Worker threads that build, verify and test candidates.
//!
//! Modules cross threads only as [`Snapshot`] bytes: the front end builds
//! each candidate from them in a context of the worker's own, so a
//! candidate's bytes do not depend on which worker built it and the result
//! is the same for any `-j`. Each worker has a private scratch directory
//! where its tests run.

use std::collections::HashMap;
use std::fs;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, RecvTimeoutError, Sender};

use super::frontend::{Built, FrontEnd, Request, Snapshot, State, Timings};
use crate::dd::Verdict;
use crate::oracle::{Cancel, Oracle, Outcome};

/// One candidate to evaluate: `base` with `level`'s pass applied to the
/// targets `keep` says to keep (no level: `base` as it is).
pub struct Job {
    pub id: u64,
    pub base: Snapshot,
    pub level: Option<usize>,
    pub keep: Arc<Vec<bool>>,
    /// Hash of the current module's test bytes: a candidate identical to it
    /// is accepted without a test.
    pub current_hash: Option<blake3::Hash>,
    /// The current module's size: a candidate larger than it is no
    /// progress for a pass that must not grow the module, and is not tested.
    pub current_size: u64,
    /// Test even if the content was tested before (the final re-check).
    pub force_test: bool,
    pub cancel: Arc<Cancel>,
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
    pub front_end: Arc<dyn FrontEnd>,
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

/// Have the front end build, verify and serialize the job's candidate, then
/// judge it: identical to the current module, tested before (cache), or run
/// through the oracle.
fn evaluate(job: &Job, shared: &Shared, scratch: &std::path::Path) -> JobResult {
    let mut timings = Timings::default();
    if job.cancel.is_cancelled() {
        return JobResult {
            id: job.id,
            evaluation: Evaluation::Cancelled,
            hash: None,
            state: None,
            timings,
            built: false,
        };
    }
    let keep = |i: usize| job.keep.get(i).copied().unwrap_or(true);
    let request = Request {
        snapshot: &job.base,
        level: job.level,
        keep: &keep,
        current_size: job.current_size,
    };
    let mut judged: Option<(Evaluation, blake3::Hash)> = None;
    let mut judge = |bytes: &[u8], timings: &mut Timings| -> bool {
        let t = Instant::now();
        let hash = blake3::hash(bytes);
        timings.serialize += t.elapsed();
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
            let path = scratch.join(format!(
                "candidate.{}",
                shared.front_end.candidate_extension()
            ));
            let written = fs::write(&path, bytes);
            timings.write += t.elapsed();
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
        let wants_state = evaluation.verdict() == Verdict::Interesting
            && !matches!(evaluation, Evaluation::Unchanged);
        judged = Some((evaluation, hash));
        wants_state
    };
    let built = shared.front_end.build(&request, &mut timings, &mut judge);
    let (evaluation, hash, state, built_any) = match built {
        Built::Unreadable(message) => (Evaluation::Failed(message), None, None, false),
        Built::Invalid(message) => (Evaluation::Invalid(message), None, None, true),
        Built::Grew => (Evaluation::Grew, None, None, true),
        Built::Judged(state) => {
            let (evaluation, hash) = judged.expect("a judged candidate went through the judge");
            (evaluation, Some(hash), state, true)
        }
    };
    JobResult {
        id: job.id,
        evaluation,
        hash,
        state,
        timings,
        built: built_any,
    }
}
