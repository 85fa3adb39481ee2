//! `cargo xtask`: the two commands README.md gives, working on a fresh Debian
//! machine that has nothing but Rust (the rust-analyzer xtask pattern; the
//! alias is in `.cargo/config.toml`).
//!
//! - `cargo xtask demo`: installs what is missing, builds the release
//!   `whittle` and reduces the included example (`examples/llc-crash`),
//!   printing the summary, the reduced module and where it is.
//! - `cargo xtask test [-- ARGS...]`: installs what is missing, starts the
//!   single-node Slurm cluster of `scripts/local-slurm.sh` when no cluster
//!   answers (and stops it afterwards), then runs `cargo test --workspace
//!   ARGS...` and exits with its status.
//! - `cargo xtask prereq`: installs what `test` needs and nothing else (CI
//!   runs it first, so that `apt-get update` runs once, before the cluster
//!   it then starts).
//!
//! What "what is missing" means is the list of package groups in
//! [`prereq`].

#![forbid(unsafe_code)]

mod prereq;

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, ExitStatus};

const USAGE: &str = "\
usage: cargo xtask demo
       cargo xtask test [-- CARGO-TEST-ARGS...]
       cargo xtask prereq

demo  install what is missing, build the release whittle, reduce examples/llc-crash
test  install what is missing, start a local Slurm cluster if none answers (stopped
      afterwards), run `cargo test --workspace` with the given arguments
prereq  install what `test` needs (LLVM 22, Slurm), nothing else

Missing Debian packages are installed with apt-get (through sudo when not root).";

/// A subcommand and its arguments, from xtask's command line.
#[derive(Debug, PartialEq, Eq)]
enum Task {
    Demo,
    Test(Vec<OsString>),
    Prereq,
    Help,
}

/// Parses xtask's arguments (without the program name). For `test`, what
/// follows is passed to `cargo test`, after a leading `--` is dropped.
fn parse(args: Vec<OsString>) -> Result<Task, String> {
    let mut args = args.into_iter();
    let Some(task) = args.next() else {
        return Err("no task given".into());
    };
    let rest: Vec<OsString> = args.collect();
    match task.to_str() {
        Some("demo") if rest.is_empty() => Ok(Task::Demo),
        Some("demo") => Err("`demo` takes no arguments".into()),
        Some("prereq") if rest.is_empty() => Ok(Task::Prereq),
        Some("prereq") => Err("`prereq` takes no arguments".into()),
        Some("test") => {
            let skip = usize::from(rest.first().is_some_and(|a| a == "--"));
            Ok(Task::Test(rest[skip..].to_vec()))
        }
        Some("help" | "-h" | "--help") => Ok(Task::Help),
        _ => Err(format!("unknown task {task:?}")),
    }
}

/// The workspace root: the directory above this crate's.
fn workspace_root() -> PathBuf {
    let manifest_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest_dir.parent().unwrap_or(manifest_dir).to_path_buf()
}

/// The cargo that runs us (`$CARGO`), or `cargo` from PATH.
fn cargo() -> Command {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

/// Cargo's target directory for builds run from `root`: `$CARGO_TARGET_DIR`
/// (or `$CARGO_BUILD_TARGET_DIR`), relative to `root`, else `root/target`.
fn target_dir(root: &Path) -> PathBuf {
    ["CARGO_TARGET_DIR", "CARGO_BUILD_TARGET_DIR"]
        .iter()
        .find_map(|var| std::env::var_os(var).filter(|v| !v.is_empty()))
        .map_or_else(|| root.join("target"), |dir| root.join(dir))
}

/// Runs `cmd` with inherited stdio, echoing it on stderr first.
fn run(cmd: &mut Command) -> Result<ExitStatus, String> {
    let shown: Vec<String> = std::iter::once(cmd.get_program())
        .chain(cmd.get_args())
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    eprintln!("+ {}", shown.join(" "));
    cmd.status()
        .map_err(|e| format!("cannot run `{}`: {e}", shown[0]))
}

/// Runs `cmd`; an error unless it succeeds.
fn run_ok(cmd: &mut Command) -> Result<(), String> {
    let status = run(cmd)?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{:?} failed ({status})", cmd.get_program()))
    }
}

/// An exit code for a child's status: its code, or 128 + the signal.
fn exit_code(status: ExitStatus) -> u8 {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => u8::try_from(code).unwrap_or(1),
        (None, Some(signal)) => u8::try_from(128 + signal).unwrap_or(1),
        (None, None) => 1,
    }
}

