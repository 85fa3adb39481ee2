//! Drop optimization flags: nsw/nuw (arithmetic, shl, trunc), exact, nneg,
//! disjoint, samesign, the GEP no-wrap flags (inbounds, nusw, nuw) and each
//! fast-math flag. One target per flag, each weighing 1; dropping a flag
//! never makes IR invalid. (Dropping a GEP's nusw drops its inbounds too,
//! which implies it.)

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::instructions;
use whittle_llvm_ir::ir::insts::drop_optimization_flags;

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    let mut doomed = Vec::new();
    for i in instructions(module) {
        let present = i.optimization_flags();
        let mut drop = 0u32;
        for bit in (0..32).map(|k| 1u32 << k).filter(|b| present & b != 0) {
            if !targets.keep(1) {
                drop |= bit;
            }
        }
        if drop != 0 {
            doomed.push((i, drop));
        }
    }
    for (i, drop) in doomed {
        drop_optimization_flags(i, drop);
    }
}
