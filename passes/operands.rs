//! Cut the uses that tie instructions together: an operand that names
//! another instruction, an argument or a global becomes the default constant
//! of its type (zero or null). The value it named may then be deleted by the
//! next sweep. Callees, labels, tokens, metadata, EH pad operands and
//! `immarg`/`swifterror`/`inalloca`/`preallocated` arguments stay.
//! Every operand weighs 1.

use inkwell::module::Module;

use super::{PassOptions, Targets};
use crate::llvm::ir::{functions, set_operand_to_default};

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    let mut doomed = Vec::new();
    for f in functions(module) {
        for b in f.blocks() {
            for i in b.instructions() {
                for idx in 0..i.operand_count() {
                    if i.operand_is_reducible(idx) && !targets.keep(1) {
                        doomed.push((i, idx));
                    }
                }
            }
        }
    }
    for (i, idx) in doomed {
        set_operand_to_default(i, idx);
    }
}
