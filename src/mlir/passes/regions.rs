//! regions: an operation whose control flow into its regions is known
//! (RegionBranchOpInterface: scf.if, scf.for, scf.while, tosa.cond_if, ...,
//! or an unregistered operation) is replaced by the body of one of its
//! single-block regions. Block arguments get the operation's operands where
//! types line up (else dominating values or constants), results get the
//! values the region yields (else the same). Each region with operations
//! besides its terminator is a target, weighted by the operations in it.

use super::{MlirOptions, Targets};
use crate::mlir::{Failure, Module};

pub fn run(module: &Module, targets: &mut Targets<'_>, _: &MlirOptions) -> Result<(), Failure> {
    module.reduce_regions(&mut |w| targets.keep(w))
}
