//! Helpers of the global-level passes (aliases, ifuncs, global values and
//! objects, initializers and stores folded into them, locals made global
//! variables, special arrays,
//! attributes, target features, module data); the C++ side is `shim/globals.cpp`.
//!
//! Targets that live inside one value (attributes, properties, features,
//! array entries) are counted and changed by the same C++ walker: a `*_count`
//! function gives their number in a fixed order and the matching mutation
//! takes one keep flag per target in that order.

use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::*;
use inkwell::module::Module;

use super::Value;

mod shim {
    use inkwell::llvm_sys::prelude::*;

    // Implemented in shim/globals.cpp; see the comments there.
    extern "C" {
        pub fn whittle_is_aliased(v: LLVMValueRef) -> i32;
        pub fn whittle_replace_aliases(aliases: *mut LLVMValueRef, n: u32);
        pub fn whittle_ifunc_is_lowerable(v: LLVMValueRef) -> i32;
        pub fn whittle_lower_ifuncs(ifuncs: *mut LLVMValueRef, n: u32);
        pub fn whittle_gv_props(v: LLVMValueRef) -> u32;
        pub fn whittle_gv_clear_props(v: LLVMValueRef, mask: u32);
        pub fn whittle_go_props(v: LLVMValueRef) -> u32;
        pub fn whittle_go_clear_props(v: LLVMValueRef, mask: u32);
        pub fn whittle_initializer_is_reducible(v: LLVMValueRef) -> i32;
        pub fn whittle_drop_initializer(v: LLVMValueRef);
        pub fn whittle_store_folds_into(i: LLVMValueRef) -> LLVMValueRef;
        pub fn whittle_fold_store_into_initializer(i: LLVMValueRef);
        pub fn whittle_is_globalizable(i: LLVMValueRef) -> i32;
        pub fn whittle_make_global(i: LLVMValueRef);
        pub fn whittle_special_entries(m: LLVMModuleRef, which: u32) -> u32;
        pub fn whittle_special_keep(m: LLVMModuleRef, which: u32, keep: *const u8);
        pub fn whittle_attr_count(v: LLVMValueRef) -> u32;
        pub fn whittle_attr_keep(v: LLVMValueRef, keep: *const u8);
        pub fn whittle_target_features_count(f: LLVMValueRef) -> u32;
        pub fn whittle_target_features_keep(f: LLVMValueRef, keep: *const u8);
    }
}

/// The special arrays the special-globals pass edits entry by entry.
#[derive(Clone, Copy, Debug)]
pub enum SpecialArray {
    Used = 0,
    CompilerUsed = 1,
    GlobalCtors = 2,
    GlobalDtors = 3,
}

impl SpecialArray {
    pub const ALL: [SpecialArray; 4] = [
        SpecialArray::Used,
        SpecialArray::CompilerUsed,
        SpecialArray::GlobalCtors,
        SpecialArray::GlobalDtors,
    ];
}

/// The number of bits in [`Value::global_value_props`].
pub const GLOBAL_VALUE_PROPS: u32 = 8;
/// The number of bits in [`Value::global_object_props`].
pub const GLOBAL_OBJECT_PROPS: u32 = 3;

impl<'m> Value<'m> {
    /// For a global value: whether an alias's aliasee or an ifunc's resolver
    /// mentions it (it must then stay a definition).
    pub fn is_aliased(self) -> bool {
        // SAFETY: live global value.
        unsafe { shim::whittle_is_aliased(self.raw) != 0 }
    }

    /// For an ifunc: whether the ifuncs pass may lower it (its resolver is a
    /// function without parameters).
    pub fn is_lowerable_ifunc(self) -> bool {
        // SAFETY: live ifunc.
        unsafe { shim::whittle_ifunc_is_lowerable(self.raw) != 0 }
    }

    /// For a global value: the bit set of properties global-values can reset
    /// (dso_local, visibility, unnamed_addr, DLL storage, thread_local,
    /// linkage, externally_initialized, code model).
    pub fn global_value_props(self) -> u32 {
        // SAFETY: live global value.
        unsafe { shim::whittle_gv_props(self.raw) }
    }

