//! Whether a source program's behaviour can be trusted, the one check every
//! relation that runs programs goes through before it calls a violation
//! real. A "violation" that comes from the program rather than the
//! compiler under test shows up as behaviour that changes when nothing the
//! program may depend on changes:
//!
//! - the address layout: two runs with address randomization off whose
//!   stacks start 16 bytes apart (the environment grows by 16 bytes), and
//!   a repeat run with it on. A program that uses a stack address as a
//!   value (returns it from `main`, prints it) changes between the first
//!   two every time, not one time in sixteen as two randomized runs would
//!   show it; one that uses any other address (a global in lli's JIT
//!   memory, the heap) changes with randomization;
//! - a repeat run (output that changes from run to run);
//! - the stack filled with a pattern, where the module is IR whittle can
//!   instrument: locals it reads but never wrote;
//! - LLVM's bounds checks, there too: a load or store outside the object
//!   it addresses (which reads bytes that change nothing as often as not)
//!   traps;
//! - lli's interpreter against its JIT, where the program runs under lli.
//!
//! How the source runs is the relation's ([`SourceRun`]); the checks are
//! the same for all of them.

use std::path::{Path, PathBuf};

use anyhow::Result;
use whittle_llvm_ir::{self as llvm, ir, Format};
use whittle_reducer::Cancel;

use super::compare::Compare;
use super::{tool, Behaviour, Check, Env, Exec, Failed};
use crate::oracle::command::resolve_program;
use crate::oracle::env::TestEnv;
use crate::oracle::process::{signal_name, Ended, TestCommand};

/// The variable whose length moves the initial stack: a program's
/// environment strings sit at the top of its stack.
pub const STACK_SHIFT_VARIABLE: &str = "WHITTLE_STACK_SHIFT";

/// How far the second fixed-layout run's stack moves: a multiple of the
/// stack alignment, so every stack address moves by exactly this much and
/// its bit 4 (and so its low byte) changes.
const STACK_SHIFT: usize = 16;

/// The bytes locals are filled with to find reads of locals never written:
/// the reducer's fill bytes (zero, a negative and a positive pattern: an
/// uninitialised value tested against zero, signed, differs under one of
/// them).
pub const STACK_PATTERNS: [u8; 3] = whittle_reducer::FILL_BYTES;

/// Where a run's addresses are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Layout {
    /// Address randomization off (`setarch -R`).
    pub fixed: bool,
    /// Bytes added to the environment (with `fixed`, the stack moves down
    /// by exactly this much).
    pub stack_shift: Option<usize>,
}

/// Whether runs can have address randomization turned off; found out once,
/// when the oracle is built.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Randomization {
    /// `setarch -R` (this one) turns it off for a run and its children.
    Setarch(PathBuf),
    /// It is off on this machine already (`kernel.randomize_va_space` 0).
    Off,
    /// It is on and cannot be turned off here; why.
    Uncontrollable(String),
}

impl Randomization {
    /// Find out: the kernel's setting, then whether `setarch -R` can change
    /// a process's personality here (a container's seccomp profile may
    /// forbid it). The probe runs through the test environment.
    pub fn probe(test_env: &TestEnv, scratch: &Path, cancel: &Cancel) -> Result<Randomization> {
        let setting = std::fs::read_to_string("/proc/sys/kernel/randomize_va_space");
        if setting.is_ok_and(|s| s.trim() == "0") {
            return Ok(Randomization::Off);
        }
        let Ok(setarch) = resolve_program("setarch") else {
            return Ok(Randomization::Uncontrollable(
                "setarch (util-linux) is not installed".into(),
            ));
        };
        // The personality the child ends up with, as the kernel reports it.
        let probe = TestCommand {
            program: setarch.clone(),
            args: ["-R", "cat", "/proc/self/personality"]
                .map(String::from)
                .to_vec(),
            substitute: true,
            ..Default::default()
        };
        let out = test_env.run(&probe, Path::new(""), scratch, cancel)?;
        let personality = u32::from_str_radix(out.stdout.text().trim(), 16).ok();
        Ok(match (out.ended, personality) {
            // ADDR_NO_RANDOMIZE
            (Ended::Exited(0), Some(p)) if p & 0x0040000 != 0 => Randomization::Setarch(setarch),
            (Ended::Exited(0), _) => Randomization::Uncontrollable(
                "setarch -R ran, but the personality it set does not show".into(),
            ),
            (ended, _) => {
                let stderr = out.stderr.text();
                let why = stderr.lines().find(|l| !l.trim().is_empty());
                Randomization::Uncontrollable(why.map_or_else(
                    || format!("setarch -R ended with {}", ended.describe()),
                    |l| l.trim().to_string(),
                ))
            }
        })
    }

