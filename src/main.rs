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

use anyhow::{anyhow, bail, Result};
use clap::{CommandFactory, Parser};
use regex::Regex;
use whittle::emit;
use whittle::llvm::frontend::LlvmFrontEnd;
use whittle::llvm::{self, Format};
use whittle::mlir::{self, frontend::MlirFrontEnd, passes::MlirOptions};
use whittle::oracle::command as oracle_command;
use whittle::oracle::crash::CrashOracle;
use whittle::oracle::lit::{LitOracle, LitTest};
use whittle::oracle::mr::{
    Compare, Exec, LlcEquivalence, MrOracle, OptEquivalence, Relation, Reorder, UserDefined,
};
use whittle::oracle::output::OutputOracle;
use whittle::oracle::script::ScriptOracle;
use whittle::oracle::signature::Mode as SignatureMode;
use whittle::oracle::Oracle;
use whittle::passes::{self, Pass, PassOptions, PASSES};
use whittle::reducer::{self, Display, Input, PolicyKind, Settings, Stats, Stopped};

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
    let chosen_count = [
        args.test.is_some(),
        args.crash_cmd.is_some(),
        args.cmd.is_some(),
        args.lit.is_some(),
        args.mr.is_some(),
    ]
    .iter()
    .filter(|b| **b)
    .count();
    if chosen_count == 0 {
        bail!("--test option must be specified (or one of --crash-cmd, --cmd, --lit, --mr)");
    }
    if chosen_count > 1 {
        bail!("give one oracle: --test, --crash-cmd, --cmd, --lit or --mr");
    }
    let Some(input) = args.input.clone().or_else(|| args.lit.clone()) else {
        bail!("reduction testcase positional argument must be specified");
    };
    if is_mlir(&args, &input)? {
        return run_mlir(args, input);
    }
    if args.mlir_passes.is_some() || args.allow_unregistered_dialect {
        bail!(
            "--mlir-passes and --allow-unregistered-dialect are for MLIR input (.mlir or -x mlir)"
        );
    }
    let selected = select_passes(
        args.delta_passes.as_deref(),
        args.skip_delta_passes.as_deref(),
    )?;

    let context = llvm::context();
    let (module, input_format) = llvm::load(&context, &input)?;
    if let Err(message) = llvm::verify(&module) {
        let first = message.lines().next().unwrap_or("").trim();
        bail!(
            "'{}' is not valid IR (the verifier says: {first})",
            input.display()
        );
    }

    if selected.iter().any(|p| p.name == "ir-passes") {
        let pipeline = args
            .ir_passes
            .clone()
            .unwrap_or_else(|| PassOptions::default().ir_passes);
        if let Err(message) =
            llvm::ir::metadata::check_pipeline(&module, &pipeline, args.mtriple.as_deref())
        {
            bail!("--ir-passes: LLVM ERROR: {message}");
        }
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
    if let Some(path) = &args.emit_lit {
        if args.crash_cmd.is_none() && args.cmd.is_none() {
            bail!("--emit-lit works with --crash-cmd or --cmd (with --lit the output is a lit test already)");
        }
        check_output_writable(path)?;
    }
    if args.lit.is_some() && output_format == Format::Bitcode {
        bail!("--lit writes a lit test, which is text: give a textual IR input and no --output-bitcode");
    }

    let (oracle, settings) = prepare(&args, &input, &output)?;
    let front_end = LlvmFrontEnd {
        passes: selected,
        options: PassOptions {
            inline_threshold: args.reduce_callsite_inline_threshold,
            ir_passes: args
                .ir_passes
                .clone()
                .unwrap_or_else(|| PassOptions::default().ir_passes),
            mtriple: args.mtriple.clone(),
            aggressive_named_md: args.aggressive_named_md_reduction,
            defined_values_only: args.mr.is_some(),
        },
        tmp_format: if args.write_tmp_files_as_bitcode || input_format == Format::Bitcode {
            Format::Bitcode
        } else {
            Format::Text
        },
        output_format,
    };
    let reducer_input = Input {
        snapshot: LlvmFrontEnd::snapshot(&module, &input.display().to_string()),
        size: llvm::ir::instruction_count(&module),
        bytes: llvm::serialize(&module, output_format).len() as u64,
    };
    drop(module);
    let result = reducer::run(
        Arc::new(front_end),
        reducer_input,
        oracle.as_dyn(),
        &settings,
    );
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
    report(&args, &input, &output, &stats)?;
    if let Some(path) = &args.emit_lit {
        emit_lit(&oracle, &args, &input, &output, &stats, path)?;
    }
    Ok(())
}

