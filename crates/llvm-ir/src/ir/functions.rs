//! Helpers of the function-level passes (arguments, arguments-to-return,
//! instructions-to-return, inline-call-sites, function-data). The raw side
//! is `shim/functions.cpp`.

use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::*;

use super::Value;

mod shim {
    use inkwell::llvm_sys::prelude::*;

    // Implemented in shim/functions.cpp; see the comments there.
    extern "C" {
        pub fn whittle_function_args_removable(f: LLVMValueRef) -> i32;
        pub fn whittle_argument_is_removable(f: LLVMValueRef, idx: u32) -> i32;
        pub fn whittle_direct_call_site_count(f: LLVMValueRef) -> u32;
        pub fn whittle_remove_arguments(f: LLVMValueRef, idx: *const u32, n: u32);
        pub fn whittle_can_change_return(f: LLVMValueRef) -> i32;
        pub fn whittle_return_candidates(
            f: LLVMValueRef,
            instructions: i32,
            out: *mut LLVMValueRef,
            weights: *mut u64,
            cap: u32,
        ) -> u32;
        pub fn whittle_return_value(f: LLVMValueRef, v: LLVMValueRef);
        pub fn whittle_call_site_is_inlinable(call: LLVMValueRef, threshold: i64) -> i32;
        pub fn whittle_inline_call_site(call: LLVMValueRef);
        pub fn whittle_function_data(f: LLVMValueRef) -> u32;
        pub fn whittle_drop_function_data(f: LLVMValueRef, bits: u32);
    }
}

/// One piece of function-level data that `function-data` may drop, in walk
/// order. The discriminants match the bits of `functions.cpp`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FunctionData {
    Personality = 1 << 0,
    PrefixData = 1 << 1,
    PrologueData = 1 << 2,
    Section = 1 << 3,
    Partition = 1 << 4,
    Alignment = 1 << 5,
    Gc = 1 << 6,
    CallingConv = 1 << 7,
}

impl FunctionData {
    pub const ALL: [FunctionData; 8] = [
        FunctionData::Personality,
        FunctionData::PrefixData,
        FunctionData::PrologueData,
        FunctionData::Section,
        FunctionData::Partition,
        FunctionData::Alignment,
        FunctionData::Gc,
        FunctionData::CallingConv,
    ];
}

