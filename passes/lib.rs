//! The LLVM IR reduction passes and their ordered registry.
//!
//! A pass never sees chunks or the search: it walks a module in a fixed
//! order and asks [`Targets::keep`] once per target (passing the target's
//! weight, the number of instructions it stands for), then removes or
//! simplifies the targets it was told not to keep, keeping the module valid.
//! Run with every target kept, a pass must leave the module unchanged; that
//! run is how the reducer counts targets and learns their weights.
//!
//! Adding a pass: one file here with a `run` function (a [`RunPass`]), one
//! line in [`PASSES`], one lit test in `lit/`. The raw LLVM work a pass needs
//! goes into `whittle-llvm-ir` (`src/ir/<area>.rs` and `shim/<area>.cpp`).
#![forbid(unsafe_code)]

mod aliases_ifuncs;
mod arguments;
mod attributes;
mod basic_blocks;
mod conditionals;
mod dbg_records;
mod function_bodies;
mod function_data;
mod gep_index_casts;
mod global_initializers;
mod global_objects;
mod global_values;
mod inline_call_sites;
mod instruction_flags;
mod instructions;
mod invokes;
mod ir_passes;
mod locals_to_globals;
mod memory_ops;
mod merge_blocks;
mod merge_operations;
mod metadata;
mod module_data;
mod module_items;
mod narrow_integer_ops;
mod one_trip_loops;
mod opcodes;
mod operand_bundles;
mod operands;
mod operands_skip;
mod operands_to_args;
mod simplify_cfg;
mod simplify_instructions;
mod sink_defs;
mod special_globals;
mod stores_to_initializers;
mod strip_debug_info;
mod switch_cases;
mod target_features;
mod unreachable_blocks;
mod values_to_return;

use std::collections::BTreeSet;

use inkwell::module::Module;
use whittle_llvm_ir::ir::Value;
pub use whittle_reducer::{PassInfo, RegisteredPass, Targets};

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
    /// Values must stay defined and independent of addresses: set with
    /// metamorphic oracles (`--mr`), where the program's runs judge it and
    /// undefined behaviour would pass for a miscompilation. Passes that put
    /// poison or undef in on purpose propose nothing, and no function
    /// whose address is taken returns a value of another type (a caller
    /// through a pointer would read an address where it expects an int).
    pub defined_values_only: bool,
    /// The program's interface (`--mr`: `main`, and the names the
    /// relation's commands mention): no pass changes the signature,
    /// linkage or existence of these symbols; a pass that would never
    /// proposes it as a target.
    pub protected: BTreeSet<String>,
}

impl PassOptions {
    /// Whether `global` (a function, variable, alias or ifunc) is part of
    /// the protected interface.
    pub fn is_protected(&self, global: Value<'_>) -> bool {
        !self.protected.is_empty() && self.protected.contains(&global.name())
    }
}

impl Default for PassOptions {
    fn default() -> Self {
        PassOptions {
            inline_threshold: 5,
            ir_passes: "function(sroa,instcombine<no-verify-fixpoint>,gvn,simplifycfg,infer-address-spaces)".to_string(),
            mtriple: None,
            aggressive_named_md: false,
            defined_values_only: false,
            protected: BTreeSet::new(),
        }
    }
}

/// A pass's entry point: walk `module`, ask `targets` about each target,
/// change the ones not kept.
pub type RunPass = fn(&Module<'_>, &mut Targets<'_>, &PassOptions);

/// One reduction pass: what the reducer knows of it, and its entry point.
pub struct Pass {
    pub info: PassInfo,
    pub run: RunPass,
}

impl RegisteredPass for Pass {
    fn info(&self) -> &PassInfo {
        &self.info
    }
}

/// Applies a registry line's flags to its [`PassInfo`]: `llvm` (llvm-reduce
/// has a pass of the same name) or a [`PassInfo`] builder method.
macro_rules! with_flags {
    ($info:expr, $name:literal $(,)?) => { $info };
    ($info:expr, $name:literal, llvm $(, $rest:ident)*) => {
        with_flags!($info.llvm(&[$name]), $name $(, $rest)*)
    };
    ($info:expr, $name:literal, $flag:ident $(, $rest:ident)*) => {
        with_flags!($info.$flag(), $name $(, $rest)*)
    };
}

