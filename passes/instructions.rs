//! Delete instructions, replacing their uses with the default constant of
//! their type (zero or null). Terminators, EH pads, token values,
//! swifterror slots and used x86_amx values stay: removing one alone cannot
//! give valid IR.
//! Every instruction weighs 1.

use inkwell::module::Module;

use super::{PassOptions, Targets};
use whittle_llvm_ir::ir::{erase_instructions, functions};

pub fn run(module: &Module<'_>, targets: &mut Targets<'_>, _options: &PassOptions) {
    let doomed: Vec<_> = functions(module)
        .into_iter()
        .flat_map(|f| f.blocks())
        .flat_map(|b| b.instructions())
        .filter(|i| i.is_removable_instruction())
        .filter(|_| !targets.keep(1))
        .collect();
    if !doomed.is_empty() {
        erase_instructions(doomed);
    }
}

#[cfg(test)]
mod tests {
    use inkwell::context::Context;

    use super::run;
    use crate::{PassOptions, Targets};
    use whittle_llvm_ir::{parse, verify};

    const AMX: &str = r#"
define <1024 x i8> @f(<1024 x i8> %vec) {
  %amx = call x86_amx @llvm.x86.cast.vector.to.tile.v1024i8(<1024 x i8> %vec)
  %unused = call x86_amx @llvm.x86.cast.vector.to.tile.v1024i8(<1024 x i8> %vec)
  %back = call <1024 x i8> @llvm.x86.cast.tile.to.vector.v1024i8(x86_amx %amx)
  ret <1024 x i8> %back
}
declare x86_amx @llvm.x86.cast.vector.to.tile.v1024i8(<1024 x i8>)
declare <1024 x i8> @llvm.x86.cast.tile.to.vector.v1024i8(x86_amx)
"#;

    #[test]
    fn used_x86_amx_values_are_no_targets() {
        let context = Context::create();
        let module = parse(&context, AMX.as_bytes(), "amx.ll").unwrap();
        let mut counting = Targets::counting();
        run(&module, &mut counting, &PassOptions::default());
        // %unused and %back; not %amx, whose use no constant may replace.
        assert_eq!(counting.into_weights().len(), 2);
        // Removing %unused alone (the other target kept) stays valid.
        let keep_second = |i: usize| i == 1;
        run(
            &module,
            &mut Targets::selecting(&keep_second),
            &PassOptions::default(),
        );
        verify(&module).unwrap();
        assert!(!module.print_to_string().to_string().contains("%unused"));
    }
}
