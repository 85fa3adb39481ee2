//! Merging an operation into its user, for the `merge-operations` pass: a
//! binary operation or comparison whose operand is a binary operation used
//! only there, in the same block, takes that operation's operands, and the
//! operation goes (`ashr (mul a, b), c` becomes `ashr a, b`). All through
//! LLVM's C API.

use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::*;

use super::kinds::{build_like, opcode_of, Opcode};
use super::{replace_instruction, single_use, Value};

/// Whether a division or remainder by `divisor` is certainly undefined:
/// by zero (a vector's zeroes included), undef or poison (any other divisor's value is the run's, as for
/// any operand; what `--mr`'s certain-UB check refuses, this does not
/// propose).
///
/// SAFETY: `divisor` is a live value.
unsafe fn certainly_undefined_divisor(divisor: LLVMValueRef) -> bool {
    // SAFETY: the caller's contract; `LLVMIsNull` is asked of constants
    // only.
    unsafe {
        !LLVMIsAUndefValue(divisor).is_null()
            || (!LLVMIsAConstant(divisor).is_null() && LLVMIsNull(divisor) != 0)
    }
}

/// Whether a shift by `amount` is certainly poison: a constant integer of
/// the operand's width or more (other constants, vectors included, are
/// left to the verifier's and the test's judgement).
///
/// SAFETY: `amount` is a live value.
unsafe fn certainly_poison_shift(amount: LLVMValueRef) -> bool {
    // SAFETY: the caller's contract; the constant is read only after the
    // checked cast.
    unsafe {
        if LLVMIsAConstantInt(amount).is_null() {
            return false;
        }
        let width = LLVMGetIntTypeWidth(LLVMTypeOf(amount));
        width <= 64 && LLVMConstIntGetZExtValue(amount) >= u64::from(width)
    }
}

impl Value<'_> {
    /// For an instruction: whether it is a binary operation, `icmp` or
    /// `fcmp` whose operand `idx` is a binary operation used only here, in
    /// the same block, so it can take that operation's operands in place of
    /// its own. With `defined_only`, not where the merged operation would
    /// certainly be undefined (a division by zero, undef or poison; a
    /// shift by a constant of the width or more); its value at run time is
    /// the program's, as for any operand.
    pub fn merges_operand(self, idx: u32, defined_only: bool) -> bool {
        use Opcode::*;
        // SAFETY: live value; checked casts (LLVMIsA*) come before the
        // opcode, operand and parent reads that need an instruction.
        unsafe {
            let user = self.raw;
            let is_user = !LLVMIsABinaryOperator(user).is_null()
                || !LLVMIsAICmpInst(user).is_null()
                || !LLVMIsAFCmpInst(user).is_null();
            if !is_user || idx >= 2 {
                return false;
            }
            let def = LLVMGetOperand(user, idx);
            if LLVMIsABinaryOperator(def).is_null()
                || !single_use(def)
                || LLVMGetInstructionParent(def) != LLVMGetInstructionParent(user)
                || LLVMTypeOf(LLVMGetOperand(def, 0)) != LLVMTypeOf(LLVMGetOperand(user, idx))
            {
                return false;
            }
            if !defined_only || LLVMIsABinaryOperator(user).is_null() {
                return true;
            }
            let rhs = LLVMGetOperand(def, 1);
            match opcode_of(user) {
                SDiv | UDiv | SRem | URem => !certainly_undefined_divisor(rhs),
                Shl | LShr | AShr => !certainly_poison_shift(rhs),
                _ => true,
            }
        }
    }
}

