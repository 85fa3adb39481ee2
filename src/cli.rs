//! Command-line arguments: llvm-reduce's flags first, then whittle's own;
//! and the run description ([`RunSpec`]) they make.

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{bail, Result};
use clap::{ArgAction, CommandFactory, Parser, ValueEnum};
use whittle::bisect::BisectSpec;
use whittle::llvm::Formats;
use whittle::mlir::{MlirOptions, Syntax};
use whittle::oracle::env::{EnvSpec, Executor};
use whittle::oracle::slurm::{self, Allocation};
use whittle::oracle::{self, MrSpec};
use whittle::reduce::{Language, LlvmSpec, MirSpec, MlirSpec, RunSpec, Search};
use whittle::reducer::{Display, PolicyKind};
use whittle_passes::PassOptions;

#[derive(Parser, Debug)]
#[command(
    name = "whittle",
    version = whittle::VERSION,
    long_version = whittle::LONG_VERSION,
    about = "whittle: LLVM automatic testcase reducer (hierarchical delta debugging, probabilistic DD per level)",
    long_about = "whittle: LLVM automatic testcase reducer (hierarchical delta debugging, probabilistic DD per level).\n\n\
Shrinks an LLVM IR module (.ll or .bc), a Machine IR file (.mir) or an MLIR module (.mlir) while an \
interestingness test keeps succeeding. The test runs as `TEST [TEST-ARG]... CANDIDATE`; exit status 0 means \
the candidate is still interesting. Every candidate passes the LLVM (machine, MLIR) verifier \
before the test sees it. Command lines written for llvm-reduce work unchanged. Several modules of a link (INPUT MORE...) \
are reduced together into the -o directory.\n\n\
Subcommands: `whittle bisect` (from a failing pipeline to the culprit pass and a one-pass test), `whittle clang-crash` \
(from clang's crash reproducer to a regression test), `whittle miscompile` (from a program that misbehaves when optimized \
to the culprit pass and a regression test), `whittle lto` (the bitcode modules of a failing link, from an ld.lld --reproduce \
tarball or the link command).",
    after_help = "Example:\n  whittle --test=./crashes.sh --test-arg=-O2 input.ll -o reduced.ll",
    after_long_help = "Example:\n  whittle --test=./crashes.sh --test-arg=-O2 input.ll -o reduced.ll\n\n\
See also: whittle-bisect(1), whittle-clang-crash(1), whittle-miscompile(1), whittle-lto(1); the guide in docs/ \
(docs/README.md)."
)]
pub struct Args {
    /// The module to reduce (.ll, .bc, .mir or .mlir)
    #[arg(value_name = "INPUT")]
    pub input: Option<PathBuf>,

    /// More modules of a link, reduced together with INPUT (.ll, .bc; the test runs as TEST [TEST-ARG]... INPUT MORE...; -o names a directory)
    #[arg(value_name = "MORE")]
    pub more_inputs: Vec<PathBuf>,

    #[command(flatten)]
    pub oracle: OracleArgs,

    #[command(flatten)]
    pub run: RunArgs,

    /// Replace the input file with the result (atomically)
    #[arg(long)]
    pub in_place: bool,

    /// Passes to run, comma-separated, in this order (whittle's or llvm-reduce's names)
    #[arg(long, value_name = "LIST")]
    pub delta_passes: Option<String>,

    /// Passes not to run, comma-separated
    #[arg(long, value_name = "LIST")]
    pub skip_delta_passes: Option<String>,

    /// Print the passes and exit
    #[arg(long)]
    pub print_delta_passes: bool,

    /// Sweeps over every pass at most (the partial sweeps between them, over
    /// the passes whose last run changed something, do not count)
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub max_pass_iterations: usize,

    /// Run every pass in every sweep (by default a sweep between the first and the last runs only the passes that changed something in their last run)
    #[arg(long)]
    pub full_sweeps: bool,

    /// Test every candidate (by default one that changes a single function exactly as a candidate the test called not interesting did, its changed lines and two around them the same, the rest of the module aside, is presumed not interesting: a semantic test that needs most of the program would otherwise re-test each needed instruction and operand in every round and sweep)
    #[arg(long)]
    pub no_change_memory: bool,

    /// Split each level into 2^N chunks before the first test (llvm-reduce's option)
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub starting_granularity_level: u32,

    /// Make a candidate that fails the verifier a hard error instead of skipping it
    #[arg(long)]
    pub abort_on_invalid_reduction: bool,

    /// Hand the test bitcode files instead of textual IR
    #[arg(long)]
    pub write_tmp_files_as_bitcode: bool,

    /// Write the result as bitcode whatever the output file is called
    #[arg(long)]
    pub output_bitcode: bool,

    /// Target triple for target-dependent work and for reading MIR (the module is not changed)
    #[arg(long, value_name = "TRIPLE")]
    pub mtriple: Option<String>,

    /// MIR: the CPU of the target machine MIR is read with (LLVM IR ignores it)
    #[arg(long, value_name = "CPU")]
    pub mcpu: Option<String>,

    /// MIR: print machine functions in their short form (fields with default values left out)
    #[arg(long)]
    pub simplify_mir: bool,

    /// Pipeline the ir-passes pass runs, as for `opt -passes=`
    #[arg(long, value_name = "PIPELINE")]
    pub ir_passes: Option<String>,

