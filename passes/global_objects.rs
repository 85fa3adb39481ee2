//! llvm-reduce's `global-objects`: drop the section, the alignment and the
//! comdat of functions and global variables, one target each (the special
//! arrays keep their "llvm.metadata" section). Every target weighs 1.

use inkwell::module::Module;

use super::global_values::select_bits;
use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::globals::{clear_global_object_props, GLOBAL_OBJECT_PROPS};
use whittle_llvm_ir::ir::{functions, global_variables};

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    let mut objects = functions(module);
    objects.extend(global_variables(module));
    let changes = select_bits(
        objects,
        GLOBAL_OBJECT_PROPS,
        |v| v.global_object_props(),
        targets,
    );
    for (v, mask) in changes {
        clear_global_object_props(v, mask);
    }
}
