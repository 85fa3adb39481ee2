//! Metadata passes: whole named metadata and attachments (`metadata`), the
//! operands of list-like named metadata (`named-metadata`), distinct nodes
//! in distinct tuples (`distinct-metadata`) and the elements of debug-info
//! lists (`di-metadata`). Every target weighs 1 (a whole named node: its
//! operand count).

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::metadata;

/// Named metadata nodes (a non-empty `llvm.dbg.cu` stays), then each
/// attachment of global variables, functions and instructions (`!dbg`
/// attachments the verifier requires stay).
pub fn run_metadata(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    metadata::reduce_attachments(module, &mut |w| targets.keep(w));
}

/// Operands of `llvm.module.flags`, `llvm.ident` and the OpenCL lists (of
/// any named metadata but `llvm.dbg.cu` with --aggressive-named-md-reduction).
pub fn run_named(module: &Module<'_>, targets: &mut Targets<'_>, options: &PassOptions) {
    metadata::reduce_named_operands(module, options.aggressive_named_md, &mut |w| {
        targets.keep(w)
    });
}

/// Distinct nodes held by distinct tuples reachable from named metadata.
pub fn run_distinct(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    metadata::reduce_distinct(module, &mut |w| targets.keep(w));
}

/// Elements of the tuples debug-info nodes hold (enumerators, retained
/// nodes, imports, globals, ...).
pub fn run_di(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    metadata::reduce_di_lists(module, &mut |w| targets.keep(w));
}