/// The registry, one line per pass:
/// `NAME [= LLVM-REDUCE-NAME] => RUN, FLAGS: "description";`.
macro_rules! registry {
    ($($name:literal $(= $aka:literal)? => $run:path $(, $flag:ident)*: $desc:literal;)*) => {
        &[$(Pass {
            info: with_flags!(PassInfo::new($name, $desc) $(.llvm(&[$aka]))?, $name $(, $flag)*),
            run: $run,
        }),*]
    };
}

/// Every pass, coarse to fine: the order of a sweep. Deleting whole items,
/// blocks and instructions comes first; then simplifications that make
/// deletion possible (operands, arguments, returns, inlining); decorations
/// (attributes, metadata, flags) last, when the module is small and each
/// of them costs few tests. Passes marked `opt_in` run only when named
/// (`--delta-passes`).
#[rustfmt::skip]
pub static PASSES: &[Pass] = registry! {
    "strip-debug-info"            => strip_debug_info::run, llvm, all_first: "strip all debug info at once";
    "module-data"                 => module_data::run, llvm, all_first: "clear source_filename, drop module inline asm line by line";
    "function-bodies"             => function_bodies::run, llvm: "turn function definitions into declarations";
    "module-items"                => module_items::run_all, heavy_needed: "delete functions, global variables, aliases and ifuncs";
    "special-globals"             => special_globals::run, llvm: "drop entries of llvm.used, llvm.compiler.used, llvm.global_ctors/dtors";
    "aliases"                     => aliases_ifuncs::run_aliases, llvm: "replace aliases by their aliasees";
    "ifuncs"                      => aliases_ifuncs::run_ifuncs, llvm, all_first, interacting: "lower ifuncs to calls through a table filled by a global constructor";
    "global-initializers"         => global_initializers::run, llvm: "turn global variable definitions into external declarations";
    "simplify-conditionals-true"  => conditionals::run_true, llvm: "fold conditional branches to their true successor";
    "simplify-conditionals-false" => conditionals::run_false, llvm: "fold conditional branches to their false successor";
    "invokes"                     => invokes::run, llvm: "turn invokes into calls followed by a branch to the normal destination";
    "unreachable-blocks" = "unreachable-basic-blocks" => unreachable_blocks::run: "delete the blocks a function's entry cannot reach";
    "basic-blocks"                => basic_blocks::run, llvm: "delete basic blocks, redirecting the branches that reach them";
    "switch-cases"                => switch_cases::run: "remove single switch cases";
    "simplify-cfg"                => simplify_cfg::run, llvm, interacting: "run LLVM's local simplifyCFG on single blocks";
    "merge-blocks"                => merge_blocks::run: "merge a block into its single predecessor, or an empty forwarding block into its successor";
    "one-trip-loops"              => one_trip_loops::run, must_not_grow: "turn loops that run exactly once into straight-line code";
    "arguments"                   => arguments::run, llvm, all_first: "remove function arguments, rewriting the calls and invokes";
    "instructions"                => instructions::run, llvm: "delete instructions, replacing their uses with zero/null";
    "simplify-instructions"       => simplify_instructions::run, llvm: "replace instructions by what InstSimplify folds them into";
    "ir-passes"                   => ir_passes::run, llvm, all_first, must_not_grow: "run the --ir-passes pipeline on chosen functions";
    "operands-zero"               => operands::run_zero, llvm: "replace instruction operands with zero/null";
    "operands-one"                => operands::run_one, llvm: "replace integer and floating-point operands with one";
    "operands-nan"                => operands::run_nan, llvm: "replace floating-point operands with NaN";
    "operands-poison"             => operands::run_poison, llvm, introduces_undefined_values: "replace target extension type operands with poison";
    "operands-to-args"            => operands_to_args::run, llvm, all_first, stable_base: "replace operands with new function parameters";
    "operands-skip"               => operands_skip::run, llvm: "replace operands with values they refer to or arguments, skipping instructions";
    "merge-operations"            => merge_operations::run: "let an operation take the operands of an operation only it uses, deleting that one";
    "narrow-integer-ops"          => narrow_integer_ops::run: "do an operation on extended values at the narrow type its result is truncated to";
    "gep-index-casts"             => gep_index_casts::run, all_first: "let GEP indices take the value a sext/zext/trunc casts, dropping the cast";
    "locals-to-globals"           => locals_to_globals::run: "turn fixed-size locals (allocas) into zero-initialized global variables";
    "stores-to-initializers"      => stores_to_initializers::run: "fold a store of a constant into the global variable's initializer (every element, for a varying index), deleting the store";
    "arguments-to-return"         => values_to_return::run_arguments, llvm: "make a function return one of its arguments at once, cutting its body";
    "instructions-to-return"      => values_to_return::run_instructions, llvm: "make a function return an intermediate value early, cutting the rest of its body";
    "inline-call-sites"           => inline_call_sites::run, llvm: "inline call sites of small functions (--reduce-callsite-inline-threshold)";
    "function-data"               => function_data::run, llvm, all_first: "drop personality, prefix/prologue data, section, partition, alignment, GC and calling convention of functions";
    "global-values"               => global_values::run, llvm, all_first: "reset linkage, visibility, dso_local, unnamed_addr, thread_local, ... of globals";
    "global-objects"              => global_objects::run, llvm, all_first: "drop the section, alignment and comdat of functions and variables";
    "attributes"                  => attributes::run, llvm, all_first: "drop function, parameter, return and call-site attributes";
    "target-features-attr"        => target_features::run, llvm, all_first: "drop entries of \"target-features\" attributes";
    "operand-bundles"             => operand_bundles::run, llvm, all_first: "drop operand bundles from calls";
    "dbg-records"                 => dbg_records::run, llvm, all_first: "delete #dbg_ records";
    "di-metadata"                 => metadata::run_di, llvm, all_first: "drop elements of debug-info lists (enumerators, retained nodes, imports, ...)";
    "distinct-metadata"           => metadata::run_distinct, llvm, all_first: "drop distinct nodes from distinct tuples reachable from named metadata";
    "metadata"                    => metadata::run_metadata, llvm, all_first: "delete named metadata and metadata attachments";
    "named-metadata"              => metadata::run_named, llvm, all_first: "drop operands of list-like named metadata (module flags, llvm.ident, ...)";
    "opcodes"                     => opcodes::run, llvm: "replace divisions, add/sub, some intrinsics and calls with simpler instructions";
    "volatile"                    => memory_ops::run_volatile, llvm, all_first: "make volatile memory accesses non-volatile";
    "atomic-ordering"             => memory_ops::run_atomic_ordering, llvm, all_first: "make atomic loads/stores plain and other atomic orderings monotonic";
    "syncscopes"                  => memory_ops::run_syncscopes, llvm, all_first: "move atomic operations to the system sync scope";
    "instruction-flags"           => instruction_flags::run, llvm, all_first: "drop nuw/nsw/exact/inbounds/nneg/disjoint/samesign and fast-math flags";
    "functions"                   => module_items::run_functions, llvm, opt_in: "delete functions, except those an alias or ifunc refers to";
    "global-variables"            => module_items::run_global_variables, llvm, opt_in: "delete global variables, except llvm.used and llvm.compiler.used";
    "operands"                    => operands::run, opt_in: "cut an instruction's use of another value (the operand becomes zero/null)";
    "sink-defs-to-uses"           => sink_defs::run, llvm, opt_in: "move definitions down to just before a use that dominates the others";
};

/// The pass that answers to `name`, if any.
pub fn find(name: &str) -> Option<&'static Pass> {
    PASSES.iter().find(|p| p.info.answers_to(name))
}

/// The passes a sweep runs by default, in order.
pub fn default_passes() -> Vec<&'static Pass> {
    PASSES.iter().filter(|p| p.info.default).collect()
}
