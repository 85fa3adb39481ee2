//! Drop operand bundles from calls, one target per bundle (weight 1).
//! Bundles the IR needs stay: convergencectrl (a function using convergence
//! control needs it on every convergent call), preallocated (required by
//! preallocated arguments) and gc-live (indexed by gc.relocate).

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::instructions;
use whittle_llvm_ir::ir::insts::remove_bundles;

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    let mut doomed = Vec::new();
    for i in instructions(module) {
        let drop: Vec<u32> = (0..i.bundle_count())
            .filter(|&idx| i.bundle_is_removable(idx))
            .filter(|_| !targets.keep(1))
            .collect();
        if !drop.is_empty() {
            doomed.push((i, drop));
        }
    }
    for (i, drop) in doomed {
        remove_bundles(i, &drop);
    }
}
