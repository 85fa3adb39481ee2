//! `opt-equivalence`: running the module gives the same stdout and exit
//! status as running the module after `opt` (default `-passes=default<O2>`;
//! `--mr-pipeline` changes it, `--mr-opt` points at another optimizer).

use std::path::{Path, PathBuf};

use anyhow::Result;

use super::{succeed, Check, Env, Relation, SourceRun};

pub struct OptEquivalence {
    pub opt: PathBuf,
    /// Arguments selecting the pipeline (`-passes=...`, or `-O2`).
    pub pipeline: Vec<String>,
    /// More flags, first on opt's command line (a bisection's).
    pub flags: Vec<String>,
}

impl OptEquivalence {
    /// `pipeline` is an `opt -passes=` pipeline, or raw opt flags when it
    /// starts with `-` (`-O3`, `-passes=...`).
    pub fn new(opt: PathBuf, pipeline: &str) -> OptEquivalence {
        let pipeline = if pipeline.starts_with('-') {
            pipeline.split_whitespace().map(String::from).collect()
        } else {
            vec![format!("-passes={pipeline}")]
        };
        OptEquivalence {
            opt,
            pipeline,
            flags: Vec::new(),
        }
    }
}

impl Relation for OptEquivalence {
    fn name(&self) -> String {
        format!("opt-equivalence ({})", self.pipeline.join(" "))
    }

    fn source_run(&self) -> Option<SourceRun<'_>> {
        Some(SourceRun::Exec)
    }

    fn check(&self, source: &Path, env: &Env<'_>) -> Result<Check> {
        let how = SourceRun::Exec;
        let program = succeed!(how.program(env, source, "source"));
        let before = succeed!(env.observe(&program.path, &program.args));
        let optimized = env.scratch.join("followup.bc");
        let mut args = self.flags.clone();
        args.extend(self.pipeline.iter().cloned());
        args.extend([
            source.display().to_string(),
            "-o".into(),
            optimized.display().to_string(),
        ]);
        succeed!(env.tool(&self.opt, &args));
        let after = env.execute_followup(&optimized)?;
        if let Some(settled) = env.judge_followup(&before, after, |a, b| a == b) {
            return Ok(settled);
        }
        let garbage =
            env.crash_needs_no_garbage(|byte| match env.followup_filled(&optimized, byte)? {
                Some(filled) => env.execute_followup(&filled).map(Some),
                None => Ok(None),
            })?;
        if let Some(settled) = garbage {
            return Ok(settled);
        }
        env.violation(&how, source, &program, &before)
    }
}
