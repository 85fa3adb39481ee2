//! operands-skip (llvm-reduce's name): replace an operand by a value it
//! refers to, directly or through other instructions, or by an argument of
//! its function, when that value is further reduced (a constant over an
//! argument over a global over an instruction; among instructions the one
//! that dominates the other, among arguments the first), skipping the
//! instructions in between. Every (operand, candidate) pair is a target of
//! weight 1, the candidates of an operand most reduced first; an operand
//! becomes its first candidate that is not kept.

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::functions;
use whittle_llvm_ir::ir::operands::{set_operand, SkipCandidates};

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    let mut doomed = Vec::new();
    for f in functions(module) {
        let Some(mut candidates) = SkipCandidates::new(f) else {
            continue;
        };
        for b in f.blocks() {
            for i in b.instructions() {
                for idx in 0..i.operand_count() {
                    let mut chosen = None;
                    for c in candidates.of(i, idx) {
                        if !targets.keep(1) && chosen.is_none() {
                            chosen = Some(c);
                        }
                    }
                    if let Some(c) = chosen {
                        doomed.push((i, idx, c));
                    }
                }
            }
        }
    }
    // Candidates were chosen on the unchanged module: replace afterwards.
    for (i, idx, c) in doomed {
        set_operand(i, idx, c);
    }
}
