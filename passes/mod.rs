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

mod aliases_ifuncs;
mod arguments;
mod attributes;
mod basic_blocks;
mod conditionals;
mod dbg_records;
mod function_bodies;
mod function_data;
mod global_initializers;
mod global_objects;
mod global_values;
mod inline_call_sites;
mod instruction_flags;
mod instructions;
mod invokes;
mod ir_passes;
mod memory_ops;
mod metadata;
mod module_data;
mod module_items;
mod opcodes;
mod operand_bundles;
mod operands;
mod operands_skip;
mod operands_to_args;
mod simplify_cfg;
mod simplify_instructions;
mod sink_defs;
mod special_globals;
mod strip_debug_info;
mod switch_cases;
mod target_features;
mod unreachable_blocks;
mod values_to_return;

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
    /// Replacement values must be defined (zero, one, an argument; never
    /// poison or undef): set with metamorphic oracles (`--mr`), where
    /// undefined behaviour would pass for a miscompilation.
    pub defined_values_only: bool,
}

impl Default for PassOptions {
    fn default() -> Self {
        PassOptions {
            inline_threshold: 5,
            ir_passes: "function(sroa,instcombine<no-verify-fixpoint>,gvn,simplifycfg,infer-address-spaces)".to_string(),
            mtriple: None,
            aggressive_named_md: false,
            defined_values_only: false,
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
    /// Whether it puts poison or undef into the module on purpose (never
    /// run with metamorphic oracles).
    pub introduces_undefined_values: bool,
    /// Whether a candidate with more instructions than the module it came
    /// from is no progress and not worth a test. Set for rewrites that may
    /// grow the module for no gain (an opt pipeline merging returns into a
    /// PHI), which other passes would shrink again, sweep after sweep.
    pub must_not_grow: bool,
    pub run: RunPass,
}

impl Pass {
    /// Whether `name` is this pass's name or one of its llvm-reduce names.
    pub fn answers_to(&self, name: &str) -> bool {
        self.name == name || self.llvm_names.contains(&name)
    }
}

/// Every pass, coarse to fine: the order of a sweep.
/// Every pass, coarse to fine: the order of a sweep. Deleting whole items,
/// blocks and instructions comes first; then simplifications that make
/// deletion possible (operands, arguments, returns, inlining); decorations
/// (attributes, metadata, flags) last, when the module is small and each
/// of them costs few tests.
/// Every pass, coarse to fine: the order of a sweep. Deleting whole items,
/// blocks and instructions comes first; then simplifications that make
/// deletion possible (operands, arguments, returns, inlining); decorations
/// (attributes, metadata, flags) last, when the module is small and each
/// of them costs few tests.
/// Every pass, coarse to fine: the order of a sweep. Deleting whole items,
/// blocks and instructions comes first; then simplifications that make
/// deletion possible (operands, arguments, returns, inlining); decorations
/// (attributes, metadata, flags) last, when the module is small and each
/// of them costs few tests.
/// Every pass, coarse to fine: the order of a sweep. Deleting whole items,
/// blocks and instructions comes first; then simplifications that make
/// deletion possible (operands, arguments, returns, inlining); decorations
/// (attributes, metadata, flags) last, when the module is small and each
/// of them costs few tests.
pub static PASSES: &[Pass] = &[
    Pass {
        name: "strip-debug-info",
        llvm_names: &["strip-debug-info"],
        description: "strip all debug info at once",
        default: true,
        all_first: true,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: strip_debug_info::run,
    },
    Pass {
        name: "module-data",
        llvm_names: &["module-data"],
        description: "clear source_filename, drop module inline asm line by line",
        default: true,
        all_first: true,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: module_data::run,
    },
    Pass {
        name: "function-bodies",
        llvm_names: &["function-bodies"],
        description: "turn function definitions into declarations",
        default: true,
        all_first: false,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: function_bodies::run,
    },
    Pass {
        name: "module-items",
        llvm_names: &[],
        description: "delete functions, global variables, aliases and ifuncs",
        default: true,
        all_first: false,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: module_items::run_all,
    },
    Pass {
        name: "special-globals",
        llvm_names: &["special-globals"],
        description: "drop entries of llvm.used, llvm.compiler.used, llvm.global_ctors/dtors",
        default: true,
        all_first: false,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: special_globals::run,
    },
    Pass {
        name: "aliases",
        llvm_names: &["aliases"],
        description: "replace aliases by their aliasees",
        default: true,
        all_first: false,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: aliases_ifuncs::run_aliases,
    },
    Pass {
        name: "ifuncs",
        llvm_names: &["ifuncs"],
        description: "lower ifuncs to calls through a table filled by a global constructor",
        default: true,
        // Each accepted lowering adds a table and a constructor: lowering
        // all at once, when the test allows it, adds only one.
        all_first: true,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: aliases_ifuncs::run_ifuncs,
    },
    Pass {
        name: "global-initializers",
        llvm_names: &["global-initializers"],
        description: "turn global variable definitions into external declarations",
        default: true,
        all_first: false,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: global_initializers::run,
    },
    Pass {
        name: "simplify-conditionals-true",
        llvm_names: &["simplify-conditionals-true"],
        description: "fold conditional branches to their true successor",
        default: true,
        all_first: false,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: conditionals::run_true,
    },
    Pass {
        name: "simplify-conditionals-false",
        llvm_names: &["simplify-conditionals-false"],
        description: "fold conditional branches to their false successor",
        default: true,
        all_first: false,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: conditionals::run_false,
    },
    Pass {
        name: "invokes",
        llvm_names: &["invokes"],
        description: "turn invokes into calls followed by a branch to the normal destination",
        default: true,
        all_first: false,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: invokes::run,
    },
    Pass {
        name: "unreachable-blocks",
        llvm_names: &["unreachable-basic-blocks"],
        description: "delete the blocks a function's entry cannot reach",
        default: true,
        all_first: false,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: unreachable_blocks::run,
    },
    Pass {
        name: "basic-blocks",
        llvm_names: &["basic-blocks"],
        description: "delete basic blocks, redirecting the branches that reach them",
        default: true,
        all_first: false,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: basic_blocks::run,
    },
    Pass {
        name: "switch-cases",
        llvm_names: &[],
        description: "remove single switch cases",
        default: true,
        all_first: false,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: switch_cases::run,
    },
    Pass {
        name: "simplify-cfg",
        llvm_names: &["simplify-cfg"],
        description: "run LLVM's local simplifyCFG on single blocks",
        default: true,
        all_first: false,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: simplify_cfg::run,
    },
    Pass {
        name: "arguments",
        llvm_names: &["arguments"],
        description: "remove function arguments, rewriting the calls and invokes",
        default: true,
        all_first: true,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: arguments::run,
    },
    Pass {
        name: "instructions",
        llvm_names: &["instructions"],
        description: "delete instructions, replacing their uses with zero/null",
        default: true,
        all_first: false,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: instructions::run,
    },
    Pass {
        name: "simplify-instructions",
        llvm_names: &["simplify-instructions"],
        description: "replace instructions by what InstSimplify folds them into",
        default: true,
        all_first: false,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: simplify_instructions::run,
    },
    Pass {
        name: "ir-passes",
        llvm_names: &["ir-passes"],
        description: "run the --ir-passes pipeline on chosen functions",
        default: true,
        all_first: true,
        introduces_undefined_values: false,
        must_not_grow: true,
        run: ir_passes::run,
    },
    Pass {
        name: "operands-zero",
        llvm_names: &["operands-zero"],
        description: "replace instruction operands with zero/null",
        default: true,
        all_first: false,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: operands::run_zero,
    },
    Pass {
        name: "operands-one",
        llvm_names: &["operands-one"],
        description: "replace integer and floating-point operands with one",
        default: true,
        all_first: false,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: operands::run_one,
    },
    Pass {
        name: "operands-nan",
        llvm_names: &["operands-nan"],
        description: "replace floating-point operands with NaN",
        default: true,
        all_first: false,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: operands::run_nan,
    },
    Pass {
        name: "operands-poison",
        llvm_names: &["operands-poison"],
        description: "replace target extension type operands with poison",
        default: true,
        all_first: false,
        introduces_undefined_values: true,
        must_not_grow: false,
        run: operands::run_poison,
    },
    Pass {
        name: "operands-to-args",
        llvm_names: &["operands-to-args"],
        description: "replace operands with new function parameters",
        default: true,
        all_first: true,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: operands_to_args::run,
    },
    Pass {
        name: "operands-skip",
        llvm_names: &["operands-skip"],
        description:
            "replace operands with values they refer to or arguments, skipping instructions",
        default: true,
        all_first: false,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: operands_skip::run,
    },
    Pass {
        name: "arguments-to-return",
        llvm_names: &["arguments-to-return"],
        description: "make a function return one of its arguments at once, cutting its body",
        default: true,
        all_first: false,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: values_to_return::run_arguments,
    },
    Pass {
        name: "instructions-to-return",
        llvm_names: &["instructions-to-return"],
        description: "make a function return an intermediate value early, cutting the rest of its body",
        default: true,
        all_first: false,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: values_to_return::run_instructions,
    },
    Pass {
        name: "inline-call-sites",
        llvm_names: &["inline-call-sites"],
        description: "inline call sites of small functions (--reduce-callsite-inline-threshold)",
        default: true,
        all_first: false,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: inline_call_sites::run,
    },
    Pass {
        name: "function-data",
        llvm_names: &["function-data"],
        description: "drop personality, prefix/prologue data, section, partition, alignment, GC and calling convention of functions",
        default: true,
        all_first: true,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: function_data::run,
    },
    Pass {
        name: "global-values",
        llvm_names: &["global-values"],
        description:
            "reset linkage, visibility, dso_local, unnamed_addr, thread_local, ... of globals",
        default: true,
        all_first: true,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: global_values::run,
    },
    Pass {
        name: "global-objects",
        llvm_names: &["global-objects"],
        description: "drop the section, alignment and comdat of functions and variables",
        default: true,
        all_first: true,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: global_objects::run,
    },
    Pass {
        name: "attributes",
        llvm_names: &["attributes"],
        description: "drop function, parameter, return and call-site attributes",
        default: true,
        all_first: true,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: attributes::run,
    },
    Pass {
        name: "target-features-attr",
        llvm_names: &["target-features-attr"],
        description: "drop entries of \"target-features\" attributes",
        default: true,
        all_first: true,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: target_features::run,
    },
    Pass {
        name: "operand-bundles",
        llvm_names: &["operand-bundles"],
        description: "drop operand bundles from calls",
        default: true,
        all_first: true,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: operand_bundles::run,
    },
    Pass {
        name: "dbg-records",
        llvm_names: &["dbg-records"],
        description: "delete #dbg_ records",
        default: true,
        all_first: true,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: dbg_records::run,
    },
    Pass {
        name: "di-metadata",
        llvm_names: &["di-metadata"],
        description:
            "drop elements of debug-info lists (enumerators, retained nodes, imports, ...)",
        default: true,
        all_first: true,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: metadata::run_di,
    },
    Pass {
        name: "distinct-metadata",
        llvm_names: &["distinct-metadata"],
        description: "drop distinct nodes from distinct tuples reachable from named metadata",
        default: true,
        all_first: true,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: metadata::run_distinct,
    },
    Pass {
        name: "metadata",
        llvm_names: &["metadata"],
        description: "delete named metadata and metadata attachments",
        default: true,
        all_first: true,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: metadata::run_metadata,
    },
    Pass {
        name: "named-metadata",
        llvm_names: &["named-metadata"],
        description: "drop operands of list-like named metadata (module flags, llvm.ident, ...)",
        default: true,
        all_first: true,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: metadata::run_named,
    },
    Pass {
        name: "opcodes",
        llvm_names: &["opcodes"],
        description:
            "replace divisions, add/sub, some intrinsics and calls with simpler instructions",
        default: true,
        all_first: false,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: opcodes::run,
    },
    Pass {
        name: "volatile",
        llvm_names: &["volatile"],
        description: "make volatile memory accesses non-volatile",
        default: true,
        all_first: true,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: memory_ops::run_volatile,
    },
    Pass {
        name: "atomic-ordering",
        llvm_names: &["atomic-ordering"],
        description: "make atomic loads/stores plain and other atomic orderings monotonic",
        default: true,
        all_first: true,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: memory_ops::run_atomic_ordering,
    },
    Pass {
        name: "syncscopes",
        llvm_names: &["syncscopes"],
        description: "move atomic operations to the system sync scope",
        default: true,
        all_first: true,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: memory_ops::run_syncscopes,
    },
    Pass {
        name: "instruction-flags",
        llvm_names: &["instruction-flags"],
        description: "drop nuw/nsw/exact/inbounds/nneg/disjoint/samesign and fast-math flags",
        default: true,
        all_first: true,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: instruction_flags::run,
    },
    Pass {
        name: "functions",
        llvm_names: &["functions"],
        description: "delete functions, except those an alias or ifunc refers to",
        default: false,
        all_first: false,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: module_items::run_functions,
    },
    Pass {
        name: "global-variables",
        llvm_names: &["global-variables"],
        description: "delete global variables, except llvm.used and llvm.compiler.used",
        default: false,
        all_first: false,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: module_items::run_global_variables,
    },
    Pass {
        name: "operands",
        llvm_names: &[],
        description: "cut an instruction's use of another value (the operand becomes zero/null)",
        default: false,
        all_first: false,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: operands::run,
    },
    Pass {
        name: "sink-defs-to-uses",
        llvm_names: &["sink-defs-to-uses"],
        description: "move definitions down to just before a use that dominates the others",
        default: false,
        all_first: false,
        introduces_undefined_values: false,
        must_not_grow: false,
        run: sink_defs::run,
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
