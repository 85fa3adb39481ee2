//! Machine IR as a reducer front end.
//!
//! Snapshots are MIR text, as the MIR printer writes it: the printer and
//! parser round-trip it (what llvm-reduce relies on too), and each
//! candidate is parsed from it into a context, target machine and
//! MachineModuleInfo of its own, which is what makes candidates independent
//! of `-j`. The test sees the same text, and so does the output (MIR
//! ignores requests for bitcode, as in llvm-reduce), but with
//! `--simplify-mir`: then they see the short form when it reads back too
//! (it leaves out whatever holds its default value; whittle checks rather
//! than trusts that nothing needed went), the full one when not; snapshots
//! are always the full form. Either form states the class of a named
//! register the LLVM printer would leave unsaid (the shim's
//! `stateUnsaidClasses`), so that it reads back. A candidate is valid when the IR and machine verifiers accept
//! it and its text reads back (the MIR parser verifies what it reads as
//! well): a candidate that fails is unresolved, never tested. Sizes count
//! machine instructions.
//!
//! A level whose input is exactly the module it settled on in an earlier
//! sweep gets no targets ([`SettledLevels`]; removals can leave new
//! targets behind, implicit definitions, so a level that did not settle
//! runs again).

use std::cell::RefCell;
use std::sync::Arc;

use whittle_llvm_ir::mir::{Module, Target};
use whittle_reducer::{FrontEnd, Kept, PassInfo, SettledLevels, Snapshot, Targets};

use super::passes::Pass;

pub struct MirFrontEnd {
    pub passes: Vec<&'static Pass>,
    /// The target machine candidates are read with.
    pub target: Target,
    /// `--simplify-mir`: the test and the output get the short form.
    pub simplify: bool,
    /// Which module each level settled on.
    pub settled: SettledLevels,
}

/// A candidate: the parsed file, and its texts once printed (the round-trip
/// check prints them).
pub struct Candidate {
    module: Module,
    /// The name the file is read back under (the IR module's ID).
    name: String,
    texts: RefCell<Option<Texts>>,
}

impl Candidate {
    fn texts(&self, target: &Target, simplify: bool) -> Result<Texts, String> {
        if let Some(texts) = &*self.texts.borrow() {
            return Ok(texts.clone());
        }
        let texts = stable_texts(&self.module, &self.name, target, simplify)?;
        *self.texts.borrow_mut() = Some(texts.clone());
        Ok(texts)
    }
}

/// A module's MIR: the full form, which reads back into itself (the
/// snapshot), and the form the test and the output get.
#[derive(Clone, Debug)]
pub struct Texts {
    pub full: Vec<u8>,
    pub shown: Vec<u8>,
}

/// `module` as MIR text that reads back into the same text: printed, read
/// back as `name` (which checks that it does, the MIR parser verifying what
/// it reads; the name becomes the IR module's ID) and printed again.
/// Printing once is not enough: the printer numbers fixed stack objects
/// from the last one the parser made, so each round trip reverses their
/// numbering, and a candidate nothing changed would differ from its base (a
/// wasted test, a level that never settles). Twice is the identity, and
/// keeps the numbering of the input. With `simplify`, what is shown is the
/// second print's short form when that reads back too, else the full one.
pub fn stable_texts(
    module: &Module,
    name: &str,
    target: &Target,
    simplify: bool,
) -> Result<Texts, String> {
    let once = module.print().map_err(|e| e.to_string())?;
    let again = Module::parse(&once, name, target)
        .map_err(|e| format!("the printed MIR does not read back: {e}"))?;
    let full = again.print().map_err(|e| e.to_string())?;
    let short = if simplify {
        Some(again.print_simplified().map_err(|e| e.to_string())?)
            .filter(|short| Module::parse(short, name, target).is_ok())
    } else {
        None
    };
    Ok(Texts {
        shown: short.unwrap_or_else(|| full.clone()),
        full,
    })
}

impl MirFrontEnd {
    /// The snapshot of MIR `text` (named `name`).
    pub fn snapshot(text: Vec<u8>, name: &str) -> Snapshot {
        Snapshot {
            version: 0,
            bytes: Arc::new(text),
            module_id: name.into(),
        }
    }
}

impl FrontEnd for MirFrontEnd {
    /// Each candidate's module owns a context of its own.
    type Context = ();
    type Module<'c> = Candidate;

    fn context(&self) {}

    fn level_count(&self) -> usize {
        self.passes.len()
    }

    fn level(&self, level: usize) -> &'static PassInfo {
        &self.passes[level].info
    }

    fn skip_level(&self, level: usize, snapshot: &Snapshot) -> bool {
        self.settled.settled_on(level, snapshot)
    }

    fn level_finished(&self, level: usize, snapshot: &Snapshot, settled: bool) {
        self.settled.finished(level, snapshot, settled);
    }

    fn read(&self, _: &(), snapshot: &Snapshot) -> Result<Candidate, String> {
        let module = Module::parse(&snapshot.bytes, &snapshot.module_id, &self.target)?;
        Ok(Candidate {
            module,
            name: snapshot.module_id.to_string(),
            texts: RefCell::new(None),
        })
    }

    fn apply(
        &self,
        candidate: &Candidate,
        level: usize,
        targets: &mut Targets<'_>,
    ) -> Result<(), String> {
        candidate.texts.borrow_mut().take();
        self.passes[level]
            .run(&candidate.module, targets)
            .map_err(|e| e.to_string())
    }

    fn size(&self, candidate: &Candidate) -> u64 {
        candidate.module.instruction_count()
    }

    fn verify(&self, candidate: &Candidate) -> Result<(), String> {
        candidate.module.verify()?;
        // What the test reads must read back: the next candidates are
        // built from it.
        candidate.texts(&self.target, self.simplify).map(drop)
    }

    fn test_bytes(&self, candidate: &Candidate) -> Result<Vec<u8>, String> {
        Ok(candidate.texts(&self.target, self.simplify)?.shown)
    }

    fn keep(
        &self,
        candidate: &Candidate,
        read_from: &Snapshot,
        test_bytes: Vec<u8>,
    ) -> Result<Kept, String> {
        Ok(Kept {
            bytes: candidate.texts(&self.target, self.simplify)?.full,
            module_id: read_from.module_id.to_string(),
            output: test_bytes,
        })
    }

    fn candidate_extension(&self) -> &'static str {
        "mir"
    }

    fn size_unit(&self) -> &'static str {
        "machine instructions"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A function with two fixed stack objects (incoming stack arguments),
    /// which a single print/parse round trip renumbers.
    const INPUT: &str = include_str!("../../lit/mir-preserve-frame-info.mir");

    #[test]
    fn stable_text_reads_back_into_itself_and_keeps_the_input_numbering() {
        let target = Target::default();
        let input = Module::parse(INPUT.as_bytes(), "in.mir", &target).unwrap();
        let once = input.print().unwrap();
        let first = stable_texts(&input, "in.mir", &target, false).unwrap().full;
        assert_ne!(once, first, "one round trip renumbers fixed objects");
        let reread = Module::parse(&first, "c.mir", &target).unwrap();
        assert_eq!(
            stable_texts(&reread, "in.mir", &target, false)
                .unwrap()
                .full,
            first
        );
        // The input's fixed object 0 (8 bytes up, 8-aligned) is still 0.
        let text = String::from_utf8(first).unwrap();
        assert!(
            text.contains("- { id: 0, type: default, offset: 8, size: 4, alignment: 8"),
            "{text}"
        );
    }
}
