//! What the reducer needs from a language front end (LLVM IR, MLIR): read a
//! snapshot into a module of the calling thread, apply a level's pass to it,
//! measure, verify and serialize it. The candidate pipeline
//! ([`crate::pipeline`]) is written once on top of these.
//!
//! Snapshots are bytes, so they cross threads; a front end rebuilds its
//! in-memory module from them in each worker (in a context of the worker's
//! own), which is also what makes the result independent of `-j`.

use std::sync::Arc;

use crate::pass::{PassInfo, Targets};

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

/// How a kept candidate is stored: its snapshot encoding and identifier,
/// and the bytes of the output file.
pub struct Kept {
    pub bytes: Vec<u8>,
    pub module_id: String,
    pub output: Vec<u8>,
}

/// A language front end: its levels are the passes of a sweep.
pub trait FrontEnd: Send + Sync + 'static {
    /// What modules of one candidate live in (LLVM: a fresh context per
    /// candidate; MLIR: nothing, each thread has its own context).
    type Context;
    /// A module of the calling thread (never crosses threads).
    type Module<'c>
    where
        Self: 'c;

    /// A fresh context for one candidate.
    fn context(&self) -> Self::Context;

    /// The levels (passes) of a sweep, in order.
    fn level_count(&self) -> usize;
    fn level(&self, level: usize) -> &'static PassInfo;

    /// Read a snapshot into a fresh module of this thread.
    fn read<'c>(
        &self,
        context: &'c Self::Context,
        snapshot: &Snapshot,
    ) -> Result<Self::Module<'c>, String>;

    /// Run `level`'s pass on `module`, asking `targets` about each target.
    /// An error means the front end could not apply it (MLIR crashed).
    fn apply(
        &self,
        module: &Self::Module<'_>,
        level: usize,
        targets: &mut Targets<'_>,
    ) -> Result<(), String>;

    /// The module's size in [`FrontEnd::size_unit`]s.
    fn size(&self, module: &Self::Module<'_>) -> u64;

    /// The verifier's first complaint, if it has one.
    fn verify(&self, module: &Self::Module<'_>) -> Result<(), String>;

    /// The candidate as the test sees it.
    fn test_bytes(&self, module: &Self::Module<'_>) -> Result<Vec<u8>, String>;

    /// How a candidate the test kept is stored; `test_bytes` are what
    /// [`FrontEnd::test_bytes`] gave for it (the output may reuse them).
    fn keep(
        &self,
        module: &Self::Module<'_>,
        read_from: &Snapshot,
        test_bytes: Vec<u8>,
    ) -> Result<Kept, String>;

    /// Whether `level` has nothing to do on `snapshot` (a front end may know
    /// that it ended on exactly this module before); asked once per level
    /// entered.
    fn skip_level(&self, _level: usize, _snapshot: &Snapshot) -> bool {
        false
    }

    /// File extension of the files the test sees.
    fn candidate_extension(&self) -> &'static str;

    /// What sizes count ("instructions", "operations").
    fn size_unit(&self) -> &'static str;
}