impl<'m> Value<'m> {
    /// For a function: its arguments, in order.
    pub fn params(self) -> Vec<Value<'m>> {
        // SAFETY: live function; iterates its argument list.
        let first = unsafe { LLVMGetFirstParam(self.raw) };
        Value::list(first, LLVMGetNextParam)
    }

    /// The number of uses of this value.
    pub fn use_count(self) -> u64 {
        let mut n = 0;
        // SAFETY: live value; walks its use list without changing it.
        unsafe {
            let mut u = LLVMGetFirstUse(self.raw);
            while !u.is_null() {
                n += 1;
                u = LLVMGetNextUse(u);
            }
        }
        n
    }

    /// For a function: whether its arguments may be removed at all (no
    /// intrinsic, only calls and invokes as call sites, no musttail).
    pub fn args_removable(self) -> bool {
        // SAFETY: live function.
        unsafe { shim::whittle_function_args_removable(self.raw) != 0 }
    }

    /// For a function whose arguments are removable: whether argument
    /// `idx` may go (calling-convention and ABI constraints).
    pub fn argument_is_removable(self, idx: u32) -> bool {
        // SAFETY: live function; the shim checks the index.
        unsafe { shim::whittle_argument_is_removable(self.raw, idx) != 0 }
    }

    /// For a function: how many calls and invokes name it as callee with its
    /// own function type.
    pub fn direct_call_site_count(self) -> u64 {
        // SAFETY: live function.
        u64::from(unsafe { shim::whittle_direct_call_site_count(self.raw) })
    }

    /// For a function: whether it is used other than as the callee of its
    /// direct calls (its address is taken: stored, passed, called through
    /// a pointer of another type).
    pub fn address_taken(self) -> bool {
        self.use_count() != self.direct_call_site_count()
    }

    /// For a function: whether `value` has the function's return type
    /// (returning it would leave the signature as it is).
    pub fn returns_type_of(self, value: Value<'m>) -> bool {
        // SAFETY: live function and value; only their (context-uniqued)
        // types are read and compared.
        unsafe { LLVMGetReturnType(LLVMGlobalGetValueType(self.raw)) == LLVMTypeOf(value.raw) }
    }

    /// For a function: whether its return type may change (a definition,
    /// no sret, a calling convention with non-void returns, no musttail).
    pub fn can_change_return(self) -> bool {
        // SAFETY: live function.
        unsafe { shim::whittle_can_change_return(self.raw) != 0 }
    }

    /// For a function whose return may change: the values it may return
    /// early, in order, with their weights: its arguments (weighing its
    /// instruction count) or, with `instructions`, its non-terminator
    /// instructions (weighing the instructions after them).
    pub fn return_candidates(self, instructions: bool) -> Vec<(Value<'m>, u64)> {
        let cap = self.instruction_count() as usize + self.params().len();
        let mut out: Vec<LLVMValueRef> = vec![std::ptr::null_mut(); cap];
        let mut weights = vec![0u64; cap];
        // SAFETY: live function; the shim writes at most `cap` entries to
        // each buffer and returns how many candidates there are (at most
        // one per argument or instruction, so no more than `cap`).
        let n = unsafe {
            shim::whittle_return_candidates(
                self.raw,
                i32::from(instructions),
                out.as_mut_ptr(),
                weights.as_mut_ptr(),
                u32::try_from(cap).expect("value count fits u32"),
            )
        } as usize;
        out.into_iter()
            .zip(weights)
            .take(n.min(cap))
            .map(|(raw, w)| (Value::new(raw), w))
            .collect()
    }

    /// For a call site: whether it is an inlining target under `threshold`
    /// (see `whittle_call_site_is_inlinable`).
    pub fn is_inlinable_call_site(self, threshold: i64) -> bool {
        // SAFETY: live instruction; the shim rejects non-calls.
        unsafe { shim::whittle_call_site_is_inlinable(self.raw, threshold) != 0 }
    }

    /// For a function: the pieces of function data `function-data` may drop.
    pub fn droppable_function_data(self) -> Vec<FunctionData> {
        // SAFETY: live function.
        let bits = unsafe { shim::whittle_function_data(self.raw) };
        FunctionData::ALL
            .into_iter()
            .filter(|d| bits & *d as u32 != 0)
            .collect()
    }
}

/// Remove the arguments at positions `indices` of `function` (each
/// accepted by `argument_is_removable`), rewriting its direct calls and
/// invokes. The function is replaced by a new one of the same name.
pub fn remove_arguments(function: Value<'_>, indices: &[u32]) {
    let n = u32::try_from(indices.len()).expect("argument count fits u32");
    // SAFETY: live function with removable arguments; consumed here (the
    // old function is erased), indices are read only and range-checked.
    unsafe { shim::whittle_remove_arguments(function.raw, indices.as_ptr(), n) }
}

/// Make `function` return `value` early (one of its `return_candidates`),
/// cutting the rest of the body. The function is replaced by a new one of
/// the same name; `value` survives.
pub fn return_value(function: Value<'_>, value: Value<'_>) {
    // SAFETY: live function and value, accepted by the predicates; the
    // function is consumed (erased and replaced).
    unsafe { shim::whittle_return_value(function.raw, value.raw) }
}

/// Inline a call site accepted by `is_inlinable_call_site`.
pub fn inline_call_site(call: Value<'_>) {
    // SAFETY: live call site; consumed (it is replaced by the callee's body).
    unsafe { shim::whittle_inline_call_site(call.raw) }
}

/// Drop the given pieces of function data (reported by
/// `droppable_function_data`).
pub fn drop_function_data(function: Value<'_>, data: &[FunctionData]) {
    let bits = data.iter().fold(0u32, |b, d| b | *d as u32);
    // SAFETY: live function; only reported pieces are dropped.
    unsafe { shim::whittle_drop_function_data(function.raw, bits) }
}
