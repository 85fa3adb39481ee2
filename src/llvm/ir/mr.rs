//! Module rewrites that must not change meaning, for the metamorphic
//! `reorder` relation (src/llvm/shim/mr.cpp).

use inkwell::llvm_sys::prelude::LLVMModuleRef;
use inkwell::module::Module;

extern "C" {
    fn whittle_reverse_functions(m: LLVMModuleRef);
    fn whittle_strip_local_names(m: LLVMModuleRef);
}

/// Put the module's functions in reverse order.
pub fn reverse_functions(module: &Module<'_>) {
    // SAFETY: live module; functions are only moved within it.
    unsafe { whittle_reverse_functions(module.as_mut_ptr()) }
}

/// Drop the names of arguments, blocks and instructions (they print as
/// numbers).
pub fn strip_local_names(module: &Module<'_>) {
    // SAFETY: live module; only names change.
    unsafe { whittle_strip_local_names(module.as_mut_ptr()) }
}
