//! Delete the blocks a function's entry cannot reach (left behind by other
//! passes, or present in the input). One target per unreachable block,
//! weighing its instruction count, so that a dead block the test needs
//! does not keep the others: a block goes with the blocks that use a token
//! it defines (a funclet with its pad), its successors' PHIs lose the edge,
//! and an unreachable predecessor that stays ends in `unreachable`.

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::cfg::delete_unreachable_blocks;
use whittle_llvm_ir::ir::functions;

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    let mut work = Vec::new();
    for f in functions(module) {
        let doomed: Vec<_> = f
            .unreachable_blocks()
            .into_iter()
            .filter(|b| !targets.keep(b.instruction_count()))
            .collect();
        if !doomed.is_empty() {
            work.push(doomed);
        }
    }
    for blocks in work {
        delete_unreachable_blocks(blocks);
    }
}
