//! Return early: a function returns one of its arguments
//! (`arguments-to-return`) or one of its intermediate values
//! (`instructions-to-return`) right where it becomes available, and the rest
//! of the body is cut off. The return type becomes the value's type; other
//! returns return its default constant; void call sites take the new type.
//! Functions with sret arguments, calling conventions that need a void
//! return, call sites of another non-void type, or musttail calls are left
//! alone, and so are values a block already returns.
//!
//! Every candidate value is a target; when several of one function are not
//! kept, the first one (in argument or layout order) is returned, as in
//! llvm-reduce. An argument weighs the function's instruction count, an
//! instruction the number of instructions after it.

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::functions;
use whittle_llvm_ir::ir::functions::return_value;

/// `arguments-to-return`.
pub fn run_arguments(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    run(module, targets, false);
}

/// `instructions-to-return`.
pub fn run_instructions(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    run(module, targets, true);
}

fn run(module: &Module<'_>, targets: &mut Targets<'_>, instructions: bool) {
    let mut chosen = Vec::new();
    for f in functions(module) {
        if !f.can_change_return() {
            continue;
        }
        let mut first = None;
        for (value, weight) in f.return_candidates(instructions) {
            if !targets.keep(weight) && first.is_none() {
                first = Some(value);
            }
        }
        chosen.extend(first.map(|v| (f, v)));
    }
    for (f, v) in chosen {
        return_value(f, v);
    }
}
