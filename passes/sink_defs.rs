//! Move definitions down to just before a use (llvm-reduce's
//! `sink-defs-to-uses`): a definition moves before a user that dominates all
//! its other uses, so that the code in between (and later whole blocks) can
//! go. PHIs, allocas, EH pads, terminators and token producers and users
//! stay put, as do the operands of PHIs, allocas and EH pads. One target per (user,
//! definition) pair, weight 1; pairs are found on the module as it is, and a
//! chosen move that earlier moves made invalid is skipped.

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::functions;
use whittle_llvm_ir::ir::insts::{sink_defs, sink_pairs};

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    let mut doomed = Vec::new();
    for f in functions(module) {
        if f.is_declaration() {
            continue;
        }
        let bound: usize = f
            .blocks()
            .iter()
            .flat_map(|b| b.instructions())
            .map(|i| i.operand_count() as usize)
            .sum();
        let chosen: Vec<_> = sink_pairs(f, bound)
            .into_iter()
            .filter(|_| !targets.keep(1))
            .collect();
        if !chosen.is_empty() {
            doomed.push((f, chosen));
        }
    }
    for (f, pairs) in doomed {
        sink_defs(f, pairs);
    }
}
