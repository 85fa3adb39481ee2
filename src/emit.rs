//! `--emit-lit`: the reduced module as a self-contained lit regression test
//! whose RUN line reproduces the failure and whose CHECK lines pin it.
//! Before it is written, the test's RUN line is run on it the way lit would,
//! so a test that would not pass under lit is reported instead of written.
//! LLVM IR tests comment their lit lines with `;`, MIR tests with `#`.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, Result};
use regex::Regex;
use whittle_reducer::Cancel;

use crate::oracle::crash::CrashOracle;
use crate::oracle::dev_null;
use crate::oracle::env::TestEnv;
use crate::oracle::lit::LitTest;
use crate::oracle::output::OutputOracle;
use crate::oracle::process::{Ended, ProcessOutcome, TestCommand};
use crate::oracle::signature::{filecheck_pattern, Ending, Mode, Signature};

/// What the emitted test is: LLVM IR (`;` comments) or MIR (`#`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Comment {
    Semicolon,
    Hash,
}

impl Comment {
    fn prefix(self) -> &'static str {
        match self {
            Comment::Semicolon => ";",
            Comment::Hash => "#",
        }
    }

    /// The extension tools recognise the module by (llc reads `.mir` as
    /// MIR).
    fn extension(self) -> &'static str {
        match self {
            Comment::Semicolon => "ll",
            Comment::Hash => "mir",
        }
    }
}

/// Run `command` once on `module_text`, written to `reduced.ll` (or
/// `reduced.mir`) in a fresh directory of the test environment; the file
/// and how the run went.
fn run_once(
    env: &TestEnv,
    command: &TestCommand,
    module_text: &str,
    comment: Comment,
) -> Result<(PathBuf, ProcessOutcome)> {
    let dir = env.private_dir("emit")?;
    let file = dir.join(format!("reduced.{}", comment.extension()));
    fs::write(&file, module_text)?;
    let out = env.run(command, &file, &dir, &Cancel::new())?;
    Ok((file, out))
}

/// The header and RUN/CHECK lines of a crash reproducer for `module_text`
/// (which must still crash the same way).
pub fn crash_test(
    oracle: &CrashOracle,
    module_text: &str,
    provenance: &str,
    comment: Comment,
) -> Result<String> {
    let (file, out) = run_once(oracle.env(), oracle.command(), module_text, comment)?;
    let c = comment.prefix();
    let path = file.to_string_lossy();
    let Some(signature) = Signature::of(out.ended, &out.stderr.text(), &path) else {
        bail!(
            "the reduced module no longer crashes the command ({}): no test written",
            out.ended.describe()
        );
    };
    if !oracle.signature().matches(&signature, oracle.mode()) {
        bail!(
            "the reduced module crashes differently ({}): no test written",
            signature.describe(oracle.mode())
        );
    }
    let shown = emitted_command(oracle.shown_command());
    let mut lines = vec![format!("{c} {provenance}")];
    lines.extend(crash_lines(oracle, &signature, &shown, &path, comment));
    Ok(finish(lines, module_text))
}

/// The RUN line of `shown` (a command that crashes as `oracle` recorded,
/// `signature` being what it printed this time, naming `input`) and the
/// CHECK lines that pin the crash.
pub fn crash_lines(
    oracle: &CrashOracle,
    signature: &Signature,
    shown: &str,
    input: &str,
    comment: Comment,
) -> Vec<String> {
    let c = comment.prefix();
    let not = match signature.ending {
        Ending::Signal(_) => "not --crash",
        Ending::Exit(_) => "not",
    };
    let mut lines = Vec::new();
    match oracle.signature().effective(oracle.mode()) {
        Mode::Any => lines.push(format!("{c} RUN: {not} {shown}")),
        Mode::Message => {
            lines.push(format!("{c} RUN: {not} {shown} 2>&1 | FileCheck %s"));
            match &signature.raw_message {
                Some(raw) => lines.push(format!("{c} CHECK: {}", filecheck_pattern(raw, input))),
                None => lines.push(format!("{c} CHECK: Stack dump")),
            }
        }
        Mode::Frames(n) => {
            lines.push(format!("{c} RUN: {not} {shown} 2>&1 | FileCheck %s"));
            for frame in signature.frames.iter().take(n) {
                // The name without its parameter list: symbolized and
                // unsymbolized stack dumps agree on that much.
                let name = frame.split('(').next().unwrap_or(frame).trim();
                lines.push(format!("{c} CHECK: {}", filecheck_pattern(name, "")));
            }
        }
        Mode::Auto => unreachable!("effective() resolves Auto"),
    }
    lines
}

