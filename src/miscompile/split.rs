//! Which functions must be optimized for the program to misbehave, as
//! bugpoint's miscompilation mode asked: the module's other functions are
//! kept from the optimizer (`optnone noinline`: no pass changes them, none
//! inlines them into an optimized caller or takes one in), and ddmin finds a
//! 1-minimal set of optimized functions that still misbehaves.

use std::collections::BTreeSet;
use std::path::Path;

use anyhow::{anyhow, Result};
use whittle_llvm_ir::inkwell::attributes::{Attribute, AttributeLoc};
use whittle_llvm_ir::inkwell::module::Module;

/// The names of the functions `path` defines, in module order.
pub fn defined_functions(path: &Path) -> Result<Vec<String>> {
    let context = whittle_llvm_ir::context();
    let (module, _) = whittle_llvm_ir::load(&context, path)?;
    Ok(module
        .get_functions()
        .filter(|f| f.count_basic_blocks() > 0)
        .map(|f| f.get_name().to_string_lossy().into_owned())
        .collect())
}

/// Write `module` (text IR) to `out` with every defined function outside
/// `optimized` marked `optnone noinline` (and no longer `alwaysinline`).
pub fn keep_from_optimizer(module: &Path, optimized: &BTreeSet<String>, out: &Path) -> Result<()> {
    let context = whittle_llvm_ir::context();
    let (m, _) = whittle_llvm_ir::load(&context, module)?;
    mark(&m, optimized);
    whittle_llvm_ir::verify(&m).map_err(|e| anyhow!("the split module does not verify: {e}"))?;
    m.print_to_file(out)
        .map_err(|e| anyhow!("cannot write '{}': {e}", out.display()))
}

fn mark(m: &Module<'_>, optimized: &BTreeSet<String>) {
    let context = m.get_context();
    let optnone = context.create_enum_attribute(Attribute::get_named_enum_kind_id("optnone"), 0);
    let noinline = context.create_enum_attribute(Attribute::get_named_enum_kind_id("noinline"), 0);
    let always = Attribute::get_named_enum_kind_id("alwaysinline");
    for f in m.get_functions() {
        if f.count_basic_blocks() == 0
            || optimized.contains(f.get_name().to_string_lossy().as_ref())
        {
            continue;
        }
        f.remove_enum_attribute(AttributeLoc::Function, always);
        f.add_attribute(AttributeLoc::Function, noinline);
        f.add_attribute(AttributeLoc::Function, optnone);
    }
}

/// A 1-minimal subset of `functions` for which `misbehaves` holds, by
/// ddmin; `misbehaves` of the whole set is known to hold.
pub fn minimize(
    functions: &[String],
    mut misbehaves: impl FnMut(&BTreeSet<String>) -> Result<bool>,
) -> Result<BTreeSet<String>> {
    let kept = whittle_dd::ddmin_fallible(functions.len(), |items| {
        misbehaves(&items.iter().map(|&i| functions[i].clone()).collect())
    })?;
    Ok(kept.into_iter().map(|i| functions[i].clone()).collect())
}
