//! LLVM IR as a reducer front end: snapshots are bitcode, each candidate is
//! built in a fresh context (parsing bitcode is faster than cloning a parsed
//! module, and a fresh context keeps struct type names exactly as they
//! are), the levels are the selected passes.
//!
//! An input's use-list order (bitcode, or text with `uselistorder`
//! directives) is kept in every snapshot, candidate and output, so a bug
//! that depends on it survives (see `whittle_llvm_ir::bitcode`). Bitcode is
//! written the way the input was (ThinLTO summary, a split ThinLTO unit
//! split again).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use inkwell::context::Context;
use inkwell::module::Module;
use whittle_llvm_ir::bitcode::Shape;
use whittle_llvm_ir::ir::mr::UnwrittenReads;
use whittle_llvm_ir::{context, ir, parse, serialize_as, verify, Format};
use whittle_passes::{Pass, PassOptions};
use whittle_reducer::{
    items_between_lines, FillVariant, FrontEnd, Kept, PassInfo, Snapshot, Targets, FILL_BYTES,
};

pub struct LlvmFrontEnd {
    pub passes: Vec<&'static Pass>,
    pub options: PassOptions,
    /// Format of the files handed to the test.
    pub tmp_format: Format,
    pub output_format: Format,
    /// How bitcode for the test and the output is written.
    pub shape: Shape,
    /// Undef/poison operands the input has: under `--mr`, or once the test
    /// is found flaky, a candidate may not have more (see
    /// `ir::mr::undefined_operand_uses`).
    pub input_undefined_uses: u32,
    /// The type of the input's `@main`, if it has one.
    pub input_main: Option<String>,
    /// Set when the test is found flaky ([`FrontEnd::test_is_flaky`]).
    pub flaky: AtomicBool,
}

/// The type of `module`'s `@main`, as text.
pub(super) fn main_type(module: &Module<'_>) -> Option<String> {
    let main = module.get_function("main")?;
    Some(main.get_type().print_to_string().to_string())
}

impl LlvmFrontEnd {
    /// The snapshot of a loaded module (named `module_id`) written in
    /// `shape`.
    pub fn snapshot(module: &Module<'_>, module_id: &str, shape: &Shape) -> Snapshot {
        Snapshot {
            version: 0,
            bytes: Arc::new(snapshot_bytes(module, shape)),
            module_id: module_id.into(),
        }
    }
}