/// What every front end shares: the display, -j, --timeout, the oracle
/// (which says what it will look for) and the reducer's settings.
fn prepare(args: &Args, input: &Path, output: &Path) -> Result<(Chosen, Settings)> {
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
    let oracle = choose_oracle(args, input, timeout)?;
    if !args.quiet {
        if let Some(line) = oracle.describe() {
            eprintln!("whittle: {line}");
        }
    }
    let settings = Settings {
        policy: match args.policy {
            PolicyArg::Wdd => PolicyKind::Wdd,
            PolicyArg::Ddmin => PolicyKind::DDMin,
        },
        max_pass_iterations: args.max_pass_iterations,
        starting_granularity: 1usize << args.starting_granularity_level.min(20),
        abort_on_invalid: args.abort_on_invalid_reduction,
        output: output.to_path_buf(),
        jobs,
        display,
        save_temps: args.save_temps,
        output_header: oracle.output_header(),
    };
    Ok((oracle, settings))
}

/// Whether the input is MLIR: `-x mlir`, or a `.mlir`/`.mlirbc` file
/// without `-x`.
fn is_mlir(args: &Args, input: &Path) -> Result<bool> {
    match args.language.as_deref() {
        Some("mlir") => Ok(true),
        Some("ir") => Ok(false),
        Some(other) => bail!("-x {other}: the input language is 'ir' (LLVM IR) or 'mlir'"),
        None => Ok(input
            .extension()
            .is_some_and(|e| e == "mlir" || e == "mlirbc")),
    }
}

/// Reduce an MLIR module.
fn run_mlir(args: Args, input: PathBuf) -> Result<()> {
    for (given, flag) in [
        (args.mr.is_some(), "--mr"),
        (args.emit_lit.is_some(), "--emit-lit"),
        (args.ir_passes.is_some(), "--ir-passes"),
        (args.output_bitcode, "--output-bitcode"),
        (
            args.write_tmp_files_as_bitcode,
            "--write-tmp-files-as-bitcode",
        ),
    ] {
        if given {
            bail!("{flag} works with LLVM IR input only");
        }
    }
    let options = MlirOptions {
        pipeline: args.mlir_passes.clone(),
    };
    let selected = select_mlir_passes(
        args.delta_passes.as_deref(),
        args.skip_delta_passes.as_deref(),
        &options,
    )?;
    let module = mlir::Module::load(&input, args.allow_unregistered_dialect)?;
    if let Err(message) = module.verify() {
        let first = message.lines().next().unwrap_or("").trim();
        bail!(
            "'{}' is not valid MLIR (the verifier says: {first})",
            input.display()
        );
    }
    if let Some(pipeline) = &options.pipeline {
        mlir::check_pipeline(pipeline).map_err(|e| anyhow!("--mlir-passes: {e}"))?;
    }
    let output = if args.in_place {
        input.clone()
    } else {
        args.output
            .clone()
            .unwrap_or_else(|| PathBuf::from("reduced.mlir"))
    };
    check_output_writable(&output)?;
    let (oracle, settings) = prepare(&args, &input, &output)?;
    let generic = args.mlir_print_op_generic;
    let text = module
        .print(generic)
        .map_err(|e| anyhow!("cannot print '{}': {e}", input.display()))?;
    let reducer_input = Input {
        snapshot: MlirFrontEnd::snapshot(&module, &input.display().to_string())
            .map_err(|e| anyhow!("cannot write '{}' as bytecode: {e}", input.display()))?,
        size: module.op_count(),
        bytes: text.len() as u64,
    };
    drop(module);
    let front_end = MlirFrontEnd {
        passes: selected,
        options,
        allow_unregistered: args.allow_unregistered_dialect,
        generic,
        memo: Default::default(),
    };
    let result = reducer::run(
        Arc::new(front_end),
        reducer_input,
        oracle.as_dyn(),
        &settings,
    );
    finish(&args, &input, &output, result)
}

