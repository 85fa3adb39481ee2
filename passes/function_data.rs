//! Drop function-level data: the personality (when no EH pad or resume
//! needs it), prefix data, prologue data, section, partition, alignment, GC
//! (when no GC intrinsic needs it), and a calling convention other than C
//! (on the function and its direct call sites; not for functions in musttail
//! calls). Every piece weighs 1.

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::functions;
use whittle_llvm_ir::ir::functions::drop_function_data;

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, options: &PassOptions) {
    let mut doomed = Vec::new();
    for f in functions(module) {
        if options.is_protected(f) {
            continue;
        }
        let data: Vec<_> = f
            .droppable_function_data()
            .into_iter()
            .filter(|_| !targets.keep(1))
            .collect();
        if !data.is_empty() {
            doomed.push((f, data));
        }
    }
    for (f, data) in doomed {
        drop_function_data(f, &data);
    }
}
