//! gep-index-casts (whittle's own): a `getelementptr` index computed by an
//! integer cast (`sext`, `zext`, `trunc`) takes the cast's source instead,
//! and the cast goes once nothing else uses it. GEP indices may have any
//! integer width (they are sign-extended or truncated to the index width),
//! so the result is valid IR; for `sext` it even computes the same address.
//! Loops over `int` induction variables leave one such cast per array
//! access, which no other pass removes without changing the address (the
//! instruction passes would make the index zero). One target per cast
//! feeding some GEP index, of weight 1, in walk order; every GEP index use
//! of a chosen cast is replaced. Under `--mr` (defined values only) not
//! `trunc`: the wide value may index far outside the object where the
//! truncated one did not (a `zext` of a value with its sign bit set
//! indexed billions of elements away already).

use std::collections::HashMap;

use inkwell::llvm_sys::LLVMOpcode;
use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::operands::set_gep_index;
use whittle_llvm_ir::ir::{erase_instructions, instructions, Value};

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, options: &PassOptions) {
    // Casts in the order their first GEP index use is met, with every
    // (GEP, operand) they feed.
    let mut order: Vec<Value<'_>> = Vec::new();
    let mut uses: HashMap<Value<'_>, Vec<(Value<'_>, u32)>> = HashMap::new();
    for i in instructions(module) {
        for idx in 1..i.operand_count() {
            if !i.is_gep_integer_index(idx) {
                continue;
            }
            let operand = i.operand(idx);
            if operand.integer_cast_source().is_none()
                || (options.defined_values_only && operand.opcode() == LLVMOpcode::LLVMTrunc)
            {
                continue;
            }
            uses.entry(operand)
                .or_insert_with(|| {
                    order.push(operand);
                    Vec::new()
                })
                .push((i, idx));
        }
    }
    let chosen: Vec<Value<'_>> = order.into_iter().filter(|_| !targets.keep(1)).collect();
    let mut dead = Vec::new();
    for cast in chosen {
        let source = cast
            .integer_cast_source()
            .expect("collected as an integer cast");
        for &(gep, idx) in &uses[&cast] {
            set_gep_index(gep, idx, source);
        }
        if !cast.has_uses() {
            dead.push(cast);
        }
    }
    if !dead.is_empty() {
        erase_instructions(dead);
    }
}