/// The summary (also of an interrupted run) and --stats-json.
fn finish(args: &Args, input: &Path, output: &Path, result: Result<Stats>) -> Result<()> {
    match result {
        Ok(stats) => report(args, input, output, &stats),
        Err(e) => {
            if let Some(Stopped::Interrupted(stats)) = e.downcast_ref::<Stopped>() {
                eprintln!(
                    "whittle: interrupted; the best reduction so far is in '{}'",
                    output.display()
                );
                report(args, input, output, stats)?;
            }
            Err(e)
        }
    }
}

/// The oracle the command line asks for.
enum Chosen {
    Mr(Arc<MrOracle>),
    Script(Arc<ScriptOracle>),
    Crash(Arc<CrashOracle>),
    Output(Arc<OutputOracle>),
    Lit(Arc<LitOracle>),
}

impl Chosen {
    fn as_dyn(&self) -> Arc<dyn Oracle> {
        match self {
            Chosen::Mr(o) => o.clone(),
            Chosen::Script(o) => o.clone(),
            Chosen::Crash(o) => o.clone(),
            Chosen::Output(o) => o.clone(),
            Chosen::Lit(o) => o.clone(),
        }
    }

    /// What a candidate must reproduce, said once at the start.
    fn describe(&self) -> Option<String> {
        match self {
            Chosen::Script(_) | Chosen::Output(_) => None,
            Chosen::Crash(o) => Some(format!(
                "crash signature (--signature={}): {}",
                o.mode(),
                o.signature().describe(o.mode())
            )),
            Chosen::Lit(o) => Some(format!("lit failure: {}", o.describe())),
            Chosen::Mr(o) => Some(o.describe()),
        }
    }

    /// With --lit the output is a lit test: its directives, then the module.
    fn output_header(&self) -> Option<Vec<u8>> {
        match self {
            Chosen::Lit(o) => {
                let mut header = o.test().directives.join("\n");
                header.push_str("\n\n");
                Some(header.into_bytes())
            }
            _ => None,
        }
    }
}

