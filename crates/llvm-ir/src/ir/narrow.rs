//! Integer narrowing for the `narrow-integer-ops` pass: an operation done
//! at a wide type on extended narrow values, whose only use truncates the
//! result back (`trunc (sdiv (sext a), (sext b))`, C's integer promotions),
//! is done at the narrow type instead. All through LLVM's C API.

use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::*;

use super::kinds::{build_like, is_integer_type, opcode_of, Opcode};
use super::{replace_instruction, single_use, Value};

/// Whether `op` is a binary operator the narrowing handles.
fn narrowable_opcode(op: Opcode) -> bool {
    use Opcode::*;
    matches!(
        op,
        Add | Sub | Mul | And | Or | Xor | Shl | LShr | AShr | SDiv | UDiv | SRem | URem
    )
}

/// An operand of the wide operation, as the narrow one sees it.
#[derive(Clone, Copy)]
struct Narrowed {
    /// The narrow value: the extension's source, or the constant cut to
    /// the narrow width.
    value: LLVMValueRef,
    /// Whether it was an extension (else a constant).
    extended: bool,
    /// Whether the wide operand is the narrow value sign-extended (a `sext`,
    /// or a constant that fits the narrow width as a signed number).
    signed: bool,
    /// Whether it is the narrow value zero-extended.
    unsigned: bool,
    /// For a constant: its value as a signed wide number.
    constant: Option<i64>,
}

/// What operand `v` of the wide operation becomes at `narrow` (a scalar
/// integer type of at most 64 bits), or None when it is neither an
/// extension from `narrow` nor an integer constant of at most 64 bits.
///
/// SAFETY: `v` is a live value and `narrow` a live integer type.
unsafe fn narrow_operand(v: LLVMValueRef, narrow: LLVMTypeRef) -> Option<Narrowed> {
    // SAFETY: the caller's contract; checked casts come before the reads
    // that need an instruction or a constant integer.
    unsafe {
        if !LLVMIsAInstruction(v).is_null() {
            let (signed, unsigned) = match opcode_of(v) {
                Opcode::SExt => (true, false),
                Opcode::ZExt => (false, true),
                _ => return None,
            };
            let source = LLVMGetOperand(v, 0);
            return (LLVMTypeOf(source) == narrow).then_some(Narrowed {
                value: source,
                extended: true,
                signed,
                unsigned,
                constant: None,
            });
        }
        let wide_width = if LLVMIsAConstantInt(v).is_null() {
            return None;
        } else {
            LLVMGetIntTypeWidth(LLVMTypeOf(v))
        };
        if wide_width > 64 {
            return None;
        }
        let width = LLVMGetIntTypeWidth(narrow);
        let bits = LLVMConstIntGetZExtValue(v);
        let value = LLVMConstIntGetSExtValue(v);
        let (cut, signed, unsigned) = if width >= 64 {
            (bits, true, true)
        } else {
            let half = 1i64 << (width - 1);
            (
                bits & ((1u64 << width) - 1),
                (-half..half).contains(&value),
                bits < (1u64 << width),
            )
        };
        Some(Narrowed {
            value: LLVMConstInt(narrow, cut, 0),
            extended: false,
            signed,
            unsigned,
            constant: Some(value),
        })
    }
}

/// Whether `op` done at `width` bits on `lhs` and `rhs` gives the truncated
/// result of the wide operation for every input, and is never undefined
/// where the wide one was not. Modular arithmetic and bitwise operations
/// always; unsigned division of zero-extended values; signed division of
/// sign-extended values unless it may be `MIN / -1` (which overflows only at
/// the narrow width); shifts by a constant below the width, of a value
/// extended the way the shift fills (a shift by the width or more is poison
/// at the narrow width).
fn exact(op: Opcode, width: u32, lhs: Narrowed, rhs: Narrowed) -> bool {
    use Opcode::*;
    let amount_below_width = rhs
        .constant
        .is_some_and(|k| (0..i64::from(width)).contains(&k));
    match op {
        Add | Sub | Mul | And | Or | Xor => true,
        UDiv | URem => lhs.unsigned && rhs.unsigned,
        SDiv | SRem => {
            let min = if width >= 64 {
                i64::MIN
            } else {
                -(1i64 << (width - 1))
            };
            lhs.signed
                && rhs.signed
                && (lhs.constant.is_some_and(|c| c != min) || rhs.constant.is_some_and(|c| c != -1))
        }
        Shl => amount_below_width,
        LShr => amount_below_width && lhs.unsigned,
        AShr => amount_below_width && lhs.signed,
        _ => false,
    }
}

