//! Run the `--ir-passes` pipeline (`opt -passes=` syntax) in-process. The
//! targets are the pipeline's module-level passes (when it has any) and each
//! function definition (weight: its instruction count); a candidate runs
//! the optional passes of the targets it does not keep. A pipeline that
//! crashes, reports an error or leaves invalid IR changes nothing. Under
//! `--mr` (defined values only) the undefined operands it leaves in the
//! functions it ran on become zero.

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::metadata;

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, options: &PassOptions) {
    metadata::run_ir_passes(
        module,
        &options.ir_passes,
        options.mtriple.as_deref(),
        options.defined_values_only,
        &mut |w| targets.keep(w),
    );
}
