//! The MLIR reduction passes and their ordered registry (the levels of the
//! hierarchy, coarse to fine). The walks and mutations are in C++, in the
//! `whittle-mlir-ir` crate (`shim/reduce.cpp`, one section per pass, where
//! each pass's contract is written; `shim/pipeline.cpp` for
//! `mlir-passes`), reached by name through one entry point
//! ([`Module::reduce`]).
//!
//! As for LLVM IR: a pass walks the module in a fixed order and asks
//! `keep(weight)` once per target (weights count the operations a target
//! stands for), then changes the targets it was told not to keep, keeping
//! the module valid. Run with every target kept, a pass leaves the module
//! unchanged; that run counts the targets.

use whittle_mlir_ir::{Failure, Module};
use whittle_reducer::{PassInfo, RegisteredPass, Targets};

/// Settings passes read (from the command line); the same for every
/// candidate of a run.
#[derive(Clone, Debug, Default)]
pub struct MlirOptions {
    /// `--mlir-passes`: the mlir-opt pipeline the `mlir-passes` pass runs.
    pub pipeline: Option<String>,
}

/// One MLIR reduction pass: the shim's reduction of the same name.
pub struct Pass {
    pub info: PassInfo,
}

impl RegisteredPass for Pass {
    fn info(&self) -> &PassInfo {
        &self.info
    }
}

impl Pass {
    /// Walk `module`, ask `targets` about each target, change the ones not
    /// kept. An error means MLIR crashed (the module is poisoned).
    pub fn run(
        &self,
        module: &Module,
        targets: &mut Targets<'_>,
        options: &MlirOptions,
    ) -> Result<(), Failure> {
        module.reduce(self.info.name, options.pipeline.as_deref(), &mut |w| {
            targets.keep(w)
        })
    }
}

const fn pass(info: PassInfo) -> Pass {
    Pass { info }
}

/// Every pass, coarse to fine: the order of a sweep. `mlir-passes` (with
/// `--mlir-passes`) first: one test that may shrink everything at once.
/// Then whole items (functions, globals), results of functions, operations
/// that hold regions replaced by their body, control flow (blocks, then
/// block arguments), single operations at any depth, and attributes last.
/// `ops` tries light operations before heavy ones among those the tests say
/// nothing about: in what `top-level` kept, the operations that hold regions
/// (a `linalg.generic`, a loop) are the computation, and removing one takes
/// everything inside it, while constants and casts are what usually goes.
#[rustfmt::skip]
pub static PASSES: &[Pass] = &[
    pass(PassInfo::new("mlir-passes", "run the --mlir-passes pipeline (mlir-opt syntax) in-process as one candidate").opt_in().must_not_grow()),
    pass(PassInfo::new("top-level", "erase functions, globals, nested modules (and the operations using their symbols)").bisect_first()),
    pass(PassInfo::new("function-results", "drop results of functions nothing calls (with the return operands that computed them)")),
    pass(PassInfo::new("regions", "replace region operations (scf.if, scf.for, ...) by the body of one region")),
    pass(PassInfo::new("blocks", "erase blocks of CFG regions, branches redirected").interacting()),
    pass(PassInfo::new("block-arguments", "drop block arguments with their branch operands")),
    pass(PassInfo::new("ops", "erase operations at any depth, uses replaced by a dominating value or a constant").heavy_needed()),
    pass(PassInfo::new("operands", "replace uses of computed values by zero constants (producers left dead go too)").opt_in()),
    pass(PassInfo::new("attributes", "remove discardable attributes").all_first()),
];

/// The passes of the default sweep, plus `mlir-passes` when a pipeline is
/// given.
pub fn default_passes(options: &MlirOptions) -> Vec<&'static Pass> {
    PASSES
        .iter()
        .filter(|p| p.info.default || (p.info.name == "mlir-passes" && options.pipeline.is_some()))
        .collect()
}
