//! Module rewrites for the metamorphic oracles (shim/mr.cpp): ones
//! that must not change meaning, for the `reorder` relation, and the
//! pattern-initialised stack the undefined-behaviour check runs.

use inkwell::llvm_sys::prelude::LLVMModuleRef;
use inkwell::module::Module;

extern "C" {
    fn whittle_reverse_functions(m: LLVMModuleRef);
    fn whittle_strip_local_names(m: LLVMModuleRef);
    fn whittle_pattern_init_allocas(m: LLVMModuleRef, byte: u8) -> u32;
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

/// Fill every fixed-size stack allocation with `byte` as soon as it is made,
/// so that a program reading a local it never wrote reads `byte`. Returns how
/// many allocations were filled.
pub fn pattern_init_allocas(module: &Module<'_>, byte: u8) -> u32 {
    // SAFETY: live module; each memset is inserted right after its alloca,
    // which it uses, in the same block, so the module stays valid.
    unsafe { whittle_pattern_init_allocas(module.as_mut_ptr(), byte) }
}
