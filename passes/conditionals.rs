//! Fold conditional branches to one successor, as llvm-reduce's
//! simplify-conditionals-true / simplify-conditionals-false do: one target
//! per conditional branch whose condition is not already that constant. The
//! condition becomes `true` (or `false`), the branch folds to its first (or
//! second) successor with the other successor's PHIs fixed, the block merges
//! into its single predecessor where it can, and every block of the function
//! that is then unreachable is deleted. A target weighs 1 plus the
//! instructions the cut edge makes unreachable.
//!
//! A function's targets are listed last block first (they are folded in
//! layout order): the search tries removing the later targets of a list
//! first, so predecessors fold before their successors and a later fold can
//! merge its block into the predecessor already folded, as when llvm-reduce
//! folds both at once.

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::cfg::fold_conditionals;
use whittle_llvm_ir::ir::functions;

pub fn run_true(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    run(module, targets, true);
}

pub fn run_false(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    run(module, targets, false);
}

fn run(module: &Module<'_>, targets: &mut Targets<'_>, direction: bool) {
    let mut work = Vec::new();
    for f in functions(module) {
        if f.is_declaration() {
            continue;
        }
        let weights = f.conditional_weights(direction);
        let mut folded: Vec<_> = f
            .blocks()
            .into_iter()
            .zip(weights)
            .rev()
            .filter(|&(_, w)| w > 0)
            .filter(|&(_, w)| !targets.keep(w))
            .map(|(b, _)| b)
            .collect();
        folded.reverse();
        if !folded.is_empty() {
            work.push((f, folded));
        }
    }
    for (f, blocks) in work {
        fold_conditionals(f, direction, blocks);
    }
}
