//! `llc-equivalence`: the module compiled with one set of `llc` flags
//! (default `-O0`) and with another (default `-O2`; or two `-mattr`
//! settings) behaves the same when linked and run natively.

use std::path::{Path, PathBuf};

use anyhow::Result;

use super::{succeed, Check, Env, Failed, FollowupRun, Relation, SourceRun};

pub struct LlcEquivalence {
    pub llc: PathBuf,
    pub first: Vec<String>,
    pub second: Vec<String>,
}

impl Relation for LlcEquivalence {
    fn name(&self) -> String {
        format!(
            "llc-equivalence ({} vs {})",
            self.first.join(" "),
            self.second.join(" ")
        )
    }

    fn source_run(&self) -> Option<SourceRun<'_>> {
        Some(SourceRun::Native {
            llc: &self.llc,
            flags: &self.first,
        })
    }

    fn check(&self, source: &Path, env: &Env<'_>) -> Result<Check> {
        let how = SourceRun::Native {
            llc: &self.llc,
            flags: &self.first,
        };
        let a = succeed!(how.program(env, source, "first"));
        let ran_a = succeed!(env.observe(&a.path, &a.args));
        let b = env.scratch.join("second.exe");
        succeed!(env.build_native_with(&self.llc, source, &self.second, &b));
        let ran_b = env.observe_followup(&how, &b, &[])?;
        if let Some(settled) = env.judge_followup(&ran_a, ran_b, |a, b| a == b) {
            return Ok(settled);
        }
        // The second build of the source, its locals filled.
        let garbage = env.crash_needs_no_garbage(|byte| {
            let Some(filled) = env.followup_filled(source, byte)? else {
                return Ok(None);
            };
            let binary = env.scratch.join("second-filled.exe");
            match env.build_native_with(&self.llc, &filled, &self.second, &binary)? {
                Ok(()) => env.observe_followup(&how, &binary, &[]).map(Some),
                Err(Failed(why)) => Ok(Some(FollowupRun::Failed(why))),
            }
        })?;
        if let Some(settled) = garbage {
            return Ok(settled);
        }
        // Only a source that can be trusted shows a miscompilation.
        env.violation(&how, source, &a, &ran_a)
    }
}
