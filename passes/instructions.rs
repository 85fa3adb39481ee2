//! Delete instructions, replacing their uses with the default constant of
//! their type (zero or null). Terminators, EH pads, token values and
//! swifterror slots stay: removing one alone cannot give valid IR.
//! Every instruction weighs 1.

use inkwell::module::Module;

use super::{PassOptions, Targets};
use crate::llvm::ir::{erase_instructions, functions};

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    let doomed: Vec<_> = functions(module)
        .into_iter()
        .flat_map(|f| f.blocks())
        .flat_map(|b| b.instructions())
        .filter(|i| i.is_removable_instruction())
        .filter(|_| !targets.keep(1))
        .collect();
    if !doomed.is_empty() {
        erase_instructions(doomed);
    }
}
