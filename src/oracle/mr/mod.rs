//! Metamorphic oracles (`--mr NAME`): reduce a miscompilation without a
//! reference output, as DDMT does. A candidate is the *source input*; the
//! relation derives a *follow-up* (the optimized module, the module built
//! another way, the module with functions reordered), runs both, and calls
//! the candidate interesting when the relation is violated.
//!
//! Verdicts: Interesting when the outputs differ; NotInteresting when they
//! agree; Unresolved when an execution fails (a signal, a timeout, a tool
//! that cannot build the program; but where the input's follow-up crashed,
//! that crash is the violation: see `followup`) or when the source execution cannot be
//! trusted: it differs between two runs, it changes when its stack is filled
//! with a byte pattern (it reads locals it never wrote), or (with `lli`) the
//! interpreter and the JIT disagree on it. Those checks run only when the relation looks
//! violated, so a candidate that satisfies it costs just the two runs.

mod compare;
mod followup;
mod llc_equivalence;
mod opt_equivalence;
mod reorder;
mod trust;
mod user;

use std::cell::Cell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::Result;
use whittle_reducer::{Cancel, Captured, Oracle, Outcome, Verdict};

pub use compare::Compare;
pub use followup::{judge_followup, FollowupRun};
pub use llc_equivalence::LlcEquivalence;
pub use opt_equivalence::OptEquivalence;
pub use reorder::Reorder;
pub use trust::{Layout, Program, Randomization, SourceRun, STACK_SHIFT_VARIABLE};
pub use user::UserDefined;

use super::command::{llvm_bin_dir, resolve_program};
use super::env::TestEnv;
use super::process::{Ended, ProcessOutcome, TestCommand};

/// The status of a candidate that satisfies the relation.
pub const HOLDS: &str = "relation holds";

/// What a relation found for one candidate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Check {
    Holds,
    Violated,
    /// The candidate could not be judged; why.
    Unresolved(String),
    /// Not the violation the input showed (its follow-up crash is gone, or
    /// another one took its place); why.
    NotAsInput(String),
}

/// The input does not show a violation the relation can judge (it holds,
/// or a run of it fails): the error of recording the oracle, which a
/// caller that could run the programs another way may act on.
#[derive(Debug)]
pub struct InputNotViolating(pub String);

impl std::fmt::Display for InputNotViolating {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InputNotViolating {}

/// A metamorphic relation.
pub trait Relation: Send + Sync {
    fn name(&self) -> String;
    /// How the relation runs the source program, when it runs it (and so
    /// needs the trust checks that running it makes possible).
    fn source_run(&self) -> Option<SourceRun<'_>>;
    /// Build the follow-up of `source`, run both, compare.
    fn check(&self, source: &Path, env: &Env<'_>) -> Result<Check>;
}

/// How a program (a module with `main`) is run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exec {
    /// LLVM's JIT (`lli`).
    Lli,
    /// Compiled with `llc`, linked with clang, run natively.
    Native,
}

/// How the program runs beyond the module: the arguments every run gets
/// (after the program, or after the module for lli), its standard input
/// (`--mr-args`, `--mr-stdin`; `whittle miscompile`'s `--run-args`,
/// `--stdin`), and more flags for a native build's link (`--mr-link-flags`:
/// a C++ program's runtime library).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RunSetup {
    pub args: Vec<String>,
    pub stdin: Option<PathBuf>,
    #[serde(default)]
    pub link_flags: Vec<String>,
}

/// What relations need around them: where to work, the limits, the tools.
pub struct Env<'a> {
    pub test_env: &'a TestEnv,
    pub scratch: &'a Path,
    pub cancel: &'a Cancel,
    pub timeout: Option<Duration>,
    pub exec: Exec,
    /// What the program is given on every run.
    pub program: &'a RunSetup,
    /// Whether `lli -force-interpreter` can run this program (it lacks
    /// some intrinsics); decided on the input.
    pub interpreter_usable: bool,
    /// How runs get a fixed address layout; decided once.
    pub randomization: &'a Randomization,
    /// The signal the input's follow-up program crashed with, when that
    /// crash is the violation; decided on the input.
    pub input_crash: Option<i32>,
    /// The signal a follow-up run of this check crashed with.
    pub followup_crashed: Cell<Option<i32>>,
}

/// The observable behaviour of a run: stdout and exit status.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Behaviour {
    pub stdout: Captured,
    pub status: i32,
}

/// A tool or program run that did not complete normally.
#[derive(Clone, Debug)]
pub struct Failed(pub String);

