//! The command line's help and its other renderings, all from the clap
//! definitions of `cli.rs`: a short `-h` that fits a terminal screen (the
//! flags most runs need, grouped, each in one sentence; `--help` has them
//! all, in full), the man pages (`whittle.1`, `whittle-bisect.1`,
//! `whittle-clang-crash.1`) and the bash, zsh and fish completions, which
//! `cargo xtask docs` writes to `docs/man/` and `docs/completions/`.

use std::path::Path;

use anyhow::{Context as _, Result};
use clap::{Arg, Command, CommandFactory};

use crate::cli::{Args, BisectArgs, ClangCrashArgs, LtoArgs, MiscompileArgs};

/// The flags `whittle -h` shows; `--help` shows every flag.
const SHORT: &[&str] = &[
    "input",
    "test",
    "test_args",
    "output",
    "jobs",
    "timeout",
    "in_place",
    "delta_passes",
    "print_delta_passes",
    "stats_json",
    "verbose",
    "quiet",
    "language",
    "crash_cmd",
    "cmd",
    "match_",
    "lit",
    "emit_lit",
    "mr",
    "executor",
];

/// The first sentence of a help text (up to a `.` or `;` outside
/// brackets).
fn first_sentence(text: &str) -> String {
    let text = text.trim();
    let mut depth = 0i32;
    let mut cut = text.len();
    for (i, c) in text.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            // Not the last dot of an ellipsis (`[ARG]... CANDIDATE`).
            '.' | ';'
                if depth == 0 && text[i + 1..].starts_with(' ') && !text[..i].ends_with('.') =>
            {
                cut = i;
                break;
            }
            _ => {}
        }
    }
    text[..cut].trim_end_matches([',', ' ']).to_string()
}

/// `cmd` with its short help cut down: the flags of `keep` (all, when
/// empty) in one sentence each, the others only under `--help`.
fn shorten(cmd: Command, keep: &[&str]) -> Command {
    cmd.mut_args(|arg: Arg| {
        let id = arg.get_id().as_str().to_string();
        let full = arg
            .get_long_help()
            .or(arg.get_help())
            .map(|h| h.to_string())
            .unwrap_or_default();
        let short = first_sentence(&full);
        let arg = arg.long_help(full).help(short);
        if keep.is_empty() || keep.contains(&id.as_str()) || arg.is_positional() {
            arg
        } else {
            arg.hide_short_help(true)
        }
    })
}

/// `whittle`'s command as it parses: a short `-h`, the whole `--help`.
pub fn whittle() -> Command {
    shorten(Args::command(), SHORT).after_help(
        "Only the flags most runs need are shown; --help shows them all.\n\
         Example:\n  whittle --test=./crashes.sh --test-arg=-O2 input.ll -o reduced.ll\n\
         Also: whittle bisect --help, whittle clang-crash --help, whittle miscompile --help, whittle lto --help",
    )
}

pub fn bisect() -> Command {
    shorten(bisect_command(), &[])
}

/// `whittle bisect`'s flags as it documents them: a `--test` script cannot
/// be bisected (whittle cannot see the tool inside it), so its flags are
/// not shown (given, they are refused in one line).
fn bisect_command() -> Command {
    BisectArgs::command()
        .mut_arg("test", |a| a.hide(true))
        .mut_arg("test_args", |a| a.hide(true))
}

pub fn clang_crash() -> Command {
    shorten(ClangCrashArgs::command(), &[])
}

pub fn miscompile() -> Command {
    shorten(MiscompileArgs::command(), &[])
}

pub fn lto() -> Command {
    shorten(LtoArgs::command(), &[])
}

/// Every command, for the man pages and completions: bisect and
/// clang-crash as subcommands of whittle.
fn whole() -> Command {
    Args::command()
        .subcommand(bisect_command().name("bisect"))
        .subcommand(ClangCrashArgs::command().name("clang-crash"))
        .subcommand(MiscompileArgs::command().name("miscompile"))
        .subcommand(LtoArgs::command().name("lto"))
}

/// Write the man pages to `dir/man` and the completions to
/// `dir/completions`.
pub fn generate(dir: &Path) -> Result<()> {
    let man = dir.join("man");
    let completions = dir.join("completions");
    std::fs::create_dir_all(&man)?;
    std::fs::create_dir_all(&completions)?;
    // The same pages whichever LLVM this whittle is built for: the
    // version without its LLVM.
    let version = env!("CARGO_PKG_VERSION");
    for (name, cmd) in [
        ("whittle", Args::command()),
        ("whittle-bisect", bisect_command().name("whittle-bisect")),
        (
            "whittle-clang-crash",
            ClangCrashArgs::command().name("whittle-clang-crash"),
        ),
        (
            "whittle-miscompile",
            MiscompileArgs::command().name("whittle-miscompile"),
        ),
        ("whittle-lto", LtoArgs::command().name("whittle-lto")),
    ] {
        let mut page = Vec::new();
        clap_mangen::Man::new(cmd.version(version).long_version(version))
            .date("")
            .source(format!("whittle {version}"))
            .manual("whittle manual")
            .render(&mut page)?;
        std::fs::write(man.join(format!("{name}.1")), page)
            .with_context(|| format!("cannot write {}", man.display()))?;
    }
    for (shell, file) in [
        (clap_complete::Shell::Bash, "whittle.bash"),
        (clap_complete::Shell::Zsh, "_whittle"),
        (clap_complete::Shell::Fish, "whittle.fish"),
    ] {
        let mut text = Vec::new();
        clap_complete::generate(
            shell,
            &mut whole().version(version).long_version(version),
            "whittle",
            &mut text,
        );
        std::fs::write(completions.join(file), text)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_sentences() {
        assert_eq!(
            first_sentence("Kill a test after SECONDS; it counts as not interesting"),
            "Kill a test after SECONDS"
        );
        assert_eq!(
            first_sentence("Print the passes and exit"),
            "Print the passes and exit"
        );
        assert_eq!(
            first_sentence("Where to write it [default: a.ll. or b.bc]. More"),
            "Where to write it [default: a.ll. or b.bc]"
        );
    }
}
