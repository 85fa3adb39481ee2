//! Return early: a function returns one of its arguments
//! (`arguments-to-return`) or one of its intermediate values
//! (`instructions-to-return`) right where it becomes available, and the rest
//! of the body is cut off. The return type becomes the value's type; other
//! returns return its default constant; void call sites take the new type.
//! Functions with sret arguments, calling conventions that need a void
//! return, call sites of another non-void type, or musttail calls are left
//! alone, and so are values a block already returns. With `--mr`, a
//! protected function (`main`) and one whose address is taken return only
//! values of their own return type: `main` returning a pointer would make
//! the exit status an address.
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
pub fn run_arguments(module: &Module<'_>, targets: &mut Targets<'_>, options: &PassOptions) {
    run(module, targets, options, false);
}

/// `instructions-to-return`.
pub fn run_instructions(module: &Module<'_>, targets: &mut Targets<'_>, options: &PassOptions) {
    run(module, targets, options, true);
}

fn run(module: &Module<'_>, targets: &mut Targets<'_>, options: &PassOptions, instructions: bool) {
    let mut chosen = Vec::new();
    for f in functions(module) {
        if !f.can_change_return() {
            continue;
        }
        // The signature of an interface function stays, and so does the
        // return type of one called through a pointer when values must not
        // depend on addresses: only values of its return type are returned.
        let same_type_only =
            options.is_protected(f) || (options.defined_values_only && f.address_taken());
        let mut first = None;
        for (value, weight) in f.return_candidates(instructions) {
            if same_type_only && !f.returns_type_of(value) {
                continue;
            }
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