    /// For a function or global variable: the bit set of section, alignment
    /// and comdat it has (the ones global-objects can drop).
    pub fn global_object_props(self) -> u32 {
        // SAFETY: live global object.
        unsafe { shim::whittle_go_props(self.raw) }
    }

    /// For a global variable: whether its initializer can be dropped.
    pub fn has_reducible_initializer(self) -> bool {
        // SAFETY: live global variable.
        unsafe { shim::whittle_initializer_is_reducible(self.raw) != 0 }
    }

    /// For a global variable, non-intrinsic function or call: its number of
    /// reducible attributes (0 for other values).
    pub fn attribute_count(self) -> u32 {
        // SAFETY: live value; the shim checks what kind it is.
        unsafe { shim::whittle_attr_count(self.raw) }
    }

    /// For a function: the number of target-features-attr targets.
    pub fn target_feature_count(self) -> u32 {
        // SAFETY: live function.
        unsafe { shim::whittle_target_features_count(self.raw) }
    }
}

/// Replace aliases by their aliasees (leaving llvm.used lists) and erase them.
pub fn replace_aliases(aliases: Vec<Value<'_>>) {
    let mut raw: Vec<LLVMValueRef> = aliases.iter().map(|v| v.raw).collect();
    // SAFETY: distinct live aliases of one module, consumed here.
    unsafe { shim::whittle_replace_aliases(raw.as_mut_ptr(), raw.len() as u32) }
}

/// Lower the uses of ifuncs to loads from a table filled by a new global
/// constructor; ifuncs left without uses go. Does nothing when no listed
/// ifunc would go or lose a use.
pub fn lower_ifuncs(ifuncs: Vec<Value<'_>>) {
    if ifuncs.is_empty() {
        return;
    }
    let mut raw: Vec<LLVMValueRef> = ifuncs.iter().map(|v| v.raw).collect();
    // SAFETY: distinct live ifuncs of one module, consumed here; the list is
    // not empty (an empty one would lower every ifunc).
    unsafe { shim::whittle_lower_ifuncs(raw.as_mut_ptr(), raw.len() as u32) }
}

/// Reset the given global-values properties (a subset of
/// [`Value::global_value_props`]).
pub fn clear_global_value_props(value: Value<'_>, mask: u32) {
    // SAFETY: live global value; the shim resets only the listed properties.
    unsafe { shim::whittle_gv_clear_props(value.raw, mask) }
}

/// Drop the given global-objects properties (a subset of
/// [`Value::global_object_props`]).
pub fn clear_global_object_props(value: Value<'_>, mask: u32) {
    // SAFETY: live global object.
    unsafe { shim::whittle_go_clear_props(value.raw, mask) }
}

/// Make a global variable an external declaration.
pub fn drop_initializer(variable: Value<'_>) {
    // SAFETY: live global variable with a reducible initializer (checked by
    // the caller).
    unsafe { shim::whittle_drop_initializer(variable.raw) }
}

/// For an instruction: the global variable whose initializer it could be
/// folded into — a plain store of a constant into a writable,
/// non-thread-local variable whose initializer is the one the program
/// starts with, at a constant offset where an element of the stored type
/// begins, or at an offset that varies into an array of the stored type.
pub fn store_folds_into<'m>(inst: Value<'m>) -> Option<Value<'m>> {
    // SAFETY: live instruction; the shim checks what kind it is.
    let raw = unsafe { shim::whittle_store_folds_into(inst.raw) };
    (!raw.is_null()).then(|| Value::new(raw))
}

/// Write what a store stores into its variable's initializer (into every
/// element of the array where its index varies) and delete the store (one
/// [`store_folds_into`] accepts; others are left alone).
pub fn fold_store_into_initializer(store: Value<'_>) {
    // SAFETY: live instruction, consumed here when folded; the shim
    // re-checks that it can be folded.
    unsafe { shim::whittle_fold_store_into_initializer(store.raw) }
}

/// Whether an instruction is an alloca that could become a global variable:
/// of a fixed size in the entry block, of a sized type, not an inalloca or
/// swifterror slot, in the address space of the module's variables.
pub fn is_globalizable(inst: Value<'_>) -> bool {
    // SAFETY: live instruction; the shim checks what kind it is.
    unsafe { shim::whittle_is_globalizable(inst.raw) != 0 }
}

