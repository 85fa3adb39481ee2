//! Integer narrowing for the `narrow-integer-ops` pass: an operation done
//! at a wide type on extended narrow values, whose only use truncates the
//! result back (`trunc (sdiv (sext a), (sext b))`, C's integer promotions),
//! is done at the narrow type instead. All through LLVM's C API.

use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::*;
use inkwell::llvm_sys::{LLVMOpcode, LLVMTypeKind};

use super::Value;

/// Whether `op` is a binary operator the narrowing handles.
fn narrowable_opcode(op: LLVMOpcode) -> bool {
    use LLVMOpcode::*;
    matches!(
        op,
        LLVMAdd
            | LLVMSub
            | LLVMMul
            | LLVMAnd
            | LLVMOr
            | LLVMXor
            | LLVMShl
            | LLVMLShr
            | LLVMAShr
            | LLVMSDiv
            | LLVMUDiv
            | LLVMSRem
            | LLVMURem
    )
}

/// What operand `v` of the wide operation becomes at `narrow` (a scalar
/// integer type of at most 64 bits): the source of a `sext`/`zext` from
/// `narrow`, or an integer constant cut to `narrow`'s width; None otherwise.
/// The flag says whether it was an extension.
///
/// SAFETY: `v` is a live value and `narrow` a live integer type.
unsafe fn narrow_operand(v: LLVMValueRef, narrow: LLVMTypeRef) -> Option<(LLVMValueRef, bool)> {
    // SAFETY: the caller's contract; checked casts come before the reads
    // that need an instruction or a constant integer.
    unsafe {
        if !LLVMIsAInstruction(v).is_null() {
            let ext = matches!(
                LLVMGetInstructionOpcode(v),
                LLVMOpcode::LLVMSExt | LLVMOpcode::LLVMZExt
            );
            let source = LLVMGetOperand(v, 0);
            return (ext && LLVMTypeOf(source) == narrow).then_some((source, true));
        }
        if !LLVMIsAConstantInt(v).is_null() && LLVMGetIntTypeWidth(LLVMTypeOf(v)) <= 64 {
            let width = LLVMGetIntTypeWidth(narrow);
            let bits = LLVMConstIntGetZExtValue(v);
            let cut = if width >= 64 {
                bits
            } else {
                bits & ((1u64 << width) - 1)
            };
            return Some((LLVMConstInt(narrow, cut, 0), false));
        }
        None
    }
}

/// Whether `v` has exactly one use.
///
/// SAFETY: `v` is a live value.
unsafe fn single_use(v: LLVMValueRef) -> bool {
    // SAFETY: the caller's contract: a live value and its use list.
    unsafe {
        let first = LLVMGetFirstUse(v);
        !first.is_null() && LLVMGetNextUse(first).is_null()
    }
}

impl Value<'_> {
    /// For an instruction: whether it is a `trunc` to a scalar integer type
    /// of at most 64 bits whose operand is a binary operation used only
    /// here, on operands that are each extended from the truncated type or
    /// constants, at least one of them extended.
    pub fn is_narrowable_truncation(self) -> bool {
        // SAFETY: live value; checked casts (LLVMIsA*) come before the
        // opcode, operand and type reads that need an instruction, an
        // integer type or a binary operator.
        unsafe {
            if LLVMIsAInstruction(self.raw).is_null()
                || LLVMGetInstructionOpcode(self.raw) != LLVMOpcode::LLVMTrunc
            {
                return false;
            }
            let narrow = LLVMTypeOf(self.raw);
            if LLVMGetTypeKind(narrow) != LLVMTypeKind::LLVMIntegerTypeKind
                || LLVMGetIntTypeWidth(narrow) > 64
            {
                return false;
            }
            let wide = LLVMGetOperand(self.raw, 0);
            if LLVMIsABinaryOperator(wide).is_null()
                || !narrowable_opcode(LLVMGetInstructionOpcode(wide))
                || !single_use(wide)
            {
                return false;
            }
            let mut extended = false;
            for idx in 0..2 {
                match narrow_operand(LLVMGetOperand(wide, idx), narrow) {
                    Some((_, ext)) => extended |= ext,
                    None => return false,
                }
            }
            extended
        }
    }
}

/// Do the operation a narrowable truncation (see
/// [`Value::is_narrowable_truncation`], asserted) truncates at the narrow
/// type, in its place: the truncation's uses take the new operation, and
/// the truncation, the wide operation and extensions left unused go.
pub fn narrow_truncation(trunc: Value<'_>) {
    assert!(trunc.is_narrowable_truncation(), "not a narrowable trunc");
    // SAFETY: live instruction of a live module, checked above to be a
    // trunc of a single-use binary operator whose operands narrow; the new
    // operation is built right before the trunc (so its operands, which
    // dominate the wide operation, dominate it), replaces every use of the
    // trunc, and only instructions without uses are erased.
    unsafe {
        let narrow = LLVMTypeOf(trunc.raw);
        let wide = LLVMGetOperand(trunc.raw, 0);
        let (lhs, _) = narrow_operand(LLVMGetOperand(wide, 0), narrow).expect("checked");
        let (rhs, _) = narrow_operand(LLVMGetOperand(wide, 1), narrow).expect("checked");
        let context = LLVMGetTypeContext(narrow);
        let builder = LLVMCreateBuilderInContext(context);
        LLVMPositionBuilderBefore(builder, trunc.raw);
        let op = LLVMBuildBinOp(
            builder,
            LLVMGetInstructionOpcode(wide),
            lhs,
            rhs,
            c"".as_ptr(),
        );
        LLVMDisposeBuilder(builder);
        // The new operation takes the truncation's name (the value the
        // program calls `q` stays `q`); the name is copied before the
        // truncation gives it up.
        let mut len = 0usize;
        let name = LLVMGetValueName2(trunc.raw, &mut len);
        let name = if name.is_null() || len == 0 {
            Vec::new()
        } else {
            std::slice::from_raw_parts(name.cast::<u8>(), len).to_vec()
        };
        LLVMSetValueName2(trunc.raw, c"".as_ptr(), 0);
        LLVMSetValueName2(op, name.as_ptr().cast(), name.len());
        LLVMReplaceAllUsesWith(trunc.raw, op);
        LLVMInstructionEraseFromParent(trunc.raw);
        let exts = [LLVMGetOperand(wide, 0), LLVMGetOperand(wide, 1)];
        LLVMInstructionEraseFromParent(wide);
        for (i, ext) in exts.iter().enumerate() {
            // The same extension may be both operands: erase it once.
            if !LLVMIsAInstruction(*ext).is_null()
                && LLVMGetFirstUse(*ext).is_null()
                && !exts[..i].contains(ext)
            {
                LLVMInstructionEraseFromParent(*ext);
            }
        }
    }
}
