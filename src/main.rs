//! The `whittle` command: a drop-in peer of llvm-reduce.
//!
//! Parses the arguments, loads and checks the input, runs the reduction and
//! prints the summary. Every failure is one line on stderr
//! (`whittle: error: ...`) and a non-zero exit; the input is only ever
//! replaced with `--in-place`, by an atomic rename.

mod cli;

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Result};
use clap::{CommandFactory, Parser};
use inkwell::context::Context;
use whittle::llvm::{self, Format};
use whittle::oracle::script::ScriptOracle;
use whittle::passes::{self, Pass, PassOptions, PASSES};
use whittle::reducer::{self, Display, PolicyKind, Settings, Stats, Stopped};

use cli::{Args, PolicyArg};

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
    whittle::interrupt::install();
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
    let Some(input) = args.input.clone() else {
        bail!("reduction testcase positional argument must be specified");
    };
    let Some(test) = args.test.clone() else {
        bail!("--test option must be specified");
    };
    if let Some(lang) = args.language.as_deref() {
        if lang != "ir" {
            bail!("-x {lang}: only LLVM IR ('ir') input is supported");
        }
    }
    let selected = select_passes(
        args.delta_passes.as_deref(),
        args.skip_delta_passes.as_deref(),
    )?;

    let context = Context::create();
    let (module, input_format) = llvm::load(&context, &input)?;
    if let Err(message) = llvm::verify(&module) {
        let first = message.lines().next().unwrap_or("").trim();
        bail!(
            "'{}' is not valid IR (the verifier says: {first})",
            input.display()
        );
    }

    let output = if args.in_place {
        input.clone()
    } else {
        args.output
            .clone()
            .unwrap_or_else(|| PathBuf::from(format!("reduced.{}", input_format.extension())))
    };
    let output_format = output_format(&args, input_format);
    check_output_writable(&output)?;

    let display = if args.quiet {
        Display::Quiet
    } else if args.verbose {
        Display::Verbose
    } else {
        Display::Normal
    };
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let timeout = match args.timeout {
        Some(t) if !(t > 0.0 && t.is_finite()) => {
            bail!("--timeout must be a positive number of seconds, not {t}")
        }
        t => t.map(Duration::from_secs_f64),
    };
    let settings = Settings {
        passes: selected,
        policy: match args.policy {
            PolicyArg::Wdd => PolicyKind::Wdd,
            PolicyArg::Ddmin => PolicyKind::DDMin,
        },
        max_pass_iterations: args.max_pass_iterations,
        abort_on_invalid: args.abort_on_invalid_reduction,
        tmp_format: if args.write_tmp_files_as_bitcode || input_format == Format::Bitcode {
            Format::Bitcode
        } else {
            Format::Text
        },
        output: output.clone(),
        output_format,
        jobs,
        display,
        save_temps: args.save_temps,
        pass_options: PassOptions {
            inline_threshold: args.reduce_callsite_inline_threshold,
            ir_passes: args
                .ir_passes
                .clone()
                .unwrap_or_else(|| PassOptions::default().ir_passes),
            mtriple: args.mtriple.clone(),
            aggressive_named_md: args.aggressive_named_md_reduction,
        },
    };
    let oracle = ScriptOracle::new(test, args.test_args.clone())
        .preserve_debug_environment(args.preserve_debug_environment)
        .timeout(timeout);
    let name = input.display().to_string();
    let result = reducer::run(module, &name, Arc::new(oracle), &settings);
    let stats = match result {
        Ok(stats) => stats,
        Err(e) => {
            if let Some(Stopped::Interrupted(stats)) = e.downcast_ref::<Stopped>() {
                eprintln!(
                    "whittle: interrupted; the best reduction so far is in '{}'",
                    output.display()
                );
                report(&args, &input, &output, stats)?;
            }
            return Err(e);
        }
    };
    report(&args, &input, &output, &stats)
}

/// Print the summary (unless --quiet) and write --stats-json.
fn report(args: &Args, input: &Path, output: &Path, stats: &Stats) -> Result<()> {
    if !args.quiet {
        eprintln!(
            "whittle: reduced '{}' -> '{}'",
            input.display(),
            output.display()
        );
        for line in stats.summary().lines() {
            eprintln!("  {line}");
        }
    }
    if let Some(path) = &args.stats_json {
        let json = serde_json::to_vec_pretty(stats)?;
        reducer::write_atomically(path, &json)
            .map_err(|e| anyhow::anyhow!("--stats-json: {e:#}"))?;
    }
    Ok(())
}

fn print_passes() {
    println!("Delta passes (pass to `--delta-passes=` as a comma separated list):");
    for pass in PASSES {
        let aka: Vec<&str> = pass
            .llvm_names
            .iter()
            .copied()
            .filter(|n| *n != pass.name)
            .collect();
        let aka = if aka.is_empty() {
            String::new()
        } else {
            format!(" (llvm-reduce: {})", aka.join(", "))
        };
        let default = if pass.default {
            ""
        } else {
            " [not in the default sweep]"
        };
        println!("  {:<20} {}{aka}{default}", pass.name, pass.description);
    }
}

/// The passes to run, in order: `--delta-passes` (in the order given) or the
/// default sweep, minus `--skip-delta-passes`.
fn select_passes(only: Option<&str>, skip: Option<&str>) -> Result<Vec<&'static Pass>> {
    let names = |list: &str| -> Result<Vec<&'static Pass>> {
        list.split(',')
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .map(|n| {
                passes::find(n).ok_or_else(|| {
                    anyhow::anyhow!("unknown pass \"{n}\" (see --print-delta-passes for the list)")
                })
            })
            .collect()
    };
    let mut selected = match only {
        Some(list) => names(list)?,
        None => passes::default_passes(),
    };
    if let Some(list) = skip {
        let skipped = names(list)?;
        selected.retain(|p| !skipped.iter().any(|s| std::ptr::eq(*s, *p)));
    }
    if selected.is_empty() {
        bail!("no passes left to run");
    }
    Ok(selected)
}

/// The output has the input's format, or bitcode with `--output-bitcode`,
/// whatever the output file is called (as llvm-reduce does).
fn output_format(args: &Args, input_format: Format) -> Format {
    if args.output_bitcode {
        Format::Bitcode
    } else {
        input_format
    }
}

/// Fail before the reduction, not after it, when the result could not be
/// written.
fn check_output_writable(output: &Path) -> Result<()> {
    if output.is_dir() {
        bail!(
            "opening output file: Is a directory: '{}'",
            output.display()
        );
    }
    let dir = match output.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if let Err(e) = tempfile::Builder::new()
        .prefix(".whittle-probe-")
        .tempfile_in(dir)
    {
        let reason = e.to_string();
        bail!(
            "opening output file: cannot write to directory '{}': {reason}",
            dir.display()
        );
    }
    if let Ok(meta) = fs::metadata(output) {
        if meta.permissions().readonly() {
            bail!("opening output file: '{}' is read-only", output.display());
        }
    }
    Ok(())
}
