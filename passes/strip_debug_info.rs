//! Strip all debug info at once (LLVM's StripDebugInfo): `#dbg_` records,
//! `!dbg` attachments and `llvm.dbg.*` named metadata (the "Debug Info
//! Version" flag stays, as in LLVM). One target, present when the module has debug info; its
//! weight is the number of debug-info items it removes.

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::metadata;

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    metadata::strip_debug_info(module, &mut |w| targets.keep(w));
}
