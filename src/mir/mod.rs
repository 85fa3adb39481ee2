//! The Machine IR front end: opening an input (`.mir`, as `llc
//! -stop-before=PASS` writes it: parsed with the target machine it names or
//! `--mtriple`/`--mcpu`, verified by the IR and machine verifiers), the pass
//! registry ([`passes`]) and [`MirFrontEnd`], what the reducer drives. The
//! raw LLVM work is `whittle-llvm-ir`'s (`mir` module, `shim/mir*.cpp`).

mod frontend;
pub mod passes;

use std::path::Path;

use anyhow::{anyhow, bail, Context as _, Result};
use whittle_llvm_ir::mir::{Module, Target};
use whittle_reducer::Input;

use crate::versions;

pub use frontend::MirFrontEnd;
pub use passes::{Pass, PASSES};

/// A MIR input, ready to reduce.
pub struct Opened {
    pub front_end: MirFrontEnd,
    pub input: Input,
}

/// Load and check `path` for a reduction by `passes`; with `simplify`,
/// machine functions are printed in their short form (`-simplify-mir`).
pub fn open(
    path: &Path,
    passes: Vec<&'static Pass>,
    target: Target,
    simplify: bool,
) -> Result<Opened> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read '{}'", path.display()))?;
    if bytes.is_empty() {
        bail!("'{}' is empty", path.display());
    }
    let name = path.display().to_string();
    let module = Module::parse(&bytes, &name, &target).map_err(|e| {
        let first = e.lines().next().unwrap_or("").trim();
        if first.starts_with("LLVM ERROR: Found") {
            // The MIR parser runs the machine verifier; its report is on
            // stderr already.
            anyhow!(
                "'{name}' is not valid MIR (the machine verifier says, above: {})",
                first.trim_start_matches("LLVM ERROR: ")
            )
        } else {
            let note = versions::unparsable(
                &versions::Reader::Mir {
                    mtriple: target.triple.clone(),
                },
                path,
            );
            // Machine code that names IR values or blocks needs the IR
            // module the file starts with.
            let note = if first.contains("undefined IR") && !has_ir_section(&bytes) {
                format!("the file has no IR section (`--- |`), which its machine code refers to; {note}")
            } else {
                note
            };
            if first.starts_with(name.as_str()) {
                anyhow!("{first} ({note})")
            } else {
                // YAML errors name the YAML stream, not the file.
                anyhow!("{name}: {first} ({note})")
            }
        }
    })?;
    if let Err(message) = module.verify() {
        let mut lines = message.lines().map(str::trim);
        let first = lines
            .clone()
            .find(|l| l.starts_with("*** Bad machine code"))
            .or_else(|| lines.find(|l| !l.is_empty()))
            .unwrap_or("")
            .to_string();
        bail!(
            "'{}' is not valid MIR (the verifier says: {first})",
            path.display()
        );
    }
    if module.function_count() == 0 {
        bail!(
            "'{}' holds no machine function, so nothing for a MIR reduction (an IR module alone reduces as a .ll file)",
            path.display()
        );
    }
    let texts = frontend::stable_texts(&module, &name, &target, simplify)
        .map_err(|e| anyhow!("cannot print '{}': {e}", path.display()))?;
    let input = Input {
        size: module.instruction_count(),
        bytes: texts.shown.len() as u64,
        snapshot: MirFrontEnd::snapshot(texts.full, &name),
    };
    Ok(Opened {
        front_end: MirFrontEnd {
            passes,
            target,
            simplify,
            settled: Default::default(),
        },
        input,
    })
}

/// Whether the MIR file starts with an embedded IR module (a first YAML
/// document that is a block scalar, `--- |`).
fn has_ir_section(bytes: &[u8]) -> bool {
    String::from_utf8_lossy(bytes)
        .lines()
        .find(|line| line.starts_with("---"))
        .is_some_and(|line| line[3..].trim_start().starts_with('|'))
}