impl Env<'_> {
    /// Run `program args...` in the scratch directory.
    pub fn run(&self, program: &Path, args: &[String]) -> Result<ProcessOutcome> {
        self.run_in(program, args, Layout::default())
    }

    /// Run `program args...` in the scratch directory with its addresses
    /// laid out as `layout` says.
    pub fn run_in(
        &self,
        program: &Path,
        args: &[String],
        layout: Layout,
    ) -> Result<ProcessOutcome> {
        self.run_with(program, args, layout, None)
    }

    /// Run the program (a module through lli, or a binary): `args`, then
    /// its [`RunSetup`].
    pub fn run_program(
        &self,
        program: &Path,
        args: &[String],
        layout: Layout,
    ) -> Result<ProcessOutcome> {
        let mut args = args.to_vec();
        args.extend(self.program.args.iter().cloned());
        self.run_with(program, &args, layout, self.program.stdin.as_deref())
    }

    fn run_with(
        &self,
        program: &Path,
        args: &[String],
        layout: Layout,
        stdin: Option<&Path>,
    ) -> Result<ProcessOutcome> {
        let (program, args) = self.randomization.wrap(program, args, layout);
        let command = TestCommand {
            program,
            args,
            substitute: true,
            stdin: stdin.map(Path::to_path_buf),
            timeout: self.timeout,
            env: layout
                .stack_shift
                .map(|n| (STACK_SHIFT_VARIABLE.to_string(), ".".repeat(n)))
                .into_iter()
                .collect(),
            ..Default::default()
        };
        Ok(self
            .test_env
            .run(&command, Path::new(""), self.scratch, self.cancel)?)
    }

    /// Run a tool that must succeed (opt, llc, the linker); Err(Failed) says
    /// how it did not.
    pub fn tool(&self, program: &Path, args: &[String]) -> Result<std::result::Result<(), Failed>> {
        let out = self.run(program, args)?;
        Ok(match out.ended {
            Ended::Exited(0) => Ok(()),
            ended => Err(Failed(format!(
                "{} {}: {}",
                program
                    .file_name()
                    .map_or(String::new(), |n| n.to_string_lossy().into_owned()),
                ended.describe(),
                out.stderr
                    .text()
                    .lines()
                    .find(|l| !l.trim().is_empty())
                    .unwrap_or("")
                    .trim()
            ))),
        })
    }

    /// Run a program file (a module through lli, or a native binary) and
    /// observe it. A signal or a timeout is a failed execution.
    pub fn observe(
        &self,
        program: &Path,
        args: &[String],
    ) -> Result<std::result::Result<Behaviour, Failed>> {
        self.observe_in(program, args, Layout::default())
    }

    /// [`Env::observe`] with its addresses laid out as `layout` says. The
    /// program gets its [`RunSetup`] after `args`.
    pub fn observe_in(
        &self,
        program: &Path,
        args: &[String],
        layout: Layout,
    ) -> Result<std::result::Result<Behaviour, Failed>> {
        let out = self.run_program(program, args, layout)?;
        Ok(match out.ended {
            Ended::Exited(status) => Ok(Behaviour {
                stdout: out.stdout,
                status,
            }),
            ended => Err(Failed(format!("the program {}", ended.describe()))),
        })
    }

    /// `llc FLAGS module` + link into `binary`.
    pub fn build_native(
        &self,
        module: &Path,
        llc_flags: &[String],
        binary: &Path,
    ) -> Result<std::result::Result<(), Failed>> {
        self.build_native_with(&tool("llc")?, module, llc_flags, binary)
    }

    pub fn build_native_with(
        &self,
        llc: &Path,
        module: &Path,
        llc_flags: &[String],
        binary: &Path,
    ) -> Result<std::result::Result<(), Failed>> {
        let object = binary.with_extension("o");
        let mut args: Vec<String> = llc_flags.to_vec();
        // Position-independent, as the system linker builds PIE by default.
        args.extend([
            "-relocation-model=pic".into(),
            "-filetype=obj".into(),
            module.display().to_string(),
            "-o".into(),
            object.display().to_string(),
        ]);
        if let Err(f) = self.tool(llc, &args)? {
            return Ok(Err(f));
        }
        let mut link = vec![
            object.display().to_string(),
            "-o".into(),
            binary.display().to_string(),
            "-lm".into(),
        ];
        link.extend(self.program.link_flags.iter().cloned());
        self.tool(&tool("clang")?, &link)
    }
}

/// A tool of whittle's LLVM by name.
pub fn tool(name: &str) -> Result<PathBuf> {
    let p = llvm_bin_dir().join(name);
    if p.is_file() {
        Ok(p)
    } else {
        resolve_program(name)
    }
}

/// What a metamorphic oracle decided on the input: the programs' time
/// limit, whether lli's interpreter can run them, and how address
/// randomization is controlled (the nodes of a cluster are assumed to be
/// set up like the machine whittle runs on).
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Recorded {
    pub timeout: Option<Duration>,
    pub interpreter_usable: bool,
    pub under_lli: bool,
    pub randomization: Randomization,
    #[serde(default)]
    pub input_crash: Option<i32>,
}