fn choose_oracle(args: &Args, input: &Path, timeout: Option<Duration>) -> Result<Chosen> {
    let regex = |flag: &str, text: &Option<String>| -> Result<Option<Regex>> {
        text.as_deref()
            .map(|t| Regex::new(t).map_err(|e| anyhow!("{flag}: {e}")))
            .transpose()
    };
    let matches = regex("--match", &args.match_)?;
    let no_match = regex("--no-match", &args.no_match)?;
    if args.cmd.is_none() && no_match.is_some() {
        bail!("--no-match goes with --cmd");
    }
    if (args.test.is_some() || args.lit.is_some()) && matches.is_some() {
        bail!("--match goes with --cmd or --crash-cmd");
    }
    let mode = SignatureMode::parse(&args.signature).map_err(|e| anyhow!("--signature: {e}"))?;
    let debug_env = |command: &mut whittle::oracle::process::TestCommand| {
        if !args.preserve_debug_environment {
            command
                .env
                .push(("LLVM_DISABLE_CRASH_REPORT".into(), "1".into()));
            command
                .env
                .push(("LLVM_DISABLE_SYMBOLIZATION".into(), "1".into()));
        }
        command.timeout = timeout;
    };
    if let Some(test) = &args.test {
        let oracle = ScriptOracle::new(test, args.test_args.clone())
            .preserve_debug_environment(args.preserve_debug_environment)
            .nonzero_interesting(args.mlir_reduce_exit_codes)
            .timeout(timeout);
        return Ok(Chosen::Script(Arc::new(oracle)));
    }
    let scratch = tempfile::tempdir()?;
    if let Some(text) = &args.crash_cmd {
        let mut command = oracle_command::parse(text).map_err(|e| anyhow!("--crash-cmd: {e:#}"))?;
        debug_env(&mut command);
        let oracle = CrashOracle::record(command, input, scratch.path(), mode, matches)?;
        return Ok(Chosen::Crash(Arc::new(oracle)));
    }
    if let Some(text) = &args.cmd {
        let mut command = oracle_command::parse(text).map_err(|e| anyhow!("--cmd: {e:#}"))?;
        debug_env(&mut command);
        let Some(matches) = matches else {
            bail!(
                "--cmd needs --match REGEX: the output pattern that makes a candidate interesting"
            );
        };
        return Ok(Chosen::Output(Arc::new(OutputOracle::new(
            command, matches, no_match,
        ))));
    }
    if let Some(name) = &args.mr {
        let relation = relation(args, name)?;
        let exec = match args.mr_exec.as_str() {
            "lli" => Exec::Lli,
            "native" => Exec::Native,
            other => bail!("--mr-exec: '{other}' is neither lli nor native"),
        };
        return Ok(Chosen::Mr(Arc::new(MrOracle::record(
            relation,
            exec,
            timeout,
            input,
            scratch.path(),
        )?)));
    }
    let path = args.lit.as_ref().expect("one oracle was given");
    let test = LitTest::read(path)?;
    Ok(Chosen::Lit(Arc::new(LitOracle::record(
        test,
        scratch.path(),
        mode,
        timeout,
    )?)))
}

/// The metamorphic relation `--mr NAME` and its options describe.
fn relation(args: &Args, name: &str) -> Result<Box<dyn Relation>> {
    let program = |flag: &str, given: &Option<String>, default: &str| -> Result<PathBuf> {
        let name = given.as_deref().unwrap_or(default);
        oracle_command::resolve_program(name).map_err(|e| anyhow!("{flag}: {e:#}"))
    };
    let command = |flag: &str, text: &str| -> Result<whittle::oracle::process::TestCommand> {
        oracle_command::parse(text).map_err(|e| anyhow!("{flag}: {e:#}"))
    };
    Ok(match name {
        "opt-equivalence" => Box::new(OptEquivalence::new(
            program("--mr-opt", &args.mr_opt, "opt")?,
            &args.mr_pipeline,
        )),
        "llc-equivalence" => {
            let flags: Vec<Vec<String>> = match args.mr_llc_flags.as_slice() {
                [] => vec![vec!["-O0".into()], vec!["-O2".into()]],
                [a, b] => [a, b]
                    .iter()
                    .map(|f| f.split_whitespace().map(String::from).collect())
                    .collect(),
                _ => {
                    bail!("--mr-llc-flags: give it twice (the two ways to compile), or not at all")
                }
            };
            Box::new(LlcEquivalence {
                llc: program("--mr-llc", &args.mr_llc, "llc")?,
                first: flags[0].clone(),
                second: flags[1].clone(),
            })
        }
        "reorder" => {
            let tool = command("--mr-tool", &args.mr_tool)?;
            Box::new(Reorder {
                tool: tool.program,
                args: tool.args,
            })
        }
        "user" => {
            let (Some(followup), Some(run)) = (&args.mr_followup, &args.mr_run) else {
                bail!("--mr user needs --mr-followup 'CMD %s %t' and --mr-run 'CMD %s'");
            };
            let compare =
                Compare::parse(&args.mr_compare).map_err(|e| anyhow!("--mr-compare: {e}"))?;
            Box::new(UserDefined {
                followup: command("--mr-followup", followup)?,
                run: command("--mr-run", run)?,
                compare,
            })
        }
        other => bail!(
            "--mr: unknown relation '{other}' (opt-equivalence, llc-equivalence, reorder, user)"
        ),
    })
}