    /// Call sites of functions with at most N instructions are inlining targets (-1: all)
    #[arg(
        long,
        value_name = "N",
        allow_negative_numbers = true,
        default_value_t = 25
    )]
    pub reduce_callsite_inline_threshold: i64,

    /// Reduce named metadata without regard to what it is
    #[arg(long)]
    pub aggressive_named_md_reduction: bool,

    /// Inner minimizer of each level: probabilistic DD (weighted), weighted DD, or classic ddmin
    #[arg(long, value_enum, default_value_t = PolicyArg::Probdd)]
    pub policy: PolicyArg,

    /// Draw size against oracle calls and against time, coloured by pass, failed tests as marks (SVG)
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,

    /// Input language: 'ir' (LLVM IR), 'mir' (Machine IR) or 'mlir' [default: by extension, .mir is MIR, .mlir is MLIR]
    #[arg(short = 'x', value_name = "LANG")]
    pub language: Option<String>,

    /// MLIR: accept operations of unregistered dialects (as mlir-opt's flag)
    #[arg(long, help_heading = "MLIR")]
    pub allow_unregistered_dialect: bool,

    /// MLIR: also try this mlir-opt pass pipeline as one candidate per sweep (e.g. canonicalize,cse,symbol-dce)
    #[arg(long, value_name = "PIPELINE", help_heading = "MLIR")]
    pub mlir_passes: Option<String>,

    /// MLIR: the test follows mlir-reduce's convention (a non-zero exit status means interesting)
    #[arg(long, help_heading = "MLIR")]
    pub mlir_reduce_exit_codes: bool,

    /// MLIR: hand the test (and write the output in) the generic operation form
    #[arg(long, help_heading = "MLIR")]
    pub mlir_print_op_generic: bool,

    /// Accepted for llvm-reduce compatibility (whittle never re-checks after counting)
    #[arg(long, hide = true)]
    pub skip_verify_interesting_after_counting_chunks: bool,
}

/// The oracle flags, shared by a reduction and `whittle bisect`.
#[derive(clap::Args, Debug)]
pub struct OracleArgs {
    /// Interestingness test, run as TEST [TEST-ARG]... CANDIDATE (exit 0 = interesting)
    #[arg(long, value_name = "TEST")]
    pub test: Option<PathBuf>,

    /// Argument passed to the test before the candidate (repeatable)
    #[arg(long = "test-arg", value_name = "ARG", action = ArgAction::Append, allow_hyphen_values = true)]
    pub test_args: Vec<String>,

    /// Oracle without a script: interesting when CMD crashes the way it crashes on the input (`%s` = candidate)
    #[arg(long, value_name = "CMD", help_heading = "Built-in oracles")]
    pub crash_cmd: Option<String>,

    /// Which parts of the crash must agree: auto, message, frames:N, any
    #[arg(
        long,
        value_name = "MODE",
        default_value = "auto",
        help_heading = "Built-in oracles"
    )]
    pub signature: String,

    /// Oracle without a script: interesting when CMD's stdout or stderr has a line matching --match (`%s` = candidate)
    #[arg(long, value_name = "CMD", help_heading = "Built-in oracles")]
    pub cmd: Option<String>,

    /// With --cmd: the pattern a line of the output must match; with --crash-cmd: also required of the crash output
    #[arg(
        long = "match",
        value_name = "REGEX",
        help_heading = "Built-in oracles"
    )]
    pub match_: Option<String>,

    /// With --cmd: no line of the output may match this
    #[arg(long, value_name = "REGEX", help_heading = "Built-in oracles")]
    pub no_match: Option<String>,

    /// Oracle from a failing lit test: its RUN lines must fail the same way; the output is the reduced test
    #[arg(long, value_name = "TEST", help_heading = "Built-in oracles")]
    pub lit: Option<PathBuf>,

    /// Oracle without a reference output: a metamorphic relation the candidate violates
    /// (opt-equivalence, llc-equivalence, reorder, user)
    #[arg(long, value_name = "NAME", help_heading = "Metamorphic oracles")]
    pub mr: Option<String>,

    /// How opt-equivalence runs programs: lli (JIT) or native (llc + clang)
    #[arg(
        long,
        value_name = "HOW",
        default_value = "lli",
        help_heading = "Metamorphic oracles"
    )]
    pub mr_exec: String,

    /// opt-equivalence's pipeline, as for `opt -passes=` (or raw flags such as -O3)
    #[arg(
        long,
        value_name = "PIPELINE",
        default_value = "default<O2>",
        allow_hyphen_values = true,
        help_heading = "Metamorphic oracles"
    )]
    pub mr_pipeline: String,

    /// The optimizer opt-equivalence checks [default: the opt of whittle's LLVM]
    #[arg(long, value_name = "PROGRAM", help_heading = "Metamorphic oracles")]
    pub mr_opt: Option<String>,

    /// The code generator llc-equivalence checks [default: the llc of whittle's LLVM]
    #[arg(long, value_name = "PROGRAM", help_heading = "Metamorphic oracles")]
    pub mr_llc: Option<String>,

    /// llc-equivalence's two flag sets, given twice [default: -O0, then -O2]
    #[arg(long, value_name = "FLAGS", action = ArgAction::Append, allow_hyphen_values = true, help_heading = "Metamorphic oracles")]
    pub mr_llc_flags: Vec<String>,

    /// Arguments every run of the program gets (shell words), for the relations that run it
    #[arg(
        long,
        value_name = "ARGS",
        allow_hyphen_values = true,
        help_heading = "Metamorphic oracles"
    )]
    pub mr_args: Option<String>,

    /// A file every run of the program reads as its standard input
    #[arg(long, value_name = "FILE", help_heading = "Metamorphic oracles")]
    pub mr_stdin: Option<PathBuf>,

    /// More flags for the link of a natively built program (shell words; -lstdc++ for C++)
    #[arg(
        long,
        value_name = "FLAGS",
        allow_hyphen_values = true,
        help_heading = "Metamorphic oracles"
    )]
    pub mr_link_flags: Option<String>,

    /// The tool reorder compares (`%s` = module; `-o FILE` is appended)
    #[arg(
        long,
        value_name = "CMD",
        default_value = "opt -S -passes=default<O2> %s",
        help_heading = "Metamorphic oracles"
    )]
    pub mr_tool: String,

    /// User-defined relation: derives the follow-up %t from the source %s
    #[arg(long, value_name = "CMD", help_heading = "Metamorphic oracles")]
    pub mr_followup: Option<String>,

    /// User-defined relation: runs a source or follow-up %s
    #[arg(long, value_name = "CMD", help_heading = "Metamorphic oracles")]
    pub mr_run: Option<String>,

    /// User-defined relation: how outputs must agree (exact, numeric:TOL)
    #[arg(
        long,
        value_name = "HOW",
        default_value = "exact",
        help_heading = "Metamorphic oracles"
    )]
    pub mr_compare: String,
}

