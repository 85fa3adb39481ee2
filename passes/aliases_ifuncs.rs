//! llvm-reduce's `aliases` and `ifuncs` passes.
//!
//! aliases: an alias that goes is replaced by its aliasee wherever it is
//! used (it leaves llvm.used lists, where an offset expression would not be
//! a valid entry). Deleting aliases with their uses nulled is module-items'
//! job.
//!
//! ifuncs: an ifunc that goes is lowered as llvm-reduce does: its
//! instruction uses load the function pointer from a table that a new global
//! constructor fills by calling the resolver; the ifunc is erased when no
//! use is left. Ifuncs whose resolver takes parameters are no targets (the
//! lowering would not know what to pass). As in llvm-reduce, every lowered
//! ifunc gets a table slot, even one whose uses are all constants (which
//! stay); but a set of ifuncs none of which would go or lose a use is not
//! lowered at all, so that a sweep cannot keep adding tables.
//!
//! Every target weighs 1.

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::globals::{lower_ifuncs, replace_aliases};
use whittle_llvm_ir::ir::{aliases, ifuncs};

pub fn run_aliases(module: &Module<'_>, targets: &mut Targets<'_>, options: &PassOptions) {
    let doomed: Vec<_> = aliases(module)
        .into_iter()
        .filter(|a| !options.is_protected(*a))
        .filter(|_| !targets.keep(1))
        .collect();
    if !doomed.is_empty() {
        replace_aliases(doomed);
    }
}

pub fn run_ifuncs(module: &Module<'_>, targets: &mut Targets<'_>, options: &PassOptions) {
    let doomed: Vec<_> = ifuncs(module)
        .into_iter()
        .filter(|i| i.is_lowerable_ifunc())
        .filter(|i| !options.is_protected(*i))
        .filter(|_| !targets.keep(1))
        .collect();
    lower_ifuncs(doomed);
}
