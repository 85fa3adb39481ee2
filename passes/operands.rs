//! Replace instruction operands by constants, one operand per target (weight
//! 1): `operands` cuts uses of instructions, arguments and globals (the
//! operand becomes zero/null, so the value it named may go in the next
//! sweep); operands-zero, operands-one, operands-nan and operands-poison are
//! llvm-reduce's passes of those names (any operand to zero; integers and
//! floating point to one; floating point to NaN; target extension types to
//! poison). Operands that must stay as they are (callees, labels, metadata,
//! tokens, EH pad operands, switch case values, GEP struct indices, lifetime
//! pointers, immarg/swifterror/inalloca/preallocated arguments) and operands
//! that would not change are no targets; a PHI's entries for one predecessor
//! are one target.

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::instructions;
use whittle_llvm_ir::ir::operands::{set_operand, ConstMode};

fn run_mode(module: &Module<'_>, targets: &mut Targets<'_>, mode: ConstMode) {
    let mut doomed = Vec::new();
    for i in instructions(module) {
        for idx in 0..i.operand_count() {
            if let Some(c) = i.operand_replacement(idx, mode) {
                if !targets.keep(1) {
                    doomed.push((i, idx, c));
                }
            }
        }
    }
    for (i, idx, c) in doomed {
        set_operand(i, idx, c);
    }
}

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    run_mode(module, targets, ConstMode::Cut);
}

pub fn run_zero(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    run_mode(module, targets, ConstMode::Zero);
}

pub fn run_one(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    run_mode(module, targets, ConstMode::One);
}

pub fn run_nan(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    run_mode(module, targets, ConstMode::Nan);
}

pub fn run_poison(module: &Module<'_>, targets: &mut Targets<'_>, options: &PassOptions) {
    // Undefined values pass for miscompilations when runs of the program
    // judge it: no targets then (the pass is not selected with --mr either).
    if !options.defined_values_only {
        run_mode(module, targets, ConstMode::Poison);
    }
}