/// Write the --emit-lit test for the result and check that it passes.
fn emit_lit(
    oracle: &Chosen,
    args: &Args,
    input: &Path,
    output: &Path,
    stats: &Stats,
    path: &Path,
) -> Result<()> {
    let context = llvm::context();
    let (module, _) = llvm::load(&context, output)?;
    // The module's identifier would name a file the test does not use.
    let text: String = module
        .print_to_string()
        .to_string()
        .lines()
        .filter(|l| !l.starts_with("; ModuleID"))
        .map(|l| format!("{l}\n"))
        .collect();
    let how = match oracle {
        Chosen::Crash(o) => format!("--crash-cmd '{}'", o.shown_command()),
        _ => format!(
            "--cmd '{}' --match '{}'",
            args.cmd.as_deref().unwrap_or(""),
            args.match_.as_deref().unwrap_or("")
        ),
    };
    let provenance = format!(
        "Reduced by whittle {} from '{}' with {how}: {} -> {} instructions in {} oracle calls.",
        env!("CARGO_PKG_VERSION"),
        input.display(),
        stats.instructions_before,
        stats.instructions_after,
        stats.tests
    );
    let test = match oracle {
        Chosen::Crash(o) => emit::crash_test(o, &text, &provenance)?,
        Chosen::Output(o) => emit::output_test(o, &text, &provenance)?,
        _ => unreachable!("checked before the reduction"),
    };
    reducer::write_atomically(path, test.as_bytes())?;
    emit::self_check(path).map_err(|e| anyhow!("--emit-lit '{}': {e:#}", path.display()))?;
    if !args.quiet {
        eprintln!("whittle: wrote lit test '{}'", path.display());
    }
    Ok(())
}

/// Print the summary (unless --quiet) and write --stats-json.
fn report(args: &Args, input: &Path, output: &Path, stats: &Stats) -> Result<()> {
    if !args.quiet {
        eprintln!(
            "whittle: Done reducing! Reduced testcase: '{}' (from '{}')",
            output.display(),
            input.display()
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
        println!("  {:<28} {}{aka}{default}", pass.name, pass.description);
    }
    println!();
    println!("MLIR delta passes (for .mlir input or -x mlir):");
    for pass in mlir::passes::PASSES {
        let default = if pass.default {
            ""
        } else if pass.name == "mlir-passes" {
            " [in the sweep with --mlir-passes]"
        } else {
            " [not in the default sweep]"
        };
        println!("  {:<28} {}{default}", pass.name, pass.description);
    }
}

/// The MLIR passes to run, in order: `--delta-passes` (in the order given)
/// or the default sweep, minus `--skip-delta-passes`.
fn select_mlir_passes(
    only: Option<&str>,
    skip: Option<&str>,
    options: &MlirOptions,
) -> Result<Vec<&'static mlir::passes::Pass>> {
    let names = |list: &str| -> Result<Vec<&'static mlir::passes::Pass>> {
        list.split(',')
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .map(|n| {
                mlir::passes::find(n).ok_or_else(|| {
                    anyhow!("unknown MLIR pass \"{n}\" (see --print-delta-passes for the list)")
                })
            })
            .collect()
    };
    let mut selected = match only {
        Some(list) => names(list)?,
        None => mlir::passes::default_passes(options),
    };
    if let Some(list) = skip {
        let skipped = names(list)?;
        selected.retain(|p| !skipped.iter().any(|s| std::ptr::eq(*s, *p)));
    }
    if selected.iter().any(|p| p.name == "mlir-passes") && options.pipeline.is_none() {
        bail!("the mlir-passes pass needs --mlir-passes=PIPELINE");
    }
    if selected.is_empty() {
        bail!("no passes left to run");
    }
    Ok(selected)
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
