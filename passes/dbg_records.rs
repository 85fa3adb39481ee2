//! Delete debug records (`#dbg_value`, `#dbg_declare`, `#dbg_assign`,
//! `#dbg_label`), one target each, weight 1.

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::metadata;

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    metadata::reduce_dbg_records(module, &mut |w| targets.keep(w));
}
