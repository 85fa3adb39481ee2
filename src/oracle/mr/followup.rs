//! How a follow-up program's run ended, and what that says about the
//! relation. A follow-up that exits is compared with the source. One that
//! crashes (killed by a signal, or a run command reporting 128 + the
//! signal) is the violation only where the input's follow-up crashed with
//! the same signal: then the miscompiled program crashing *is* the bug
//! being reduced, and a candidate keeps it or loses it. Where the input's
//! violation was a difference in output, a crashing follow-up stays
//! unresolved, as it always was: a reduction must not drift from the bug
//! it started on to a crash that undefined behaviour may explain.

use std::path::{Path, PathBuf};

use anyhow::Result;
use whittle_llvm_ir as llvm;

use super::trust::{Layout, SourceRun, STACK_PATTERNS};
use super::{tool, Behaviour, Check, Env, Exec, Failed};
use crate::oracle::process::Ended;

/// How a follow-up run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FollowupRun {
    /// It exited: its behaviour, to compare with the source's.
    Exited(Behaviour),
    /// It crashed with this signal.
    Crashed(i32),
    /// It could not be built or did not end (a timeout); why.
    Failed(String),
}

/// What the follow-up's run says, given the source's behaviour `before` and
/// the signal the input's follow-up crashed with (`input_crash`): `Some` when
/// that settles the candidate, `None` when the two runs differ the way the
/// input's did (the trust checks on the source decide then). `agree` is
/// the relation's comparison.
pub fn judge_followup(
    input_crash: Option<i32>,
    before: &Behaviour,
    after: FollowupRun,
    agree: impl Fn(&Behaviour, &Behaviour) -> bool,
) -> Option<Check> {
    let killed_by = |signal: i32| Ended::Signaled(signal).describe();
    match (after, input_crash) {
        (FollowupRun::Failed(why), _) => Some(Check::Unresolved(why)),
        (FollowupRun::Exited(after), None) => agree(before, &after).then_some(Check::Holds),
        (FollowupRun::Exited(_), Some(signal)) => Some(Check::NotAsInput(format!(
            "the follow-up program exits, where the input's was {}",
            killed_by(signal)
        ))),
        (FollowupRun::Crashed(signal), None) => Some(Check::Unresolved(format!(
            "the follow-up program {}",
            killed_by(signal)
        ))),
        (FollowupRun::Crashed(signal), Some(expected)) if signal == expected => None,
        (FollowupRun::Crashed(signal), Some(expected)) => Some(Check::NotAsInput(format!(
            "the follow-up program {}, where the input's was {}",
            killed_by(signal),
            killed_by(expected)
        ))),
    }
}

/// Where the violation is a crash (`input_crash`), whether it comes from
/// the program rather than from locals nobody wrote: the follow-up, with its
/// locals filled with each of [`STACK_PATTERNS`] as they are allocated
/// (`run_filled`; None where it cannot be instrumented), must crash the same
/// way. A miscompiled sign or index that sends a load astray on garbage but
/// not on zero is the shape a reduction drifts into once the values that
/// made it crash are no longer written. `Some` settles the candidate as
/// unresolved.
pub fn crash_needs_no_garbage(
    input_crash: Option<i32>,
    mut run_filled: impl FnMut(u8) -> Result<Option<FollowupRun>>,
) -> Result<Option<Check>> {
    let Some(signal) = input_crash else {
        return Ok(None);
    };
    for byte in STACK_PATTERNS {
        match run_filled(byte)? {
            None => return Ok(None),
            Some(FollowupRun::Crashed(s)) if s == signal => {}
            Some(other) => {
                let ended = match other {
                    FollowupRun::Exited(b) => format!("exits with status {}", b.status),
                    FollowupRun::Crashed(s) => Ended::Signaled(s).describe(),
                    FollowupRun::Failed(why) => why,
                };
                return Ok(Some(Check::Unresolved(format!(
                    "the follow-up's crash depends on locals never written: with them filled with {byte:#04x} it {ended}"
                ))));
            }
        }
    }
    Ok(None)
}

