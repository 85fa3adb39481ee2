//! The operand passes' view of the IR (C++ side: `shim/operands.cpp`):
//! which operand may become which constant, replacing an operand, the
//! candidates of operands-skip and the signature rewrite of operands-to-args.

use std::ffi::c_void;
use std::marker::PhantomData;

use inkwell::llvm_sys::core::LLVMGetOperand;
use inkwell::llvm_sys::prelude::*;

use super::Value;

mod shim {
    use std::ffi::c_void;

    use inkwell::llvm_sys::prelude::*;

    // Implemented in shim/operands.cpp; see the comments there.
    extern "C" {
        pub fn whittle_operand_replacement(i: LLVMValueRef, idx: u32, mode: u32) -> LLVMValueRef;
        pub fn whittle_operand_set(i: LLVMValueRef, idx: u32, v: LLVMValueRef);
        pub fn whittle_skip_begin(f: LLVMValueRef) -> *mut c_void;
        pub fn whittle_skip_end(ctx: *mut c_void);
        pub fn whittle_skip_compute(ctx: *mut c_void, i: LLVMValueRef, idx: u32) -> u32;
        pub fn whittle_skip_candidate(ctx: *mut c_void, k: u32) -> LLVMValueRef;
        pub fn whittle_to_args_function_ok(f: LLVMValueRef) -> i32;
        pub fn whittle_to_args_operand_ok(i: LLVMValueRef, idx: u32) -> i32;
        pub fn whittle_operands_to_args(
            f: LLVMValueRef,
            insts: *mut LLVMValueRef,
            idxs: *mut u32,
            n: u32,
        );
    }
}

/// The constant an operand becomes in one of the constant passes. Every mode
/// leaves alone the operands that must stay as they are (labels, metadata,
/// tokens, callees, EH pad operands, switch case values, GEP struct indices,
/// lifetime pointers, immarg/swifterror/inalloca/preallocated arguments, PHI
/// entries repeated for one predecessor) and operands that would not change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConstMode {
    /// `operands`: a use of an instruction, argument or global becomes the
    /// type's zero/null (an alloca's element count becomes one).
    Cut = 0,
    /// operands-zero: any operand becomes zero/null (not alloca counts).
    Zero = 1,
    /// operands-one: integers and floating point (and vectors of them)
    /// become 1 / 1.0, unless already 0 or 1.
    One = 2,
    /// operands-nan: floating point becomes a quiet NaN, unless 0.0 or 1.0.
    Nan = 3,
    /// operands-poison: target extension types become poison.
    Poison = 4,
}

impl<'m> Value<'m> {
    /// For an instruction: operand `idx` (< `operand_count()`).
    pub fn operand(self, idx: u32) -> Value<'m> {
        assert!(idx < self.operand_count(), "operand index out of range");
        // SAFETY: live user, index checked above.
        Value::new(unsafe { LLVMGetOperand(self.raw, idx) })
    }

    /// For an instruction: the constant operand `idx` becomes in `mode`, or
    /// None when that operand is no target of the mode.
    pub fn operand_replacement(self, idx: u32, mode: ConstMode) -> Option<Value<'m>> {
        // SAFETY: live instruction; the shim checks the index and returns a
        // constant of the operand's type (owned by the context) or null.
        let raw = unsafe { shim::whittle_operand_replacement(self.raw, idx, mode as u32) };
        (!raw.is_null()).then(|| Value::new(raw))
    }

    /// For a function: whether operands-to-args may give it new parameters
    /// (a definition only ever called directly, not variadic, no musttail).
    pub fn accepts_new_params(self) -> bool {
        // SAFETY: live function.
        unsafe { shim::whittle_to_args_function_ok(self.raw) != 0 }
    }

    /// For an instruction: whether operand `idx` may become a new parameter
    /// of its function.
    pub fn operand_can_become_param(self, idx: u32) -> bool {
        // SAFETY: live instruction; the shim checks the index.
        unsafe { shim::whittle_to_args_operand_ok(self.raw, idx) != 0 }
    }
}

/// Set operand `idx` of an instruction to `value` (of the operand's type,
/// valid at that use); for a PHI, every entry for the same predecessor.
pub fn set_operand(instruction: Value<'_>, idx: u32, value: Value<'_>) {
    // SAFETY: live instruction and value of one module; the shim checks the
    // index and the type.
    unsafe { shim::whittle_operand_set(instruction.raw, idx, value.raw) }
}

/// The replacement candidates of operands-skip within one function (which
/// owns a dominator tree of it: do not change the function while this
/// lives).
pub struct SkipCandidates<'m> {
    ctx: *mut c_void,
    _module: PhantomData<&'m ()>,
}

impl<'m> SkipCandidates<'m> {
    /// For a function definition; None for a declaration.
    pub fn new(function: Value<'m>) -> Option<Self> {
        // SAFETY: live function; the context is freed in Drop.
        let ctx = unsafe { shim::whittle_skip_begin(function.raw) };
        (!ctx.is_null()).then_some(SkipCandidates {
            ctx,
            _module: PhantomData,
        })
    }