impl Value<'_> {
    /// For an instruction: whether it is a `trunc` to a scalar integer type
    /// of at most 64 bits whose operand is a binary operation used only
    /// here, on operands that are each extended from the truncated type or
    /// constants, at least one of them extended. With `exact_only`, only
    /// where the narrow operation gives the same value for every input and
    /// is never undefined where the wide one was not (see [`exact`]).
    pub fn is_narrowable_truncation(self, exact_only: bool) -> bool {
        // SAFETY: live value; checked casts (LLVMIsA*) come before the
        // opcode, operand and type reads that need an instruction, an
        // integer type or a binary operator.
        unsafe {
            if LLVMIsAInstruction(self.raw).is_null() || opcode_of(self.raw) != Opcode::Trunc {
                return false;
            }
            let narrow = LLVMTypeOf(self.raw);
            if !is_integer_type(narrow) || LLVMGetIntTypeWidth(narrow) > 64 {
                return false;
            }
            let wide = LLVMGetOperand(self.raw, 0);
            if LLVMIsABinaryOperator(wide).is_null()
                || !narrowable_opcode(opcode_of(wide))
                || !single_use(wide)
            {
                return false;
            }
            let (Some(lhs), Some(rhs)) = (
                narrow_operand(LLVMGetOperand(wide, 0), narrow),
                narrow_operand(LLVMGetOperand(wide, 1), narrow),
            ) else {
                return false;
            };
            let op = opcode_of(wide);
            (lhs.extended || rhs.extended)
                && (!exact_only || exact(op, LLVMGetIntTypeWidth(narrow), lhs, rhs))
        }
    }
}

/// Do the operation a narrowable truncation (see
/// [`Value::is_narrowable_truncation`], asserted) truncates at the narrow
/// type, in its place: the truncation's uses take the new operation, and
/// the truncation, the wide operation and extensions left unused go.
pub fn narrow_truncation(trunc: Value<'_>) {
    assert!(
        trunc.is_narrowable_truncation(false),
        "not a narrowable trunc"
    );
    // SAFETY: live instruction of a live module, checked above to be a
    // trunc of a single-use binary operator whose operands narrow; the new
    // operation is built right before the trunc (so its operands, which
    // dominate the wide operation, dominate it), replaces every use of the
    // trunc, and only instructions without uses are erased.
    unsafe {
        let narrow = LLVMTypeOf(trunc.raw);
        let wide = LLVMGetOperand(trunc.raw, 0);
        let lhs = narrow_operand(LLVMGetOperand(wide, 0), narrow)
            .expect("checked")
            .value;
        let rhs = narrow_operand(LLVMGetOperand(wide, 1), narrow)
            .expect("checked")
            .value;
        let op = build_like(wide, lhs, rhs, trunc.raw);
        replace_instruction(trunc.raw, op);
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

#[cfg(test)]
mod tests {
    use super::*;
    use Opcode::*;

    fn ext(signed: bool) -> Narrowed {
        Narrowed {
            value: std::ptr::null_mut(),
            extended: true,
            signed,
            unsigned: !signed,
            constant: None,
        }
    }

    /// A constant at 32 bits, as `narrow_operand` describes it.
    fn constant(c: i64) -> Narrowed {
        Narrowed {
            value: std::ptr::null_mut(),
            extended: false,
            signed: (-(1i64 << 31)..(1i64 << 31)).contains(&c),
            unsigned: (0..(1i64 << 32)).contains(&c),
            constant: Some(c),
        }
    }

    #[test]
    fn exact_narrowings() {
        let (s, z) = (ext(true), ext(false));
        for op in [Add, Sub, Mul, And, Or, Xor] {
            assert!(exact(op, 32, s, z));
        }
        // Signed division: not when it may be MIN / -1.
        assert!(exact(SDiv, 32, s, constant(3)));
        assert!(exact(SDiv, 32, constant(-4096), s));
        assert!(exact(SRem, 32, s, constant(-3)));
        assert!(!exact(SDiv, 32, s, s));
        assert!(!exact(SDiv, 32, s, constant(-1)));
        assert!(!exact(SDiv, 32, constant(-(1i64 << 31)), s));
        assert!(!exact(SDiv, 32, z, constant(3)));
        assert!(!exact(SDiv, 32, s, constant(1i64 << 40)));
        // Unsigned division: zero-extended operands only.
        assert!(exact(UDiv, 32, z, z));
        assert!(exact(URem, 32, z, constant(7)));
        assert!(!exact(UDiv, 32, s, z));
        assert!(!exact(UDiv, 32, z, constant(-7)));
        // Shifts: by a constant below the width, filled as extended.
        assert!(exact(Shl, 32, s, constant(5)));
        assert!(exact(Shl, 32, z, constant(31)));
        assert!(!exact(Shl, 32, s, constant(32)));
        assert!(!exact(Shl, 32, s, z));
        assert!(exact(LShr, 32, z, constant(3)));
        assert!(!exact(LShr, 32, s, constant(3)));
        assert!(exact(AShr, 32, s, constant(3)));
        assert!(!exact(AShr, 32, z, constant(3)));
    }
}
