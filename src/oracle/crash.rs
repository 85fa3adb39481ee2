//! The crash oracle (`--crash-cmd`): a candidate is interesting when the
//! command crashes on it the same way it crashed on the input.

use std::path::Path;
use std::sync::Arc;

use anyhow::{bail, Result};
use regex::Regex;
use whittle_reducer::{Cancel, Oracle, Outcome, Verdict};

use super::env::TestEnv;
use super::process::TestCommand;
use super::signature::{Mode, Signature};
use super::Portable;

pub struct CrashOracle {
    env: Arc<TestEnv>,
    command: TestCommand,
    /// The command as the user gave it (before the /dev/null rewrite).
    shown: String,
    expected: Signature,
    mode: Mode,
    /// `--match`: a pattern some line of the crash's output must match.
    must_match: bool,
}

impl CrashOracle {
    /// Run `command` on `input` and record how it crashes. It is an error
    /// if it does not crash, or its output does not match `must_match`.
    pub fn record(
        mut command: TestCommand,
        input: &Path,
        env: Arc<TestEnv>,
        mode: Mode,
        must_match: Option<Regex>,
    ) -> Result<CrashOracle> {
        let shown = super::command::display(&command);
        let input = &std::path::absolute(input)?;
        // A crash's output is never what matters: stdout (captured, then
        // dropped) takes it.
        command.args = super::dev_null::redirect_args(&command.args, "-");
        command.watch = must_match.iter().cloned().collect();
        let scratch = env.private_dir("record")?;
        let out = env.run(&command, input, &scratch, &Cancel::new())?;
        let stderr = out.stderr.text();
        let Some(expected) = Signature::of(out.ended, &stderr, &input.to_string_lossy()) else {
            let tail: Vec<&str> = stderr.trim().lines().rev().take(2).collect();
            let tail: Vec<&str> = tail.into_iter().rev().collect();
            bail!(
                "the command does not crash on the input: it ended with {}{}",
                out.ended.describe(),
                if tail.is_empty() {
                    String::new()
                } else {
                    format!("; its stderr ends: {}", tail.join(" | "))
                }
            );
        };
        if let Some(re) = must_match.as_ref().filter(|_| !out.watched[0]) {
            bail!(
                "the input's crash output does not match --match '{}'",
                re.as_str()
            );
        }
        Ok(CrashOracle {
            env,
            command,
            shown,
            expected,
            mode,
            must_match: must_match.is_some(),
        })
    }

    /// An oracle that runs `command` and looks for the crash this one
    /// recorded (a bisection's probe: the same tool with flags injected).
    pub fn with_command(&self, mut command: TestCommand, env: Arc<TestEnv>) -> CrashOracle {
        let shown = super::command::display(&command);
        command.args = super::dev_null::redirect_args(&command.args, "-");
        command.watch = self.command.watch.clone();
        CrashOracle {
            env,
            command,
            shown,
            expected: self.expected.clone(),
            mode: self.mode,
            must_match: self.must_match,
        }
    }

    pub fn signature(&self) -> &Signature {
        &self.expected
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    pub fn command(&self) -> &TestCommand {
        &self.command
    }

    pub fn env(&self) -> &TestEnv {
        &self.env
    }

    /// The command as the user gave it, as a shell line.
    pub fn shown_command(&self) -> &str {
        &self.shown
    }

    /// The oracle as it travels to a cluster node: the command and the
    /// signature recorded on the input (the node does not record again).
    pub(super) fn portable(&self) -> Portable {
        Portable::Crash {
            command: self.command.clone(),
            shown: self.shown.clone(),
            expected: self.expected.clone(),
            mode: self.mode,
            must_match: self.must_match,
        }
    }

    /// The oracle [`CrashOracle::portable`] describes, in `env`.
    pub(super) fn from_portable(
        command: TestCommand,
        shown: String,
        expected: Signature,
        mode: Mode,
        must_match: bool,
        env: Arc<TestEnv>,
    ) -> Self {
        CrashOracle {
            env,
            command,
            shown,
            expected,
            mode,
            must_match,
        }
    }
}

impl Oracle for CrashOracle {
    fn judge(&self, candidate: &Path, scratch: &Path, cancel: &Cancel) -> Result<Outcome> {
        let out = self.env.run(&self.command, candidate, scratch, cancel)?;
        let stderr = out.stderr.text();
        let same = Signature::of(out.ended, &stderr, &candidate.to_string_lossy())
            .is_some_and(|s| self.expected.matches(&s, self.mode))
            && (!self.must_match || out.watched[0]);
        Ok(out.into_outcome(Verdict::from_interesting(same)))
    }
}
