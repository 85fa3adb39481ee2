//! Oracles turn a candidate file into a verdict.
//!
//! The classic one ([`script::ScriptOracle`]) runs the user's test as
//! `SCRIPT ARG... CANDIDATE` and calls exit status 0 interesting, like
//! llvm-reduce. An oracle never sees a candidate that failed the verifier.

pub mod script;

use std::path::Path;

use anyhow::Result;

use crate::dd::Verdict;

/// What one test run found.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub verdict: Verdict,
    /// How the test ended, for messages ("exit status 1", "signal 11").
    pub status: String,
    /// The end of the test's stderr (bounded).
    pub stderr_tail: String,
}

/// Decides whether a candidate file is interesting.
pub trait Oracle {
    /// Test `candidate`. An `Err` means the test itself could not be run
    /// (missing executable, no permission): the reduction cannot go on.
    fn judge(&mut self, candidate: &Path) -> Result<Outcome>;
}
