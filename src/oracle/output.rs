//! The output oracle (`--cmd ... --match REGEX [--no-match REGEX]`): a
//! candidate is interesting when some line of the command's stdout or
//! stderr matches REGEX and none matches the `--no-match` pattern ("the
//! compiler still emits this instruction sequence").

use std::path::Path;
use std::sync::Arc;

use anyhow::Result;
use regex::Regex;
use whittle_reducer::{Cancel, Oracle, Outcome, Verdict};

use super::env::TestEnv;
use super::process::TestCommand;
use super::Portable;

pub struct OutputOracle {
    env: Arc<TestEnv>,
    command: TestCommand,
    /// The command as the user gave it (before the /dev/null rewrite).
    shown: String,
    has_no_match: bool,
}

impl OutputOracle {
    pub fn new(
        mut command: TestCommand,
        matches: Regex,
        no_match: Option<Regex>,
        env: Arc<TestEnv>,
    ) -> OutputOracle {
        let has_no_match = no_match.is_some();
        let shown = super::command::display(&command);
        // An output to /dev/null goes to a file in the test's working
        // directory (its scratch directory) instead: what the command
        // prints is what the patterns look at, so not stdout.
        command.args = super::dev_null::redirect_args(&command.args, "whittle-output.discarded");
        command.watch = std::iter::once(matches).chain(no_match).collect();
        OutputOracle {
            env,
            command,
            shown,
            has_no_match,
        }
    }

    pub fn command(&self) -> &TestCommand {
        &self.command
    }

    /// The command as the user gave it, as a shell line.
    pub fn shown_command(&self) -> &str {
        &self.shown
    }

    pub fn env(&self) -> &TestEnv {
        &self.env
    }

    /// The oracle as it travels to a cluster node.
    pub(super) fn portable(&self) -> Portable {
        Portable::Output {
            command: self.command.clone(),
            shown: self.shown.clone(),
            has_no_match: self.has_no_match,
        }
    }

    /// The oracle [`OutputOracle::portable`] describes, in `env` (the
    /// command's watched patterns are the `--match` and `--no-match` ones).
    pub(super) fn from_portable(
        command: TestCommand,
        shown: String,
        has_no_match: bool,
        env: Arc<TestEnv>,
    ) -> Self {
        OutputOracle {
            env,
            command,
            shown,
            has_no_match,
        }
    }
}

impl Oracle for OutputOracle {
    fn judge(&self, candidate: &Path, scratch: &Path, cancel: &Cancel) -> Result<Outcome> {
        let out = self.env.run(&self.command, candidate, scratch, cancel)?;
        let hit = out.watched[0] && !(self.has_no_match && out.watched[1]);
        Ok(out.into_outcome(Verdict::from_interesting(hit)))
    }
}