/// Whittle's own bitcode of `module`: plain, its use-list order kept if
/// the input's is.
fn snapshot_bytes(module: &Module<'_>, shape: &Shape) -> Vec<u8> {
    serialize_as(module, Format::Bitcode, &shape.snapshot())
        .expect("plain bitcode needs nothing but the module")
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

    fn judgeable(&self, module: &Module<'_>) -> Result<(), String> {
        // Under a metamorphic oracle the program's runs judge a candidate,
        // and certain undefined behaviour would pass for a miscompilation.
        // A test found flaky most likely runs the program too, and these
        // are what makes its runs differ.
        let flaky = self.flaky.load(Ordering::Relaxed);
        let why = if self.options.defined_values_only {
            "--mr"
        } else if flaky {
            "the test is flaky"
        } else {
            return Ok(());
        };
        if let Some(ub) = ir::mr::certain_undefined_behaviour(module) {
            return Err(format!("certain undefined behaviour ({why}): {ub}"));
        }
        let undefined = ir::mr::undefined_operand_uses(module);
        if undefined > self.input_undefined_uses {
            return Err(format!(
                "undefined values ({why}): {undefined} undef/poison operands, the input has {}",
                self.input_undefined_uses
            ));
        }
        // The runtime calls `main` with the arguments it has: given more
        // parameters, `main` reads and writes the runtime's memory (argv,
        // the environment). `--mr` keeps its interface in the passes.
        let main = main_type(module);
        if flaky && main.is_some() && main != self.input_main {
            return Err(format!(
                "@main's type changed (the test is flaky): {} where the input has {}",
                main.unwrap_or_default(),
                self.input_main.as_deref().unwrap_or("none")
            ));
        }
        Ok(())
    }

    fn test_is_flaky(&self) {
        self.flaky.store(true, Ordering::Relaxed);
    }

    fn test_bytes(&self, module: &Module<'_>) -> Result<Vec<u8>, String> {
        serialize_as(module, self.tmp_format, &self.shape)
    }

    fn can_fill(&self, module: &Module<'_>) -> bool {
        !self.options.defined_values_only && ir::mr::has_fillable_allocas(module)
    }

    fn fill_variants(&self, module: &Module<'_>) -> Result<Vec<FillVariant>, String> {
        // A metamorphic oracle runs the source with its locals filled on
        // every query already (its trust check).
        if self.options.defined_values_only {
            return Ok(Vec::new());
        }
        // Each stack slot filled as soon as it is made: what a read of a
        // local before any store to it sees is then the fill byte. The last
        // variant also traps where the program loads from a local bytes it
        // never wrote, which no fill byte need show (a value that takes the
        // program somewhere else only when it is small, say); the others
        // check the same loads without trapping, so that the three differ
        // in their bytes and the trap only (a test that compiles the module
        // sees the same code). Last, because a re-check compares the
        // variants with each other: the first two still disagree where the
        // fill byte alone changes the verdict (a variant that trapped would
        // agree with one that failed for its byte).
        let mut variants = Vec::new();
        for (i, byte) in FILL_BYTES.into_iter().enumerate() {
            let filled = module.clone();
            let (unwritten, how) = if i + 1 == FILL_BYTES.len() {
                (
                    UnwrittenReads::Trap,
                    format!("filled with {byte:#04x} and trapping where it uses a local's bytes never written,"),
                )
            } else {
                (UnwrittenReads::Checked, format!("filled with {byte:#04x}"))
            };
            if ir::mr::pattern_init_allocas(&filled, byte, unwritten) == 0 {
                return Ok(Vec::new());
            }
            let bytes = serialize_as(&filled, self.tmp_format, &self.shape)?;
            variants.push(FillVariant { how, bytes });
        }
        Ok(variants)
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
            serialize_as(module, self.output_format, &self.shape)?
        };
        Ok(Kept {
            bytes: snapshot_bytes(module, &self.shape),
            module_id: module.get_name().to_string_lossy().into_owned(),
            output,
        })
    }

    fn items(&self, test_bytes: &[u8]) -> Option<Vec<std::ops::Range<usize>>> {
        (self.tmp_format == Format::Text).then(|| function_definitions(test_bytes))
    }

    fn candidate_extension(&self) -> &'static str {
        self.tmp_format.extension()
    }

    fn size_unit(&self) -> &'static str {
        "instructions"
    }
}

/// The byte ranges of the function definitions in printed IR: from a line
/// starting with `define` to the next line that is only `}` (the printer
/// puts nothing else at the start of a line in between but block labels).
fn function_definitions(text: &[u8]) -> Vec<std::ops::Range<usize>> {
    items_between_lines(
        text,
        |line| line.starts_with(b"define "),
        |line| line.trim_ascii_end() == b"}",
    )
}

#[cfg(test)]
mod tests {
    use super::function_definitions;

    #[test]
    fn function_definitions_span_define_to_closing_brace() {
        let text = "@g = global i32 0\n\ndefine i32 @f() {\nentry:\n  ret i32 0\n}\n\ndeclare void @h()\n\ndefine void @k() {\n  ret void\n}\n";
        let items: Vec<&str> = function_definitions(text.as_bytes())
            .into_iter()
            .map(|r| &text[r])
            .collect();
        assert_eq!(
            items,
            [
                "define i32 @f() {\nentry:\n  ret i32 0\n}\n",
                "define void @k() {\n  ret void\n}\n"
            ]
        );
    }
}
