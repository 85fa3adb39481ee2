//! Replace instructions by what InstSimplify folds them into (an operand or
//! a constant), one target per instruction that folds, weight 1. Targets
//! are found on the module as it is; the chosen ones are folded in order,
//! each on the module the earlier folds left.

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::functions;
use whittle_llvm_ir::ir::insts::simplify_instructions;

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    let doomed: Vec<_> = functions(module)
        .into_iter()
        .flat_map(|f| f.blocks())
        .flat_map(|b| b.instructions())
        .filter(|i| i.simplifies())
        .filter(|_| !targets.keep(1))
        .collect();
    if !doomed.is_empty() {
        simplify_instructions(doomed);
    }
}
