//! Inline call sites (LLVM's inliner, without its profitability checks or
//! noinline/optnone restrictions, as llvm-reduce does). With
//! `--reduce-callsite-inline-threshold` N >= 0, a call site is a target when
//! its callee is a definition with no other use and both callee and caller
//! have at most N + 1 non-terminator instructions (llvm-reduce's measure);
//! with N < 0 every call site LLVM can inline is a target. Call sites are
//! walked in layout order. Every call site weighs 1.

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::functions::inline_call_site;
use whittle_llvm_ir::ir::instructions;

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, options: &PassOptions) {
    let doomed: Vec<_> = instructions(module)
        .filter(|i| i.is_inlinable_call_site(options.inline_threshold) && !targets.keep(1))
        .collect();
    for call in doomed {
        inline_call_site(call);
    }
}
