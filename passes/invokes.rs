//! Turn invokes into calls, as llvm-reduce's `invokes` does: one target per
//! invoke in a function with a personality; the invoke becomes a call
//! followed by a branch to its normal destination (LLVM's changeToCall), and
//! its landing pad loses the edge. A landing pad block left without
//! predecessors stays, as llvm-reduce leaves it (`unreachable-blocks`
//! deletes it). A target weighs 1, plus that landing pad block's
//! instructions when this invoke is its only predecessor.

use inkwell::module::Module;
use whittle_llvm_ir::ir::kinds::Opcode;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::cfg::invokes_to_calls;
use whittle_llvm_ir::ir::functions;

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    let chosen: Vec<_> = functions(module)
        .into_iter()
        .filter(|f| !f.is_declaration() && f.has_personality())
        .flat_map(|f| f.blocks())
        .filter_map(|b| b.terminator())
        .filter(|t| t.opcode() == Opcode::Invoke)
        .filter(|t| !targets.keep(t.invoke_weight()))
        .collect();
    if !chosen.is_empty() {
        invokes_to_calls(chosen);
    }
}
