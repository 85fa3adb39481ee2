//! Merge a block into its single predecessor when that predecessor branches
//! only to it (an entry block that just jumps on, a chain left by deleted
//! branches), or an empty forwarding block (PHIs and a branch) into its
//! successor. One target per such block, weighing 1 (the branch that goes);
//! LLVM's MergeBlockIntoPredecessor and
//! TryToSimplifyUncondBranchFromEmptyBlock do the merging, PHIs included.
//! simplify-cfg does this too, among everything else simplifyCFG does to a
//! block; here the merge is tried alone, so a test that needs some other
//! part of a block does not keep its branch.

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::cfg::merge_blocks;
use whittle_llvm_ir::ir::functions;

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    let chosen: Vec<_> = functions(module)
        .into_iter()
        .filter(|f| !f.is_declaration())
        .flat_map(|f| f.blocks())
        .filter(|b| b.is_mergeable())
        .filter(|_| !targets.keep(1))
        .collect();
    if !chosen.is_empty() {
        merge_blocks(chosen);
    }
}
