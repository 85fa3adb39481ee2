//! whittle's reducer: one reduction of a module, for any front end.
//!
//! The front end's passes are the levels of an HDD hierarchy ([`run`]);
//! candidates go through one pipeline ([`pipeline`]: build from a snapshot,
//! verify, hash, cache, judge, accept) on worker threads ([`pool`]), ahead
//! of time through the speculative ordered window ([`window`]), and the best
//! module so far is always on disk ([`state`]). This crate defines what the
//! layers above implement: [`FrontEnd`] (LLVM IR, MLIR), [`Oracle`] (the
//! tests), [`Targets`] and [`PassInfo`] (the passes' side of the contract);
//! below it is only the engine, [`whittle_dd`].
//!
//! With `-j N`, the next N proposals are evaluated at once and the first
//! interesting one *in proposal order* wins, exactly as testing them one by
//! one would choose; tests that lose are killed. So the result does not
//! depend on N.
#![forbid(unsafe_code)]

mod cache;
mod frontend;
pub mod interrupt;
mod limit;
mod memo;
mod oracle;
mod output;
mod pass;
pub mod pipeline;
pub mod pool;
mod progress;
mod run;
pub mod state;
mod stats;
pub mod window;

use std::path::PathBuf;

pub use whittle_dd as dd;
pub use whittle_dd::{PolicyKind, Verdict};

pub use frontend::{FillVariant, FrontEnd, Kept, SettledLevels, Snapshot, FILL_BYTES};
pub use limit::AutoLimit;
pub use memo::items_between_lines;
pub use oracle::{
    Cancel, Captured, ExecutorStats, InfrastructureFailure, NodeStats, Oracle, Outcome, Stopper,
};
pub use output::{directory_of, write_atomically};
pub use pass::{select, PassInfo, RegisteredPass, Targets};
pub use run::{run, RECHECKS};
pub use stats::{Event, Flaky, LevelRun, PassStats, Stats};

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
    /// Between the first and the last sweep, run only the passes whose last
    /// run changed something (the last sweep runs every pass).
    pub partial_sweeps: bool,
    /// The granularity each level's search starts at (2: halves).
    pub starting_granularity: usize,
    /// Treat a candidate that fails the verifier as a hard error.
    pub abort_on_invalid: bool,
    pub output: PathBuf,
    /// Where the workers' private scratch directories go (the test
    /// environment's; kept or removed by its owner).
    pub scratch: PathBuf,
    /// Candidates tested at once.
    pub jobs: usize,
    pub display: Display,
    /// Text written before the module in the output (the RUN and CHECK
    /// lines of a reduced lit test).
    pub output_header: Option<Vec<u8>>,
    /// Stop tests that run far longer than any interesting one did
    /// ([`AutoLimit`]); `None`: tests run until they end (or `--timeout`).
    pub auto_limit: Option<AutoLimit>,
    /// Runs of the test after an interesting one that must agree before a
    /// candidate is kept (`--confirm`; raised to `CONFIRM_FLAKY`
    /// when a re-check shows the test flaky).
    pub confirm: u32,
    /// Re-test the current result when it changed (between two rounds of a
    /// level, or at its end) once this many tests have run since the last
    /// re-check (`--recheck-every`): counted in tests, not time, so that
    /// the same reduction asks the same tests at any load and any `-j`.
    pub recheck_every: u64,
    /// Presume a change the test refused refused again where it comes back
    /// on the same item ([`memo`]; off with `--no-change-memory`).
    pub change_memory: bool,
}

/// How a run ended when it did not finish.
#[derive(Debug)]
pub enum Stopped {
    /// Ctrl-C or SIGTERM; the best module so far is at the output path.
    Interrupted(Box<Stats>),
    /// A test could not be run to a verdict ([`InfrastructureFailure`]);
    /// the best module so far is at the output path. The message says why.
    Infrastructure(Box<Stats>, String),
}

impl Stopped {
    /// What the run had done when it stopped.
    pub fn stats(&self) -> &Stats {
        match self {
            Stopped::Interrupted(stats) | Stopped::Infrastructure(stats, _) => stats,
        }
    }
}

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stopped::Interrupted(_) => write!(f, "interrupted"),
            Stopped::Infrastructure(_, message) => f.write_str(message),
        }
    }
}

impl std::error::Error for Stopped {}

/// The error of a run whose test does not call the input interesting: how
/// the test ended and the end of its stderr (the layers above look into
/// why, e.g. a test that runs another LLVM than whittle's).
#[derive(Debug)]
pub struct InputNotInteresting {
    /// How the test ended ("exit status 1").
    pub status: String,
    /// Its last lines of stderr, joined by " | ".
    pub stderr_tail: String,
}

impl std::fmt::Display for InputNotInteresting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Input isn't interesting! Verify interesting-ness test: it ended with {}",
            self.status
        )?;
        if !self.stderr_tail.is_empty() {
            write!(f, "; its stderr ends: {}", self.stderr_tail)?;
        }
        Ok(())
    }
}

impl std::error::Error for InputNotInteresting {}

/// The module to reduce: its snapshot, its size (in the front end's unit)
/// and the size of its output file.
pub struct Input {
    pub snapshot: Snapshot,
    pub size: u64,
    pub bytes: u64,
}
