//! The LLVM IR front end: opening an input (`.ll` or `.bc`: parsed,
//! verified, its `--ir-passes` pipeline checked) and [`LlvmFrontEnd`], what
//! the reducer drives. The passes are the `whittle-passes` crate; the raw
//! LLVM work is `whittle-llvm-ir`'s.

mod frontend;

use std::path::Path;

use anyhow::{anyhow, bail, Context as _, Result};
use whittle_llvm_ir::bitcode::Shape;
use whittle_llvm_ir::{self as llvm, Format};
use whittle_passes::{Pass, PassOptions};
use whittle_reducer::Input;

use crate::versions;

use frontend::main_type;
pub use frontend::LlvmFrontEnd;

/// An LLVM IR input, ready to reduce.
pub struct Opened {
    pub front_end: LlvmFrontEnd,
    pub input: Input,
    /// The format the input was in (the default output's).
    pub format: Format,
}

/// How the LLVM front end handles files.
#[derive(Clone, Copy, Debug, Default)]
pub struct Formats {
    /// `--write-tmp-files-as-bitcode`: the test gets bitcode (it does
    /// anyway when the input is bitcode).
    pub tmp_bitcode: bool,
    /// `--output-bitcode`: the result is bitcode whatever the output file
    /// is called (as llvm-reduce does).
    pub output_bitcode: bool,
}

/// Load and check `path` for a reduction by `passes`.
pub fn open(
    path: &Path,
    passes: Vec<&'static Pass>,
    options: PassOptions,
    formats: Formats,
) -> Result<Opened> {
    let context = llvm::context();
    let bytes = std::fs::read(path).with_context(|| format!("cannot read '{}'", path.display()))?;
    if bytes.is_empty() {
        bail!("'{}' is empty", path.display());
    }
    let format = if llvm::is_bitcode(&bytes) {
        Format::Bitcode
    } else {
        Format::Text
    };
    let module = llvm::parse(&context, &bytes, &path.display().to_string()).map_err(|e| {
        anyhow!(
            "{e} ({})",
            versions::unparsable(&versions::Reader::LlvmIr, path)
        )
    })?;
    // Modules are written the way the input was: bitcode with its LTO flags
    // (a ThinLTO split unit split again), text with `uselistorder`
    // directives if the input had them.
    let shape = match format {
        Format::Bitcode => {
            Shape::of(&bytes).map_err(|e| anyhow!("{}: invalid bitcode: {e}", path.display()))?
        }
        Format::Text => Shape::of_text(&bytes),
    };
    if let Err(message) = llvm::verify(&module) {
        let first = message.lines().next().unwrap_or("").trim();
        bail!(
            "'{}' is not valid IR (the verifier says: {first})",
            path.display()
        );
    }
    if passes.iter().any(|p| p.info.name == "ir-passes") {
        if let Err(message) = llvm::ir::metadata::check_pipeline(
            &module,
            &options.ir_passes,
            options.mtriple.as_deref(),
        ) {
            bail!("--ir-passes: LLVM ERROR: {message}");
        }
    }
    let output_format = if formats.output_bitcode {
        Format::Bitcode
    } else {
        format
    };
    let input = Input {
        snapshot: LlvmFrontEnd::snapshot(&module, &path.display().to_string(), &shape),
        size: llvm::ir::instruction_count(&module),
        bytes: llvm::serialize_as(&module, output_format, &shape)
            .map_err(|e| anyhow!("{}: {e}", path.display()))?
            .len() as u64,
    };
    let front_end = LlvmFrontEnd {
        passes,
        options,
        tmp_format: if formats.tmp_bitcode || format == Format::Bitcode {
            Format::Bitcode
        } else {
            Format::Text
        },
        output_format,
        shape,
        input_undefined_uses: llvm::ir::mr::undefined_operand_uses(&module),
        input_main: main_type(&module),
        flaky: Default::default(),
    };
    Ok(Opened {
        front_end,
        input,
        format,
    })
}

/// The instructions of the module at `path` (what a reduction counts).
pub fn file_instructions(path: &Path) -> Result<u64> {
    let context = llvm::context();
    let (module, _) = llvm::load(&context, path)?;
    Ok(llvm::ir::instruction_count(&module))
}

/// The module at `path` as text for a lit test: without its `; ModuleID`
/// line, which would name a file the test does not use.
pub fn test_text(path: &Path) -> Result<String> {
    let context = llvm::context();
    let (module, _) = llvm::load(&context, path)?;
    Ok(module
        .print_to_string()
        .to_string()
        .lines()
        .filter(|l| !l.starts_with("; ModuleID"))
        .map(|l| format!("{l}\n"))
        .collect())
}
