//! llvm-reduce's `global-initializers`: a global variable loses its
//! initializer and becomes an external declaration (its comdat goes too).
//! The special arrays (llvm.used, llvm.global_ctors, ...) are left to
//! special-globals, and a variable an alias points into must stay a
//! definition. Every target weighs 1.

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::global_variables;
use whittle_llvm_ir::ir::globals::drop_initializer;

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, options: &PassOptions) {
    let doomed: Vec<_> = global_variables(module)
        .into_iter()
        .filter(|v| v.has_reducible_initializer())
        .filter(|v| !options.is_protected(*v))
        .filter(|_| !targets.keep(1))
        .collect();
    for v in doomed {
        drop_initializer(v);
    }
}
