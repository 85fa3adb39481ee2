//! The instruction-level passes' view of the IR: optimization flags,
//! volatile, atomic orderings and sync scopes, operand bundles, opcode
//! rewrites, InstSimplify and sinking definitions. The raw side is
//! `shim/insts.cpp`.

use inkwell::llvm_sys::prelude::*;

use super::Value;

mod shim {
    use inkwell::llvm_sys::prelude::*;

    // Implemented in shim/insts.cpp; see the comments there.
    extern "C" {
        pub fn whittle_inst_flags(i: LLVMValueRef) -> u32;
        pub fn whittle_drop_inst_flags(i: LLVMValueRef, mask: u32);
        pub fn whittle_inst_is_volatile(i: LLVMValueRef) -> i32;
        pub fn whittle_drop_volatile(i: LLVMValueRef);
        pub fn whittle_inst_orderings(i: LLVMValueRef) -> u32;
        pub fn whittle_weaken_orderings(i: LLVMValueRef, mask: u32);
        pub fn whittle_inst_has_syncscope(i: LLVMValueRef) -> i32;
        pub fn whittle_reset_syncscope(i: LLVMValueRef);
        pub fn whittle_bundle_count(i: LLVMValueRef) -> u32;
        pub fn whittle_bundle_is_removable(i: LLVMValueRef, idx: u32) -> i32;
        pub fn whittle_remove_bundles(i: LLVMValueRef, drop: *const u32, n: u32);
        pub fn whittle_opcode_is_reducible(i: LLVMValueRef) -> i32;
        pub fn whittle_reduce_opcode(i: LLVMValueRef);
        pub fn whittle_inst_simplifies(i: LLVMValueRef) -> i32;
        pub fn whittle_simplify_instructions(insts: *mut LLVMValueRef, n: u32);
        pub fn whittle_sink_pairs(
            f: LLVMValueRef,
            users: *mut LLVMValueRef,
            defs: *mut LLVMValueRef,
            cap: u32,
        ) -> u32;
        pub fn whittle_sink_apply(
            f: LLVMValueRef,
            users: *mut LLVMValueRef,
            defs: *mut LLVMValueRef,
            n: u32,
        );
    }
}

impl<'m> Value<'m> {
    /// For an instruction: the optimization flags it carries (nsw, nuw,
    /// exact, nneg, disjoint, samesign, GEP inbounds/nusw/nuw, fast-math
    /// flags), one bit each, lowest bit first in the order they are offered.
    pub fn optimization_flags(self) -> u32 {
        // SAFETY: live instruction.
        unsafe { shim::whittle_inst_flags(self.raw) }
    }

    /// For an instruction: whether it is a volatile memory access (load,
    /// store, atomicrmw, cmpxchg, memcpy/memmove/memset).
    pub fn is_volatile_access(self) -> bool {
        // SAFETY: live instruction.
        unsafe { shim::whittle_inst_is_volatile(self.raw) != 0 }
    }

    /// For an instruction: which of its atomic orderings can be weakened.
    /// Bit 0: the ordering of an atomic load/store (to not atomic) or the
    /// success ordering of an atomicrmw/cmpxchg (to monotonic); bit 1: a
    /// cmpxchg's failure ordering (to monotonic).
    pub fn weakenable_orderings(self) -> u32 {
        // SAFETY: live instruction.
        unsafe { shim::whittle_inst_orderings(self.raw) }
    }

    /// For an instruction: whether it is an atomic operation with a sync
    /// scope other than the system one.
    pub fn has_narrow_syncscope(self) -> bool {
        // SAFETY: live instruction.
        unsafe { shim::whittle_inst_has_syncscope(self.raw) != 0 }
    }

    /// For an instruction: the number of operand bundles (0 unless a call).
    pub fn bundle_count(self) -> u32 {
        // SAFETY: live instruction.
        unsafe { shim::whittle_bundle_count(self.raw) }
    }

    /// For a call: whether bundle `idx` may be dropped on its own
    /// (convergencectrl, preallocated and gc-live bundles stay).
    pub fn bundle_is_removable(self, idx: u32) -> bool {
        // SAFETY: live instruction; the shim checks the index.
        unsafe { shim::whittle_bundle_is_removable(self.raw, idx) != 0 }
    }

