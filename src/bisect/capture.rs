//! Stage 3, the culprit's input: the module exactly as it enters pass N.
//! opt (and clang) print it with `-opt-bisect-limit=N−1
//! -opt-bisect-print-ir-path=FILE`; llc stops before the culprit
//! (`-stop-before=PASS,INSTANCE`), whose output is MIR: for a pass before
//! instruction selection (or selection itself) the IR is taken out of it,
//! for a machine pass the MIR is the input. The tool writes it into the
//! probe's scratch directory, its working directory, under a relative
//! name: the same wherever the probe runs (a cluster node sends it back).

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context as _, Result};

use super::count::{Counted, PassRun};
use super::inject::LitScope;
use super::invocation::Tool;
use super::probe::{Ask, Prober};

/// The file, in the probe's scratch directory, the tool writes the
/// culprit's input to.
const CAPTURED: &str = "culprit-input";

/// The form of the culprit's input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    Ir,
    Mir,
}

/// The culprit's input.
pub struct CulpritInput {
    pub path: PathBuf,
    pub form: Form,
}

/// Whether `name` is an instruction selector: what runs after it on a
/// function is a machine pass.
fn selects_instructions(name: &str) -> bool {
    name.ends_with("-isel") || name == "irtranslator" || name.contains("Instruction Selection")
}

/// For llc: whether the culprit is a machine pass (after instruction
/// selection on its function).
pub fn machine_pass(counted: &Counted, culprit: &PassRun) -> bool {
    counted
        .runs
        .iter()
        .take_while(|r| r.index < culprit.index)
        .any(|r| r.unit == culprit.unit && selects_instructions(&r.pass))
}

/// For llc: which instance of its pass in the pipeline the culprit is
/// (`-stop-before=PASS,INSTANCE`).
pub fn instance(counted: &Counted, culprit: &PassRun) -> usize {
    counted
        .runs
        .iter()
        .take_while(|r| r.index <= culprit.index)
        .filter(|r| r.unit == culprit.unit && r.pass == culprit.pass)
        .count()
}

/// The `-stop-before`/`-start-before` argument naming the culprit for llc
/// (None when its name is not a pass argument).
pub fn llc_pass_arg(counted: &Counted, culprit: &PassRun) -> Option<String> {
    if culprit.pass.contains(char::is_whitespace) {
        return None;
    }
    Some(match instance(counted, culprit) {
        0 | 1 => culprit.pass.clone(),
        k => format!("{},{k}", culprit.pass),
    })
}

/// The IR module of a MIR file (its first YAML document, a block literal).
pub fn ir_of_mir(mir: &str) -> Option<String> {
    let mut lines = mir.lines();
    if lines.next()?.trim() != "--- |" {
        return None;
    }
    let mut ir = String::new();
    for line in lines {
        if line == "..." || line.starts_with("---") {
            break;
        }
        ir.push_str(line.strip_prefix("  ").unwrap_or(line.trim_start()));
        ir.push('\n');
    }
    Some(ir)
}

/// Write the module as it enters `culprit` to `to` (`.ll`; the extension
/// becomes `.mir` for a machine pass).
pub fn capture(
    prober: &Prober,
    input: &Path,
    counted: &Counted,
    culprit: &PassRun,
    to: &Path,
) -> Result<CulpritInput> {
    let inv = &prober.site.invocation;
    let (ask, form) = match inv.tool {
        Tool::Opt | Tool::Clang => {
            if !prober.flags.print_ir_path() {
                bail!(
                    "the module as it enters pass {culprit} cannot be captured: {}",
                    prober.flags.lacks("opt-bisect-print-ir-path")
                );
            }
            let flags = [
                vec![format!("-opt-bisect-limit={}", culprit.index - 1)],
                prober.flags.quiet(),
                vec![format!("-opt-bisect-print-ir-path={CAPTURED}")],
            ];
            (inv.with_flags(&flags.concat()), Form::Ir)
        }
        Tool::Llc => {
            let Some(pass) = llc_pass_arg(counted, culprit) else {
                bail!(
                    "llc cannot stop before '{}' (it has no pass argument): its input cannot be captured",
                    culprit.pass
                );
            };
            let form = if machine_pass(counted, culprit) {
                Form::Mir
            } else {
                Form::Ir
            };
            (
                inv.with_flags(&[format!("-stop-before={pass}")])
                    .with_output(&["-o".into(), CAPTURED.into()]),
                form,
            )
        }
    };
    let probed = prober.run(&Ask {
        fetch: vec![CAPTURED.into()],
        ..Ask::new(ask, input, LitScope::Test)
    })?;
    let text = fs::read_to_string(probed.scratch.join(CAPTURED)).with_context(|| {
        format!(
            "{} did not write the module as it enters pass {culprit}",
            inv.tool.name()
        )
    })?;
    let text = match (inv.tool, form) {
        (Tool::Llc, Form::Ir) => ir_of_mir(&text).unwrap_or(text),
        _ => text,
    };
    let path = match form {
        Form::Ir => to.to_path_buf(),
        Form::Mir => to.with_extension("mir"),
    };
    whittle_reducer::write_atomically(&path, text.as_bytes())?;
    Ok(CulpritInput { path, form })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(index: u64, pass: &str, unit: &str) -> PassRun {
        PassRun {
            index,
            pass: pass.into(),
            unit: unit.into(),
        }
    }

    #[test]
    fn llc_passes_after_selection_are_machine_passes() {
        let counted = Counted {
            runs: vec![
                run(1, "codegenprepare", "function (f)"),
                run(2, "x86-isel", "function (f)"),
                run(3, "dead-mi-elimination", "function (f)"),
                run(4, "machine-cse", "function (f)"),
                run(5, "dead-mi-elimination", "function (f)"),
                run(6, "codegenprepare", "function (g)"),
            ],
            at_zero: super::super::search::Probe::Good,
            required_frame: None,
        };
        assert!(!machine_pass(&counted, &counted.runs[0]));
        assert!(!machine_pass(&counted, &counted.runs[1]));
        assert!(machine_pass(&counted, &counted.runs[2]));
        assert!(!machine_pass(&counted, &counted.runs[5]));
        assert_eq!(
            llc_pass_arg(&counted, &counted.runs[4]).as_deref(),
            Some("dead-mi-elimination,2")
        );
        assert_eq!(
            llc_pass_arg(&counted, &counted.runs[5]).as_deref(),
            Some("codegenprepare")
        );
    }

    #[test]
    fn the_ir_of_a_mir_file() {
        let mir = "--- |\n  ; ModuleID = 'a.ll'\n  define i32 @f() {\n    ret i32 0\n  }\n...\n---\nname: f\n";
        assert_eq!(
            ir_of_mir(mir).unwrap(),
            "; ModuleID = 'a.ll'\ndefine i32 @f() {\n  ret i32 0\n}\n"
        );
        assert_eq!(ir_of_mir("define void @f() {\n"), None);
    }
}
