//! Worker threads that run the candidate pipeline.
//!
//! Modules cross threads only as [`Snapshot`](crate::Snapshot) bytes: the
//! front end builds each candidate from them in a context of the worker's
//! own, so a candidate's bytes do not depend on which worker built it and
//! the result is the same for any `-j`. Each worker has a private scratch
//! directory where its tests run.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, RecvTimeoutError, Sender};

use crate::frontend::FrontEnd;
use crate::pipeline::{evaluate, Job, JobResult, Shared};

pub struct Pool {
    jobs: Option<Sender<Job>>,
    results: Receiver<JobResult>,
    threads: Vec<JoinHandle<()>>,
}

impl Pool {
    /// Start `n` workers, each with a scratch directory under `scratch_root`.
    pub fn new<F: FrontEnd>(
        n: usize,
        shared: Arc<Shared<F>>,
        scratch_root: &Path,
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

fn worker<F: FrontEnd>(
    jobs: Receiver<Job>,
    results: Sender<JobResult>,
    shared: Arc<Shared<F>>,
    scratch: PathBuf,
) {
    while let Ok(job) = jobs.recv() {
        let started = Instant::now();
        let mut result = evaluate(&job, &shared, &scratch);
        result.timings.busy = started.elapsed().saturating_sub(result.timings.waited);
        if results.send(result).is_err() {
            return;
        }
    }
}
