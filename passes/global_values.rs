//! llvm-reduce's `global-values`: reset properties of global values
//! (functions, variables, aliases, ifuncs) to their defaults, one target per
//! property a value has: an explicit dso_local, a non-default visibility,
//! unnamed_addr, a DLL storage class, thread_local, a linkage other than
//! external (appending stays: the special arrays need it), and for
//! variables externally_initialized and the code model. Dropping a
//! visibility or linkage that implied dso_local drops dso_local too.
//! Every target weighs 1.

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::globals::{clear_global_value_props, GLOBAL_VALUE_PROPS};
use whittle_llvm_ir::ir::{aliases, functions, global_variables, ifuncs, Value};

/// Global values in LLVM's `global_values()` order.
pub(super) fn global_values<'m>(module: &'m Module<'_>) -> Vec<Value<'m>> {
    let mut all = functions(module);
    all.extend(global_variables(module));
    all.extend(aliases(module));
    all.extend(ifuncs(module));
    all
}

/// For each value with reducible bits, ask once per bit; returns the values
/// with the bits to clear.
pub(super) fn select_bits<'m>(
    values: Vec<Value<'m>>,
    bits: u32,
    props: impl Fn(Value<'m>) -> u32,
    targets: &mut Targets<'_>,
) -> Vec<(Value<'m>, u32)> {
    let mut changes = Vec::new();
    for v in values {
        let have = props(v);
        let mut clear = 0;
        for bit in 0..bits {
            let b = 1 << bit;
            if have & b != 0 && !targets.keep(1) {
                clear |= b;
            }
        }
        if clear != 0 {
            changes.push((v, clear));
        }
    }
    changes
}

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, options: &PassOptions) {
    let mut values = global_values(module);
    values.retain(|v| !options.is_protected(*v));
    let changes = select_bits(
        values,
        GLOBAL_VALUE_PROPS,
        |v| v.global_value_props(),
        targets,
    );
    for (v, mask) in changes {
        clear_global_value_props(v, mask);
    }
}
