//! MLIR as a reducer front end.
//!
//! Snapshots are MLIR bytecode: it reads back several times faster than
//! text, exactly (no custom printer/parser round trip, which some dialects
//! do not get right; float constants bit for bit; locations kept), and
//! re-reading it in a worker's own context is what makes candidates
//! independent of `-j`. (A dialect that cannot write bytecode gets generic
//! text, which is just as exact.) The test sees the module printed in its
//! custom form, as mlir-opt prints it; so does the output. Sizes count
//! operations, the module itself included (as `mlir-opt --print-op-stats`).
//!
//! A level whose input is exactly the module it produced when it last ran
//! (in an earlier sweep) gets no targets: it was 1-minimal there, and
//! running it again would only test new coarse chunks of the same module.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use super::passes::{MlirOptions, Pass, Targets};
use super::Module;
use crate::reducer::{Built, FrontEnd, Request, Snapshot, State, Timings};

pub struct MlirFrontEnd {
    pub passes: Vec<&'static Pass>,
    pub options: MlirOptions,
    /// `--allow-unregistered-dialect`.
    pub allow_unregistered: bool,
    /// Print the test's candidates (and the output) in the generic form.
    pub generic: bool,
    /// Which module each level ended with (see the module comment).
    pub memo: Mutex<LevelMemo>,
}

/// The modules levels ended with: a level ends where the next one starts.
#[derive(Default)]
pub struct LevelMemo {
    last_entered: Option<usize>,
    ended: HashMap<usize, blake3::Hash>,
}

impl LevelMemo {
    /// Record that `level` starts on the module hashing to `hash`; returns
    /// whether that is the module `level` ended with last time.
    fn enter(&mut self, level: usize, hash: blake3::Hash) -> bool {
        if let Some(previous) = self.last_entered.replace(level) {
            self.ended.insert(previous, hash);
        }
        self.ended.get(&level) == Some(&hash)
    }
}

impl MlirFrontEnd {
    /// The snapshot of a loaded module (named `name`).
    pub fn snapshot(module: &Module, name: &str) -> Result<Snapshot, String> {
        let bytes = module.bytecode().map_err(|e| e.to_string())?;
        Ok(Snapshot {
            version: 0,
            bytes: Arc::new(bytes),
            module_id: name.into(),
        })
    }

    fn read(&self, snapshot: &Snapshot) -> Result<Module, String> {
        Module::parse(
            &snapshot.bytes,
            &snapshot.module_id,
            self.allow_unregistered,
        )
    }

    fn targets(&self, module: &Module, level: usize) -> Result<Vec<u64>, String> {
        let mut counting = Targets::counting();
        (self.passes[level].run)(module, &mut counting, &self.options)
            .map_err(|e| format!("{}: {e} while counting targets", self.passes[level].name))?;
        Ok(counting.into_weights())
    }
}

impl FrontEnd for MlirFrontEnd {
    fn level_count(&self) -> usize {
        self.passes.len()
    }

    fn level_name(&self, level: usize) -> &'static str {
        self.passes[level].name
    }

    fn level_all_first(&self, level: usize) -> bool {
        self.passes[level].all_first
    }

    fn level_bisect_first(&self, level: usize) -> bool {
        self.passes[level].bisect_first
    }

    fn count(&self, snapshot: &Snapshot, level: usize) -> Result<Vec<u64>, String> {
        let hash = blake3::hash(&snapshot.bytes);
        if self.memo.lock().unwrap().enter(level, hash) {
            return Ok(Vec::new());
        }
        let module = self.read(snapshot)?;
        self.targets(&module, level)
    }

    fn build(
        &self,
        request: &Request<'_>,
        timings: &mut Timings,
        judge: &mut dyn FnMut(&[u8], &mut Timings) -> bool,
    ) -> Built {
        let t = Instant::now();
        let candidate = match self.read(request.snapshot) {
            Ok(m) => m,
            Err(e) => return Built::Unreadable(format!("cannot re-read the module: {e}")),
        };
        timings.parse += t.elapsed();

        let t = Instant::now();
        let pass = request.level.map(|l| self.passes[l]);
        if let Some(pass) = pass {
            let ran = (pass.run)(
                &candidate,
                &mut Targets::selecting(request.keep),
                &self.options,
            );
            if let Err(e) = ran {
                timings.build += t.elapsed();
                return Built::Invalid(format!("{e} while applying {}", pass.name));
            }
        }
        timings.build += t.elapsed();
        if pass.is_some_and(|p| p.must_not_grow) && candidate.op_count() > request.current_size {
            return Built::Grew;
        }

        let t = Instant::now();
        let verified = candidate.verify();
        timings.verify += t.elapsed();
        if let Err(message) = verified {
            return Built::Invalid(message);
        }

        let t = Instant::now();
        let text = match candidate.print(self.generic) {
            Ok(text) => text,
            Err(e) => return Built::Invalid(format!("{e} while printing")),
        };
        timings.serialize += t.elapsed();
        if !judge(&text, timings) {
            return Built::Judged(None);
        }

        let t = Instant::now();
        let bytes = match candidate.bytecode() {
            Ok(bytes) => bytes,
            Err(e) => return Built::Invalid(format!("{e} while writing bytecode")),
        };
        timings.serialize += t.elapsed();
        let targets = match request.level.map(|l| self.targets(&candidate, l)) {
            Some(Ok(weights)) => weights.len(),
            Some(Err(e)) => return Built::Invalid(e),
            None => 0,
        };
        Built::Judged(Some(State {
            bytes,
            module_id: request.snapshot.module_id.to_string(),
            output: text,
            targets,
            size: candidate.op_count(),
        }))
    }

    fn candidate_extension(&self) -> &'static str {
        "mlir"
    }

    fn size_unit(&self) -> &'static str {
        "operations"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_is_skipped_on_the_module_it_ended_with() {
        let (a, b, c) = (blake3::hash(b"a"), blake3::hash(b"b"), blake3::hash(b"c"));
        let mut memo = LevelMemo::default();
        assert!(!memo.enter(0, a)); // first sweep
        assert!(!memo.enter(1, b)); // level 0 ended with b
        assert!(!memo.enter(0, c)); // level 1 ended with c
        assert!(memo.enter(1, c)); // level 0 changed nothing: level 1 ended with c
        assert!(memo.enter(0, c));
        assert!(!memo.enter(1, a));
    }
}