    /// The values operand `idx` of `instruction` (in this function) may
    /// become, most reduced first: values it refers to, directly or through
    /// other instructions, and the function's arguments, of the same type,
    /// valid at the use and further reduced than the operand.
    pub fn of(&mut self, instruction: Value<'m>, idx: u32) -> Vec<Value<'m>> {
        // SAFETY: live context of the instruction's function (unchanged
        // since the context was made); the shim checks the index.
        let n = unsafe { shim::whittle_skip_compute(self.ctx, instruction.raw, idx) };
        (0..n)
            // SAFETY: k < n, the size of the list just computed.
            .map(|k| Value::new(unsafe { shim::whittle_skip_candidate(self.ctx, k) }))
            .collect()
    }
}

impl Drop for SkipCandidates<'_> {
    fn drop(&mut self) {
        // SAFETY: made by whittle_skip_begin, freed once.
        unsafe { shim::whittle_skip_end(self.ctx) }
    }
}

/// Replace the given operands (instruction, operand index) of `function`'s
/// instructions by new parameters, one per distinct value, and pass the
/// type's default constant at every call. The function is replaced by a new
/// one of the same name: its handle, the handles of its calls and the
/// handles of its arguments are dead afterwards.
pub fn operands_to_args(function: Value<'_>, uses: Vec<(Value<'_>, u32)>) {
    if uses.is_empty() {
        return;
    }
    let mut insts: Vec<LLVMValueRef> = uses.iter().map(|(i, _)| i.raw).collect();
    let mut idxs: Vec<u32> = uses.iter().map(|&(_, k)| k).collect();
    // SAFETY: live function accepting new parameters (`accepts_new_params`),
    // live instructions of it with operand indices each accepted by
    // `operand_can_become_param`; all consumed here.
    unsafe {
        shim::whittle_operands_to_args(
            function.raw,
            insts.as_mut_ptr(),
            idxs.as_mut_ptr(),
            insts.len() as u32,
        )
    }
}

impl<'m> Value<'m> {
    /// For an operand of an instruction: the value a scalar integer cast
    /// (`zext`, `sext`, `trunc`) casts, when this is one.
    pub fn integer_cast_source(self) -> Option<Value<'m>> {
        use super::kinds::{is_integer_type, opcode_of, Opcode};
        use inkwell::llvm_sys::core::{LLVMIsAInstruction, LLVMTypeOf};
        // SAFETY: live value; LLVMIsAInstruction is a checked cast (null for
        // any other kind of value), and the opcode, operand 0 and types are
        // read from an instruction only.
        unsafe {
            if LLVMIsAInstruction(self.raw).is_null() {
                return None;
            }
            let cast = matches!(
                opcode_of(self.raw),
                Opcode::ZExt | Opcode::SExt | Opcode::Trunc
            );
            if !cast || !is_integer_type(LLVMTypeOf(self.raw)) {
                return None;
            }
            Some(Value::new(LLVMGetOperand(self.raw, 0)))
        }
    }

    /// For an instruction: whether it is a `getelementptr` whose operand
    /// `idx` is an index (not the pointer) of scalar integer type, which an
    /// integer of any width may take (GEP indices are sign-extended or
    /// truncated to the index width).
    pub fn is_gep_integer_index(self, idx: u32) -> bool {
        use super::kinds::is_integer_type;
        use inkwell::llvm_sys::core::{LLVMIsAGetElementPtrInst, LLVMTypeOf};
        if idx == 0 || idx >= self.operand_count() {
            return false;
        }
        // SAFETY: live value; LLVMIsAGetElementPtrInst is a checked cast,
        // and the operand index is in range (checked above).
        unsafe {
            !LLVMIsAGetElementPtrInst(self.raw).is_null()
                && is_integer_type(LLVMTypeOf(LLVMGetOperand(self.raw, idx)))
        }
    }
}

/// Set index operand `idx` of a `getelementptr` to `value`, a scalar
/// integer of any width valid at that use (see
/// [`Value::is_gep_integer_index`]; checked again here).
pub fn set_gep_index(gep: Value<'_>, idx: u32, value: Value<'_>) {
    use super::kinds::is_integer_type;
    use inkwell::llvm_sys::core::{LLVMSetOperand, LLVMTypeOf};
    assert!(gep.is_gep_integer_index(idx), "not a GEP integer index");
    // SAFETY: live GEP and value of one module; the operand is an index of
    // scalar integer type (asserted above) and so is the new value (asserted
    // below), which GEP accepts at any width: the module stays well-formed.
    unsafe {
        assert!(
            is_integer_type(LLVMTypeOf(value.raw)),
            "a GEP index must be an integer"
        );
        LLVMSetOperand(gep.raw, idx, value.raw);
    }
}
