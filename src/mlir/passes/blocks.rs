//! blocks: each non-entry block of a multi-block (CFG) region. A branch to
//! an erased block goes to another successor of the same terminator that
//! stays (its operands made to fit that block's arguments); a terminator
//! with nowhere left to go becomes a copy of a return-like terminator of the
//! region. Values of an erased block used elsewhere are replaced.

use super::{MlirOptions, Targets};
use crate::mlir::{Failure, Module};

pub fn run(module: &Module, targets: &mut Targets<'_>, _: &MlirOptions) -> Result<(), Failure> {
    module.reduce_blocks(&mut |w| targets.keep(w))
}
