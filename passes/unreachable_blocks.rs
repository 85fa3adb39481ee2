//! Delete the blocks a function's entry cannot reach (left behind by other
//! passes, or present in the input). One target per function that has any;
//! it weighs the function's instruction count.

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::{eliminate_unreachable_blocks, functions};

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    let doomed: Vec<_> = functions(module)
        .into_iter()
        .filter(|f| !f.is_declaration() && f.has_unreachable_blocks())
        .filter(|f| !targets.keep(f.instruction_count()))
        .collect();
    for f in doomed {
        eliminate_unreachable_blocks(f);
    }
}
