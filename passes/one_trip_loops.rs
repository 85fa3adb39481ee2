//! Turn loops that run exactly once into straight-line code. Reduction
//! leaves such loops behind: once a loop's condition has become a constant
//! on each edge into its header (`phi i1 [true, %entry], [false, %latch]`),
//! the body runs once, but no deletion removes the header, its phis and
//! its branches, and neither simplifycfg nor jump threading thread edges
//! into a loop header. LLVM's own loop rotation and full unrolling,
//! limited to a trip count of one, do it without changing what the
//! function computes. Targets: each function definition (weight: its
//! instruction count), as for `ir-passes`, which runs the pipeline.
//!
//! The unroller needs its loops in canonical, rotated form, so a function's
//! other loops are rotated too, which adds instructions: the pass is
//! `must_not_grow`, and a candidate that only rotated loops is refused
//! without a test (one for a function without loops is the module itself).

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::metadata;

/// Rotation, then the unroller allowed nothing but full unrolling of loops
/// that run at most once (no partial, runtime, upper-bound unrolling or
/// peeling). Blocks left in a chain are merged by later passes.
const PIPELINE: &str = "function(loop-simplify,lcssa,loop(loop-rotate),\
loop-unroll<O2;full-unroll-max=1;no-partial;no-peeling;no-profile-peeling;no-runtime;no-upperbound>)";

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, options: &PassOptions) {
    metadata::run_ir_passes(
        module,
        PIPELINE,
        options.mtriple.as_deref(),
        options.defined_values_only,
        &mut |w| targets.keep(w),
    );
}