    /// Whether two fixed-layout runs start at the same addresses (so that
    /// a stack shift is the only difference between them).
    pub fn controllable(&self) -> bool {
        !matches!(self, Randomization::Uncontrollable(_))
    }

    /// What the user must know when the check is weaker than it should be.
    pub fn note(&self) -> Option<String> {
        match self {
            Randomization::Uncontrollable(why) => Some(format!(
                "address randomization cannot be turned off here ({why}): the address-layout check falls back to repeat runs, which miss a program that uses an address as a value some of the time"
            )),
            _ => None,
        }
    }

    /// `program args` run with `layout`: wrapped in `setarch -R` when it
    /// asks for a fixed layout and that is how to get one.
    pub fn wrap(&self, program: &Path, args: &[String], layout: Layout) -> (PathBuf, Vec<String>) {
        match self {
            Randomization::Setarch(setarch) if layout.fixed => {
                let mut wrapped = vec!["-R".to_string(), program.display().to_string()];
                wrapped.extend_from_slice(args);
                (setarch.clone(), wrapped)
            }
            _ => (program.to_path_buf(), args.to_vec()),
        }
    }
}

/// A program to run: the source module through lli, a binary built from
/// it, or the user's run command on it.
#[derive(Clone, Debug)]
pub struct Program {
    pub path: PathBuf,
    pub args: Vec<String>,
}

/// How a relation runs its source program; the trust checks run variants of
/// the source the same way.
pub enum SourceRun<'a> {
    /// The configured executor (`--mr-exec`): lli, or llc + link + run.
    Exec,
    /// Compiled with this llc and these flags, linked, run natively.
    Native { llc: &'a Path, flags: &'a [String] },
    /// The user's run command (`--mr-run`): the module where `%s` is, the
    /// follow-up's path where `%t` is.
    Command {
        command: &'a TestCommand,
        compare: Compare,
    },
}

/// `command` with `%s` the source and `%t` the follow-up.
pub fn instantiate(command: &TestCommand, source: &Path, followup: &Path) -> Program {
    let (s, t) = (source.display().to_string(), followup.display().to_string());
    Program {
        path: command.program.clone(),
        args: command
            .args
            .iter()
            .map(|a| a.replace("%t", &t).replace("%s", &s))
            .collect(),
    }
}

/// Where a user-defined relation's follow-up of `module` goes.
pub fn followup_path(scratch: &Path, module: &Path) -> PathBuf {
    let ext = module
        .extension()
        .map_or("ll".to_string(), |e| e.to_string_lossy().into_owned());
    scratch.join(format!("followup.{ext}"))
}

