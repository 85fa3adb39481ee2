//! mlir-passes: the `--mlir-passes` pipeline (mlir-opt syntax, e.g.
//! `canonicalize,cse,symbol-dce`) as one target, like mlir-reduce's
//! opt-reduction-pass. Not kept: the pipeline runs on a copy of the module,
//! which replaces it if the pipeline succeeds; a pipeline that fails changes
//! nothing, one that crashes makes the candidate unresolved. A result with
//! more operations is no progress.

use super::{MlirOptions, Targets};
use crate::mlir::{Failure, Module};

pub fn run(
    module: &Module,
    targets: &mut Targets<'_>,
    options: &MlirOptions,
) -> Result<(), Failure> {
    match &options.pipeline {
        Some(pipeline) => module.run_pipeline(pipeline, &mut |w| targets.keep(w)),
        None => Ok(()),
    }
}
