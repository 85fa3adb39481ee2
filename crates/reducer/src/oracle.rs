//! What the reducer asks of an oracle: turn a candidate file into an
//! [`Outcome`] whose [`Verdict`] is Interesting, NotInteresting or
//! Unresolved. Oracles live above the reducer (they run tests); this module
//! only defines the contract, the outcome's data, and [`Cancel`], the token
//! that stops a test whose result is no longer needed.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use anyhow::Result;

use crate::Verdict;

/// Decides whether a candidate file is interesting.
///
/// An oracle never sees a candidate that failed the verifier. Oracles are
/// shared by the worker threads that test candidates in parallel, and each
/// test can be cancelled.
pub trait Oracle: Send + Sync {
    /// Test `candidate` in the scratch directory `scratch` (private to the
    /// calling worker). An `Err` means the test itself could not be run
    /// (missing executable, no permission, a cluster that lost its nodes):
    /// the reduction cannot go on.
    fn judge(&self, candidate: &Path, scratch: &Path, cancel: &Cancel) -> Result<Outcome>;

    /// [`Oracle::judge`] with the automatic time limit applied where the
    /// test runs (a cluster node, where the time a test waits for the
    /// cluster must not count), and whether the limit stopped the test.
    /// `None` (the default): the oracle does not apply it, and the reducer
    /// stops the test from here at the limit.
    fn judge_limited(
        &self,
        _candidate: &Path,
        _scratch: &Path,
        _cancel: &Cancel,
        _limit: Duration,
    ) -> Option<(Result<Outcome>, bool)> {
        None
    }

    /// What the executor behind the oracle counted, when tests run
    /// somewhere that can fail on its own (a cluster): for the summary.
    fn executor_stats(&self) -> Option<ExecutorStats> {
        None
    }
}

/// A test that could not be run to a verdict for reasons outside the test
/// and the candidate (a lost node, a cluster error, a runner that never
/// answered), once the executor's own retries ran out. It is never a
/// verdict and never cached: the reduction stops, its best result on disk.
/// An oracle returns it as the error of [`Oracle::judge`].
#[derive(Debug)]
pub struct InfrastructureFailure(pub String);

impl std::fmt::Display for InfrastructureFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InfrastructureFailure {}

/// What an executor that runs tests elsewhere counted, kept apart from the
/// verdicts: how many runs it started (a verdict may take several), how
/// many of those failed for reasons of its own, and how many were retries.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct ExecutorStats {
    /// The executor's name (`slurm`).
    pub name: String,
    /// Runs started (Slurm: job steps or jobs), cancelled ones included.
    pub runs: u64,
    /// Runs that ended without a verdict because the executor failed.
    pub infrastructure_failures: u64,
    /// Runs started again after such a failure.
    pub retries: u64,
    /// Runs stopped because their result was no longer needed (or at the
    /// executor's own deadline).
    pub cancelled: u64,
    /// Tests that needed more than one run.
    pub tests_retried: u64,
    /// Where runs went, by node name (those the executor heard of).
    pub nodes: Vec<NodeStats>,
}

impl ExecutorStats {
    /// The nodes where runs failed.
    pub fn failed_nodes(&self) -> impl Iterator<Item = &NodeStats> {
        self.nodes.iter().filter(|n| n.failures > 0)
    }
}

/// What the runs on one node of an executor came to.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct NodeStats {
    pub name: String,
    /// Runs that answered (a verdict, or the test's own error).
    pub answered: u64,
    /// Runs that failed there for the executor's reasons.
    pub failures: u64,
}

/// What one test found.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub verdict: Verdict,
    /// How the test ended, for messages ("exit status 1", "timeout").
    pub status: String,
    /// The test's stdout and stderr (bounded: head and tail).
    pub stdout: Captured,
    pub stderr: Captured,
    pub timed_out: bool,
    /// The test was stopped because its result was no longer needed (or the
    /// run was interrupted); the verdict means nothing.
    pub cancelled: bool,
    pub elapsed: Duration,
}

/// The output of one stream of a test: its first and last bytes (bounded),
/// enough for messages and crash signatures (the message and the top of a
/// stack dump come early, the end of a log last).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Captured {
    pub head: String,
    pub tail: String,
    /// Whether bytes between head and tail were dropped.
    pub truncated: bool,
    /// A hash of the whole stream, kept or not: outputs are compared by it.
    pub digest: Option<blake3::Hash>,
    /// The stream's length in bytes.
    pub len: u64,
}

impl Captured {
    /// What was kept, with a marker where bytes were dropped.
    pub fn text(&self) -> String {
        if self.truncated {
            format!("{}\n[...]\n{}", self.head, self.tail)
        } else {
            format!("{}{}", self.head, self.tail)
        }
    }
}

/// How a running test is stopped from another thread (a process group
/// killed, a cluster step cancelled): registered by whoever started it.
pub type Stopper = Box<dyn Fn() + Send>;

/// Lets another thread stop a test: a test not started yet never starts,
/// and a running one is stopped at once through the [`Stopper`] its runner
/// registered.
#[derive(Default)]
pub struct Cancel {
    cancelled: AtomicBool,
    /// How to stop the test that is running, if one is.
    running: Mutex<Option<Stopper>>,
}

impl std::fmt::Debug for Cancel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cancel")
            .field("cancelled", &self.is_cancelled())
            .finish()
    }
}

impl Cancel {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::SeqCst);
        if let Some(stop) = self.running.lock().unwrap().as_ref() {
            stop();
        }
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::SeqCst)
    }

    /// Start a test with `start` unless this token is cancelled (`None`),
    /// registering the stopper it returns. Cancelling cannot slip in
    /// between: it either comes first, and `start` is never called, or it
    /// finds the stopper.
    pub fn start<T, E>(
        &self,
        stopped: impl Fn() -> bool,
        start: impl FnOnce() -> Result<(T, Stopper), E>,
    ) -> Option<Result<T, E>> {
        let mut running = self.running.lock().unwrap();
        if self.is_cancelled() || stopped() {
            return None;
        }
        Some(start().map(|(started, stopper)| {
            *running = Some(stopper);
            started
        }))
    }

    /// The test has ended: nothing is left to stop.
    pub fn finished(&self) {
        *self.running.lock().unwrap() = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;
    use std::sync::Arc;

    #[test]
    fn a_cancelled_token_starts_nothing() {
        let cancel = Cancel::new();
        cancel.cancel();
        let started = cancel.start(|| false, || Ok::<_, ()>(((), Box::new(|| {}) as Stopper)));
        assert!(started.is_none());
    }

    #[test]
    fn cancelling_a_running_test_calls_its_stopper_once_registered() {
        let stops = Arc::new(AtomicUsize::new(0));
        let cancel = Cancel::new();
        let s = stops.clone();
        let started = cancel.start(
            || false,
            move || {
                Ok::<_, ()>((
                    7,
                    Box::new(move || {
                        s.fetch_add(1, Ordering::SeqCst);
                    }) as Stopper,
                ))
            },
        );
        assert_eq!(started, Some(Ok(7)));
        cancel.cancel();
        assert_eq!(stops.load(Ordering::SeqCst), 1);
        cancel.finished();
        cancel.cancel();
        assert_eq!(stops.load(Ordering::SeqCst), 1);
    }
}
