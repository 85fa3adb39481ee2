//! Run LLVM's local simplifyCFG on single blocks, as llvm-reduce's
//! simplify-cfg does: one target per block of every function body (entry
//! included), simplified in layout order. It merges straight-line blocks,
//! folds branches on constants, removes empty forwarding blocks, and so on.
//! A block weighs its instruction count.
//!
//! The targets are listed last block first (the blocks are still simplified
//! in layout order): the search tries early targets first, and llvm-reduce's
//! search tries the last chunks first, so this order reaches the same
//! results (a forwarding block folded away rather than its predecessor
//! deleted; simplify-cfg.ll and remove-bbs-sequence.ll pin them).

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::cfg::simplify_cfg;
use whittle_llvm_ir::ir::functions;

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    let mut chosen: Vec<_> = functions(module)
        .into_iter()
        .flat_map(|f| f.blocks().into_iter().rev())
        .filter(|b| !targets.keep(b.instruction_count()))
        .collect();
    chosen.reverse();
    if !chosen.is_empty() {
        simplify_cfg(chosen);
    }
}
