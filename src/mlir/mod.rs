//! The MLIR front end: opening an input (`.mlir`, text or bytecode: parsed
//! with every upstream dialect, verified, its `--mlir-passes` pipeline
//! checked), the pass registry ([`passes`]) and [`MlirFrontEnd`], what the
//! reducer drives. MLIR itself is reached through `whittle-mlir-ir`.

mod frontend;
pub mod passes;

use std::path::Path;

use anyhow::{anyhow, bail, Context as _, Result};
use whittle_mlir_ir::{check_pipeline, Module};
use whittle_reducer::Input;

use crate::versions;

pub use frontend::MlirFrontEnd;
pub use passes::{MlirOptions, Pass, PASSES};

/// An MLIR input, ready to reduce.
pub struct Opened {
    pub front_end: MlirFrontEnd,
    pub input: Input,
}

/// How MLIR is read and written.
#[derive(Clone, Copy, Debug, Default)]
pub struct Syntax {
    /// `--allow-unregistered-dialect`.
    pub allow_unregistered: bool,
    /// `--mlir-print-op-generic`: the test and the output get the generic
    /// form.
    pub generic: bool,
}

/// Load and check `path` for a reduction by `passes`.
pub fn open(
    path: &Path,
    passes: Vec<&'static Pass>,
    options: MlirOptions,
    syntax: Syntax,
) -> Result<Opened> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read '{}'", path.display()))?;
    if bytes.is_empty() {
        bail!("'{}' is empty", path.display());
    }
    let module = Module::parse(
        &bytes,
        &path.display().to_string(),
        syntax.allow_unregistered,
    )
    .map_err(|e| {
        let reader = versions::Reader::Mlir {
            allow_unregistered: syntax.allow_unregistered,
        };
        anyhow!(
            "{} ({})",
            e.lines().next().unwrap_or("").trim_end(),
            versions::unparsable(&reader, path)
        )
    })?;
    if let Err(message) = module.verify() {
        let first = message.lines().next().unwrap_or("").trim();
        bail!(
            "'{}' is not valid MLIR (the verifier says: {first})",
            path.display()
        );
    }
    if let Some(pipeline) = &options.pipeline {
        check_pipeline(pipeline).map_err(|e| anyhow!("--mlir-passes: {e}"))?;
    }
    let text = module
        .print(syntax.generic)
        .map_err(|e| anyhow!("cannot print '{}': {e}", path.display()))?;
    let input = Input {
        snapshot: MlirFrontEnd::snapshot(&module, &path.display().to_string())
            .map_err(|e| anyhow!("cannot write '{}' as bytecode: {e}", path.display()))?,
        size: module.op_count(),
        bytes: text.len() as u64,
    };
    Ok(Opened {
        front_end: MlirFrontEnd {
            passes,
            options,
            allow_unregistered: syntax.allow_unregistered,
            generic: syntax.generic,
            memo: Default::default(),
        },
        input,
    })
}
