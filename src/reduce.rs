//! A reduction as the library runs it: a [`RunSpec`] (what the command line
//! asked for) becomes a [`Prepared`] run (the input opened by its front end,
//! the passes chosen, the output checked, the test environment and the
//! oracle built), which then runs and, with `--emit-lit`, writes its
//! regression test. The `whittle` command is a thin layer over this; a
//! bisection reuses it.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{anyhow, bail, Result};
use whittle_passes::PassOptions;
use whittle_reducer::{
    self as reducer, select, AutoLimit, Display, Oracle, PolicyKind, Settings, Stats,
};

use crate::emit::{self, Comment};
use crate::llvm::{self, Formats};
use crate::mir;
use crate::mlir::{self, MlirOptions, Syntax};
use crate::oracle::env::{EnvSpec, Executor, TestEnv};
use crate::oracle::slurm::{Allocation, SlurmOracle};
use crate::oracle::{self, unless::Unless, Built};
use crate::versions;

/// The input language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    /// LLVM IR (`.ll`, `.bc`).
    Ir,
    /// Machine IR (`.mir`).
    Mir,
    Mlir,
}

impl Language {
    /// `-x LANG`, or the input's extension (`.mir`: Machine IR; `.mlir`,
    /// `.mlirbc`: MLIR).
    pub fn of(given: Option<&str>, input: &Path) -> Result<Language> {
        match given {
            Some("mlir") => Ok(Language::Mlir),
            Some("mir") => Ok(Language::Mir),
            Some("ir") => Ok(Language::Ir),
            Some(other) => bail!(
                "-x {other}: the input language is 'ir' (LLVM IR), 'mir' (Machine IR) or 'mlir'"
            ),
            None => Ok(match input.extension().and_then(|e| e.to_str()) {
                Some("mlir" | "mlirbc") => Language::Mlir,
                Some("mir") => Language::Mir,
                _ => Language::Ir,
            }),
        }
    }
}

/// How the search goes.
#[derive(Clone, Debug)]
pub struct Search {
    pub policy: PolicyKind,
    pub max_pass_iterations: usize,
    /// Between the first and the last sweep, run only the passes whose last
    /// run changed something.
    pub partial_sweeps: bool,
    /// Presume refused again a change the test refused ([`whittle_reducer`]'s
    /// memo; `--no-change-memory` turns it off).
    pub change_memory: bool,
    pub starting_granularity: usize,
    pub abort_on_invalid: bool,
    pub jobs: usize,
    /// Stop tests at the automatic time limit when there is no `--timeout`
    /// (on a cluster, on the node: `Oracle::judge_limited`).
    pub auto_limit: bool,
    /// Runs after an interesting one that must agree (`--confirm`).
    pub confirm: u32,
    /// How often the result so far is re-tested during the run, in tests
    /// (`--recheck-every`).
    pub recheck_every: u64,
}

/// LLVM IR's options.
#[derive(Clone, Debug, Default)]
pub struct LlvmSpec {
    pub options: PassOptions,
    /// Whether `--ir-passes` was given (it is LLVM-only).
    pub ir_passes_given: bool,
    pub formats: Formats,
}

/// Machine IR's options.
#[derive(Clone, Debug, Default)]
pub struct MirSpec {
    /// `--mtriple`, `--mcpu`: the target machine MIR is read with.
    pub target: whittle_llvm_ir::mir::Target,
    /// `--simplify-mir`: print machine functions in their short form.
    pub simplify: bool,
}

/// MLIR's options.
#[derive(Clone, Debug, Default)]
pub struct MlirSpec {
    pub options: MlirOptions,
    pub syntax: Syntax,
}

