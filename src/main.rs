//! The `whittle` command: a drop-in peer of llvm-reduce, and `whittle
//! bisect`.
//!
//! Parses the arguments into a run description, has the library prepare
//! and run the reduction (or the bisection), and prints the summary. Every failure is one line
//! on stderr (`whittle: error: ...`) and a non-zero exit; the input is only
//! ever replaced with `--in-place`, by an atomic rename.
#![forbid(unsafe_code)]

mod cli;
mod help;

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Result;
use clap::{FromArgMatches, Parser};
use whittle::bisect;
use whittle::reduce::{self, Prepared};
use whittle::reducer::{self, interrupt, PassInfo, RegisteredPass, Stats, Stopped};

use cli::{Args, BisectArgs, ClangCrashArgs, LtoArgs, MiscompileArgs};

fn main() -> ExitCode {
    let raw: Vec<OsString> = std::env::args_os().collect();
    if !informational(&raw) {
        if let Err(e) = whittle_llvm_ir::version::check_linked() {
            eprintln!("whittle: error: {e}");
            return ExitCode::FAILURE;
        }
    }
    // The Slurm executor's runner: srun starts this binary on a node.
    if std::env::args_os()
        .nth(1)
        .is_some_and(|a| a == whittle::oracle::slurm::RUNNER_MODE)
    {
        return whittle::oracle::slurm::runner::main();
    }
    if raw
        .get(1)
        .is_some_and(|a| a == whittle::clang_crash::front::CHECK_MODE)
    {
        // C-Vise's interestingness test of a front-end crash.
        let args: Vec<String> = raw[2..]
            .iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        return ExitCode::from(whittle::clang_crash::front::check_main(&args) as u8);
    }
    if raw.get(1).is_some_and(|a| a == "__generate-docs") {
        // `cargo xtask docs`: the man pages and completions.
        let dir = raw
            .get(2)
            .map_or_else(|| "docs".into(), std::path::PathBuf::from);
        return exit_with(help::generate(&dir));
    }
    if raw.get(1).is_some_and(|a| a == "bisect") {
        return bisect(raw);
    }
    if raw.get(1).is_some_and(|a| a == "clang-crash") {
        return clang_crash(raw);
    }
    if raw.get(1).is_some_and(|a| a == "miscompile") {
        return miscompile(raw);
    }
    if raw.get(1).is_some_and(|a| a == "lto") {
        return lto(raw);
    }
    let argv: Vec<OsString> = cli::normalize(raw);
    if argv.len() <= 1 {
        // Like llvm-reduce: no arguments prints the help.
        let _ = help::whittle().print_long_help();
        return ExitCode::SUCCESS;
    }
    let args = match help::whittle()
        .try_get_matches_from(argv)
        .and_then(|m| Args::from_arg_matches(&m))
    {
        Ok(args) => args,
        Err(e) => e.exit(),
    };
    interrupt::install();
    exit_with(run(args))
}

/// Whether the command line only asks what this whittle is (its version,
/// help or passes): that is answered whatever LLVM library is loaded, to
/// help tell which; everything else first checks it is the one the build
/// was for.
fn informational(raw: &[OsString]) -> bool {
    let asks = |a: &OsString| {
        [
            "--version",
            "-V",
            "--help",
            "-h",
            "--print-delta-passes",
            "__generate-docs",
        ]
        .iter()
        .any(|f| a == *f)
    };
    raw.len() <= 1 || raw[1..].iter().any(asks)
}