impl SourceRun<'_> {
    /// The program that runs `module` (built first when it must be
    /// compiled; `tag` names the binary).
    pub fn program(
        &self,
        env: &Env<'_>,
        module: &Path,
        tag: &str,
    ) -> Result<std::result::Result<Program, Failed>> {
        let binary = env.scratch.join(format!("{tag}.exe"));
        let built = match self {
            SourceRun::Exec if env.exec == Exec::Lli => {
                return Ok(Ok(Program {
                    path: tool("lli")?,
                    args: vec![module.display().to_string()],
                }))
            }
            SourceRun::Exec => env.build_native(module, &[], &binary)?,
            SourceRun::Native { llc, flags } => {
                env.build_native_with(llc, module, flags, &binary)?
            }
            SourceRun::Command { command, .. } => {
                return Ok(Ok(instantiate(
                    command,
                    module,
                    &followup_path(env.scratch, module),
                )))
            }
        };
        Ok(built.map(|()| Program {
            path: binary,
            args: Vec::new(),
        }))
    }

    /// The same run under lli's interpreter, when `program` is lli.
    pub fn interpreter(&self, program: &Program) -> Option<Program> {
        let is_lli = program.path.file_name().is_some_and(|n| n == "lli");
        is_lli.then(|| Program {
            path: program.path.clone(),
            args: std::iter::once("-force-interpreter".to_string())
                .chain(program.args.iter().cloned())
                .collect(),
        })
    }

    /// The signal a run that exited reports all the same: a run command
    /// that starts the program through a shell reports the signal that
    /// killed it as exit status 128 + the signal. lli and native runs
    /// report signals as signals.
    pub fn reported_signal(&self, run: &Behaviour) -> Option<i32> {
        let SourceRun::Command { .. } = self else {
            return None;
        };
        let signal = run.status - 128;
        [
            libc::SIGILL,
            libc::SIGTRAP,
            libc::SIGABRT,
            libc::SIGBUS,
            libc::SIGFPE,
            libc::SIGKILL,
            libc::SIGSEGV,
        ]
        .contains(&signal)
        .then_some(signal)
    }

    /// Why a source run that exited is a crash all the same (see
    /// [`SourceRun::reported_signal`]): a crashing source (a null store,
    /// say) shows undefined behaviour, not a miscompilation.
    pub fn crashed(&self, run: &Behaviour) -> Option<String> {
        let signal = self.reported_signal(run)?;
        Some(format!(
            "the source crashed (the run command exited with status {} = 128 + {})",
            run.status,
            signal_name(signal).unwrap_or("a signal")
        ))
    }

    /// Whether two runs behave the same.
    pub fn agree(&self, a: &Behaviour, b: &Behaviour) -> bool {
        match self {
            SourceRun::Command { compare, .. } => compare.agree(a, b),
            _ => a == b,
        }
    }
}

