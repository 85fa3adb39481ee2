//! attributes: each discardable attribute of each operation (the inherent
//! ones, an operation's properties, stay). Usually all removable: the
//! search tries removing them all at once first.

use super::{MlirOptions, Targets};
use crate::mlir::{Failure, Module};

pub fn run(module: &Module, targets: &mut Targets<'_>, _: &MlirOptions) -> Result<(), Failure> {
    module.reduce_attributes(&mut |w| targets.keep(w))
}
