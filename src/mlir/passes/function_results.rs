//! function-results: each result of a function definition that nothing
//! refers to (a call would need rewriting). A dropped result leaves the
//! signature and every return of the body; the operations that only
//! computed it (no other uses, no side effects) go too.

use super::{MlirOptions, Targets};
use crate::mlir::{Failure, Module};

pub fn run(module: &Module, targets: &mut Targets<'_>, _: &MlirOptions) -> Result<(), Failure> {
    module.reduce_function_results(&mut |w| targets.keep(w))
}
