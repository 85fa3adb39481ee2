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

pub struct OutputOracle {
    env: Arc<TestEnv>,
    command: TestCommand,
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
        command.watch = std::iter::once(matches).chain(no_match).collect();
        OutputOracle {
            env,
            command,
            has_no_match,
        }
    }

    pub fn command(&self) -> &TestCommand {
        &self.command
    }

    pub fn env(&self) -> &TestEnv {
        &self.env
    }
}

impl Oracle for OutputOracle {
    fn judge(&self, candidate: &Path, scratch: &Path, cancel: &Cancel) -> Result<Outcome> {
        let out = self.env.run(&self.command, candidate, scratch, cancel)?;
        let hit = out.watched[0] && !(self.has_no_match && out.watched[1]);
        Ok(out.into_outcome(Verdict::from_interesting(hit)))
    }
}
