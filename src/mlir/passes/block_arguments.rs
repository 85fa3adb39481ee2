//! block-arguments: each argument of a non-entry block whose predecessors
//! all branch through BranchOpInterface with a forwarded operand for it.
//! Its uses get a value dominating the block (or a constant), and the
//! operand is removed from every branch.

use super::{MlirOptions, Targets};
use crate::mlir::{Failure, Module};

pub fn run(module: &Module, targets: &mut Targets<'_>, _: &MlirOptions) -> Result<(), Failure> {
    module.reduce_block_arguments(&mut |w| targets.keep(w))
}
