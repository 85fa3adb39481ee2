//! Oracles turn a candidate file into a verdict.
//!
//! The classic one ([`script::ScriptOracle`]) runs the user's test as
//! `SCRIPT ARG... CANDIDATE` and calls exit status 0 interesting, like
//! llvm-reduce. An oracle never sees a candidate that failed the verifier.
//! Oracles are shared by the worker threads that test candidates in
//! parallel, and each test can be cancelled.

pub mod process;
pub mod script;

use std::path::Path;
use std::time::Duration;

use anyhow::Result;

pub use process::Cancel;

use crate::dd::Verdict;

/// What one test run found.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub verdict: Verdict,
    /// How the test ended, for messages ("exit status 1", "timeout").
    pub status: String,
    /// The end of the test's stdout and stderr (bounded).
    pub stdout_tail: String,
    pub stderr_tail: String,
    pub timed_out: bool,
    /// The test was stopped because its result was no longer needed (or the
    /// run was interrupted); the verdict means nothing.
    pub cancelled: bool,
    pub elapsed: Duration,
}

/// Decides whether a candidate file is interesting.
pub trait Oracle: Send + Sync {
    /// Test `candidate` in the scratch directory `scratch` (private to the
    /// calling worker). An `Err` means the test itself could not be run
    /// (missing executable, no permission): the reduction cannot go on.
    fn judge(&self, candidate: &Path, scratch: &Path, cancel: &Cancel) -> Result<Outcome>;
}
