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

use crate::oracle::command::display;
use crate::oracle::crash::CrashOracle;
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
    let not = match signature.ending {
        Ending::Signal(_) => "not --crash",
        Ending::Exit(_) => "not",
    };
    let shown = oracle.shown_command();
    let mut lines = vec![format!("{c} {provenance}")];
    match oracle.signature().effective(oracle.mode()) {
        Mode::Any => lines.push(format!("{c} RUN: {not} {shown}")),
        Mode::Message => {
            lines.push(format!("{c} RUN: {not} {shown} 2>&1 | FileCheck %s"));
            match &signature.raw_message {
                Some(raw) => lines.push(format!("{c} CHECK: {}", filecheck_pattern(raw, &path))),
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
    Ok(finish(lines, module_text))
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
    let shown = display(oracle.command());
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
