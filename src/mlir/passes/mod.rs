//! The MLIR reduction passes and their ordered registry (the levels of the
//! hierarchy, coarse to fine).
//!
//! As for LLVM IR (passes/mod.rs): a pass walks the module in a fixed order
//! and asks [`Targets::keep`] once per target, with the target's weight (the
//! operations it stands for), then changes the targets it was told not to
//! keep, keeping the module valid. Run with every target kept, a pass leaves
//! the module unchanged; that run counts the targets.
//!
//! The walks and mutations are in C++ (src/mlir/shim/reduce.cpp and
//! pipeline.cpp); each file here is the pass's entry point and contract.

mod attributes;
mod block_arguments;
mod blocks;
mod function_results;
mod operands;
mod ops;
mod pipeline;
mod regions;
mod top_level;

pub use crate::passes::Targets;

use super::{Failure, Module};

/// Settings passes read (from the command line); the same for every
/// candidate of a run.
#[derive(Clone, Debug, Default)]
pub struct MlirOptions {
    /// `--mlir-passes`: the mlir-opt pipeline the `mlir-passes` pass runs.
    pub pipeline: Option<String>,
}

/// A pass's entry point: walk `module`, ask `targets` about each target,
/// change the ones not kept. An error means MLIR crashed (the module is
/// poisoned).
pub type RunPass = fn(&Module, &mut Targets<'_>, &MlirOptions) -> Result<(), Failure>;

/// One reduction pass.
pub struct Pass {
    pub name: &'static str,
    pub description: &'static str,
    /// Whether the default sweep runs it.
    pub default: bool,
    /// Whether its targets are usually all removable: try all at once first.
    pub all_first: bool,
    /// Whether its targets usually come down to one (the function that
    /// holds the bug): bisect for it first, a test per halving.
    pub bisect_first: bool,
    /// Whether a candidate with more operations than the current module is
    /// no progress (not tested).
    pub must_not_grow: bool,
    pub run: RunPass,
}

/// Every pass, coarse to fine: the order of a sweep. Whole items first
/// (functions, globals), results of functions, then operations that hold regions replaced by their
/// body, control flow (blocks, then block arguments), single operations at
/// any depth, and attributes last. `mlir-passes` (with `--mlir-passes`)
/// comes first: one test that may shrink everything at once.
pub static PASSES: &[Pass] = &[
    Pass {
        name: "mlir-passes",
        description: "run the --mlir-passes pipeline (mlir-opt syntax) in-process as one candidate",
        default: false,
        all_first: false,
        bisect_first: false,
        must_not_grow: true,
        run: pipeline::run,
    },
    Pass {
        name: "top-level",
        description:
            "erase functions, globals, nested modules (and the operations using their symbols)",
        default: true,
        all_first: false,
        bisect_first: true,
        must_not_grow: false,
        run: top_level::run,
    },
    Pass {
        name: "function-results",
        description:
            "drop results of functions nothing calls (with the return operands that computed them)",
        default: true,
        all_first: false,
        bisect_first: false,
        must_not_grow: false,
        run: function_results::run,
    },
    Pass {
        name: "regions",
        description: "replace region operations (scf.if, scf.for, ...) by the body of one region",
        default: true,
        all_first: false,
        bisect_first: false,
        must_not_grow: false,
        run: regions::run,
    },
    Pass {
        name: "blocks",
        description: "erase blocks of CFG regions, branches redirected",
        default: true,
        all_first: false,
        bisect_first: false,
        must_not_grow: false,
        run: blocks::run,
    },
    Pass {
        name: "block-arguments",
        description: "drop block arguments with their branch operands",
        default: true,
        all_first: false,
        bisect_first: false,
        must_not_grow: false,
        run: block_arguments::run,
    },
    Pass {
        name: "ops",
        description:
            "erase operations at any depth, uses replaced by a dominating value or a constant",
        default: true,
        all_first: false,
        bisect_first: false,
        must_not_grow: false,
        run: ops::run,
    },
    Pass {
        name: "operands",
        description:
            "replace uses of computed values by zero constants (producers left dead go too)",
        default: false,
        all_first: false,
        bisect_first: false,
        must_not_grow: false,
        run: operands::run,
    },
    Pass {
        name: "attributes",
        description: "remove discardable attributes",
        default: true,
        all_first: true,
        bisect_first: false,
        must_not_grow: false,
        run: attributes::run,
    },
];

/// The passes of the default sweep, plus `mlir-passes` when a pipeline is
/// given.
pub fn default_passes(options: &MlirOptions) -> Vec<&'static Pass> {
    PASSES
        .iter()
        .filter(|p| p.default || (p.name == "mlir-passes" && options.pipeline.is_some()))
        .collect()
}

/// The pass called `name`.
pub fn find(name: &str) -> Option<&'static Pass> {
    PASSES.iter().find(|p| p.name == name)
}
