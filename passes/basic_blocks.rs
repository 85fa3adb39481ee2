//! Delete basic blocks. Every terminator that reaches a deleted block is
//! rewritten: switch cases to it are dropped (a dropped default becomes the
//! first remaining case, or the switch a return), other branches go to their
//! first surviving successor that is not an EH pad, or the block returns the
//! default value; an invoke that loses a successor becomes a call followed by
//! that branch, and a catchret whose target goes becomes `unreachable`.
//! Whatever is then unreachable is deleted and PHIs are fixed. Entry blocks
//! and Windows-style EH pads (whose tokens tie funclets together) stay. A
//! block weighs its instruction count.

use inkwell::module::Module;

use super::{PassOptions, Targets};
use crate::llvm::ir::{functions, remove_blocks};

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    let mut work = Vec::new();
    for f in functions(module) {
        let doomed: Vec<_> = f
            .blocks()
            .into_iter()
            .filter(|b| b.is_removable())
            .filter(|b| !targets.keep(b.instruction_count()))
            .collect();
        if !doomed.is_empty() {
            work.push((f, doomed));
        }
    }
    for (f, blocks) in work {
        remove_blocks(f, blocks);
    }
}
