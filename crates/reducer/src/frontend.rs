//! What the reducer needs from a language front end (LLVM IR, MLIR): read a
//! snapshot into a module of the calling thread, apply a level's pass to it,
//! measure, verify and serialize it. The candidate pipeline
//! ([`crate::pipeline`]) is written once on top of these.
//!
//! Snapshots are bytes, so they cross threads; a front end rebuilds its
//! in-memory module from them in each worker (in a context of the worker's
//! own), which is also what makes the result independent of `-j`.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

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

/// The bytes [`FrontEnd::fill_variants`] fills memory with: zero, a
/// negative and a positive pattern (a value read before it is written and
/// tested against zero, or signed, differs under one of them).
pub const FILL_BYTES: [u8; 3] = [0x00, 0xa5, 0x5a];

/// A module as the test would see it with its memory filled before the
/// program writes it ([`FrontEnd::fill_variants`]).
pub struct FillVariant {
    /// How it was made, as messages name it ("filled with 0x00").
    pub how: String,
    pub bytes: Vec<u8>,
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

    /// Whether the oracle may judge a module the verifier accepted: Err
    /// says why not (the LLVM front end under a metamorphic oracle refuses
    /// undefined behaviour the module's constants make certain). Such a
    /// candidate is unresolved, never tested, and no invalid reduction.
    fn judgeable(&self, _module: &Self::Module<'_>) -> Result<(), String> {
        Ok(())
    }

    /// The test was found flaky (a re-check of a result it had called
    /// interesting failed): from now on a front end may refuse, through
    /// [`FrontEnd::judgeable`], candidates with what makes a program's runs
    /// differ (the LLVM front end: certain undefined behaviour, undefined
    /// values, a new type for `main`).
    fn test_is_flaky(&self) {}

    /// The candidate as the test sees it.
    fn test_bytes(&self, module: &Self::Module<'_>) -> Result<Vec<u8>, String>;

    /// `module` as the test would see it with its memory filled before the
    /// program writes it, once per fill byte ([`FILL_BYTES`], in that
    /// order); empty when the front end cannot fill it or the module has no
    /// such memory. Verdicts that differ between two variants prove the
    /// test depends on what the program reads before writing it (a flaky
    /// test: [`crate::run`]'s fill check). A variant may also stop the
    /// program where it reads memory it never wrote (the LLVM front end
    /// traps in one of them): with the others it then disagrees
    /// whatever the fill byte happens to make the program do.
    fn fill_variants(&self, _module: &Self::Module<'_>) -> Result<Vec<FillVariant>, String> {
        Ok(Vec::new())
    }

    /// Whether [`FrontEnd::fill_variants`] would make any variant of
    /// `module`, found without making them.
    fn can_fill(&self, _module: &Self::Module<'_>) -> bool {
        false
    }

    /// The byte ranges of the items `test_bytes` holds (sorted, disjoint;
    /// each named by its first line, unique in the module): the
    /// neighbourhoods of the change memory ([`crate::memo`]; LLVM: the
    /// function definitions). None when the front end does not split.
    fn items(&self, _test_bytes: &[u8]) -> Option<Vec<std::ops::Range<usize>>> {
        None
    }

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

    /// `level` ended on `snapshot`; `settled` says whether the level's
    /// search ended on the targets of that very module (it was the base of
    /// the level's last candidates), so that the module is 1-minimal for
    /// the level. Called once per level finished.
    fn level_finished(&self, _level: usize, _snapshot: &Snapshot, _settled: bool) {}

    /// File extension of the files the test sees.
    fn candidate_extension(&self) -> &'static str;

    /// What sizes count ("instructions", "operations").
    fn size_unit(&self) -> &'static str;
}

/// For [`FrontEnd::skip_level`] and [`FrontEnd::level_finished`]: the
/// modules each level *settled* on (ended 1-minimal for). A level entered
/// again on exactly such a module has nothing to do. A level that ended on
/// a module whose targets it never searched (a pass that adds targets as
/// it goes, such as MIR's, whose removals leave implicit definitions
/// behind) runs again.
#[derive(Default)]
pub struct SettledLevels {
    settled: Mutex<HashMap<usize, blake3::Hash>>,
}

impl SettledLevels {
    /// Whether `level` settled on `snapshot` when it last ran.
    pub fn settled_on(&self, level: usize, snapshot: &Snapshot) -> bool {
        self.settled.lock().unwrap().get(&level) == Some(&blake3::hash(&snapshot.bytes))
    }

    /// Record how `level` ended.
    pub fn finished(&self, level: usize, snapshot: &Snapshot, settled: bool) {
        let mut map = self.settled.lock().unwrap();
        if settled {
            map.insert(level, blake3::hash(&snapshot.bytes));
        } else {
            map.remove(&level);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn snapshot(bytes: &[u8]) -> Snapshot {
        Snapshot {
            version: 0,
            bytes: Arc::new(bytes.to_vec()),
            module_id: "m".into(),
        }
    }

    #[test]
    fn only_a_settled_level_is_skipped_on_its_module() {
        let levels = SettledLevels::default();
        let (a, b) = (snapshot(b"a"), snapshot(b"b"));
        assert!(!levels.settled_on(0, &a));
        levels.finished(0, &a, true);
        assert!(levels.settled_on(0, &a));
        assert!(!levels.settled_on(0, &b));
        assert!(!levels.settled_on(1, &a));
        levels.finished(0, &a, false);
        assert!(!levels.settled_on(0, &a));
    }
}