/// How tests run and what is reported, shared by a reduction and `whittle
/// bisect`.
#[derive(clap::Args, Debug)]
pub struct RunArgs {
    /// Also write the result as a lit regression test reproducing the failure (with --crash-cmd or --cmd)
    #[arg(long, value_name = "FILE", help_heading = "Built-in oracles")]
    pub emit_lit: Option<PathBuf>,

    /// Where to write the result [default: reduced.ll, or reduced.bc for bitcode input]
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Test up to N candidates at once [default: available cores]
    #[arg(short = 'j', value_name = "N")]
    pub jobs: Option<usize>,

    /// Keep LLVM's crash reports and stack symbolization in the test's environment
    #[arg(long)]
    pub preserve_debug_environment: bool,

    /// Kill a test (and everything it started) after SECONDS; it counts as not interesting
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<f64>,

    /// Without --timeout, let every test run to its end. By default a test is stopped once it runs 10 times as long as the interesting tests so far (their 90th percentile) and at least 0.5 s: it counts as not interesting (with --executor=slurm, the limit applies on the node to each process of the test)
    #[arg(long)]
    pub no_auto_timeout: bool,

    /// Keep a candidate the test calls interesting only if N more runs of the test agree (for a test known to be flaky; 0 by default, raised to 2 once a re-check shows the test flaky, doubled on each later failed re-check up to 8)
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub confirm: u32,

    /// Re-test the result so far when it changed, between two rounds of a pass or at its end, at most once per TESTS tests and within a tenth of the run's tests (0: whenever it changed; default 100; counted in tests, not time, so the same reduction asks the same tests at any load); LLVM IR is also run with its locals filled (0x00, 0xa5, 0x5a; the last also trapping where it uses bytes of a local it never wrote). When the re-check fails, the test is flaky: the pass ends there, the reduction goes back to the latest result that passes 3 re-runs, confirms every interesting test from then on (--confirm 2, or the filled runs when they explain the failure), re-checks after every pass that changed the result, and the final re-check asks for 3 passes in a row
    #[arg(long, value_name = "TESTS", default_value_t = 100.0)]
    pub recheck_every: f64,

    /// Keep the scratch directory (candidates, the tests' working directories) and print where it is
    #[arg(long)]
    pub save_temps: bool,

    /// Write every figure of the run (calls by verdict and pass, cache hits, timeouts, times, sizes, the timeline of every call) as JSON
    #[arg(long, value_name = "FILE")]
    pub stats_json: Option<PathBuf>,

    /// Also print a line per pass that changed the module, and how failing tests ended
    #[arg(long, short = 'v')]
    pub verbose: bool,

    /// Print nothing but errors and warnings (no progress, no summary)
    #[arg(long, short = 'q', conflicts_with = "verbose")]
    pub quiet: bool,

    /// Where tests run: here, or one Slurm job step (job outside an allocation) per test
    #[arg(long, value_enum, default_value_t = ExecutorArg::Local, help_heading = "Running on a cluster")]
    pub executor: ExecutorArg,

    /// Passed to every srun (repeatable): --partition=P, --account=A, --time=T, --constraint=C, -c N, ...
    #[arg(long = "executor-arg", value_name = "ARG", action = ArgAction::Append, allow_hyphen_values = true, help_heading = "Running on a cluster")]
    pub executor_args: Vec<String>,

    /// Runs of a test after the first when Slurm fails it (a lost node, an srun error, no answer)
    #[arg(
        long,
        value_name = "N",
        default_value_t = 3,
        help_heading = "Running on a cluster"
    )]
    pub executor_retries: u32,

    /// Seconds a step may take beyond --timeout before it counts as hung and is cancelled
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 30.0,
        help_heading = "Running on a cluster"
    )]
    pub executor_grace: f64,

    /// Never send tests again to a node where one failed (by default such a node is avoided for 10 s, and while Slurm reports it down or not responding)
    #[arg(long, help_heading = "Running on a cluster")]
    pub executor_exclude_failed: bool,
}

