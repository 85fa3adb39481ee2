//! llvm-reduce's `target-features-attr`: drop entries of a function's
//! "target-features" string, one target per feature; the attribute goes
//! when no feature is left (an attribute with an empty value is one target
//! of its own). Every target weighs 1.

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::functions;
use whittle_llvm_ir::ir::globals::keep_target_features;

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    let mut changes = Vec::new();
    for f in functions(module) {
        let n = f.target_feature_count();
        let keep: Vec<bool> = (0..n).map(|_| targets.keep(1)).collect();
        if keep.iter().any(|k| !k) {
            changes.push((f, keep));
        }
    }
    for (f, keep) in changes {
        keep_target_features(f, &keep);
    }
}