/// Everything a reduction run needs to know, from the command line.
#[derive(Clone, Debug)]
pub struct RunSpec {
    pub input: PathBuf,
    pub language: Language,
    /// `-o`; the default is `reduced.<extension>`.
    pub output: Option<PathBuf>,
    pub in_place: bool,
    pub oracle: oracle::Spec,
    /// A second oracle, built like the first (judging the same failure):
    /// a candidate is interesting only when it does *not* call it
    /// interesting (a bisection's "and not with the culprit skipped").
    pub control: Option<oracle::Spec>,
    pub env: EnvSpec,
    /// `--delta-passes` and `--skip-delta-passes`.
    pub only_passes: Option<String>,
    pub skip_passes: Option<String>,
    pub llvm: LlvmSpec,
    pub mir: MirSpec,
    pub mlir: MlirSpec,
    pub search: Search,
    pub display: Display,
    pub emit_lit: Option<PathBuf>,
}

/// The input, opened by its front end.
enum Front {
    Llvm(llvm::Opened),
    Mir(mir::Opened),
    Mlir(mlir::Opened),
}

/// A reduction ready to run.
pub struct Prepared {
    spec: RunSpec,
    front: Option<Front>,
    oracle: Built,
    /// What judges candidates: the oracle itself, it and the control, or
    /// the executor that sends it elsewhere with each candidate.
    judge: Arc<dyn Oracle>,
    env: Arc<TestEnv>,
    settings: Settings,
}

/// Run a reduction of `input` by `front_end`, and when the test does not
/// call the input interesting, give whittle's print of it too (what the
/// test saw), to find out why.
fn run_front<F: reducer::FrontEnd>(
    front_end: F,
    input: reducer::Input,
    oracle: Arc<dyn Oracle>,
    settings: &Settings,
) -> (Result<Stats>, Option<Vec<u8>>) {
    let front_end = Arc::new(front_end);
    let snapshot = input.snapshot.clone();
    let result = reducer::run(front_end.clone(), input, oracle, settings);
    let print = match &result {
        Err(e) if e.is::<reducer::InputNotInteresting>() => {
            let context = front_end.context();
            front_end
                .read(&context, &snapshot)
                .and_then(|module| front_end.test_bytes(&module))
                .ok()
        }
        _ => None,
    };
    (result, print)
}

/// How files of `spec`'s language are read, for [`versions`].
fn reader_of(spec: &RunSpec) -> versions::Reader {
    match spec.language {
        Language::Ir => versions::Reader::LlvmIr,
        Language::Mir => versions::Reader::Mir {
            mtriple: spec.mir.target.triple.clone(),
        },
        Language::Mlir => versions::Reader::Mlir {
            allow_unregistered: spec.mlir.syntax.allow_unregistered,
        },
    }
}