/// The metamorphic oracle: a relation, and how programs run.
pub struct MrOracle {
    test_env: Arc<TestEnv>,
    relation: Box<dyn Relation>,
    exec: Exec,
    program: RunSetup,
    timeout: Option<Duration>,
    interpreter_usable: AtomicBool,
    /// Whether the source runs under lli (so its interpreter can check it).
    under_lli: bool,
    randomization: Randomization,
    /// The signal the input's follow-up crashed with, when that is its
    /// violation.
    input_crash: Option<i32>,
    /// The module it was recorded on, and whether lli's interpreter can run
    /// other modules it was asked about (a bisection's culprit input).
    input: PathBuf,
    usable_on: Mutex<HashMap<PathBuf, (bool, bool)>>,
}

impl MrOracle {
    /// Set up `relation` and check it on the input: the input must violate
    /// it (else there is nothing to reduce); whether lli's interpreter can
    /// run the program is decided here too.
    ///
    /// Without `--timeout`, programs get ten times as long as checking the
    /// relation on the input took (at least 2 seconds; 60 seconds while
    /// checking the input): a reduction easily turns a loop into one that
    /// never ends.
    pub fn record(
        relation: Box<dyn Relation>,
        exec: Exec,
        program: RunSetup,
        input: &Path,
        test_env: Arc<TestEnv>,
    ) -> Result<MrOracle> {
        let input = std::path::absolute(input)?;
        let timeout = test_env.timeout();
        let scratch = &test_env.private_dir("record")?;
        let cancel = Cancel::new();
        let runs_programs = relation.source_run().is_some();
        let randomization = if runs_programs {
            Randomization::probe(&test_env, scratch, &cancel)?
        } else {
            Randomization::Off
        };
        let mut oracle = MrOracle {
            test_env: test_env.clone(),
            relation,
            exec,
            program,
            timeout: timeout.or(Some(Duration::from_secs(60))),
            interpreter_usable: AtomicBool::new(false),
            under_lli: false,
            randomization,
            input_crash: None,
            input: input.clone(),
            usable_on: Mutex::new(HashMap::new()),
        };
        if oracle.relation.source_run().is_some() {
            let (under_lli, usable) = oracle.interpreter_runs(&input, scratch, &cancel)?;
            oracle.interpreter_usable.store(usable, Ordering::SeqCst);
            oracle.under_lli = under_lli;
        }
        let mut started = std::time::Instant::now();
        let env = oracle.env(scratch, &cancel);
        let mut check = oracle.relation.check(&input, &env)?;
        if let (Check::Unresolved(_), Some(signal)) = (&check, env.followup_crashed.get()) {
            // The miscompiled program crashes: that crash is what to reduce,
            // if the source can be trusted.
            oracle.input_crash = Some(signal);
            started = std::time::Instant::now();
            check = oracle
                .relation
                .check(&input, &oracle.env(scratch, &cancel))?;
        }
        if timeout.is_none() {
            oracle.timeout = Some((started.elapsed() * 10).max(Duration::from_secs(2)));
        }
        match check {
            Check::Violated => Ok(oracle),
            Check::Holds => Err(InputNotViolating(format!(
                "the input satisfies --mr {}: there is no violation to reduce",
                oracle.relation.name()
            ))
            .into()),
            Check::Unresolved(why) | Check::NotAsInput(why) => Err(InputNotViolating(format!(
                "--mr {} cannot judge the input: {why}",
                oracle.relation.name()
            ))
            .into()),
        }
    }

    /// Whether the program `module` makes runs under lli, and whether lli's
    /// interpreter can run it (it lacks some intrinsics and external
    /// functions, and is slow): it must run the module to its end. Whether
    /// it agrees with the JIT is the trust check's to say (a disagreement
    /// on the input itself means the input cannot be judged).
    fn interpreter_runs(
        &self,
        module: &Path,
        scratch: &Path,
        cancel: &Cancel,
    ) -> Result<(bool, bool)> {
        let Some(how) = self.relation.source_run() else {
            return Ok((false, false));
        };
        let env = self.env(scratch, cancel);
        if let Ok(program) = how.program(&env, module, "jit")? {
            if let Some(interp) = how.interpreter(&program) {
                return Ok((true, env.observe(&interp.path, &interp.args)?.is_ok()));
            }
        }
        Ok((false, false))
    }

