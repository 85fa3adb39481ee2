//! Delete module items: functions, global variables, aliases, ifuncs.
//!
//! A deleted item's uses see the default constant of its type (a null
//! pointer), it leaves `llvm.used`/`llvm.compiler.used`, and aliases or ifuncs
//! that point at it go with it. Intrinsics that are still called stay: their
//! calls belong to the instructions level. A function weighs its
//! instruction count, anything else 1.

use crate::llvm::ir::{aliases, erase_globals, functions, global_variables, ifuncs, Value};
use inkwell::module::Module;

use super::{PassOptions, Targets};

#[derive(Clone, Copy)]
struct Kinds {
    functions: bool,
    variables: bool,
    aliases: bool,
    ifuncs: bool,
}

const NONE: Kinds = Kinds {
    functions: false,
    variables: false,
    aliases: false,
    ifuncs: false,
};

pub fn run_all(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    run(
        module,
        targets,
        Kinds {
            functions: true,
            variables: true,
            aliases: true,
            ifuncs: true,
        },
    );
}

pub fn run_functions(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    run(
        module,
        targets,
        Kinds {
            functions: true,
            ..NONE
        },
    );
}

pub fn run_global_variables(
    module: &Module<'_>,
    targets: &mut Targets<'_>,
    _options: &PassOptions,
) {
    run(
        module,
        targets,
        Kinds {
            variables: true,
            ..NONE
        },
    );
}

pub fn run_aliases(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    run(
        module,
        targets,
        Kinds {
            aliases: true,
            ..NONE
        },
    );
}

pub fn run_ifuncs(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    run(
        module,
        targets,
        Kinds {
            ifuncs: true,
            ..NONE
        },
    );
}

fn run(module: &Module<'_>, targets: &mut Targets<'_>, kinds: Kinds) {
    // (item, weight) in walk order: functions, variables, aliases, ifuncs.
    let mut items: Vec<(Value<'_>, u64)> = Vec::new();
    if kinds.functions {
        items.extend(
            functions(module)
                .into_iter()
                .filter(|f| !(f.is_intrinsic() && f.has_uses()))
                .map(|f| (f, f.instruction_count())),
        );
    }
    let others = [
        (kinds.variables, global_variables(module)),
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
        .filter(|&(_, w)| !targets.keep(w))
        .map(|(v, _)| v)
        .collect();
    if !doomed.is_empty() {
        erase_globals(doomed);
    }
}
