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

use inkwell::module::Module;
use whittle_llvm_ir::ir::kinds::Opcode;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::operands::set_gep_index;
use whittle_llvm_ir::ir::{erase_instructions, instructions, Value};

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, options: &PassOptions) {
    // Casts (with the value they cast) in the order their first GEP index
    // use is met, and every (GEP, operand) each feeds.
    let mut order: Vec<(Value<'_>, Value<'_>)> = Vec::new();
    let mut uses: HashMap<Value<'_>, Vec<(Value<'_>, u32)>> = HashMap::new();
    for i in instructions(module) {
        for idx in 1..i.operand_count() {
            if !i.is_gep_integer_index(idx) {
                continue;
            }
            let cast = i.operand(idx);
            let Some(source) = cast.integer_cast_source() else {
                continue;
            };
            if options.defined_values_only && cast.opcode() == Opcode::Trunc {
                continue;
            }
            uses.entry(cast)
                .or_insert_with(|| {
                    order.push((cast, source));
                    Vec::new()
                })
                .push((i, idx));
        }
    }
    let chosen: Vec<_> = order.into_iter().filter(|_| !targets.keep(1)).collect();
    let mut dead = Vec::new();
    for (cast, source) in chosen {
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