/// `whittle clang-crash REPRO.sh [SOURCE]`.
#[derive(Parser, Debug)]
#[command(
    name = "whittle clang-crash",
    bin_name = "whittle clang-crash",
    version = whittle::VERSION,
    long_version = whittle::LONG_VERSION,
    about = "whittle clang-crash: from the reproducer clang writes when it crashes to a reduced regression test",
    long_about = "whittle clang-crash: from the reproducer clang writes when it crashes (foo-abc123.sh beside the preprocessed foo-abc123.c) to a reduced regression test.\n\n\
It runs the script's -cc1 command and records the crash signature, finds the failing stage (clang's stack dump, confirmed by \
emitting the IR before and after the optimizer), and then: for the optimizer or the code generator, emits the IR that stage starts \
from and bisects it (whittle bisect) with opt or llc and the reproducer's code-generation options where they reproduce the crash, \
else clang itself on the IR, ending with a one-pass lit test; for the front end, reduces the source with C-Vise, drops the -cc1 \
flags the crash does not need and writes a clang lit test (%clang_cc1). Every test is checked under lit.",
    after_help = "Example:\n  whittle clang-crash /tmp/foo-abc123.sh -o foo-reduced.ll --emit-lit foo-test.ll"
)]
pub struct ClangCrashArgs {
    /// The reproducer script clang wrote (foo-abc123.sh)
    #[arg(value_name = "REPRO.sh")]
    pub script: PathBuf,

    /// The preprocessed source (default: the file the script compiles, beside it)
    #[arg(value_name = "SOURCE")]
    pub source: Option<PathBuf>,

    /// The reduced IR (middle and back end) or source (front end) [default: STEM-reduced.ll or .c]
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// The regression test [default: STEM-test.ll or .c]
    #[arg(long, value_name = "FILE")]
    pub emit_lit: Option<PathBuf>,

    /// Tests to run at once
    #[arg(short = 'j', value_name = "N")]
    pub jobs: Option<usize>,

    /// Seconds a tool run may take
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<f64>,

    /// Keep the temporary files (the emitted IR, C-Vise's work) and say where
    #[arg(long)]
    pub save_temps: bool,

    /// Write the stage, the culprit, tool runs per step, sizes and time as JSON
    #[arg(long, value_name = "FILE")]
    pub stats_json: Option<PathBuf>,

    /// Say nothing but errors
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

impl ClangCrashArgs {
    pub fn spec(&self) -> Result<whittle::clang_crash::Spec> {
        timeout_seconds(self.timeout)?;
        Ok(whittle::clang_crash::Spec {
            script: self.script.clone(),
            source: self.source.clone(),
            output: self.output.clone(),
            emit_lit: self.emit_lit.clone(),
            jobs: self
                .jobs
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
                .max(1),
            timeout: self.timeout,
            save_temps: self.save_temps,
            quiet: self.quiet,
        })
    }
}

/// The `--executor` flags of a command that runs a reduction or a
/// bisection, as that command takes them.
fn executor_words(executor: ExecutorArg, args: &[String]) -> Result<Vec<String>> {
    if executor == ExecutorArg::Local && !args.is_empty() {
        bail!("--executor-arg goes with --executor=slurm");
    }
    let mut words = Vec::new();
    if executor == ExecutorArg::Slurm {
        words.push("--executor=slurm".to_string());
        words.extend(args.iter().map(|a| format!("--executor-arg={a}")));
    }
    Ok(words)
}

/// `whittle miscompile SOURCE... [-- CFLAGS...]`.
#[derive(Parser, Debug)]
#[command(
    name = "whittle miscompile",
    bin_name = "whittle miscompile",
    version = whittle::VERSION,
    long_version = whittle::LONG_VERSION,
    about = "whittle miscompile: from a program that misbehaves when optimized to the culprit pass and a reduced regression test",
    long_about = "whittle miscompile: from a program that misbehaves when optimized to the culprit pass and a reduced regression test.\n\n\
It builds the program (C, C++, or the IR of the whole program) at -O0 and at the level given, runs both and compares their \
stdout and exit status (or stdout with --expect-output); refuses a program the sanitizers (-fsanitize=undefined,address) report \
undefined behaviour in; finds the stage from the IR clang emits before optimizing (the optimizer's output through llc -O0, or \
that IR through llc at the level); for the optimizer, finds the functions that must be optimized (the others kept from it with \
optnone, ddmin over them) and bisects to the culprit pass with `whittle bisect --mr opt-equivalence`, which reduces the module \
under that pass; for the code generator, bisects llc's -opt-bisect-limit, running each probe, and reduces under --mr \
llc-equivalence (llc -O0 against the level). It writes the reduced module and a regression test (opt -passes=PASS or llc, \
with CHECK lines of what it produces now, as update_test_checks.py writes them), checked under lit.",
    after_help = "Example:\n  whittle miscompile prog.c --expect-output good.txt -o reduced.ll --emit-lit test.ll -- -O2 -march=x86-64-v3"
)]
pub struct MiscompileArgs {
    /// The program's sources (C, C++; or .ll/.bc modules of the whole program)
    #[arg(value_name = "SOURCE", required = true)]
    pub sources: Vec<PathBuf>,

    /// Compiler flags, as clang takes them (-O<n>, target flags, -fpass-plugin=..., -mllvm ...)
    #[arg(last = true, value_name = "CFLAGS", allow_hyphen_values = true)]
    pub cflags: Vec<String>,

    /// The level that misbehaves (1, 2, 3, s, z) [default: the flags' -O, else 2]
    #[arg(short = 'O', value_name = "N")]
    pub level: Option<String>,

    /// The program's arguments (shell words)
    #[arg(long, value_name = "ARGS", allow_hyphen_values = true)]
    pub run_args: Option<String>,

    /// A file the program reads as its standard input
    #[arg(long, value_name = "FILE")]
    pub stdin: Option<PathBuf>,

