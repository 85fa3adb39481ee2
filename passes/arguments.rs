//! Remove function arguments. A function loses the chosen parameters (a new
//! function of the same name takes its place and body); every call and
//! invoke naming it as callee passes only the remaining arguments. As in
//! llvm-reduce, the instructions that used a removed argument go with it
//! (their uses see the default constant of their type); those that cannot
//! go on their own (terminators, EH pads, token producers, x86_amx values)
//! see the argument's default constant instead. (llvm-reduce leaves invoked
//! functions alone; whittle rewrites invokes too.)
//! Intrinsics keep their signatures, and so do functions called by callbr
//! or taking part in musttail calls; the byval frame argument of an
//! x86_intrcc function goes only once it is the last one; swifterror and
//! preallocated arguments stay. Uses of the function other than as a callee
//! (stored, passed, in initializers, blockaddress) see the new function.
//!
//! An argument weighs 1 + its uses + the call sites that are rewritten.

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::functions;
use whittle_llvm_ir::ir::functions::remove_arguments;

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, options: &PassOptions) {
    let mut doomed = Vec::new();
    for f in functions(module) {
        if !f.args_removable() || options.is_protected(f) {
            continue;
        }
        let calls = f.direct_call_site_count();
        let mut indices = Vec::new();
        for (idx, arg) in (0u32..).zip(f.params()) {
            if f.argument_is_removable(idx) && !targets.keep(1 + arg.use_count() + calls) {
                indices.push(idx);
            }
        }
        if !indices.is_empty() {
            doomed.push((f, indices));
        }
    }
    for (f, indices) in doomed {
        remove_arguments(f, &indices);
    }
}
