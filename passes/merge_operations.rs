//! merge-operations (whittle's own): an operation whose operand is another
//! operation used only there takes that operation's operands, and the other
//! goes: `ashr (mul -30, %n), 1` becomes `ashr -30, %n`, one instruction
//! fewer with the outer operation kept. Deleting either instruction
//! (`instructions`, `operands-skip`) keeps only one of their operations'
//! inputs; this keeps the outer operation on both of the inner one's, which
//! is often what a bug in the outer one needs. Binary operations and
//! compares, over binary operations in the same block. One target per
//! (user, operand) of weight 1; a user with two such operands merges the
//! first not kept. Under `--mr` (defined values only) not where the merged
//! operation would certainly be undefined (a division by a constant zero, a
//! shift by the width or more).

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::instructions;
use whittle_llvm_ir::ir::merge::merge_operations;

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, options: &PassOptions) {
    let mut merges = Vec::new();
    for i in instructions(module) {
        let mut chosen = None;
        for idx in 0..2 {
            if i.merges_operand(idx, options.defined_values_only)
                && !targets.keep(1)
                && chosen.is_none()
            {
                chosen = Some(idx);
            }
        }
        if let Some(idx) = chosen {
            merges.push((i, idx));
        }
    }
    // Walk order: an operation merged into its user was visited (and, if
    // chosen, rebuilt) before the user, in the same block.
    merge_operations(merges);
}