/// `cargo xtask demo`: README's example reduction, run the way README ran it
/// (`whittle --test=examples/llc-crash/test.sh examples/llc-crash/input.ll -o
/// reduced.ll` from the repository root, then the result printed).
fn demo() -> Result<ExitCode, String> {
    prereq::ensure(prereq::DEMO)?;
    let root = workspace_root();
    run_ok(
        cargo()
            .current_dir(&root)
            .args(["build", "--release", "--bin", "whittle"]),
    )?;
    let whittle = target_dir(&root).join("release").join("whittle");
    let status = run(Command::new(&whittle).current_dir(&root).args([
        "--test=examples/llc-crash/test.sh",
        "examples/llc-crash/input.ll",
        "-o",
        "reduced.ll",
    ]))?;
    if !status.success() {
        eprintln!("xtask: whittle failed ({status})");
        return Ok(ExitCode::from(exit_code(status)));
    }
    let result = root.join("reduced.ll");
    let text = std::fs::read_to_string(&result)
        .map_err(|e| format!("cannot read {}: {e}", result.display()))?;
    print!("{text}");
    eprintln!("xtask: the reduced module is in {}", result.display());
    Ok(ExitCode::SUCCESS)
}

/// Whether a Slurm cluster answers (`sinfo`).
fn slurm_answers() -> bool {
    Command::new("sinfo")
        .arg("-h")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// `cargo xtask test`: `cargo test --workspace ARGS...`, with its exit status.
/// The Slurm executor's tests need a cluster: when none answers, the local
/// one is started for the run and stopped after it.
fn test(args: &[OsString]) -> Result<ExitCode, String> {
    prereq::ensure(prereq::TEST)?;
    let root = workspace_root();
    let script = root.join("scripts").join("local-slurm.sh");
    let mut started = !slurm_answers();
    if started {
        // Without a cluster the Slurm tests fail, saying how to start one.
        if let Err(e) = run_ok(Command::new(&script).arg("start")) {
            eprintln!("xtask: warning: no Slurm cluster for the Slurm executor's tests: {e}");
            started = false;
        }
    }
    let status = run(cargo()
        .current_dir(&root)
        .args(["test", "--workspace"])
        .args(args));
    if started {
        if let Err(e) = run_ok(Command::new(&script).arg("stop")) {
            eprintln!("xtask: warning: {e}");
        }
    }
    Ok(ExitCode::from(exit_code(status?)))
}

fn main() -> ExitCode {
    let task = match parse(std::env::args_os().skip(1).collect()) {
        Ok(task) => task,
        Err(message) => {
            eprintln!("xtask: {message}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let outcome = match task {
        Task::Demo => demo(),
        Task::Test(args) => test(&args),
        Task::Prereq => prereq::ensure(prereq::TEST).map(|()| ExitCode::SUCCESS),
        Task::Help => {
            println!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
    };
    outcome.unwrap_or_else(|message| {
        eprintln!("xtask: error: {message}");
        ExitCode::FAILURE
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<OsString> {
        list.iter().map(OsString::from).collect()
    }

    #[test]
    fn parses_tasks() {
        assert_eq!(parse(args(&["demo"])), Ok(Task::Demo));
        assert_eq!(parse(args(&["test"])), Ok(Task::Test(vec![])));
        assert_eq!(parse(args(&["prereq"])), Ok(Task::Prereq));
        assert_eq!(parse(args(&["help"])), Ok(Task::Help));
        assert!(parse(args(&["prereq", "x"])).is_err());
        assert!(parse(args(&[])).is_err());
        assert!(parse(args(&["demo", "x"])).is_err());
        assert!(parse(args(&["bogus"])).is_err());
    }

    #[test]
    fn test_passes_through_what_follows_the_dashes() {
        assert_eq!(
            parse(args(&["test", "--", "--test", "cli"])),
            Ok(Task::Test(args(&["--test", "cli"])))
        );
        assert_eq!(
            parse(args(&["test", "--", "--test", "cli", "--", "--nocapture"])),
            Ok(Task::Test(args(&["--test", "cli", "--", "--nocapture"])))
        );
        assert_eq!(
            parse(args(&["test", "--lib"])),
            Ok(Task::Test(args(&["--lib"])))
        );
    }

    #[test]
    fn root_holds_the_example() {
        let root = workspace_root();
        assert!(root.join("Cargo.toml").is_file());
        assert!(root.join("examples/llc-crash/test.sh").is_file());
        assert!(root.join("examples/llc-crash/input.ll").is_file());
    }
}
