//! Delete module items: functions, global variables, aliases, ifuncs.
//!
//! A deleted item's uses see the default constant of its type (a null
//! pointer), it leaves `llvm.used`/`llvm.compiler.used`, and aliases or ifuncs
//! that point at it go with it. Intrinsics that are still called stay: their
//! calls belong to the instructions level. A function weighs its
//! instruction count, anything else 1.
//!
//! `module-items` deletes every kind at once. llvm-reduce's `functions` and
//! `global-variables` are the same deletion restricted to one kind, with
//! llvm-reduce's exceptions; its `aliases` and `ifuncs` replace rather than
//! delete (see aliases_ifuncs.rs).

use inkwell::module::Module;
use whittle_llvm_ir::ir::{aliases, erase_globals, functions, global_variables, ifuncs, Value};

use super::{PassOptions, Targets};

#[derive(Clone, Copy)]
struct Kinds {
    functions: bool,
    variables: bool,
    aliases: bool,
    ifuncs: bool,
    /// llvm-reduce's per-kind passes: nothing that would take an alias or
    /// ifunc along, nor the used lists.
    llvm_reduce: bool,
}

const NONE: Kinds = Kinds {
    functions: false,
    variables: false,
    aliases: false,
    ifuncs: false,
    llvm_reduce: false,
};

pub fn run_all(module: &Module<'_>, targets: &mut Targets<'_>, options: &PassOptions) {
    run(
        module,
        targets,
        options,
        Kinds {
            functions: true,
            variables: true,
            aliases: true,
            ifuncs: true,
            llvm_reduce: false,
        },
    );
}

/// llvm-reduce's `functions`: functions only, and not those an alias or
/// ifunc refers to (llvm-reduce keeps those rather than lose the alias).
pub fn run_functions(module: &Module<'_>, targets: &mut Targets<'_>, options: &PassOptions) {
    run(
        module,
        targets,
        options,
        Kinds {
            functions: true,
            llvm_reduce: true,
            ..NONE
        },
    );
}

/// llvm-reduce's `global-variables`: variables only; llvm.used and
/// llvm.compiler.used always stay (special-globals reduces them).
pub fn run_global_variables(module: &Module<'_>, targets: &mut Targets<'_>, options: &PassOptions) {
    run(
        module,
        targets,
        options,
        Kinds {
            variables: true,
            llvm_reduce: true,
            ..NONE
        },
    );
}

fn run(module: &Module<'_>, targets: &mut Targets<'_>, options: &PassOptions, kinds: Kinds) {
    // (item, weight) in walk order: functions, variables, aliases, ifuncs.
    let mut items: Vec<(Value<'_>, u64)> = Vec::new();
    if kinds.functions {
        items.extend(
            functions(module)
                .into_iter()
                .filter(|f| !(f.is_intrinsic() && f.has_uses()))
                .filter(|f| !(kinds.llvm_reduce && f.is_aliased()))
                .map(|f| (f, f.instruction_count())),
        );
    }
    if kinds.variables {
        items.extend(
            global_variables(module)
                .into_iter()
                .filter(|v| {
                    !(kinds.llvm_reduce
                        && matches!(v.name().as_str(), "llvm.used" | "llvm.compiler.used"))
                })
                .map(|v| (v, 1)),
        );
    }
    let others = [
        (kinds.aliases, aliases(module)),
        (kinds.ifuncs, ifuncs(module)),
    ];
    for (wanted, values) in others {
        if wanted {
            items.extend(values.into_iter().map(|v| (v, 1)));
        }
    }
    let doomed: Vec<Value<'_>> = items
        .into_iter()
        .filter(|&(v, _)| !options.is_protected(v))
        .filter(|&(_, w)| !targets.keep(w))
        .map(|(v, _)| v)
        .collect();
    if !doomed.is_empty() {
        erase_globals(doomed);
    }
}
