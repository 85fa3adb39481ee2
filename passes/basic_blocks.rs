//! Delete basic blocks, as llvm-reduce's `basic-blocks` does. Every
//! terminator that reaches a deleted block is rewritten: switch cases to it
//! are dropped (a dropped default becomes the first remaining case, or the
//! switch a return), an invoke goes (its uses see zero/null) in favour of a
//! branch to its surviving normal destination (its landing pad goes too when
//! no other invoke unwinds there), other branches go to their first
//! surviving successor that is not an EH pad, or the block returns the
//! default value; a catchret whose target goes becomes `unreachable`.
//! Whatever is then unreachable is deleted and PHIs are fixed. Entry blocks
//! and Windows-style EH pads (whose tokens tie funclets together) stay.
//! Functions that already have unreachable blocks are left alone, as
//! llvm-reduce leaves them (`unreachable-blocks` deletes those first). A
//! block weighs its instruction count.

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::{functions, remove_blocks};

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    let mut work = Vec::new();
    for f in functions(module) {
        if f.is_declaration() || f.has_unreachable_blocks() {
            continue;
        }
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
