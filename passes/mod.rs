//! The IR reduction passes and their ordered registry.
//!
//! A pass never sees chunks or the search: it walks a module in a fixed
//! order and asks [`Targets::keep`] once per target (passing the target's
//! weight, the number of instructions it stands for), then removes or
//! simplifies the targets it was told not to keep, keeping the module valid.
//! Run with every target kept, a pass must leave the module unchanged; that
//! run is how the reducer counts targets and learns their weights.
//!
//! Adding a pass: one file here with a `run` function (a [`RunPass`]), one
//! entry in [`PASSES`], one lit test in `lit/`.

mod basic_blocks;
mod function_bodies;
mod instructions;
mod module_items;
mod operands;
mod operands_skip;
mod operands_to_args;
mod unreachable_blocks;

use inkwell::module::Module;

/// Asks, target by target, whether to keep it.
pub struct Targets<'k> {
    keep: Option<&'k dyn Fn(usize) -> bool>,
    weights: Vec<u64>,
}

impl<'k> Targets<'k> {
    /// Keep every target and record its weight.
    pub fn counting() -> Self {
        Targets {
            keep: None,
            weights: Vec::new(),
        }
    }

    /// Keep target `i` (in walk order) iff `keep(i)`.
    pub fn selecting(keep: &'k dyn Fn(usize) -> bool) -> Self {
        Targets {
            keep: Some(keep),
            weights: Vec::new(),
        }
    }

    /// Called once per target in walk order, with the target's weight.
    /// Returns whether the pass must leave the target as it is.
    pub fn keep(&mut self, weight: u64) -> bool {
        let index = self.weights.len();
        self.weights.push(weight.max(1));
        self.keep.is_none_or(|keep| keep(index))
    }

    /// The weight of every target seen so far, in walk order.
    pub fn into_weights(self) -> Vec<u64> {
        self.weights
    }
}

/// Settings some passes read (from the command line); the same for every
/// candidate of a run.
#[derive(Clone, Debug)]
pub struct PassOptions {
    /// `--reduce-callsite-inline-threshold`: call sites of functions with at
    /// most this many instructions are inlining targets (-1: every call site).
    pub inline_threshold: i64,
    /// `--ir-passes`: the `opt -passes=` pipeline the `ir-passes` pass runs.
    pub ir_passes: String,
    /// `--mtriple`: the target triple for target-dependent work, when the
    /// module has none.
    pub mtriple: Option<String>,
    /// `--aggressive-named-md-reduction`: reduce named metadata without
    /// regard to what it is.
    pub aggressive_named_md: bool,
}

impl Default for PassOptions {
    fn default() -> Self {
        PassOptions {
            inline_threshold: 25,
            ir_passes: "function(sroa,instcombine<no-verify-fixpoint>,gvn,simplifycfg,infer-address-spaces)".to_string(),
            mtriple: None,
            aggressive_named_md: false,
        }
    }
}

/// A pass's entry point: walk `module`, ask `targets` about each target,
/// change the ones not kept.
pub type RunPass = fn(&Module<'_>, &mut Targets<'_>, &PassOptions);

/// One reduction pass.
pub struct Pass {
    /// whittle's name for it.
    pub name: &'static str,
    /// llvm-reduce's names for passes with the same effect, so that
    /// `--delta-passes` lines written for llvm-reduce keep working.
    pub llvm_names: &'static [&'static str],
    pub description: &'static str,
    /// Whether the default sweep runs it (passes that only restrict another
    /// pass to one kind of target exist for llvm-reduce's names).
    pub default: bool,
    /// Whether its targets are usually all removable (attributes, flags,
    /// metadata): the search then tries removing all of them first.
    pub all_first: bool,
    pub run: RunPass,
}

impl Pass {
    /// Whether `name` is this pass's name or one of its llvm-reduce names.
    pub fn answers_to(&self, name: &str) -> bool {
        self.name == name || self.llvm_names.contains(&name)
    }
}

