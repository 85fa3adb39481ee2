//! llvm-reduce's `attributes`: drop attributes of global variables,
//! functions (not intrinsics, whose attributes are fixed) and call sites,
//! one target per attribute: function, return and parameter attributes
//! alike. Removing noinline removes optnone with it (optnone requires it).
//! What the verifier needs is never offered: strictfp (as llvm-reduce),
//! swifterror, convergent on a function whose body uses convergence control
//! tokens, the ABI attributes around musttail calls, byval on an x86_intrcc
//! function's first parameter, elementtype and preallocated on intrinsic
//! call sites.
//! Every attribute weighs 1.

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::globals::{body_instructions, keep_attributes};
use whittle_llvm_ir::ir::{functions, global_variables, Value};

/// Global variables, then each function followed by its call sites.
pub(super) fn holders<'m>(module: &'m Module<'_>) -> Vec<Value<'m>> {
    let mut all = global_variables(module);
    for f in functions(module) {
        all.push(f);
        all.extend(body_instructions(f));
    }
    all
}

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    let mut changes = Vec::new();
    for v in holders(module) {
        let n = v.attribute_count();
        let keep: Vec<bool> = (0..n).map(|_| targets.keep(1)).collect();
        if keep.iter().any(|k| !k) {
            changes.push((v, keep));
        }
    }
    for (v, keep) in changes {
        keep_attributes(v, &keep);
    }
}