/// Open the input, choose the passes, check the outputs, build the test
/// environment and the oracle (which says what it will look for).
pub fn prepare(spec: RunSpec) -> Result<Prepared> {
    let (front, default_output) = match spec.language {
        Language::Mlir => {
            if let Some(why) = whittle_mlir_ir::unavailable() {
                bail!("{}: {why}", spec.input.display());
            }
            for (given, flag) in [
                (matches!(spec.oracle, oracle::Spec::Mr(_)), "--mr"),
                (spec.emit_lit.is_some(), "--emit-lit"),
                (spec.llvm.ir_passes_given, "--ir-passes"),
                (spec.llvm.formats.output_bitcode, "--output-bitcode"),
                (
                    spec.llvm.formats.tmp_bitcode,
                    "--write-tmp-files-as-bitcode",
                ),
            ] {
                if given {
                    bail!("{flag} works with LLVM IR input only");
                }
            }
            let passes = select(
                mlir::PASSES,
                mlir::passes::default_passes(&spec.mlir.options),
                spec.only_passes.as_deref(),
                spec.skip_passes.as_deref(),
                "MLIR pass",
            )?;
            if passes.iter().any(|p| p.info.name == "mlir-passes")
                && spec.mlir.options.pipeline.is_none()
            {
                bail!("the mlir-passes pass needs --mlir-passes=PIPELINE");
            }
            let opened = mlir::open(
                &spec.input,
                passes,
                spec.mlir.options.clone(),
                spec.mlir.syntax,
            )?;
            (Front::Mlir(opened), PathBuf::from("reduced.mlir"))
        }
        Language::Mir => {
            // As llvm-reduce does, MIR ignores requests for bitcode.
            for (given, flag) in [
                (matches!(spec.oracle, oracle::Spec::Mr(_)), "--mr"),
                (spec.llvm.ir_passes_given, "--ir-passes"),
                (spec.mlir.options.pipeline.is_some(), "--mlir-passes"),
                (
                    spec.mlir.syntax.allow_unregistered,
                    "--allow-unregistered-dialect",
                ),
            ] {
                if given {
                    bail!("{flag} does not work with Machine IR input");
                }
            }
            let passes = select(
                mir::PASSES,
                mir::passes::default_passes(),
                spec.only_passes.as_deref(),
                spec.skip_passes.as_deref(),
                "MIR pass",
            )?;
            let opened = mir::open(
                &spec.input,
                passes,
                spec.mir.target.clone(),
                spec.mir.simplify,
            )?;
            (Front::Mir(opened), PathBuf::from("reduced.mir"))
        }
        Language::Ir => {
            if spec.mlir.options.pipeline.is_some() || spec.mlir.syntax.allow_unregistered {
                bail!(
                    "--mlir-passes and --allow-unregistered-dialect are for MLIR input (.mlir or -x mlir)"
                );
            }
            let mut passes = select(
                whittle_passes::PASSES,
                whittle_passes::default_passes(),
                spec.only_passes.as_deref(),
                spec.skip_passes.as_deref(),
                "pass",
            )?;
            if matches!(spec.oracle, oracle::Spec::Mr(_)) {
                // Undefined values pass for miscompilations when runs of
                // the program judge it.
                let unsafe_for_mr = |p: &whittle_passes::Pass| p.info.introduces_undefined_values;
                if spec.only_passes.is_some() && spec.display != Display::Quiet {
                    for p in passes.iter().filter(|p| unsafe_for_mr(p)) {
                        eprintln!(
                            "whittle: note: pass {} does not run with --mr: it puts undefined values into the module",
                            p.info.name
                        );
                    }
                }
                passes.retain(|p| !unsafe_for_mr(p));
                if passes.is_empty() {
                    bail!("no passes left to run");
                }
            }
            let opened = llvm::open(
                &spec.input,
                passes,
                spec.llvm.options.clone(),
                spec.llvm.formats,
            )?;
            let default = PathBuf::from(format!("reduced.{}", opened.format.extension()));
            (Front::Llvm(opened), default)
        }
    };
    let output = if spec.in_place {
        spec.input.clone()
    } else {
        spec.output.clone().unwrap_or(default_output)
    };
    check_output_writable(&output)?;
    if let (Front::Llvm(_) | Front::Mir(_), Some(path)) = (&front, &spec.emit_lit) {
        if !matches!(
            spec.oracle,
            oracle::Spec::Crash { .. } | oracle::Spec::Output { .. }
        ) {
            bail!("--emit-lit works with --crash-cmd or --cmd (with --lit the output is a lit test already)");
        }
        check_output_writable(path)?;
    }
    if let Front::Llvm(opened) = &front {
        if matches!(spec.oracle, oracle::Spec::Lit { .. })
            && opened.front_end.output_format == whittle_llvm_ir::Format::Bitcode
        {
            bail!("--lit writes a lit test, which is text: give a textual IR input and no --output-bitcode");
        }
    }

    let env = Arc::new(TestEnv::new(spec.env.clone())?);
    let built = oracle::build(&spec.oracle, &spec.input, &env)?;
    if spec.display != Display::Quiet {
        if let Some(line) = built.describe() {
            eprintln!("whittle: {line}");
        }
        for note in built.notes() {
            eprintln!("whittle: note: {note}");
        }
    }
    let mut jobs = spec.search.jobs;
    let judge: Arc<dyn Oracle> = match (env.executor(), &spec.control) {
        (Executor::Local, None) => built.as_dyn(),
        (Executor::Local, Some(control)) => Arc::new(Unless {
            first: built.as_dyn(),
            second: oracle::build_like(control, &built, &env, &spec.input)?.as_dyn(),
        }),
        (Executor::Slurm(slurm), control) => {
            if let Some(allocation) = Allocation::current() {
                if jobs > allocation.tasks {
                    eprintln!(
                        "whittle: warning: -j {jobs} is more than the {} tasks of allocation {}: testing {} at once (more would only wait for free CPUs)",
                        allocation.tasks, allocation.job_id, allocation.tasks
                    );
                    jobs = allocation.tasks;
                }
            }
            if env.timeout().is_none() && !spec.search.auto_limit && !matches!(built, Built::Mr(..))
            {
                eprintln!(
                    "whittle: warning: --executor=slurm with --no-auto-timeout and without --timeout: a hung srun (a step whose daemon died) is never cancelled"
                );
            }
            let oracle = SlurmOracle::new(&built, slurm.clone(), env.clone())?;
            // The node judges the control too, on the same candidate.
            Arc::new(match control {
                Some(control) => {
                    oracle.with_control(&oracle::build_like(control, &built, &env, &spec.input)?)
                }
                None => oracle,
            })
        }
    };
    let settings = Settings {
        policy: spec.search.policy,
        max_pass_iterations: spec.search.max_pass_iterations,
        partial_sweeps: spec.search.partial_sweeps,
        starting_granularity: spec.search.starting_granularity,
        abort_on_invalid: spec.search.abort_on_invalid,
        output,
        scratch: env.scratch_root().to_path_buf(),
        jobs,
        display: spec.display,
        output_header: built.output_header(),
        auto_limit: (spec.search.auto_limit && env.timeout().is_none()).then(AutoLimit::default),
        confirm: spec.search.confirm,
        recheck_every: spec.search.recheck_every,
        change_memory: spec.search.change_memory,
    };
    Ok(Prepared {
        spec,
        front: Some(front),
        oracle: built,
        judge,
        env,
        settings,
    })
}