    /// An oracle for another relation (the same one with a bisection's
    /// flags) that runs programs the way this one decided on its input;
    /// for another module (`module`), whether lli's interpreter can check
    /// it is decided on that module (once).
    pub fn with_relation(
        &self,
        relation: Box<dyn Relation>,
        test_env: Arc<TestEnv>,
        module: &Path,
    ) -> Result<MrOracle> {
        let mut usable = self.interpreter_usable.load(Ordering::SeqCst);
        let mut under_lli = self.under_lli;
        let module = std::path::absolute(module)?;
        if relation.source_run().is_some() && module != self.input {
            let known = self.usable_on.lock().unwrap().get(&module).copied();
            (under_lli, usable) = match known {
                Some(known) => known,
                None => {
                    let scratch = test_env.private_dir("interpreter")?;
                    let found = self.interpreter_runs(&module, &scratch, &Cancel::new())?;
                    self.usable_on.lock().unwrap().insert(module.clone(), found);
                    found
                }
            };
        }
        Ok(MrOracle {
            test_env,
            relation,
            exec: self.exec,
            program: self.program.clone(),
            timeout: self.timeout,
            interpreter_usable: AtomicBool::new(usable),
            under_lli,
            randomization: self.randomization.clone(),
            input_crash: self.input_crash,
            input: module,
            usable_on: Mutex::new(HashMap::new()),
        })
    }

    /// What the oracle decided on the input, for a cluster node that
    /// rebuilds the relation from its flags and does not check the input
    /// again.
    pub fn recorded(&self) -> Recorded {
        Recorded {
            timeout: self.timeout,
            interpreter_usable: self.interpreter_usable.load(Ordering::SeqCst),
            under_lli: self.under_lli,
            randomization: self.randomization.clone(),
            input_crash: self.input_crash,
        }
    }

    /// The oracle [`MrOracle::recorded`] describes, around `relation`.
    pub fn from_recorded(
        relation: Box<dyn Relation>,
        exec: Exec,
        program: RunSetup,
        recorded: Recorded,
        test_env: Arc<TestEnv>,
    ) -> MrOracle {
        MrOracle {
            test_env,
            relation,
            exec,
            program,
            timeout: recorded.timeout,
            interpreter_usable: AtomicBool::new(recorded.interpreter_usable),
            under_lli: recorded.under_lli,
            randomization: recorded.randomization,
            input_crash: recorded.input_crash,
            input: PathBuf::new(),
            usable_on: Mutex::new(HashMap::new()),
        }
    }

    fn env<'a>(&'a self, scratch: &'a Path, cancel: &'a Cancel) -> Env<'a> {
        Env {
            test_env: &self.test_env,
            scratch,
            cancel,
            timeout: self.timeout,
            exec: self.exec,
            program: &self.program,
            interpreter_usable: self.interpreter_usable.load(Ordering::SeqCst),
            randomization: &self.randomization,
            input_crash: self.input_crash,
            followup_crashed: Cell::new(None),
        }
    }

    pub fn describe(&self) -> String {
        let interp = if self.under_lli && !self.interpreter_usable.load(Ordering::SeqCst) {
            " (lli's interpreter cannot run this program: the other trust checks guard against undefined behaviour)"
        } else {
            ""
        };
        let crash = match self.input_crash {
            Some(signal) => format!(
                " (its follow-up program {}: a candidate must crash the same way)",
                Ended::Signaled(signal).describe()
            ),
            None => String::new(),
        };
        format!(
            "metamorphic relation {} violated by the input{crash}{interp}",
            self.relation.name()
        )
    }
}

impl MrOracle {
    /// What the user must know about how much the checks can see here,
    /// said once at the start.
    pub fn notes(&self) -> Vec<String> {
        self.randomization.note().into_iter().collect()
    }
}

impl Oracle for MrOracle {
    fn judge(&self, candidate: &Path, scratch: &Path, cancel: &Cancel) -> Result<Outcome> {
        let started = std::time::Instant::now();
        let check = self.relation.check(candidate, &self.env(scratch, cancel))?;
        let (verdict, status) = match &check {
            _ if cancel.is_cancelled() => (Verdict::Unresolved, "cancelled".to_string()),
            Check::Violated => (Verdict::Interesting, "relation violated".to_string()),
            Check::Holds => (Verdict::NotInteresting, HOLDS.to_string()),
            Check::Unresolved(why) => (Verdict::Unresolved, format!("unresolved: {why}")),
            Check::NotAsInput(why) => (Verdict::NotInteresting, why.clone()),
        };
        Ok(Outcome {
            verdict,
            timed_out: status.contains("timeout"),
            cancelled: cancel.is_cancelled(),
            status,
            stdout: Captured::default(),
            stderr: Captured::default(),
            elapsed: started.elapsed(),
        })
    }
}

/// Turn the result of a run that must succeed into a Check, or return early.
macro_rules! succeed {
    ($e:expr) => {
        match $e? {
            Ok(v) => v,
            Err($crate::oracle::mr::Failed(why)) => {
                return Ok($crate::oracle::mr::Check::Unresolved(why))
            }
        }
    };
}
pub(crate) use succeed;