    /// For an instruction: whether the opcodes pass can rewrite it into a
    /// simpler instruction.
    pub fn opcode_is_reducible(self) -> bool {
        // SAFETY: live instruction.
        unsafe { shim::whittle_opcode_is_reducible(self.raw) != 0 }
    }

    /// For an instruction: whether InstSimplify folds it into another value.
    pub fn simplifies(self) -> bool {
        // SAFETY: live instruction in a function of a module.
        unsafe { shim::whittle_inst_simplifies(self.raw) != 0 }
    }
}

/// Drop the flags in `mask` (bits as [`Value::optimization_flags`]).
pub fn drop_optimization_flags(instruction: Value<'_>, mask: u32) {
    // SAFETY: live instruction; the shim ignores bits it does not carry.
    unsafe { shim::whittle_drop_inst_flags(instruction.raw, mask) }
}

/// Make a volatile access non-volatile.
pub fn drop_volatile(instruction: Value<'_>) {
    // SAFETY: live instruction; others are left alone.
    unsafe { shim::whittle_drop_volatile(instruction.raw) }
}

/// Weaken the orderings in `mask` (bits as [`Value::weakenable_orderings`]).
pub fn weaken_orderings(instruction: Value<'_>, mask: u32) {
    // SAFETY: live instruction; the shim ignores bits that do not apply.
    unsafe { shim::whittle_weaken_orderings(instruction.raw, mask) }
}

/// Give an atomic operation the system sync scope.
pub fn reset_syncscope(instruction: Value<'_>) {
    // SAFETY: live instruction; non-atomic ones are left alone.
    unsafe { shim::whittle_reset_syncscope(instruction.raw) }
}

/// Rebuild a call without the operand bundles at the given indices (the
/// call is replaced by a new one).
pub fn remove_bundles(call: Value<'_>, drop: &[u32]) {
    // SAFETY: live call, consumed here; the shim ignores indices out of
    // range.
    unsafe { shim::whittle_remove_bundles(call.raw, drop.as_ptr(), drop.len() as u32) }
}

/// Rewrite an instruction the opcodes pass can reduce (it is replaced).
pub fn reduce_opcode(instruction: Value<'_>) {
    // SAFETY: live instruction, consumed here; the shim leaves ones it
    // cannot rewrite alone.
    unsafe { shim::whittle_reduce_opcode(instruction.raw) }
}

/// Replace the instructions, in order, by what InstSimplify folds them into
/// and erase them.
pub fn simplify_instructions(instructions: Vec<Value<'_>>) {
    let mut raw: Vec<LLVMValueRef> = instructions.iter().map(|v| v.raw).collect();
    // SAFETY: distinct live instructions of one module, consumed here.
    unsafe { shim::whittle_simplify_instructions(raw.as_mut_ptr(), raw.len() as u32) }
}

/// The (user, definition) pairs of a function whose definition may move to
/// just before the user, in the sink pass's walk order.
pub fn sink_pairs<'m>(function: Value<'m>, bound: usize) -> Vec<(Value<'m>, Value<'m>)> {
    let mut users: Vec<LLVMValueRef> = vec![std::ptr::null_mut(); bound];
    let mut defs: Vec<LLVMValueRef> = vec![std::ptr::null_mut(); bound];
    // SAFETY: live function; the buffers hold `bound` entries and the shim
    // writes at most that many.
    let n = unsafe {
        shim::whittle_sink_pairs(
            function.raw,
            users.as_mut_ptr(),
            defs.as_mut_ptr(),
            bound as u32,
        )
    } as usize;
    assert!(n <= bound, "sink pairs exceed the operand bound");
    users
        .into_iter()
        .zip(defs)
        .take(n)
        .map(|(u, d)| (Value::new(u), Value::new(d)))
        .collect()
}

/// Move each definition to just before its user, in order (pairs from
/// [`sink_pairs`] on the same function; a pair earlier moves invalidated is
/// skipped).
pub fn sink_defs(function: Value<'_>, pairs: Vec<(Value<'_>, Value<'_>)>) {
    let (mut users, mut defs): (Vec<LLVMValueRef>, Vec<LLVMValueRef>) =
        pairs.iter().map(|(u, d)| (u.raw, d.raw)).unzip();
    // SAFETY: live function and live instructions of it; moving keeps every
    // handle alive.
    unsafe {
        shim::whittle_sink_apply(
            function.raw,
            users.as_mut_ptr(),
            defs.as_mut_ptr(),
            users.len() as u32,
        )
    }
}
