//! llvm-reduce's `special-globals`, entry by entry: each entry of llvm.used,
//! llvm.compiler.used, llvm.global_ctors and llvm.global_dtors is a target;
//! an array left empty goes (llvm-reduce removes llvm.used and
//! llvm.compiler.used whole; removing every entry does the same). Every
//! target weighs 1.

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::globals::{keep_special_entries, special_entries, SpecialArray};

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    let mut changes = Vec::new();
    for which in SpecialArray::ALL {
        let n = special_entries(module, which);
        let keep: Vec<bool> = (0..n).map(|_| targets.keep(1)).collect();
        if keep.iter().any(|k| !k) {
            changes.push((which, keep));
        }
    }
    for (which, keep) in changes {
        keep_special_entries(module, which, &keep);
    }
}