/// The header and RUN/CHECK lines of an output reproducer: the command's
/// output still matches `--match` (and not `--no-match`).
pub fn output_test(
    oracle: &OutputOracle,
    module_text: &str,
    provenance: &str,
    comment: Comment,
) -> Result<String> {
    let command = oracle.command();
    let (_file, out) = run_once(oracle.env(), command, module_text, comment)?;
    let c = comment.prefix();
    let not = match out.ended {
        Ended::Exited(0) => "",
        Ended::Signaled(_) => "not --crash ",
        _ => "not ",
    };
    let shown = emitted_command(oracle.shown_command());
    let mut lines = vec![
        format!("{c} {provenance}"),
        format!("{c} RUN: {not}{shown} 2>&1 | FileCheck %s"),
    ];
    let matches = filecheck_regex(&command.watch[0]);
    match command.watch.get(1) {
        Some(no) => {
            // A CHECK-NOT on both sides of the match covers the whole output.
            let no = filecheck_regex(no);
            lines.push(format!("{c} CHECK-NOT: {no}"));
            lines.push(format!("{c} CHECK: {matches}"));
            lines.push(format!("{c} CHECK-NOT: {no}"));
        }
        None => lines.push(format!("{c} CHECK: {matches}")),
    }
    Ok(finish(lines, module_text))
}

/// The user's command as a RUN line runs it: an output the command sends
/// to /dev/null goes to lit's `%t` instead (see [`dev_null`]); every RUN
/// line whittle writes goes through this.
pub fn emitted_command(command: &str) -> String {
    dev_null::redirect_line(command, "%t")
}

fn finish(mut lines: Vec<String>, module_text: &str) -> String {
    lines.push(String::new());
    let mut text = lines.join("\n");
    text.push('\n');
    text.push_str(module_text);
    text
}

/// A `--match` pattern as a FileCheck regular expression (LLVM's regexes
/// are POSIX extended: no `\s`, `\d`, `\w`).
fn filecheck_regex(re: &Regex) -> String {
    let translated = re
        .as_str()
        .replace(r"\s", "[[:space:]]")
        .replace(r"\S", "[^[:space:]]")
        .replace(r"\d", "[0-9]")
        .replace(r"\w", "[[:alnum:]_]");
    format!("{{{{{translated}}}}}")
}

/// Run an emitted test's RUN lines on itself, as lit would; the error says
/// which line fails.
pub fn self_check(path: &Path, env: &TestEnv) -> Result<()> {
    let test = LitTest::read(path)?;
    if let Some(line) = crate::oracle::lit::first_failing_line(&test, env)? {
        bail!(
            "the emitted test fails its own RUN line {}: {}",
            line + 1,
            test.run_lines[line]
        );
    }
    Ok(())
}

/// The header and RUN lines of a miscompilation reproducer for
/// `module_text` (a program with `main`): running it after `opt` (the
/// command, `%s` the module) behaves differently from running it as is,
/// in its output or its exit status (both written out and compared).
pub fn mr_test(
    env: &TestEnv,
    opt: &TestCommand,
    module_text: &str,
    provenance: &str,
) -> Result<String> {
    let dir = env.private_dir("emit")?;
    let file = dir.join("reduced.ll");
    fs::write(&file, module_text)?;
    let optimized = dir.join("optimized.bc");
    let mut command = opt.clone();
    command
        .args
        .extend(["-o".into(), optimized.display().to_string()]);
    let out = env.run(&command, &file, &dir, &Cancel::new())?;
    if out.ended != Ended::Exited(0) {
        bail!(
            "opt fails on the reduced module ({}): no test written",
            out.ended.describe()
        );
    }
    let lli = TestCommand {
        program: crate::oracle::command::resolve_program("lli")?,
        substitute: true,
        args: vec!["%s".into()],
        ..Default::default()
    };
    let before = env.run(&lli, &file, &dir, &Cancel::new())?;
    let after = env.run(&lli, &optimized, &dir, &Cancel::new())?;
    if before.stdout == after.stdout && before.ended == after.ended {
        bail!("the reduced module behaves the same after opt: no test written");
    }
    // lit's shell has no `$?`: a shell prints the exit status.
    let run = "sh -c 'lli \"$0\"; echo \"exit status $?\"'";
    let lines = vec![
        format!("; {provenance}"),
        format!(
            "; RUN: {} -o %t.bc",
            emitted_command(&crate::oracle::command::display(opt))
        ),
        format!("; RUN: {run} %s > %t.expected"),
        format!("; RUN: {run} %t.bc > %t.actual"),
        "; RUN: not diff %t.expected %t.actual".to_string(),
    ];
    Ok(finish(lines, module_text))
}

