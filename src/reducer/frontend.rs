//! What the reducer needs from a language front end (LLVM IR, MLIR): read
//! a snapshot, apply a level's pass to chosen targets, verify, serialize.
//!
//! Snapshots are bytes, so they cross threads; a front end rebuilds its
//! in-memory module from them in each worker (in a context of the worker's
//! own), which is also what makes the result independent of `-j`.

use std::sync::Arc;
use std::time::Duration;

/// A module state, as bytes that can cross threads.
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// Distinguishes snapshots (0 is the input).
    pub version: u64,
    /// The front end's encoding of the module (LLVM: bitcode).
    pub bytes: Arc<Vec<u8>>,
    /// The module's identifier when the encoding does not hold it (LLVM's
    /// `; ModuleID`): a module is re-read under this name.
    pub module_id: Arc<str>,
}

/// The module a candidate became, when it is kept.
pub struct State {
    pub bytes: Vec<u8>,
    /// The candidate's module identifier (a pass may clear it).
    pub module_id: String,
    /// The bytes for the output file.
    pub output: Vec<u8>,
    /// Targets the level's pass counts on the candidate (for rebasing).
    pub targets: usize,
    /// Its size in the front end's unit (instructions, operations).
    pub size: u64,
}

/// What a front end did with a candidate.
pub enum Built {
    /// The snapshot could not be read back.
    Unreadable(String),
    /// The verifier rejected the candidate; its complaint.
    Invalid(String),
    /// The candidate is larger than the current module, from a pass that
    /// must not grow it: no progress, not judged.
    Grew,
    /// The candidate went to the judge; its state if the judge asked.
    Judged(Option<State>),
}

/// A candidate to build: `snapshot` with `level`'s pass applied to the
/// targets `keep` does not keep (no level: the snapshot as it is).
pub struct Request<'a> {
    pub snapshot: &'a Snapshot,
    pub level: Option<usize>,
    pub keep: &'a dyn Fn(usize) -> bool,
    /// The current module's size: see [`Built::Grew`].
    pub current_size: u64,
}

/// Where a front end's time went.
#[derive(Clone, Copy, Debug, Default)]
pub struct Timings {
    pub parse: Duration,
    pub build: Duration,
    pub verify: Duration,
    pub serialize: Duration,
    pub write: Duration,
}

/// A language front end.
pub trait FrontEnd: Send + Sync {
    /// The levels (passes) of a sweep, in order.
    fn level_count(&self) -> usize;
    fn level_name(&self, level: usize) -> &'static str;
    /// Whether the level's targets are usually all removable.
    fn level_all_first(&self, level: usize) -> bool;
    /// Whether the level's targets usually come down to a single one (one
    /// function of many holds the bug): bisect for it first.
    fn level_bisect_first(&self, _level: usize) -> bool {
        false
    }
    /// The weights of `level`'s targets in `snapshot`.
    fn count(&self, snapshot: &Snapshot, level: usize) -> Result<Vec<u64>, String>;
    /// Build the candidate `request` describes, verify it and hand its test
    /// bytes to `judge`, which returns whether it wants the candidate's
    /// state (it does when the candidate is kept).
    fn build(
        &self,
        request: &Request<'_>,
        timings: &mut Timings,
        judge: &mut dyn FnMut(&[u8], &mut Timings) -> bool,
    ) -> Built;
    /// File extension of the files the test sees.
    fn candidate_extension(&self) -> &'static str;
    /// What sizes count ("instructions", "operations").
    fn size_unit(&self) -> &'static str;
}
