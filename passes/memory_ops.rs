//! Make memory operations plainer, one pass per aspect (each target weighs
//! 1 and no change can make IR invalid):
//! - `volatile`: a volatile load, store, atomicrmw, cmpxchg or
//!   memcpy/memmove/memset becomes non-volatile;
//! - `atomic-ordering`: an atomic load or store becomes a plain one; an
//!   atomicrmw's ordering, a cmpxchg's success ordering and its failure
//!   ordering (separate targets) become monotonic;
//! - `syncscopes`: an atomic operation or fence in a narrower sync scope
//!   moves to the system scope.

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::insts::{drop_volatile, reset_syncscope, weaken_orderings};
use whittle_llvm_ir::ir::{functions, Value};

fn instructions<'m>(module: &'m Module<'_>) -> impl Iterator<Item = Value<'m>> {
    functions(module)
        .into_iter()
        .flat_map(|f| f.blocks())
        .flat_map(|b| b.instructions())
}

pub fn run_volatile(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    let doomed: Vec<_> = instructions(module)
        .filter(|i| i.is_volatile_access())
        .filter(|_| !targets.keep(1))
        .collect();
    for i in doomed {
        drop_volatile(i);
    }
}

pub fn run_atomic_ordering(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    let mut doomed = Vec::new();
    for i in instructions(module) {
        let present = i.weakenable_orderings();
        let mut weaken = 0u32;
        for bit in [1u32, 2] {
            if present & bit != 0 && !targets.keep(1) {
                weaken |= bit;
            }
        }
        if weaken != 0 {
            doomed.push((i, weaken));
        }
    }
    for (i, weaken) in doomed {
        weaken_orderings(i, weaken);
    }
}

pub fn run_syncscopes(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    let doomed: Vec<_> = instructions(module)
        .filter(|i| i.has_narrow_syncscope())
        .filter(|_| !targets.keep(1))
        .collect();
    for i in doomed {
        reset_syncscope(i);
    }
}
