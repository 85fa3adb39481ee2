//! Remove single switch cases (whittle's own pass; llvm-reduce only drops a
//! case when basic-blocks deletes its destination block). One target per
//! case; the destination's PHIs lose the edge, a switch left without cases
//! becomes a branch to its default, and every block of the function that is
//! then unreachable is deleted. A case weighs 1 plus the instructions its
//! edge alone keeps reachable.

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::cfg::remove_switch_cases;
use whittle_llvm_ir::ir::functions;

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    let mut work = Vec::new();
    for f in functions(module) {
        if f.is_declaration() {
            continue;
        }
        let removed: Vec<u32> = f
            .switch_case_weights()
            .into_iter()
            .enumerate()
            .filter(|&(_, w)| !targets.keep(w))
            .map(|(i, _)| i as u32)
            .collect();
        if !removed.is_empty() {
            work.push((f, removed));
        }
    }
    for (f, ordinals) in work {
        remove_switch_cases(f, ordinals);
    }
}