/// Replace an alloca by a zero-initialized global variable of its type,
/// dropping its lifetime markers (one [`is_globalizable`] accepts; others
/// are left alone).
pub fn make_global(alloca: Value<'_>) {
    // SAFETY: live instruction, consumed here when replaced; the shim
    // re-checks that it can be.
    unsafe { shim::whittle_make_global(alloca.raw) }
}

/// The number of entries of a special array (0 when absent).
pub fn special_entries(module: &Module<'_>, which: SpecialArray) -> u32 {
    // SAFETY: live module.
    unsafe { shim::whittle_special_entries(module.as_mut_ptr(), which as u32) }
}

/// Keep the entries of a special array whose flag is true (one flag per
/// entry); the array goes when none is left.
pub fn keep_special_entries(module: &Module<'_>, which: SpecialArray, keep: &[bool]) {
    assert_eq!(keep.len() as u32, special_entries(module, which));
    let flags: Vec<u8> = keep.iter().map(|&k| k as u8).collect();
    // SAFETY: live module; one flag per entry (checked above).
    unsafe { shim::whittle_special_keep(module.as_mut_ptr(), which as u32, flags.as_ptr()) }
}

/// Keep the attributes of a value whose flag is true (one flag per
/// [`Value::attribute_count`]).
pub fn keep_attributes(value: Value<'_>, keep: &[bool]) {
    assert_eq!(keep.len() as u32, value.attribute_count());
    let flags: Vec<u8> = keep.iter().map(|&k| k as u8).collect();
    // SAFETY: live value; one flag per target (checked above).
    unsafe { shim::whittle_attr_keep(value.raw, flags.as_ptr()) }
}

/// Keep the target features of a function whose flag is true (one flag per
/// [`Value::target_feature_count`]).
pub fn keep_target_features(function: Value<'_>, keep: &[bool]) {
    assert_eq!(keep.len() as u32, function.target_feature_count());
    let flags: Vec<u8> = keep.iter().map(|&k| k as u8).collect();
    // SAFETY: live function; one flag per target (checked above).
    unsafe { shim::whittle_target_features_keep(function.raw, flags.as_ptr()) }
}

/// Instructions of a function body, in order (for walking call sites).
pub fn body_instructions<'m>(function: Value<'m>) -> Vec<Value<'m>> {
    function
        .blocks()
        .into_iter()
        .flat_map(|b| b.instructions())
        .collect()
}

/// The module's `source_filename`.
pub fn source_file_name(module: &Module<'_>) -> Vec<u8> {
    let mut len = 0usize;
    // SAFETY: live module; the pointer is valid until the name changes and
    // copied out at once.
    unsafe {
        let ptr = LLVMGetSourceFileName(module.as_mut_ptr(), &mut len);
        bytes(ptr, len)
    }
}

pub fn set_source_file_name(module: &Module<'_>, name: &[u8]) {
    // SAFETY: live module; LLVM copies the name.
    unsafe { LLVMSetSourceFileName(module.as_mut_ptr(), name.as_ptr().cast(), name.len()) }
}

/// The module-level inline assembly.
pub fn module_inline_asm(module: &Module<'_>) -> Vec<u8> {
    let mut len = 0usize;
    // SAFETY: as for source_file_name.
    unsafe {
        let ptr = LLVMGetModuleInlineAsm(module.as_mut_ptr(), &mut len);
        bytes(ptr, len)
    }
}

pub fn set_module_inline_asm(module: &Module<'_>, asm: &[u8]) {
    // SAFETY: live module; LLVM copies the text.
    unsafe { LLVMSetModuleInlineAsm2(module.as_mut_ptr(), asm.as_ptr().cast(), asm.len()) }
}

/// Copy `len` bytes from an LLVM-owned string (null = empty).
///
/// # Safety
/// `ptr` is null or points to at least `len` readable bytes.
unsafe fn bytes(ptr: *const std::os::raw::c_char, len: usize) -> Vec<u8> {
    if ptr.is_null() {
        return Vec::new();
    }
    // SAFETY: guaranteed by the caller.
    unsafe { std::slice::from_raw_parts(ptr.cast::<u8>(), len).to_vec() }
}