impl Prepared {
    pub fn input(&self) -> &Path {
        &self.spec.input
    }

    /// Where the result goes.
    pub fn output(&self) -> &Path {
        &self.settings.output
    }

    /// The result as the body of a lit test, with the comment syntax of its
    /// language: MIR is the test as it is (its comments start with `#`); IR
    /// is printed again, without the `; ModuleID` line.
    pub fn result_as_test(&self) -> Result<(String, Comment)> {
        Ok(match self.spec.language {
            Language::Mir => (
                fs::read_to_string(self.output())
                    .map_err(|e| anyhow!("cannot read '{}': {e}", self.output().display()))?,
                Comment::Hash,
            ),
            _ => (llvm::test_text(self.output())?, Comment::Semicolon),
        })
    }

    /// The oracle, as built on the input.
    pub fn oracle(&self) -> &Built {
        &self.oracle
    }

    /// The environment the tests run in.
    pub fn env(&self) -> &Arc<TestEnv> {
        &self.env
    }

    /// Run the reduction (once). An interrupt ends it with a
    /// [`reducer::Stopped`] error, the best module so far written.
    pub fn run(&mut self) -> Result<Stats> {
        let oracle = self.judge.clone();
        let (result, print) = match self.front.take().expect("a prepared run runs once") {
            Front::Llvm(o) => run_front(o.front_end, o.input, oracle, &self.settings),
            Front::Mir(o) => run_front(o.front_end, o.input, oracle, &self.settings),
            Front::Mlir(o) => run_front(o.front_end, o.input, oracle, &self.settings),
        };
        let result = match (result, print) {
            (Err(e), Some(print)) => Err(self.rejected_print(e, &print)),
            (result, _) => result,
        };
        if let Some(kept) = self.env.kept_scratch() {
            eprintln!("whittle: scratch files kept in '{}'", kept.display());
        }
        result
    }

