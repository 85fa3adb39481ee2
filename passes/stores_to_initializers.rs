//! Fold a store of a constant into a global variable's initializer and
//! delete the store. Reduction leaves such stores behind where a value
//! must stay opaque to an optimizer: a loop that writes a negative number
//! into a global before `main` reads it back keeps `opt -O2` from folding
//! the read, and deleting the store (`instructions`) loses the value, while
//! starting the program with the value already there needs neither the
//! store nor the loop around it. Unlike deleting, this keeps what the
//! program reads after the store, and is no help where the store's
//! timing matters (an earlier read of the variable now sees the value):
//! the test judges that. A store whose index varies (a loop filling an
//! array with a constant) puts the value into every element of the array.
//! Targets: each plain store of a constant into a writable variable
//! defined here, at a constant offset or into an array of the stored type
//! (weight 1); variables the relation's commands name are left alone.

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::functions;
use whittle_llvm_ir::ir::globals::{fold_store_into_initializer, store_folds_into};

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, options: &PassOptions) {
    let doomed: Vec<_> = functions(module)
        .into_iter()
        .flat_map(|f| f.blocks())
        .flat_map(|b| b.instructions())
        .filter(|&i| store_folds_into(i).is_some_and(|v| !options.is_protected(v)))
        .filter(|_| !targets.keep(1))
        .collect();
    for store in doomed {
        fold_store_into_initializer(store);
    }
}
