//! ops: every operation nested in a top-level item, at any depth, weighted
//! by the operations under it. An erased operation's results are replaced by
//! a value of the same type that dominates their uses (its own operands
//! first, then the nearest earlier value) or by a constant (a zero for
//! integers, index, floats and static vectors/tensors of them, made by the
//! producing dialect's own constant operation when it has one, else
//! `arith.constant`; `ub.poison` otherwise). Registered terminators stay, unless the operation
//! before them is unregistered (it may end the block); a constant whose uses
//! could only get another constant is no target.

use super::{MlirOptions, Targets};
use crate::mlir::{Failure, Module};

pub fn run(module: &Module, targets: &mut Targets<'_>, _: &MlirOptions) -> Result<(), Failure> {
    module.reduce_ops(&mut |w| targets.keep(w))
}
