//! User-defined relations: `--mr-followup 'CMD %s %t'` derives the
//! follow-up `%t` from the source `%s`, `--mr-run 'CMD %s'` runs either,
//! and the two runs' stdout and exit status must agree, exactly or with
//! `--mr-compare=numeric:TOL` (numbers equal within TOL, relative or
//! absolute, everything else exactly).

use std::path::Path;

use anyhow::Result;

use super::compare::Compare;
use super::trust::{followup_path, instantiate};
use super::{succeed, Check, Env, Relation, SourceRun};
use crate::oracle::process::TestCommand;

pub struct UserDefined {
    pub followup: TestCommand,
    pub run: TestCommand,
    pub compare: Compare,
}

impl Relation for UserDefined {
    fn name(&self) -> String {
        format!(
            "user-defined ({} / {})",
            crate::oracle::command::display(&self.followup),
            crate::oracle::command::display(&self.run)
        )
    }

    fn source_run(&self) -> Option<SourceRun<'_>> {
        Some(SourceRun::Command {
            command: &self.run,
            compare: self.compare,
        })
    }

    fn check(&self, source: &Path, env: &Env<'_>) -> Result<Check> {
        let followup = followup_path(env.scratch, source);
        let derive = instantiate(&self.followup, source, &followup);
        succeed!(env.tool(&derive.path, &derive.args));
        let how = SourceRun::Command {
            command: &self.run,
            compare: self.compare,
        };
        let program = instantiate(&self.run, source, &followup);
        let before = succeed!(env.observe(&program.path, &program.args));
        if let Some(why) = how.crashed(&before) {
            return Ok(Check::Unresolved(why));
        }
        let run_followup = instantiate(&self.run, &followup, &followup);
        let after = env.observe_followup(&how, &run_followup.path, &run_followup.args)?;
        if let Some(settled) = env.judge_followup(&before, after, |a, b| self.compare.agree(a, b)) {
            return Ok(settled);
        }
        // The follow-up, where it is IR whittle can read, its locals filled.
        let garbage = env.crash_needs_no_garbage(|byte| {
            let Some(filled) = env.followup_filled(&followup, byte)? else {
                return Ok(None);
            };
            let run = instantiate(&self.run, &filled, &filled);
            env.observe_followup(&how, &run.path, &run.args).map(Some)
        })?;
        if let Some(settled) = garbage {
            return Ok(settled);
        }
        // The same trust checks as the built-in relations: repeat runs, the
        // address layout, the stack patterns, lli's interpreter.
        env.violation(&how, source, &program, &before)
    }
}