/// The exit status of a run, its error said on one line.
fn exit_with(result: Result<()>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if matches!(e.downcast_ref::<Stopped>(), Some(Stopped::Interrupted(_))) => {
            // The message and the partial summary were printed by `run`.
            ExitCode::from(130)
        }
        Err(e) if e.is::<bisect::Interrupted>() => {
            eprintln!("whittle: bisect: interrupted");
            ExitCode::from(130)
        }
        Err(e) => {
            let message = format!("{e:#}").replace('\n', " ");
            eprintln!("whittle: error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// `whittle bisect [FLAGS] INPUT`.
fn bisect(raw: Vec<OsString>) -> ExitCode {
    // "whittle bisect" is the program name for clap.
    let argv = cli::normalize_for(help::bisect(), raw.into_iter().skip(1));
    let args = match help::bisect()
        .try_get_matches_from(argv)
        .and_then(|m| BisectArgs::from_arg_matches(&m))
    {
        Ok(args) => args,
        Err(e) => e.exit(),
    };
    interrupt::install();
    let quiet = args.run.quiet;
    let stats_json = args.run.stats_json.clone();
    exit_with((|| {
        let report = bisect::run(args.spec()?)?;
        if !quiet {
            eprintln!("whittle: bisect: done");
            for line in report.summary().lines() {
                eprintln!("  {line}");
            }
        }
        if let Some(path) = &stats_json {
            bisect::output::write_json(path, &report)?;
        }
        Ok(())
    })())
}

/// A subcommand's arguments (its own name first, for clap), or clap's
/// error or help, and exit.
fn subcommand_args<T: FromArgMatches>(command: clap::Command, raw: Vec<OsString>) -> T {
    match command
        .try_get_matches_from(raw.into_iter().skip(1))
        .and_then(|m| T::from_arg_matches(&m))
    {
        Ok(args) => args,
        Err(e) => e.exit(),
    }
}

/// `whittle clang-crash REPRO.sh [SOURCE]`: the bisection of a middle- or
/// back-end crash is `whittle bisect`'s, with its own argument parsing.
fn clang_crash(raw: Vec<OsString>) -> ExitCode {
    let args: ClangCrashArgs = subcommand_args(help::clang_crash(), raw);
    interrupt::install();
    exit_with((|| {
        let spec = args.spec()?;
        let bisector = |request: &whittle::clang_crash::BisectRequest| {
            let mut words: Vec<String> = vec![
                "whittle bisect".into(),
                "--crash-cmd".into(),
                request.command.clone(),
                request.input.display().to_string(),
                "-o".into(),
                request.output.display().to_string(),
                "--emit-lit".into(),
                request.emit_lit.display().to_string(),
                "-j".into(),
                spec.jobs.to_string(),
            ];
            if let Some(t) = spec.timeout {
                words.extend(["--timeout".into(), t.to_string()]);
            }
            if spec.quiet {
                words.push("-q".into());
            }
            if spec.save_temps {
                words.push("--save-temps".into());
            }
            let argv = cli::normalize_for(help::bisect(), words.into_iter().map(OsString::from));
            let bisect_args = BisectArgs::try_parse_from(argv)?;
            bisect::run(bisect_args.spec()?)
        };
        let report = whittle::clang_crash::run(spec.clone(), &bisector)?;
        if !args.quiet {
            eprintln!("whittle: clang-crash: done");
            for line in report.summary().lines() {
                eprintln!("  {line}");
            }
        }
        if let Some(path) = &args.stats_json {
            let text = serde_json::to_string_pretty(&report.json())? + "\n";
            whittle::reducer::write_atomically(path, text.as_bytes())?;
        }
        Ok(())
    })())
}

/// `whittle miscompile SOURCE... [-- CFLAGS...]`: the bisection is `whittle
/// bisect`'s and the reduction whittle's, each with its own argument parsing.
fn miscompile(raw: Vec<OsString>) -> ExitCode {
    let args: MiscompileArgs = subcommand_args(help::miscompile(), raw);
    interrupt::install();
    exit_with((|| {
        let spec = args.spec()?;
        let bisector = |words: &[String]| {
            let all = std::iter::once("whittle bisect".to_string()).chain(words.iter().cloned());
            let argv = cli::normalize_for(help::bisect(), all.map(OsString::from));
            bisect::run(BisectArgs::try_parse_from(argv)?.spec()?)
        };
        let reducer = |words: &[String]| {
            let all = std::iter::once("whittle".to_string()).chain(words.iter().cloned());
            let argv = cli::normalize(all.map(OsString::from).collect::<Vec<_>>());
            let args = Args::from_arg_matches(&help::whittle().try_get_matches_from(argv)?)?;
            let quiet = args.run.quiet;
            Ok(reduce_within(args.spec()?, quiet)?.tests)
        };
        let tools = whittle::miscompile::Tools {
            bisect: &bisector,
            reduce: &reducer,
        };
        let report = whittle::miscompile::run(spec, &tools)?;
        if !args.quiet {
            eprintln!("whittle: miscompile: done");
            for line in report.summary().lines() {
                eprintln!("  {line}");
            }
        }
        if let Some(path) = &args.stats_json {
            let text = serde_json::to_string_pretty(&report.json())? + "\n";
            whittle::reducer::write_atomically(path, text.as_bytes())?;
        }
        Ok(())
    })())
}

fn run(args: Args) -> Result<()> {
    if args.print_delta_passes {
        print_passes();
        return Ok(());
    }
    let report = Report {
        quiet: args.run.quiet,
        stats_json: args.run.stats_json.clone(),
        plot: args.plot.clone(),
    };
    if let Some(path) = &args.plot {
        // Found out now rather than after the reduction.
        reduce::check_output_writable(path).map_err(|e| anyhow::anyhow!("--plot: {e}"))?;
    }
    if !args.more_inputs.is_empty() {
        return link_set(args);
    }
    let mut prepared = reduce::prepare(args.spec()?)?;
    let stats = match prepared.run() {
        Ok(stats) => stats,
        Err(e) => {
            match e.downcast_ref::<Stopped>() {
                Some(Stopped::Interrupted(stats)) => {
                    eprintln!(
                        "whittle: interrupted; the best reduction so far is in '{}'",
                        prepared.output().display()
                    );
                    report.print(&prepared, stats, false)?;
                }
                // The summary so far, then the error line (from `main`).
                Some(Stopped::Infrastructure(stats, _)) => report.print(&prepared, stats, false)?,
                None => {}
            }
            return Err(e);
        }
    };
    report.print(&prepared, &stats, true)?;
    if let Some(path) = prepared.emit_lit(&stats)? {
        if !report.quiet {
            eprintln!("whittle: wrote lit test '{}'", path.display());
        }
    }
    Ok(())
}

/// `whittle lto REPRO.tar` or `whittle lto -- LINK...`: the link made into
/// a crash command over its bitcode modules, reduced as a link set.
fn lto(raw: Vec<OsString>) -> ExitCode {
    let args: LtoArgs = subcommand_args(help::lto(), raw);
    interrupt::install();
    exit_with((|| {
        let work = tempfile::Builder::new().prefix("whittle-lto-").tempdir()?;
        let link = match (&args.tarball, args.link.is_empty()) {
            (Some(t), true) => whittle::lto::from_tarball(t, work.path())?,
            (None, false) => whittle::lto::from_command(&args.link, work.path())?,
            (Some(_), false) => anyhow::bail!("give a tarball or a link command, not both"),
            (None, true) => anyhow::bail!(
                "give the tarball ld.lld --reproduce wrote, or the link command after --"
            ),
        };
        if !args.quiet {
            eprintln!(
                "whittle: lto: {} modules from {}; the link: {}",
                link.modules.len(),
                link.origin,
                link.command
            );
        }
        let mut words = vec![
            "whittle".to_string(),
            "--crash-cmd".into(),
            link.command.clone(),
        ];
        words.extend(link.modules.iter().map(|m| m.display().to_string()));
        words.extend(args.reduction_flags()?);
        let argv = cli::normalize(words.into_iter().map(OsString::from).collect::<Vec<_>>());
        let reduce_args = Args::from_arg_matches(&help::whittle().try_get_matches_from(argv)?)?;
        let result = link_set(reduce_args);
        if args.save_temps {
            eprintln!(
                "whittle: lto: temporary files kept in '{}'",
                work.keep().display()
            );
        }
        result
    })())
}

/// Several modules of a link, reduced together (`whittle --test=T a.bc
/// b.bc -o DIR`): each module's reduction is reported as a reduction.
fn link_set(args: Args) -> Result<()> {
    let mut inputs: Vec<PathBuf> = args.input.iter().cloned().collect();
    inputs.extend(args.more_inputs.iter().cloned());
    let quiet = args.run.quiet;
    let stats_json = args.run.stats_json.clone();
    let output = args
        .run
        .output
        .clone()
        .unwrap_or_else(|| PathBuf::from("reduced"));
    let reducer = |spec: whittle::reduce::RunSpec| {
        reduce_within(spec, quiet).inspect_err(|e| {
            if matches!(e.downcast_ref::<Stopped>(), Some(Stopped::Interrupted(_))) {
                eprintln!(
                    "whittle: interrupted; the best set of modules so far is in '{}'",
                    output.display()
                );
            }
        })
    };
    let mut base = args.spec()?;
    base.output = None;
    let report = whittle::link_set::run(base, &inputs, &output, &reducer)?;
    if !quiet {
        eprintln!("whittle: modules: done");
        for line in report.summary().lines() {
            eprintln!("  {line}");
        }
    }
    if let Some(path) = &stats_json {
        let text = serde_json::to_string_pretty(&report.json())? + "\n";
        whittle::reducer::write_atomically(path, text.as_bytes())?;
    }
    Ok(())
}

/// A reduction that is one step of a larger command (`whittle
/// miscompile`, a module of a link set): run, its summary printed unless
/// `quiet`, its stats.
fn reduce_within(spec: whittle::reduce::RunSpec, quiet: bool) -> Result<Stats> {
    let report = Report {
        quiet,
        stats_json: None,
        plot: None,
    };
    let mut prepared = reduce::prepare(spec)?;
    let stats = prepared.run()?;
    report.print(&prepared, &stats, true)?;
    Ok(stats)
}

/// How a run's figures are reported.
struct Report {
    quiet: bool,
    stats_json: Option<PathBuf>,
    plot: Option<PathBuf>,
}

impl Report {
    /// Print the summary (unless --quiet) and write --stats-json; `done`
    /// says whether the reduction finished.
    fn print(&self, prepared: &Prepared, stats: &Stats, done: bool) -> Result<()> {
        if !self.quiet {
            eprintln!(
                "whittle: {}: '{}' (from '{}')",
                if done {
                    "Done reducing! Reduced testcase"
                } else {
                    "Stopped early; the best reduction so far"
                },
                prepared.output().display(),
                prepared.input().display()
            );
            for line in stats.summary().lines() {
                eprintln!("  {line}");
            }
        }
        if let Some(path) = &self.stats_json {
            write_json(path, stats)?;
        }
        if let Some(path) = &self.plot {
            let name = prepared.input().file_name().unwrap_or_default();
            whittle::plot::write(path, stats, &name.to_string_lossy())?;
        }
        Ok(())
    }
}

/// `--stats-json`: the run's figures, then which whittle and which LLVM.
#[derive(serde::Serialize)]
struct StatsJson<'a> {
    #[serde(flatten)]
    stats: &'a Stats,
    whittle_version: &'static str,
    llvm_version: &'static str,
}

fn write_json(path: &Path, stats: &Stats) -> Result<()> {
    let json = serde_json::to_vec_pretty(&StatsJson {
        stats,
        whittle_version: env!("CARGO_PKG_VERSION"),
        llvm_version: whittle::LLVM_VERSION,
    })?;
    reducer::write_atomically(path, &json).map_err(|e| anyhow::anyhow!("--stats-json: {e:#}"))
}

fn print_passes() {
    println!("Delta passes (pass to `--delta-passes=` as a comma separated list):");
    for pass in whittle_passes::PASSES {
        let info = pass.info();
        let aka: Vec<&str> = info
            .llvm_names
            .iter()
            .copied()
            .filter(|n| *n != info.name)
            .collect();
        let aka = if aka.is_empty() {
            String::new()
        } else {
            format!(" (llvm-reduce: {})", aka.join(", "))
        };
        print_pass(info, &aka, " [not in the default sweep]");
    }
    println!();
    println!("MIR delta passes (for .mir input or -x mir):");
    for pass in whittle::mir::PASSES {
        print_pass(pass.info(), "", " [not in the default sweep]");
    }
    println!();
    if whittle_mlir_ir::unavailable().is_some() {
        println!(
            "MLIR delta passes: none in this build (its LLVM has no MLIR; see `whittle --version`)"
        );
    } else {
        print_mlir_passes();
    }
    let limits = whittle_llvm_ir::version::limits();
    if !limits.is_empty() {
        println!();
        println!(
            "With LLVM {} (this build; see docs/llvm-versions.md):",
            whittle::LLVM_VERSION
        );
        for (pass, what) in limits {
            println!("  {pass:<28} {what}");
        }
    }
}

fn print_mlir_passes() {
    println!("MLIR delta passes (for .mlir input or -x mlir):");
    for pass in whittle::mlir::PASSES {
        let info = pass.info();
        let opt_in = if info.name == "mlir-passes" {
            " [in the sweep with --mlir-passes]"
        } else {
            " [not in the default sweep]"
        };
        print_pass(info, "", opt_in);
    }
}

fn print_pass(info: &PassInfo, aka: &str, opt_in: &str) {
    let default = if info.default { "" } else { opt_in };
    println!("  {:<28} {}{aka}{default}", info.name, info.description);
}
