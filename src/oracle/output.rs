//! The output oracle (`--cmd ... --match REGEX [--no-match REGEX]`): a
//! candidate is interesting when some line of the command's stdout or
//! stderr matches REGEX and none matches the `--no-match` pattern ("the
//! compiler still emits this instruction sequence").

use std::path::Path;

use anyhow::Result;
use regex::Regex;

use super::process::{self, Cancel, TestCommand};
use super::{Oracle, Outcome};
use crate::dd::Verdict;

pub struct OutputOracle {
    command: TestCommand,
    has_no_match: bool,
}

impl OutputOracle {
    pub fn new(mut command: TestCommand, matches: Regex, no_match: Option<Regex>) -> OutputOracle {
        let has_no_match = no_match.is_some();
        command.watch = std::iter::once(matches).chain(no_match).collect();
        OutputOracle {
            command,
            has_no_match,
        }
    }

    pub fn command(&self) -> &TestCommand {
        &self.command
    }
}

impl Oracle for OutputOracle {
    fn judge(&self, candidate: &Path, scratch: &Path, cancel: &Cancel) -> Result<Outcome> {
        let command = self.command.in_scratch(scratch);
        let out = process::run(&command, candidate, cancel)?;
        let hit = out.watched[0] && !(self.has_no_match && out.watched[1]);
        Ok(Outcome::from_process(out, Verdict::from_interesting(hit)))
    }
}