impl Env<'_> {
    /// Run the follow-up program `program args...` (the way `how` runs
    /// programs) and say how it ended. A crash is remembered for the oracle
    /// to learn from the input.
    pub fn observe_followup(
        &self,
        how: &SourceRun<'_>,
        program: &Path,
        args: &[String],
    ) -> Result<FollowupRun> {
        let out = self.run_program(program, args, Layout::default())?;
        let run = match out.ended {
            Ended::Exited(status) => {
                let run = Behaviour {
                    stdout: out.stdout,
                    status,
                };
                match how.reported_signal(&run) {
                    Some(signal) => FollowupRun::Crashed(signal),
                    None => FollowupRun::Exited(run),
                }
            }
            Ended::Signaled(signal) => FollowupRun::Crashed(signal),
            ended => FollowupRun::Failed(format!("the follow-up program {}", ended.describe())),
        };
        if let FollowupRun::Crashed(signal) = run {
            self.followup_crashed.set(Some(signal));
        }
        Ok(run)
    }

    /// Run the follow-up module the configured way (`--mr-exec`).
    pub fn execute_followup(&self, module: &Path) -> Result<FollowupRun> {
        match self.exec {
            Exec::Lli => self.observe_followup(
                &SourceRun::Exec,
                &tool("lli")?,
                &[module.display().to_string()],
            ),
            Exec::Native => {
                let binary = self.scratch.join("followup.exe");
                match self.build_native(module, &[], &binary)? {
                    Ok(()) => self.observe_followup(&SourceRun::Exec, &binary, &[]),
                    Err(Failed(why)) => Ok(FollowupRun::Failed(why)),
                }
            }
        }
    }

    /// [`crash_needs_no_garbage`] for the crash this oracle learned from its
    /// input.
    pub fn crash_needs_no_garbage(
        &self,
        run_filled: impl FnMut(u8) -> Result<Option<FollowupRun>>,
    ) -> Result<Option<Check>> {
        crash_needs_no_garbage(self.input_crash, run_filled)
    }

    /// `module` (the follow-up, or what it is built from) with its locals
    /// filled with `byte`; None when it is not IR whittle can read or has
    /// no locals.
    pub fn followup_filled(&self, module: &Path, byte: u8) -> Result<Option<PathBuf>> {
        let context = llvm::context();
        let Ok((loaded, format)) = llvm::load(&context, module) else {
            return Ok(None);
        };
        self.write_stack_filled(&loaded, format, byte, "followup-stack")
    }

    /// [`judge_followup`] with the crash this oracle learned from its input.
    pub fn judge_followup(
        &self,
        before: &Behaviour,
        after: FollowupRun,
        agree: impl Fn(&Behaviour, &Behaviour) -> bool,
    ) -> Option<Check> {
        judge_followup(self.input_crash, before, after, agree)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use whittle_reducer::Captured;

    fn exits(status: i32) -> Behaviour {
        Behaviour {
            stdout: Captured::default(),
            status,
        }
    }

    fn judge(input_crash: Option<i32>, after: FollowupRun) -> Option<Check> {
        judge_followup(input_crash, &exits(0), after, |a, b| a == b)
    }

    #[test]
    fn an_exiting_follow_up_is_compared_unless_the_input_crashed() {
        assert_eq!(
            judge(None, FollowupRun::Exited(exits(0))),
            Some(Check::Holds)
        );
        assert_eq!(judge(None, FollowupRun::Exited(exits(1))), None);
        // The input's follow-up crashed: one that exits lost that, whatever it prints.
        for status in [0, 1] {
            let check = judge(Some(libc::SIGSEGV), FollowupRun::Exited(exits(status)));
            assert!(
                matches!(check, Some(Check::NotAsInput(ref why)) if why.contains("SIGSEGV")),
                "{check:?}"
            );
        }
    }

    #[test]
    fn a_crashing_follow_up_is_the_violation_only_as_the_input_s_was() {
        // An input whose violation was an output difference: a crash is unresolved.
        let check = judge(None, FollowupRun::Crashed(libc::SIGBUS));
        assert!(
            matches!(check, Some(Check::Unresolved(ref why)) if why.contains("SIGBUS")),
            "{check:?}"
        );
        // The same crash as the input's: the trust checks decide.
        assert_eq!(
            judge(Some(libc::SIGBUS), FollowupRun::Crashed(libc::SIGBUS)),
            None
        );
        // Another signal: another bug.
        let check = judge(Some(libc::SIGBUS), FollowupRun::Crashed(libc::SIGSEGV));
        assert!(
            matches!(check, Some(Check::NotAsInput(ref why)) if why.contains("SIGSEGV") && why.contains("SIGBUS")),
            "{check:?}"
        );
    }

    #[test]
    fn a_crash_must_not_need_garbage_in_the_follow_up_s_locals() {
        let segv = Some(libc::SIGSEGV);
        // Crashes with every pattern: the crash stands.
        let mut tried = Vec::new();
        let all = crash_needs_no_garbage(segv, |b| {
            tried.push(b);
            Ok(Some(FollowupRun::Crashed(libc::SIGSEGV)))
        });
        assert_eq!(all.unwrap(), None);
        assert_eq!(tried, STACK_PATTERNS);
        // Exits with its locals zeroed: the crash came from garbage.
        let zeroed = crash_needs_no_garbage(segv, |b| {
            Ok(Some(if b == 0 {
                FollowupRun::Exited(exits(0))
            } else {
                FollowupRun::Crashed(libc::SIGSEGV)
            }))
        });
        assert!(
            matches!(zeroed.unwrap(), Some(Check::Unresolved(ref why)) if why.contains("0x00"))
        );
        // Another signal with one pattern: not the same crash.
        let other = crash_needs_no_garbage(segv, |b| {
            Ok(Some(FollowupRun::Crashed(if b == 0x5a {
                libc::SIGBUS
            } else {
                libc::SIGSEGV
            })))
        });
        assert!(
            matches!(other.unwrap(), Some(Check::Unresolved(ref why)) if why.contains("0x5a") && why.contains("SIGBUS"))
        );
        // Nothing to fill, or no crash to keep: no verdict, and no runs for the latter.
        assert_eq!(crash_needs_no_garbage(segv, |_| Ok(None)).unwrap(), None);
        let no_runs =
            crash_needs_no_garbage(None, |_| -> Result<Option<FollowupRun>> { panic!("ran") });
        assert_eq!(no_runs.unwrap(), None);
    }

    #[test]
    fn a_follow_up_that_failed_is_unresolved_whatever_the_input_did() {
        for input_crash in [None, Some(libc::SIGSEGV)] {
            let check = judge(input_crash, FollowupRun::Failed("timeout".into()));
            assert_eq!(check, Some(Check::Unresolved("timeout".into())));
        }
    }
}
