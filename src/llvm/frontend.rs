//! LLVM IR as a reducer front end: snapshots are bitcode, each candidate is
//! built in a fresh context (parsing bitcode is faster than cloning a parsed
//! module, and a fresh context keeps struct type names exactly as they
//! are), the levels are the selected passes.

use std::sync::Arc;

use inkwell::context::Context;
use inkwell::module::Module;
use whittle_llvm_ir::{context, ir, parse, serialize, verify, Format};
use whittle_passes::{Pass, PassOptions};
use whittle_reducer::{FrontEnd, Kept, PassInfo, Snapshot, Targets};

pub struct LlvmFrontEnd {
    pub passes: Vec<&'static Pass>,
    pub options: PassOptions,
    /// Format of the files handed to the test.
    pub tmp_format: Format,
    pub output_format: Format,
}

impl LlvmFrontEnd {
    /// The snapshot of a loaded module (named `module_id`).
    pub fn snapshot(module: &Module<'_>, module_id: &str) -> Snapshot {
        Snapshot {
            version: 0,
            bytes: Arc::new(serialize(module, Format::Bitcode)),
            module_id: module_id.into(),
        }
    }
}

impl FrontEnd for LlvmFrontEnd {
    type Context = Context;
    type Module<'c> = Module<'c>;

    fn context(&self) -> Context {
        context()
    }

    fn level_count(&self) -> usize {
        self.passes.len()
    }

    fn level(&self, level: usize) -> &'static PassInfo {
        &self.passes[level].info
    }

    fn read<'c>(&self, context: &'c Context, snapshot: &Snapshot) -> Result<Module<'c>, String> {
        parse(context, &snapshot.bytes, &snapshot.module_id).map_err(|e| format!("{e:#}"))
    }

    fn apply(
        &self,
        module: &Module<'_>,
        level: usize,
        targets: &mut Targets<'_>,
    ) -> Result<(), String> {
        (self.passes[level].run)(module, targets, &self.options);
        Ok(())
    }

    fn size(&self, module: &Module<'_>) -> u64 {
        ir::instruction_count(module)
    }

    fn verify(&self, module: &Module<'_>) -> Result<(), String> {
        verify(module)
    }

    fn test_bytes(&self, module: &Module<'_>) -> Result<Vec<u8>, String> {
        Ok(serialize(module, self.tmp_format))
    }

    fn keep(
        &self,
        module: &Module<'_>,
        _read_from: &Snapshot,
        test_bytes: Vec<u8>,
    ) -> Result<Kept, String> {
        let output = if self.output_format == self.tmp_format {
            test_bytes
        } else {
            serialize(module, self.output_format)
        };
        Ok(Kept {
            bytes: serialize(module, Format::Bitcode),
            module_id: module.get_name().to_string_lossy().into_owned(),
            output,
        })
    }

    fn candidate_extension(&self) -> &'static str {
        self.tmp_format.extension()
    }

    fn size_unit(&self) -> &'static str {
        "instructions"
    }
}