impl Env<'_> {
    /// A violation when the source can be trusted ([`Env::trust`]),
    /// Unresolved (and why) when it cannot.
    pub fn violation(
        &self,
        how: &SourceRun<'_>,
        module: &Path,
        program: &Program,
        first: &Behaviour,
    ) -> Result<Check> {
        Ok(match self.trust(how, module, program, first)? {
            Ok(()) => Check::Violated,
            Err(why) => Check::Unresolved(why),
        })
    }

    /// Whether the source's behaviour (`first`, from running `program`) can
    /// be trusted; Err says why not. See the module's doc for the checks.
    pub fn trust(
        &self,
        how: &SourceRun<'_>,
        module: &Path,
        program: &Program,
        first: &Behaviour,
    ) -> Result<std::result::Result<(), String>> {
        const RUN_TO_RUN: &str = "the source behaves differently from run to run";
        let observe = |layout: Layout| self.observe_in(&program.path, &program.args, layout);
        let fixed = |shift: usize| Layout {
            fixed: true,
            stack_shift: Some(shift),
        };
        let failed = |why: String| Ok(Err(format!("a repeat run of the source failed: {why}")));

        // The address layout first: it is what a reduction most often makes
        // a program depend on (a pointer returned where an int was).
        let (at, moved) = match (observe(fixed(0))?, observe(fixed(STACK_SHIFT))?) {
            (Ok(at), Ok(moved)) => (at, moved),
            (Err(Failed(why)), _) | (_, Err(Failed(why))) => return failed(why),
        };
        if !how.agree(&at, &moved) {
            // Stack-dependent, or just not repeatable: a third run tells.
            let again = match observe(fixed(0))? {
                Ok(again) => again,
                Err(Failed(why)) => return failed(why),
            };
            return Ok(Err(
                if how.agree(&again, &at) && self.randomization.controllable() {
                    format!("the source's behaviour depends on where its stack is (it changes when the stack moves by {STACK_SHIFT} bytes): it uses an address as a value")
                } else {
                    RUN_TO_RUN.to_string()
                },
            ));
        }
        match observe(Layout::default())? {
            Ok(again) if how.agree(&again, first) => {}
            Ok(_) => return Ok(Err(RUN_TO_RUN.into())),
            Err(Failed(why)) => return failed(why),
        }
        if !how.agree(&at, first) {
            return Ok(Err(if self.randomization.controllable() {
                "the source's behaviour depends on address randomization: it uses an address as a value".to_string()
            } else {
                RUN_TO_RUN.to_string()
            }));
        }

        // Locals it never wrote: run it with the stack filled with zero, a
        // negative and a positive pattern (an uninitialised value tested
        // against zero, signed, differs under one of them).
        for byte in STACK_PATTERNS {
            let Some(variant) = self.stack_filled(module, byte, "stack")? else {
                break;
            };
            let tag = format!("stack-{byte:02x}");
            let filled = match how.program(self, &variant, &tag)? {
                Ok(p) => self.observe(&p.path, &p.args)?,
                Err(f) => Err(f),
            };
            match filled {
                Ok(filled) if how.agree(&filled, first) => {}
                Ok(_) => {
                    return Ok(Err(
                        "the program reads stack memory it never wrote (undefined behaviour)"
                            .into(),
                    ))
                }
                Err(Failed(why)) => {
                    return Ok(Err(format!(
                        "with its stack filled with {byte:#04x} the program failed: {why}"
                    )))
                }
            }
        }

        // Memory outside the object it addresses (an index gone negative, a
        // loop that runs past its array), which lands on bytes that change
        // nothing as often as not: with LLVM's bounds checks it traps.
        if let Some(variant) = self.bounds_checked(module)? {
            let checked = match how.program(self, &variant, "bounds")? {
                Ok(p) => self.observe(&p.path, &p.args)?,
                Err(f) => Err(f),
            };
            match checked {
                Ok(run) if how.agree(&run, first) => {}
                Ok(_) | Err(_) => {
                    return Ok(Err(
                        "the program reads or writes memory outside the object it addresses (undefined behaviour: LLVM's bounds checks trap on it)"
                            .into(),
                    ))
                }
            }
        }

        if self.interpreter_usable {
            if let Some(interp) = how.interpreter(program) {
                match self.observe(&interp.path, &interp.args)? {
                    Ok(run) if how.agree(&run, first) => {}
                    Ok(_) => return Ok(Err(
                        "lli's interpreter and JIT disagree on the program (undefined behaviour?)"
                            .into(),
                    )),
                    Err(Failed(why)) => return Ok(Err(format!("the interpreter failed: {why}"))),
                }
            }
        }
        Ok(Ok(()))
    }

    /// `module` with LLVM's bounds checks, written to the scratch directory
    /// in the module's own format; None when none applies to it.
    fn bounds_checked(&self, module: &Path) -> Result<Option<PathBuf>> {
        let context = llvm::context();
        let (loaded, format) = llvm::load(&context, module)?;
        if !ir::mr::add_bounds_checks(&loaded) {
            return Ok(None);
        }
        let path = self.scratch.join(format!("bounds.{}", extension(format)));
        std::fs::write(&path, llvm::serialize(&loaded, format))?;
        Ok(Some(path))
    }

    /// `module` with every stack allocation filled with `byte` as it is
    /// made, written to the scratch directory as `{tag}-{byte}` in the
    /// module's own format; None when it has none.
    pub fn stack_filled(&self, module: &Path, byte: u8, tag: &str) -> Result<Option<PathBuf>> {
        let context = llvm::context();
        let (loaded, format) = llvm::load(&context, module)?;
        self.write_stack_filled(&loaded, format, byte, tag)
    }

    /// [`Env::stack_filled`] on a module already loaded.
    pub fn write_stack_filled(
        &self,
        module: &llvm::inkwell::module::Module<'_>,
        format: Format,
        byte: u8,
        tag: &str,
    ) -> Result<Option<PathBuf>> {
        if ir::mr::pattern_init_allocas(module, byte, ir::mr::UnwrittenReads::Unchecked) == 0 {
            return Ok(None);
        }
        let path = self
            .scratch
            .join(format!("{tag}-{byte:02x}.{}", extension(format)));
        std::fs::write(&path, llvm::serialize(module, format))?;
        Ok(Some(path))
    }
}

/// The file extension of a module format.
fn extension(format: Format) -> &'static str {
    match format {
        Format::Text => "ll",
        Format::Bitcode => "bc",
    }
}