/// Every pass, coarse to fine: the order of a sweep.
pub static PASSES: &[Pass] = &[
    Pass {
        name: "module-items",
        llvm_names: &[],
        description: "delete functions, global variables, aliases and ifuncs",
        default: true,
        all_first: false,
        run: module_items::run_all,
    },
    Pass {
        name: "functions",
        llvm_names: &["functions"],
        description: "delete functions (module-items restricted to functions)",
        default: false,
        all_first: false,
        run: module_items::run_functions,
    },
    Pass {
        name: "global-variables",
        llvm_names: &["global-variables"],
        description: "delete global variables (module-items restricted to variables)",
        default: false,
        all_first: false,
        run: module_items::run_global_variables,
    },
    Pass {
        name: "aliases",
        llvm_names: &["aliases"],
        description: "delete aliases (module-items restricted to aliases)",
        default: false,
        all_first: false,
        run: module_items::run_aliases,
    },
    Pass {
        name: "ifuncs",
        llvm_names: &["ifuncs"],
        description: "delete ifuncs (module-items restricted to ifuncs)",
        default: false,
        all_first: false,
        run: module_items::run_ifuncs,
    },
    Pass {
        name: "function-bodies",
        llvm_names: &["function-bodies"],
        description: "turn function definitions into declarations",
        default: true,
        all_first: false,
        run: function_bodies::run,
    },
    Pass {
        name: "unreachable-blocks",
        llvm_names: &["unreachable-basic-blocks"],
        description: "delete the blocks a function's entry cannot reach",
        default: true,
        all_first: false,
        run: unreachable_blocks::run,
    },
    Pass {
        name: "basic-blocks",
        llvm_names: &["basic-blocks"],
        description: "delete basic blocks, redirecting the branches that reach them",
        default: true,
        all_first: false,
        run: basic_blocks::run,
    },
    Pass {
        name: "instructions",
        llvm_names: &["instructions"],
        description: "delete instructions, replacing their uses with zero/null",
        default: true,
        all_first: false,
        run: instructions::run,
    },
    Pass {
        name: "operands",
        llvm_names: &[],
        description: "cut an instruction's use of another value (the operand becomes zero/null)",
        default: true,
        all_first: false,
        run: operands::run,
    },
    Pass {
        name: "operands-zero",
        llvm_names: &["operands-zero"],
        description: "replace instruction operands with zero/null",
        default: false,
        all_first: false,
        run: operands::run_zero,
    },
    Pass {
        name: "operands-one",
        llvm_names: &["operands-one"],
        description: "replace integer and floating-point operands with one",
        default: false,
        all_first: false,
        run: operands::run_one,
    },
    Pass {
        name: "operands-nan",
        llvm_names: &["operands-nan"],
        description: "replace floating-point operands with NaN",
        default: false,
        all_first: false,
        run: operands::run_nan,
    },
    Pass {
        name: "operands-poison",
        llvm_names: &["operands-poison"],
        description: "replace target extension type operands with poison",
        default: false,
        all_first: false,
        run: operands::run_poison,
    },
    Pass {
        name: "operands-to-args",
        llvm_names: &["operands-to-args"],
        description: "replace operands with new function parameters",
        default: false,
        all_first: true,
        run: operands_to_args::run,
    },
    Pass {
        name: "operands-skip",
        llvm_names: &["operands-skip"],
        description:
            "replace operands with values they refer to or arguments, skipping instructions",
        default: false,
        all_first: false,
        run: operands_skip::run,
    },
];

/// The pass that answers to `name`, if any.
pub fn find(name: &str) -> Option<&'static Pass> {
    PASSES.iter().find(|p| p.answers_to(name))
}

/// The passes a sweep runs by default, in order.
pub fn default_passes() -> Vec<&'static Pass> {
    PASSES.iter().filter(|p| p.default).collect()
}