    /// How files of the input's language are read, for [`versions`].
    pub fn reader(&self) -> versions::Reader {
        reader_of(&self.spec)
    }

    /// The test did not call whittle's print of the input (`print`)
    /// interesting: if it calls the input file as given interesting, the
    /// error is that (the test's tools read another LLVM's IR, most
    /// likely), else `error` as it was.
    fn rejected_print(&self, error: anyhow::Error, print: &[u8]) -> anyhow::Error {
        let Some(not_interesting) = error.downcast_ref::<reducer::InputNotInteresting>() else {
            return error;
        };
        let Ok(dir) = self.env.private_dir("input-as-given") else {
            return error;
        };
        let extension = self
            .spec
            .input
            .extension()
            .map_or(String::new(), |e| format!(".{}", e.to_string_lossy()));
        let given = dir.join(format!("candidate{extension}"));
        if fs::copy(&self.spec.input, &given).is_err() {
            return error;
        }
        let accepted = self
            .judge
            .judge(&given, &dir, &reducer::Cancel::new())
            .is_ok_and(|o| o.verdict == reducer::Verdict::Interesting);
        if !accepted {
            return error;
        }
        let printed = dir.join(format!("printed{extension}"));
        if fs::write(&printed, print).is_err() {
            return error;
        }
        anyhow!(
            "{}",
            versions::print_rejected(
                &self.reader(),
                &self.spec.input,
                &printed,
                &not_interesting.stderr_tail
            )
        )
    }

    /// With `--emit-lit FILE`: write the result as a lit test reproducing
    /// the failure, after checking that it passes; returns where.
    pub fn emit_lit(&self, stats: &Stats) -> Result<Option<&Path>> {
        let Some(path) = &self.spec.emit_lit else {
            return Ok(None);
        };
        let (text, comment) = self.result_as_test()?;
        let how = match &self.oracle {
            Built::Crash(o) => format!("--crash-cmd '{}'", o.shown_command()),
            _ => match &self.spec.oracle {
                oracle::Spec::Output {
                    command, matches, ..
                } => format!(
                    "--cmd '{command}' --match '{}'",
                    matches.as_deref().unwrap_or("")
                ),
                _ => unreachable!("checked when prepared"),
            },
        };
        let provenance = format!(
            "Reduced by whittle {} from '{}' with {how}: {} -> {} {} in {} oracle calls.",
            crate::VERSION,
            self.input().display(),
            stats.instructions_before,
            stats.instructions_after,
            if stats.unit.is_empty() {
                "instructions"
            } else {
                stats.unit
            },
            stats.tests
        );
        let test = match &self.oracle {
            Built::Crash(o) => emit::crash_test(o, &text, &provenance, comment)?,
            Built::Output(o) => emit::output_test(o, &text, &provenance, comment)?,
            _ => unreachable!("checked when prepared"),
        };
        reducer::write_atomically(path, test.as_bytes())?;
        emit::self_check(path, &self.env)
            .map_err(|e| anyhow!("--emit-lit '{}': {e:#}", path.display()))?;
        Ok(Some(path))
    }
}

/// Fail before the reduction, not after it, when the result could not be
/// written.
pub fn check_output_writable(output: &Path) -> Result<()> {
    if output.is_dir() {
        bail!(
            "opening output file: Is a directory: '{}'",
            output.display()
        );
    }
    // A device or FIFO (`-o /dev/null`) is written into, not replaced (and
    // opening a FIFO to probe it would wait for a reader).
    if fs::metadata(output).is_ok_and(|m| !m.is_file()) {
        return Ok(());
    }
    let dir = reducer::directory_of(output);
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
