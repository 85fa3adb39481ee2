//! The `whittle` command: a drop-in peer of llvm-reduce.
//!
//! Parses the arguments into a run description, has the library prepare
//! and run the reduction, and prints the summary. Every failure is one line
//! on stderr (`whittle: error: ...`) and a non-zero exit; the input is only
//! ever replaced with `--in-place`, by an atomic rename.
#![forbid(unsafe_code)]

mod cli;

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Result;
use clap::{CommandFactory, Parser};
use whittle::reduce::{self, Prepared};
use whittle::reducer::{self, interrupt, PassInfo, RegisteredPass, Stats, Stopped};

use cli::Args;

fn main() -> ExitCode {
    let argv: Vec<OsString> = cli::normalize(std::env::args_os());
    if argv.len() <= 1 {
        // Like llvm-reduce: no arguments prints the help.
        let _ = Args::command().print_long_help();
        return ExitCode::SUCCESS;
    }
    let args = match Args::try_parse_from(argv) {
        Ok(args) => args,
        Err(e) => e.exit(),
    };
    interrupt::install();
    match run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.is::<Stopped>() => {
            // The message and the partial summary were printed by `run`.
            ExitCode::from(130)
        }
        Err(e) => {
            let message = format!("{e:#}").replace('\n', " ");
            eprintln!("whittle: error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: Args) -> Result<()> {
    if args.print_delta_passes {
        print_passes();
        return Ok(());
    }
    let report = Report {
        quiet: args.quiet,
        stats_json: args.stats_json.clone(),
    };
    let mut prepared = reduce::prepare(args.spec()?)?;
    let stats = match prepared.run() {
        Ok(stats) => stats,
        Err(e) => {
            if let Some(Stopped::Interrupted(stats)) = e.downcast_ref::<Stopped>() {
                eprintln!(
                    "whittle: interrupted; the best reduction so far is in '{}'",
                    prepared.output().display()
                );
                report.print(&prepared, stats)?;
            }
            return Err(e);
        }
    };
    report.print(&prepared, &stats)?;
    if let Some(path) = prepared.emit_lit(&stats)? {
        if !report.quiet {
            eprintln!("whittle: wrote lit test '{}'", path.display());
        }
    }
    Ok(())
}

/// How a run's figures are reported.
struct Report {
    quiet: bool,
    stats_json: Option<PathBuf>,
}

impl Report {
    /// Print the summary (unless --quiet) and write --stats-json.
    fn print(&self, prepared: &Prepared, stats: &Stats) -> Result<()> {
        if !self.quiet {
            eprintln!(
                "whittle: Done reducing! Reduced testcase: '{}' (from '{}')",
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
        Ok(())
    }
}

fn write_json(path: &Path, stats: &Stats) -> Result<()> {
    let json = serde_json::to_vec_pretty(stats)?;
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
