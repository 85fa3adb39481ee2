//! top-level: each item of the module (function, global, nested module,
//! and the items of nested modules), weighted by the operations it holds.
//! An erased symbol's uses go too: the operations referring to it are
//! erased (their results replaced by dominating values or constants), so
//! calls to an erased function disappear with it.

use super::{MlirOptions, Targets};
use crate::mlir::{Failure, Module};

pub fn run(module: &Module, targets: &mut Targets<'_>, _: &MlirOptions) -> Result<(), Failure> {
    module.reduce_top_level(&mut |w| targets.keep(w))
}
