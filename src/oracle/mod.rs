//! Oracles turn a candidate file into a verdict.
//!
//! The classic one ([`script::ScriptOracle`]) runs the user's test as
//! `SCRIPT ARG... CANDIDATE` and calls exit status 0 interesting, like
//! llvm-reduce. An oracle never sees a candidate that failed the verifier.
//! Oracles are shared by the worker threads that test candidates in
//! parallel, and each test can be cancelled.

pub mod command;
pub mod crash;
pub mod lit;
pub mod mr;
pub mod output;
pub mod process;
pub mod script;
pub mod signature;

use std::path::Path;
use std::time::Duration;

use anyhow::Result;

pub use process::{Cancel, Captured};

use crate::dd::Verdict;

/// What one test run found.
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

impl Outcome {
    /// The outcome of a finished test process, with the verdict the oracle
    /// drew from it (a cancelled run is Unresolved, a timeout not
    /// interesting, whatever `verdict` says).
    pub fn from_process(out: process::ProcessOutcome, verdict: Verdict) -> Outcome {
        let verdict = match out.ended {
            process::Ended::Cancelled => Verdict::Unresolved,
            process::Ended::TimedOut => Verdict::NotInteresting,
            _ => verdict,
        };
        Outcome {
            verdict,
            status: out.ended.describe(),
            timed_out: out.ended == process::Ended::TimedOut,
            cancelled: out.ended == process::Ended::Cancelled,
            stdout: out.stdout,
            stderr: out.stderr,
            elapsed: out.elapsed,
        }
    }
}

/// Decides whether a candidate file is interesting.
pub trait Oracle: Send + Sync {
    /// Test `candidate` in the scratch directory `scratch` (private to the
    /// calling worker). An `Err` means the test itself could not be run
    /// (missing executable, no permission): the reduction cannot go on.
    fn judge(&self, candidate: &Path, scratch: &Path, cancel: &Cancel) -> Result<Outcome>;
}
