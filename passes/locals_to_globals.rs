//! Turn a local variable (an alloca of a fixed size in the entry block)
//! into a zero-initialized global variable. A miscompile reduction keeps a
//! local array filled by a loop where the value must stay opaque to the
//! optimizer; as a global, the value can move into its initializer
//! (`stores-to-initializers`) and the loop can go, which no pass can do to
//! a local, which has no initializer. The global is shared between calls
//! and starts zeroed where the local started undefined: the test judges
//! whether that matters. Targets: each such alloca (weight 1); its
//! lifetime markers go with it.

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::functions;
use whittle_llvm_ir::ir::globals::{is_globalizable, make_global};

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    let doomed: Vec<_> = functions(module)
        .into_iter()
        .filter_map(|f| f.blocks().into_iter().next())
        .flat_map(|entry| entry.instructions())
        .filter(|&i| is_globalizable(i))
        .filter(|_| !targets.keep(1))
        .collect();
    for alloca in doomed {
        make_global(alloca);
    }
}
