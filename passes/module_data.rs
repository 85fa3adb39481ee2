//! llvm-reduce's `module-data`: clear the module identifier (the `ModuleID`
//! comment) and the source_filename, and drop module-level inline assembly
//! line by line (llvm-reduce drops it all at once). The data layout and the
//! target triple stay, as in llvm-reduce: code generation depends on them.
//! Every target weighs 1.

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::globals::{
    module_inline_asm, set_module_inline_asm, set_source_file_name, source_file_name,
};

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    let clear_id = !module.get_name().to_bytes().is_empty() && !targets.keep(1);
    let clear_source = !source_file_name(module).is_empty() && !targets.keep(1);
    let asm = module_inline_asm(module);
    let lines: Vec<&[u8]> = if asm.is_empty() {
        Vec::new()
    } else {
        asm.strip_suffix(b"\n")
            .unwrap_or(&asm)
            .split(|&b| b == b'\n')
            .collect()
    };
    let keep: Vec<bool> = lines.iter().map(|_| targets.keep(1)).collect();
    if clear_id {
        module.set_name("");
    }
    if clear_source {
        set_source_file_name(module, b"");
    }
    if keep.iter().any(|k| !k) {
        let mut kept = Vec::new();
        for (line, _) in lines.iter().zip(&keep).filter(|(_, &k)| k) {
            kept.extend_from_slice(line);
            kept.push(b'\n');
        }
        set_module_inline_asm(module, &kept);
    }
}