    /// The program's right output (stdout): the build that prints it is the good one
    #[arg(long, value_name = "FILE")]
    pub expect_output: Option<PathBuf>,

    /// Do not check the program with the sanitizers first
    #[arg(long)]
    pub no_sanitize: bool,

    /// The reduced module [default: STEM-reduced.ll]
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// The regression test [default: STEM-test.ll]
    #[arg(long, value_name = "FILE")]
    pub emit_lit: Option<PathBuf>,

    /// Tests to run at once
    #[arg(short = 'j', value_name = "N")]
    pub jobs: Option<usize>,

    /// Seconds a run of the program may take [default: 10]
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<f64>,

    /// Keep the temporary files (builds, IR) and say where
    #[arg(long)]
    pub save_temps: bool,

    /// Write the stage, functions, culprit, runs per step, sizes and time as JSON
    #[arg(long, value_name = "FILE")]
    pub stats_json: Option<PathBuf>,

    /// Where the bisection's and the reduction's tests run (local, slurm)
    #[arg(long, value_enum, default_value_t = ExecutorArg::Local)]
    pub executor: ExecutorArg,

    /// An argument for srun (with --executor=slurm), given once per argument
    #[arg(long = "executor-arg", value_name = "ARG", action = ArgAction::Append, allow_hyphen_values = true)]
    pub executor_args: Vec<String>,

    /// Say nothing but errors
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

impl MiscompileArgs {
    pub fn spec(&self) -> Result<whittle::miscompile::Spec> {
        timeout_seconds(self.timeout)?;
        let executor = executor_words(self.executor, &self.executor_args)?;
        Ok(whittle::miscompile::Spec {
            sources: self.sources.clone(),
            cflags: self.cflags.clone(),
            level: self
                .level
                .as_deref()
                .map(whittle::miscompile::program::Level::parse)
                .transpose()?,
            run_args: match &self.run_args {
                Some(a) => shell_words::split(a).map_err(|e| anyhow::anyhow!("--run-args: {e}"))?,
                None => Vec::new(),
            },
            stdin: self.stdin.clone(),
            expect_output: self.expect_output.clone(),
            output: self.output.clone(),
            emit_lit: self.emit_lit.clone(),
            jobs: self
                .jobs
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
                .max(1),
            timeout: self.timeout,
            save_temps: self.save_temps,
            quiet: self.quiet,
            no_sanitize: self.no_sanitize,
            executor,
        })
    }
}

/// `whittle lto REPRO.tar` or `whittle lto -- LINK...`.
#[derive(Parser, Debug)]
#[command(
    name = "whittle lto",
    bin_name = "whittle lto",
    version = whittle::VERSION,
    long_version = whittle::LONG_VERSION,
    about = "whittle lto: reduce the bitcode modules of a failing link together",
    long_about = "whittle lto: reduce the bitcode modules of a failing link together, from an `ld.lld --reproduce` tarball or from the link command.\n\n\
The bitcode inputs of the link (and the bitcode members of its archives, given to the linker between --start-lib and --end-lib) \
are the modules; native objects, archives and the other options stay as they are. The link's crash is recorded on the inputs \
(as --crash-cmd does) and is the oracle: whole modules are dropped, the modules merged into one where the crash survives \
llvm-link, and each module reduced in turn with the others fixed, round after round. The modules are written the way the inputs \
were (ThinLTO summaries), into the -o directory, which always holds the best set so far.",
    after_help = "Examples:\n  whittle lto repro.tar -o reduced/\n  whittle lto -o reduced/ -- clang -flto=thin -fuse-ld=lld a.o b.o libc.a -o prog"
)]
pub struct LtoArgs {
    /// The tarball `ld.lld --reproduce=FILE` wrote
    #[arg(value_name = "REPRO.tar")]
    pub tarball: Option<PathBuf>,

    /// The link command (instead of a tarball)
    #[arg(last = true, value_name = "LINK", allow_hyphen_values = true)]
    pub link: Vec<String>,

    /// The directory of the reduced modules [default: reduced]
    #[arg(short = 'o', long = "output", value_name = "DIR")]
    pub output: Option<PathBuf>,

    /// Also write the result as a lit test (split-file: the modules, the RUN lines that make their bitcode and the link)
    #[arg(long, value_name = "FILE")]
    pub emit_lit: Option<PathBuf>,

    /// Tests to run at once
    #[arg(short = 'j', value_name = "N")]
    pub jobs: Option<usize>,

    /// Seconds a link may take
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<f64>,

    /// Keep the temporary files (the unpacked tarball, the modules) and say where
    #[arg(long)]
    pub save_temps: bool,

    /// Write the modules' sizes, tests and time as JSON
    #[arg(long, value_name = "FILE")]
    pub stats_json: Option<PathBuf>,

    /// Where the tests run (local, slurm)
    #[arg(long, value_enum, default_value_t = ExecutorArg::Local)]
    pub executor: ExecutorArg,

    /// An argument for srun (with --executor=slurm), given once per argument
    #[arg(long = "executor-arg", value_name = "ARG", action = ArgAction::Append, allow_hyphen_values = true)]
    pub executor_args: Vec<String>,

