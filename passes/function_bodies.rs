//! Turn function definitions into declarations: the body goes, with the
//! personality, prefix data and attached metadata; the function keeps its
//! name and type, so calls to it stay valid. This is what reduces a function
//! that cannot be deleted outright (it is called, or its address is needed).
//! A function an alias or ifunc refers to keeps its body (an alias must
//! point at a definition, an ifunc resolver must be one). A definition
//! weighs its instruction count.

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::{delete_body, functions};

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, options: &PassOptions) {
    let doomed: Vec<_> = functions(module)
        .into_iter()
        .filter(|f| !f.is_declaration())
        .filter(|f| !f.is_aliased())
        .filter(|f| !options.is_protected(*f))
        .filter(|f| !targets.keep(f.instruction_count()))
        .collect();
    for f in doomed {
        delete_body(f);
    }
}
