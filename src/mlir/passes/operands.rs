//! operands: each use of a value computed by a non-constant operation (or a
//! block argument) whose type has a zero (signless integers, index, floats,
//! static vectors and tensors of them), replaced by a zero made by the
//! value's own dialect when it has a constant operation, else
//! `arith.constant`; never poison. A producer left without uses goes in the
//! same candidate, so a target weighs one plus the producer's operations
//! when it is the producer's only use. Finer than `ops`, which replaces all
//! uses of a value at once: this cuts one use and keeps the others.

use super::{MlirOptions, Targets};
use crate::mlir::{Failure, Module};

pub fn run(module: &Module, targets: &mut Targets<'_>, _: &MlirOptions) -> Result<(), Failure> {
    module.reduce_operands(&mut |w| targets.keep(w))
}