    /// Say nothing but errors
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

impl LtoArgs {
    /// The reduction's flags, as `whittle` takes them (without the oracle
    /// and the modules).
    pub fn reduction_flags(&self) -> Result<Vec<String>> {
        timeout_seconds(self.timeout)?;
        let executor = executor_words(self.executor, &self.executor_args)?;
        let mut words = vec![
            "-o".to_string(),
            self.output
                .clone()
                .unwrap_or_else(|| PathBuf::from("reduced"))
                .display()
                .to_string(),
        ];
        if let Some(j) = self.jobs {
            words.extend(["-j".into(), j.to_string()]);
        }
        if let Some(t) = self.timeout {
            words.extend(["--timeout".into(), t.to_string()]);
        }
        if let Some(f) = &self.emit_lit {
            words.push(format!("--emit-lit={}", f.display()));
        }
        if let Some(f) = &self.stats_json {
            words.push(format!("--stats-json={}", f.display()));
        }
        if self.save_temps {
            words.push("--save-temps".into());
        }
        if self.quiet {
            words.push("-q".into());
        }
        words.extend(executor);
        Ok(words)
    }
}

/// `whittle bisect [FLAGS] INPUT`.
#[derive(Parser, Debug)]
#[command(
    name = "whittle bisect",
    bin_name = "whittle bisect",
    version = whittle::VERSION,
    long_version = whittle::LONG_VERSION,
    about = "whittle bisect: find the pass of an opt/llc/clang pipeline that causes a failure, and reduce its input to a one-pass test",
    long_about = "whittle bisect: find the pass of an opt/llc/clang pipeline that causes a failure, and reduce its input to a one-pass test.\n\n\
The oracle is a reduction's (--crash-cmd, --cmd/--match, --lit, --mr opt-equivalence); its command runs opt, llc or clang \
with a pipeline. whittle injects -opt-bisect-limit into that command to count the passes and find the first one after \
which the failure shows, checks that skipping it alone makes the failure go, captures the module as it enters it, finds \
the smallest pipeline that still fails on it, and reduces it under that pipeline. Each stage is reported as it finishes.",
    after_help = "Example:\n  whittle bisect --crash-cmd 'opt -passes=default<O2> -disable-output %s' input.ll -o reduced.ll --emit-lit test.ll"
)]
pub struct BisectArgs {
    /// The module whose failure to bisect (.ll or .bc)
    #[arg(value_name = "INPUT")]
    pub input: Option<PathBuf>,

    #[command(flatten)]
    pub oracle: OracleArgs,

    #[command(flatten)]
    pub run: RunArgs,

    /// Also find which firings of the culprit's debug counters the failure needs (-debug-counter=NAME=CHUNKS)
    #[arg(long)]
    pub counters: bool,
}