/// Run `test` (a lit test, as text) under LLVM's real `lit`, in a
/// directory of its own with a minimal configuration (LLVM's tools first on
/// PATH); `%S` and `%p` keep meaning the directory of `origin`. It must
/// pass (a reproducer that passes while the bug is there), or with
/// `must_fail` fail (a failing test, reduced); the error carries what lit
/// said. `comment` says the test's language, which names its file.
pub fn check_with_lit(
    env: &TestEnv,
    test: &str,
    comment: Comment,
    origin: &Path,
    must_fail: bool,
) -> Result<()> {
    let dir = env.private_dir("lit-check")?;
    let origin_dir = std::path::absolute(origin)?
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default();
    let shown = origin_dir.display().to_string();
    let test = test
        .lines()
        .map(|l| {
            if l.contains("RUN:") {
                l.replace("%S", &shown).replace("%p", &shown)
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    fs::write(
        dir.join(format!("test.{}", comment.extension())),
        test + "\n",
    )?;
    let bin = crate::oracle::command::llvm_bin_dir();
    fs::write(
        dir.join("lit.cfg.py"),
        format!(
            "import os\nimport lit.formats\nconfig.name = 'whittle-check'\nconfig.test_format = lit.formats.ShTest(execute_external=False)\nconfig.suffixes = ['.ll', '.mir']\nconfig.test_source_root = os.path.dirname(os.path.abspath(__file__))\nconfig.test_exec_root = config.test_source_root\nconfig.environment['PATH'] = os.pathsep.join([{:?}, config.environment.get('PATH', os.environ.get('PATH', ''))])\n",
            bin.display().to_string()
        ),
    )?;
    let lit = TestCommand {
        program: crate::oracle::command::lit_program()?,
        args: vec!["-v".into(), dir.display().to_string()],
        substitute: true,
        ..Default::default()
    };
    let out = env.run(&lit, Path::new(""), &dir, &Cancel::new())?;
    let said = out.stdout.text();
    if must_fail {
        if out.ended == Ended::Exited(1) && said.contains("FAIL: whittle-check") {
            return Ok(());
        }
        bail!(
            "the test does not fail under lit ({})",
            out.ended.describe()
        );
    }
    if out.ended != Ended::Exited(0) {
        let why = said
            .lines()
            .filter(|l| l.contains("error") || l.contains("FAIL") || l.starts_with("$ "))
            .take(4)
            .collect::<Vec<_>>()
            .join(" | ");
        bail!(
            "the test does not pass under lit ({}): {why}",
            out.ended.describe()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::oracle::command;
    use crate::oracle::dev_null::names_dev_null_output;
    use crate::oracle::env::EnvSpec;

    const MODULE: &str = "define void @f() {\n  ret void\n}\n";

    /// Every spelling of an output to /dev/null, as the user may give it.
    const SPELLINGS: [&str; 5] = [
        "-o /dev/null",
        "-o=/dev/null",
        "-o/dev/null",
        "--output /dev/null",
        "--output=/dev/null",
    ];

    fn run_lines(test: &str) -> Vec<&str> {
        test.lines().filter(|l| l.contains("RUN:")).collect()
    }

    #[test]
    fn no_emitted_run_line_names_dev_null_as_an_output() {
        let env = Arc::new(TestEnv::new(EnvSpec::default()).unwrap());
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("in.ll");
        fs::write(&input, MODULE).unwrap();
        let matches = Regex::new("found").unwrap();
        for spelling in SPELLINGS {
            // A "compiler" that crashes (crash oracle) or prints a pattern
            // (output oracle) whatever its arguments.
            let crashing =
                command::parse(&format!("sh -c 'kill -SEGV $$' sh {spelling} %s")).unwrap();
            let oracle =
                CrashOracle::record(crashing, &input, env.clone(), Mode::Any, None).unwrap();
            let test = crash_test(&oracle, MODULE, "provenance", Comment::Semicolon).unwrap();
            let lines = run_lines(&test);
            assert_eq!(lines.len(), 1, "{test}");
            assert!(!names_dev_null_output(lines[0]), "{spelling}: {test}");
            assert!(lines[0].contains("%t"), "{spelling}: {test}");

            let printing = command::parse(&format!("sh -c 'echo found' sh {spelling} %s")).unwrap();
            let oracle = OutputOracle::new(printing, matches.clone(), None, env.clone());
            let test = output_test(&oracle, MODULE, "provenance", Comment::Semicolon).unwrap();
            let lines = run_lines(&test);
            assert_eq!(lines.len(), 1, "{test}");
            assert!(!names_dev_null_output(lines[0]), "{spelling}: {test}");
        }
    }
}
