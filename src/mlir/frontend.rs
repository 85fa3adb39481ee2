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

use whittle_mlir_ir::Module;
use whittle_reducer::{FrontEnd, Kept, PassInfo, Snapshot, Targets};

use super::passes::{MlirOptions, Pass};

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
}

impl FrontEnd for MlirFrontEnd {
    /// Each thread has its own MLIR context already.
    type Context = ();
    type Module<'c> = Module;

    fn context(&self) {}

    fn level_count(&self) -> usize {
        self.passes.len()
    }

    fn level(&self, level: usize) -> &'static PassInfo {
        &self.passes[level].info
    }

    fn skip_level(&self, level: usize, snapshot: &Snapshot) -> bool {
        let hash = blake3::hash(&snapshot.bytes);
        self.memo.lock().unwrap().enter(level, hash)
    }

    fn read(&self, _: &(), snapshot: &Snapshot) -> Result<Module, String> {
        Module::parse(
            &snapshot.bytes,
            &snapshot.module_id,
            self.allow_unregistered,
        )
    }

    fn apply(
        &self,
        module: &Module,
        level: usize,
        targets: &mut Targets<'_>,
    ) -> Result<(), String> {
        self.passes[level]
            .run(module, targets, &self.options)
            .map_err(|e| e.to_string())
    }

    fn size(&self, module: &Module) -> u64 {
        module.op_count()
    }

    fn verify(&self, module: &Module) -> Result<(), String> {
        module.verify()
    }

    fn test_bytes(&self, module: &Module) -> Result<Vec<u8>, String> {
        module.print(self.generic).map_err(|e| e.to_string())
    }

    fn keep(
        &self,
        module: &Module,
        read_from: &Snapshot,
        test_bytes: Vec<u8>,
    ) -> Result<Kept, String> {
        let bytes = module
            .bytecode()
            .map_err(|e| format!("{e} while writing bytecode"))?;
        Ok(Kept {
            bytes,
            module_id: read_from.module_id.to_string(),
            output: test_bytes,
        })
    }

    fn items(&self, test_bytes: &[u8]) -> Option<Vec<std::ops::Range<usize>>> {
        Some(top_level_ops_with_regions(test_bytes))
    }

    fn candidate_extension(&self) -> &'static str {
        "mlir"
    }

    fn size_unit(&self) -> &'static str {
        "operations"
    }
}

/// The byte ranges of the operations with a region directly in the printed
/// module (functions, mostly): from a line indented by two spaces that opens
/// a region to the next line that closes one at that indentation (`  }`, or
/// `  }) : ...` in the generic form).
fn top_level_ops_with_regions(text: &[u8]) -> Vec<std::ops::Range<usize>> {
    let at_top = |line: &[u8]| line.starts_with(b"  ") && line.get(2).is_some_and(|b| *b != b' ');
    let closing = |line: &[u8]| line.starts_with(b"  }");
    let opening =
        |line: &[u8]| at_top(line) && !closing(line) && line.trim_ascii_end().ends_with(b"{");
    whittle_reducer::items_between_lines(text, opening, closing)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn top_level_ops_with_regions_span_their_regions() {
        let text = "#map = affine_map<(d0) -> (d0)>\nmodule {\n  func.func @f(%a: i1) -> i1 {\n    return %a : i1\n  ^bb1:\n    return %a : i1\n  }\n  func.func private @d()\n  \"func.func\"() <{sym_name = \"g\"}> ({\n    \"func.return\"() : () -> ()\n  }) : () -> ()\n}\n";
        let items: Vec<&str> = top_level_ops_with_regions(text.as_bytes())
            .into_iter()
            .map(|r| &text[r])
            .collect();
        assert_eq!(
            items,
            [
                "  func.func @f(%a: i1) -> i1 {\n    return %a : i1\n  ^bb1:\n    return %a : i1\n  }\n",
                "  \"func.func\"() <{sym_name = \"g\"}> ({\n    \"func.return\"() : () -> ()\n  }) : () -> ()\n"
            ]
        );
    }

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