impl BisectArgs {
    /// The bisection the flags describe.
    pub fn spec(self) -> Result<BisectSpec> {
        if self.oracle.test.is_some() {
            bail!(
                "whittle bisect cannot see into a --test script: give the failing command with --crash-cmd, --cmd/--match, --lit or --mr opt-equivalence"
            );
        }
        let oracle = self.oracle.spec(false)?;
        let Some(input) = self.input.clone().or_else(|| self.oracle.lit.clone()) else {
            bail!("the input module must be specified: whittle bisect [FLAGS] INPUT");
        };
        let language = Language::of(None, &input)?;
        let defined_values_only = matches!(oracle, oracle::Spec::Mr(_));
        Ok(BisectSpec {
            run: RunSpec {
                input,
                language,
                output: self.run.output.clone(),
                in_place: false,
                oracle,
                control: None,
                env: self.run.env()?,
                only_passes: None,
                skip_passes: None,
                llvm: LlvmSpec {
                    options: PassOptions {
                        defined_values_only,
                        ..PassOptions::default()
                    },
                    ..Default::default()
                },
                mir: MirSpec::default(),
                mlir: MlirSpec::default(),
                search: Search {
                    policy: PolicyKind::Wdd,
                    max_pass_iterations: 5,
                    // bisect's reduction searches as it did before ProbDD
                    // and partial sweeps.
                    partial_sweeps: false,
                    change_memory: false,
                    starting_granularity: 2,
                    abort_on_invalid: false,
                    jobs: self.run.jobs(),
                    auto_limit: !self.run.no_auto_timeout,
                    confirm: self.run.confirm,
                    recheck_every: self.run.recheck_every()?,
                },
                display: self.run.display(),
                emit_lit: None,
            },
            counters: self.counters,
            emit_lit: self.run.emit_lit,
        })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ExecutorArg {
    Local,
    Slurm,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PolicyArg {
    Wdd,
    Ddmin,
    Probdd,
}

impl OracleArgs {
    /// The oracle the flags describe (exactly one must be given);
    /// `nonzero_interesting` is `--mlir-reduce-exit-codes`, for `--test`.
    pub fn spec(&self, nonzero_interesting: bool) -> Result<oracle::Spec> {
        let chosen = [
            self.test.is_some(),
            self.crash_cmd.is_some(),
            self.cmd.is_some(),
            self.lit.is_some(),
            self.mr.is_some(),
        ];
        match chosen.iter().filter(|b| **b).count() {
            0 => {
                bail!("--test option must be specified (or one of --crash-cmd, --cmd, --lit, --mr)")
            }
            1 => {}
            _ => bail!("give one oracle: --test, --crash-cmd, --cmd, --lit or --mr"),
        }
        if self.cmd.is_none() && self.no_match.is_some() {
            bail!("--no-match goes with --cmd");
        }
        if (self.test.is_some() || self.lit.is_some()) && self.match_.is_some() {
            bail!("--match goes with --cmd or --crash-cmd");
        }
        Ok(if let Some(test) = &self.test {
            oracle::Spec::Script {
                test: test.clone(),
                args: self.test_args.clone(),
                nonzero_interesting,
            }
        } else if let Some(command) = &self.crash_cmd {
            oracle::Spec::Crash {
                command: command.clone(),
                signature: self.signature.clone(),
                matches: self.match_.clone(),
            }
        } else if let Some(command) = &self.cmd {
            oracle::Spec::Output {
                command: command.clone(),
                matches: self.match_.clone(),
                no_match: self.no_match.clone(),
            }
        } else if let Some(relation) = &self.mr {
            oracle::Spec::Mr(MrSpec {
                relation: relation.clone(),
                exec: self.mr_exec.clone(),
                pipeline: self.mr_pipeline.clone(),
                opt: self.mr_opt.clone(),
                llc: self.mr_llc.clone(),
                llc_flags: self.mr_llc_flags.clone(),
                tool: self.mr_tool.clone(),
                followup: self.mr_followup.clone(),
                run: self.mr_run.clone(),
                compare: self.mr_compare.clone(),
                opt_flags: Vec::new(),
                program: Box::new(whittle::oracle::mr::RunSetup {
                    args: match &self.mr_args {
                        Some(a) => {
                            shell_words::split(a).map_err(|e| anyhow::anyhow!("--mr-args: {e}"))?
                        }
                        None => Vec::new(),
                    },
                    stdin: match &self.mr_stdin {
                        Some(f) if !f.is_file() => {
                            anyhow::bail!("--mr-stdin: '{}' is not a file", f.display())
                        }
                        Some(f) => Some(std::path::absolute(f)?),
                        None => None,
                    },
                    link_flags: match &self.mr_link_flags {
                        Some(a) => shell_words::split(a)
                            .map_err(|e| anyhow::anyhow!("--mr-link-flags: {e}"))?,
                        None => Vec::new(),
                    },
                }),
            })
        } else {
            oracle::Spec::Lit {
                test: self.lit.clone().expect("one oracle was given"),
                signature: self.signature.clone(),
                rewrite: None,
            }
        })
    }
}

/// `--timeout`, checked: a positive, finite number of seconds.
fn timeout_seconds(timeout: Option<f64>) -> Result<Option<Duration>> {
    match timeout {
        Some(t) if !(t > 0.0 && t.is_finite()) => {
            bail!("--timeout must be a positive number of seconds, not {t}")
        }
        t => Ok(t.map(Duration::from_secs_f64)),
    }
}

impl RunArgs {
    /// Where tests run, as the `--executor*` flags say.
    fn executor(&self) -> Result<Executor> {
        let slurm_only = [
            (!self.executor_args.is_empty(), "--executor-arg"),
            (self.executor_retries != 3, "--executor-retries"),
            (self.executor_grace != 30.0, "--executor-grace"),
            (self.executor_exclude_failed, "--executor-exclude-failed"),
        ];
        if self.executor == ExecutorArg::Local {
            if let Some((_, flag)) = slurm_only.iter().find(|(given, _)| *given) {
                bail!("{flag} goes with --executor=slurm");
            }
            return Ok(Executor::Local);
        }
        let grace = self.executor_grace;
        if !(grace >= 0.0 && grace.is_finite()) {
            bail!("--executor-grace must be a number of seconds, not {grace}");
        }
        Ok(Executor::Slurm(slurm::Settings {
            args: self.executor_args.clone(),
            retries: self.executor_retries,
            grace: Duration::from_secs_f64(grace),
            exclude_failed: self.executor_exclude_failed,
        }))
    }

    /// How and where tests run: `--timeout`, `--preserve-debug-environment`,
    /// `--save-temps`, `--executor*`.
    pub fn env(&self) -> Result<EnvSpec> {
        Ok(EnvSpec {
            timeout: timeout_seconds(self.timeout)?,
            preserve_debug_environment: self.preserve_debug_environment,
            save_temps: self.save_temps,
            divert_stderr: None,
            executor: self.executor()?,
        })
    }

    /// `--recheck-every`, checked.
    pub fn recheck_every(&self) -> Result<u64> {
        let every = self.recheck_every;
        if !(every >= 0.0 && every.is_finite() && every.fract() == 0.0) {
            bail!("--recheck-every must be a number of tests, not {every}");
        }
        Ok(every as u64)
    }

    /// `-j N`; by default the available cores, or under Slurm inside an
    /// allocation as many tests as it has tasks.
    pub fn jobs(&self) -> usize {
        let default_jobs = || match (self.executor, Allocation::current()) {
            (ExecutorArg::Slurm, Some(allocation)) => allocation.tasks,
            _ => std::thread::available_parallelism().map_or(1, |n| n.get()),
        };
        self.jobs.unwrap_or_else(default_jobs).max(1)
    }

    pub fn display(&self) -> Display {
        if self.quiet {
            Display::Quiet
        } else if self.verbose {
            Display::Verbose
        } else {
            Display::Normal
        }
    }
}

impl Args {
    /// The run the flags describe.
    pub fn spec(self) -> Result<RunSpec> {
        let oracle = self.oracle.spec(self.mlir_reduce_exit_codes)?;
        let Some(input) = self.input.clone().or_else(|| self.oracle.lit.clone()) else {
            bail!("reduction testcase positional argument must be specified");
        };
        let language = Language::of(self.language.as_deref(), &input)?;
        let env = self.run.env()?;
        let defaults = PassOptions::default();
        Ok(RunSpec {
            language,
            output: self.run.output.clone(),
            in_place: self.in_place,
            env,
            only_passes: self.delta_passes,
            skip_passes: self.skip_delta_passes,
            llvm: LlvmSpec {
                options: PassOptions {
                    inline_threshold: self.reduce_callsite_inline_threshold,
                    ir_passes: self.ir_passes.clone().unwrap_or(defaults.ir_passes),
                    mtriple: self.mtriple.clone(),
                    aggressive_named_md: self.aggressive_named_md_reduction,
                    defined_values_only: matches!(oracle, oracle::Spec::Mr(_)),
                    protected: match &oracle {
                        oracle::Spec::Mr(mr) => mr.protected_symbols(),
                        _ => Default::default(),
                    },
                },
                ir_passes_given: self.ir_passes.is_some(),
                formats: Formats {
                    tmp_bitcode: self.write_tmp_files_as_bitcode,
                    output_bitcode: self.output_bitcode,
                },
            },
            mir: MirSpec {
                target: whittle_llvm_ir::mir::Target {
                    triple: self.mtriple,
                    cpu: self.mcpu,
                },
                simplify: self.simplify_mir,
            },
            mlir: MlirSpec {
                options: MlirOptions {
                    pipeline: self.mlir_passes,
                },
                syntax: Syntax {
                    allow_unregistered: self.allow_unregistered_dialect,
                    generic: self.mlir_print_op_generic,
                },
            },
            search: Search {
                policy: match self.policy {
                    PolicyArg::Wdd => PolicyKind::Wdd,
                    PolicyArg::Ddmin => PolicyKind::DDMin,
                    PolicyArg::Probdd => PolicyKind::ProbDd,
                },
                max_pass_iterations: self.max_pass_iterations,
                partial_sweeps: !self.full_sweeps,
                change_memory: !self.no_change_memory,
                starting_granularity: 1usize << self.starting_granularity_level.min(20),
                abort_on_invalid: self.abort_on_invalid_reduction,
                jobs: self.run.jobs(),
                auto_limit: !self.run.no_auto_timeout,
                confirm: self.run.confirm,
                recheck_every: self.run.recheck_every()?,
            },
            display: self.run.display(),
            emit_lit: self.run.emit_lit,
            input,
            oracle,
            control: None,
        })
    }
}

/// Rewrite LLVM-style `-long-option` into `--long-option`, leaving option
/// values (the argument after `--test-arg`, say) alone.
pub fn normalize(args: impl IntoIterator<Item = OsString>) -> Vec<OsString> {
    normalize_for(Args::command(), args)
}

/// [`normalize`] for the flags of `command`.
pub fn normalize_for(
    command: clap::Command,
    args: impl IntoIterator<Item = OsString>,
) -> Vec<OsString> {
    // The long options and which of them take a value, from clap itself.
    let long: Vec<(String, bool)> = command
        .get_arguments()
        .filter_map(|a| {
            a.get_long()
                .map(|l| (l.to_string(), a.get_action().takes_values()))
        })
        .chain([("help".to_string(), false), ("version".to_string(), false)])
        .collect();
    let mut out = Vec::new();
    let mut value_next = false;
    for (i, arg) in args.into_iter().enumerate() {
        if i == 0 || value_next {
            value_next = false;
            out.push(arg);
            continue;
        }
        let Some(s) = arg.to_str() else {
            out.push(arg);
            continue;
        };
        let (dashes, body) = if let Some(b) = s.strip_prefix("--") {
            (2, b)
        } else if let Some(b) = s.strip_prefix('-') {
            (1, b)
        } else {
            (0, s)
        };
        let name = body.split('=').next().unwrap_or("");
        let known = long.iter().find(|(l, _)| l == name);
        if dashes >= 1 && !body.contains('=') && known.is_some_and(|(_, takes)| *takes) {
            value_next = true;
        }
        if dashes == 1 && known.is_some() {
            out.push(OsString::from(format!("-{s}")));
        } else {
            out.push(arg);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn norm(args: &[&str]) -> Vec<String> {
        normalize(args.iter().map(OsString::from))
            .into_iter()
            .map(|s| s.into_string().unwrap())
            .collect()
    }

    #[test]
    fn single_dash_long_options_are_accepted() {
        assert_eq!(
            norm(&[
                "whittle",
                "-abort-on-invalid-reduction",
                "-mtriple=x86_64",
                "-j",
                "2",
                "in.ll"
            ]),
            [
                "whittle",
                "--abort-on-invalid-reduction",
                "--mtriple=x86_64",
                "-j",
                "2",
                "in.ll"
            ]
        );
    }

    #[test]
    fn test_arg_values_are_left_alone() {
        assert_eq!(
            norm(&[
                "whittle",
                "--test-arg",
                "-test",
                "-test-arg",
                "--input-file",
                "--test-arg=-output"
            ]),
            [
                "whittle",
                "--test-arg",
                "-test",
                "--test-arg",
                "--input-file",
                "--test-arg=-output"
            ]
        );
    }

    #[test]
    fn flags_parse_like_llvm_reduce() {
        let args = Args::try_parse_from(normalize(
            [
                "whittle",
                "--test",
                "FileCheck",
                "--test-arg",
                "--check-prefixes=CHECK",
                "--test-arg",
                "%s",
                "in.ll",
                "-o",
                "out.ll",
            ]
            .map(OsString::from),
        ))
        .unwrap();
        assert_eq!(args.oracle.test.unwrap(), PathBuf::from("FileCheck"));
        assert_eq!(args.oracle.test_args, ["--check-prefixes=CHECK", "%s"]);
        assert_eq!(args.run.output.unwrap(), PathBuf::from("out.ll"));
        assert_eq!(args.max_pass_iterations, 5);
        assert_eq!(args.policy, PolicyArg::Probdd);
    }
}