/// Merge operations into their users: for each `(user, idx)` (each passing
/// [`Value::merges_operand`] on the module as it was, in walk order), the
/// user is rebuilt with its operation (or predicate) on the operands of its
/// operand `idx` — as they are by then, if that operand was itself rebuilt
/// by an earlier merge (whose new instruction took the old one's uses) —
/// without flags, under the same name; the old user and the merged
/// operation go. The merges are applied in the order given, which must be
/// walk order.
pub fn merge_operations(merges: Vec<(Value<'_>, u32)>) {
    for (user, idx) in merges {
        // SAFETY: each user was checked by `merges_operand` on the module
        // as it was, and the list is in walk order: a merge only erases
        // its user and that user's operand, both at or before the user in
        // its block, and each operand has one use (its user), so a later
        // user is still live, and its operand is the one checked or what
        // an earlier merge rebuilt it into (which took its uses): a binary
        // operation, checked again below, or a folded constant. The
        // operation's operands come before it, so they dominate the new
        // instruction built right before the user; the user's uses all
        // move to it before the user is erased, and the operation is erased
        // only once its one use (the user) is gone.
        unsafe {
            let old = user.raw;
            let def = LLVMGetOperand(old, idx);
            if LLVMIsABinaryOperator(def).is_null() {
                // An earlier merge folded the operand to a constant: the
                // user keeps it.
                continue;
            }
            let (lhs, rhs) = (LLVMGetOperand(def, 0), LLVMGetOperand(def, 1));
            // Folded to a constant when both operands are constants.
            let new = build_like(old, lhs, rhs, old);
            replace_instruction(old, new);
            LLVMInstructionEraseFromParent(def);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::instructions;
    use crate::{context, parse};

    const BODY: &str = "define i32 @f(i32 %a, i32 %b, i1 %c) {
entry:
  %m = mul i32 -30, %a
  %s = ashr i32 %m, 1
  %x = add i32 %a, %b
  %y = sub i32 %x, 7
  %z = xor i32 %y, %s
  %k = add i32 5, 6
  %q = sdiv i32 %k, 3
  %d = sub i32 %b, 0
  %r = udiv i32 %z, %d
  %u = add i32 %a, 1
  %twice = mul i32 %u, %u
  %e = add i32 %a, %b
  br i1 %c, label %then, label %done
then:
  %far = icmp eq i32 %e, %q
  br label %done
done:
  %cmp = icmp slt i32 %r, %twice
  %sel = select i1 %cmp, i32 %q, i32 %z
  ret i32 %sel
}
";

    /// The (name, operand) pairs `merges_operand` allows in `BODY`.
    fn sites(defined_only: bool) -> Vec<(String, u32)> {
        let ctx = context();
        let module = parse(&ctx, BODY.as_bytes(), "merge.ll").unwrap();
        instructions(&module)
            .flat_map(|i| (0..2).map(move |idx| (i, idx)))
            .filter(|&(i, idx)| i.merges_operand(idx, defined_only))
            .map(|(i, idx)| (i.name(), idx))
            .collect()
    }

    #[test]
    fn single_use_operations_in_the_same_block_merge() {
        let names = |v: &[(&str, u32)]| -> Vec<(String, u32)> {
            v.iter().map(|&(n, i)| (n.to_string(), i)).collect()
        };
        // %z has two uses, %twice uses %u twice, %far's %e is in another
        // block, %sel is no binary operation: none of them. %r by %d
        // (= %b - 0) is a division by zero once merged: not with defined
        // values only.
        assert_eq!(
            sites(false),
            names(&[("s", 0), ("y", 0), ("z", 0), ("z", 1), ("q", 0), ("r", 1)])
        );
        assert_eq!(
            sites(true),
            names(&[("s", 0), ("y", 0), ("z", 0), ("z", 1), ("q", 0)])
        );
    }

    #[test]
    fn merged_users_take_the_operands_as_they_are_by_then() {
        let ctx = context();
        let module = parse(&ctx, BODY.as_bytes(), "merge.ll").unwrap();
        let find = |name: &str| instructions(&module).find(|i| i.name() == name).unwrap();
        // %y merges %x, then %z merges the rebuilt %y; %q's operand folds.
        merge_operations(vec![
            (find("s"), 0),
            (find("y"), 0),
            (find("z"), 0),
            (find("q"), 0),
        ]);
        let text = module.print_to_string().to_string();
        assert!(module.verify().is_ok(), "{text}");
        for line in [
            "%s = ashr i32 -30, %a",
            "%z = xor i32 %a, %b",
            "select i1 %cmp, i32 0, i32 %z",
        ] {
            assert!(text.contains(line), "no `{line}` in\n{text}");
        }
        for gone in ["%m =", "%x =", "%y =", "%k =", "%q ="] {
            assert!(!text.contains(gone), "`{gone}` left in\n{text}");
        }
    }
}
