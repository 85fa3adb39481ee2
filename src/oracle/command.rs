//! Command lines given as one string (`--crash-cmd 'opt -passes=... %s'`):
//! split like a shell would, run without one, the program found in the bin
//! directory of the LLVM whittle was built against or on PATH.

use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Result};

use super::process::TestCommand;

/// Where the tools of whittle's LLVM live (`LLVM_BIN_DIR` overrides).
pub fn llvm_bin_dir() -> PathBuf {
    std::env::var_os("LLVM_BIN_DIR")
        .map_or_else(whittle_llvm_ir::version::default_bin_dir, PathBuf::from)
}

/// The `lit` that checks emitted tests: whittle's LLVM's, else LLVM 22's
/// (Debian packages lit with LLVM 22 only), else the one on PATH.
pub fn lit_program() -> Result<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    [
        llvm_bin_dir().join("lit"),
        PathBuf::from("/usr/lib/llvm-22/bin/lit"),
    ]
    .into_iter()
    .chain(std::env::split_paths(&path).map(|d| d.join("lit")))
    .find(|p| p.is_file())
    .ok_or_else(|| {
        anyhow!(
            "no lit found (in {} or on PATH): install llvm-22-tools",
            llvm_bin_dir().display()
        )
    })
}

/// Find `name`: a path if it has a `/`, else whittle's LLVM's tool of that name
/// (`opt`, `llc`: another LLVM on PATH would test a different compiler),
/// else the first on PATH.
pub fn resolve_program(name: &str) -> Result<PathBuf> {
    if name.contains('/') {
        let p = Path::new(name);
        let p = if p.is_relative() {
            std::env::current_dir()?.join(p)
        } else {
            p.to_path_buf()
        };
        if !p.exists() {
            bail!("'{name}' does not exist");
        }
        return Ok(p);
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::iter::once(llvm_bin_dir())
        .chain(std::env::split_paths(&path))
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
        .ok_or_else(|| {
            anyhow!(
                "cannot find '{name}' in {} or on PATH",
                llvm_bin_dir().display()
            )
        })
}

/// Split `text` into a command whose `%s` is the candidate (appended when
/// the command has no `%s`).
pub fn parse(text: &str) -> Result<TestCommand> {
    let words =
        shell_words::split(text).map_err(|e| anyhow!("cannot split command '{text}': {e}"))?;
    let Some((program, args)) = words.split_first() else {
        bail!("empty command");
    };
    let mut args: Vec<String> = args.to_vec();
    if !args.iter().any(|a| a.contains("%s")) {
        args.push("%s".to_string());
    }
    Ok(TestCommand {
        program: resolve_program(program)?,
        args,
        substitute: true,
        ..Default::default()
    })
}

/// The command as a shell line, for messages and emitted tests; the
/// program by its name when that is what PATH or LLVM's directory gives.
pub fn display(command: &TestCommand) -> String {
    let program = command.program.file_name().map_or_else(
        || command.program.display().to_string(),
        |n| {
            let name = n.to_string_lossy().into_owned();
            if resolve_program(&name).is_ok_and(|p| p == command.program) {
                name
            } else {
                command.program.display().to_string()
            }
        },
    );
    std::iter::once(program)
        .chain(command.args.iter().map(|a| quote(a)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A word as a shell line shows it: quoted only when a shell (or lit)
/// would otherwise split or expand it.
pub fn quote(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-=:,./+%@".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        shell_words::quote(word).into_owned()
    }
}

/// Words as a shell line, quoted where they must be.
pub fn join(words: &[String]) -> String {
    words.iter().map(|w| quote(w)).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_like_a_shell_and_finds_llvm_tools() {
        let c = parse("opt '-passes=default<O2>' -disable-output %s").unwrap();
        assert!(c.program.ends_with("opt"), "{}", c.program.display());
        assert_eq!(c.args, ["-passes=default<O2>", "-disable-output", "%s"]);
        assert!(c.substitute);
    }

    #[test]
    fn the_candidate_is_appended_without_percent_s() {
        let c = parse("llc -O2").unwrap();
        assert_eq!(c.args, ["-O2", "%s"]);
    }

    #[test]
    fn unknown_programs_and_bad_quoting_are_errors() {
        assert!(parse("no-such-tool-whittle %s")
            .unwrap_err()
            .to_string()
            .contains("cannot find 'no-such-tool-whittle'"));
        // whittle's LLVM's tools win over another LLVM on PATH.
        assert_eq!(parse("llc").unwrap().program, llvm_bin_dir().join("llc"));
        assert!(parse("opt 'unterminated").is_err());
        assert!(parse("   ").is_err());
    }

    #[test]
    fn display_quotes_arguments() {
        let c = parse("opt '-passes=default<O2>' %s").unwrap();
        assert_eq!(display(&c), "opt '-passes=default<O2>' %s");
    }
}
