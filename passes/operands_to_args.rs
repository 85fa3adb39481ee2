//! operands-to-args (llvm-reduce's name): replace operands (instructions,
//! globals, constant expressions; not literals, not arguments) by new
//! parameters of their function. The function gets a new signature with one
//! parameter per value (named after it, with the attributes its metadata
//! implies, e.g. !nonnull), and every call passes the type's zero (or
//! poison). Only functions that are only ever called directly, neither
//! variadic nor involved in musttail, take part.
//!
//! Every use is a target of weight 1, as in llvm-reduce, but the uses of
//! one value are adjacent in the target order (values in order of first
//! use), so that the search tends to turn them into a parameter together
//! rather than into several parameters over several steps.
//!
//! The new parameters come in the order llvm-reduce gives them: by the
//! first replaced use, in instruction and operand order. The pass builds
//! every candidate of a level from the module the level started with
//! (`stable_base`), so all the uses a level replaces become parameters in
//! one rewrite, whatever order the search accepted them in.

use std::collections::HashMap;

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::functions;
use whittle_llvm_ir::ir::operands::operands_to_args;

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, options: &PassOptions) {
    // Decided up front, so that rewriting one function cannot change which
    // functions take part (the targets must not depend on the answers).
    let eligible: Vec<_> = functions(module)
        .into_iter()
        .filter(|f| f.accepts_new_params() && !options.is_protected(*f))
        .collect();
    // Each function is enumerated, then rewritten, before the next one is
    // enumerated: rewriting replaces the calls of the function elsewhere, so
    // handles collected earlier would die. Rewriting adds only literal
    // arguments to those calls and changes no other operand, so later
    // functions enumerate the same targets whatever earlier answers were.
    for f in eligible {
        let mut order = Vec::new();
        let mut uses: HashMap<_, Vec<_>> = HashMap::new();
        let mut position = 0usize;
        for b in f.blocks() {
            for i in b.instructions() {
                for idx in 0..i.operand_count() {
                    if i.operand_can_become_param(idx) {
                        let v = i.operand(idx);
                        let entry = uses.entry(v).or_default();
                        if entry.is_empty() {
                            order.push(v);
                        }
                        entry.push((position, i, idx));
                        position += 1;
                    }
                }
            }
        }
        let mut doomed = Vec::new();
        for v in order {
            for u in uses.remove(&v).unwrap_or_default() {
                if !targets.keep(1) {
                    doomed.push(u);
                }
            }
        }
        // In walk order: the shim adds parameters in the order of the uses.
        doomed.sort_unstable_by_key(|&(position, _, _)| position);
        operands_to_args(f, doomed.into_iter().map(|(_, i, idx)| (i, idx)).collect());
    }
}
