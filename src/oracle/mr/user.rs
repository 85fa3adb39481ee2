//! User-defined relations: `--mr-followup 'CMD %s %t'` derives the
//! follow-up `%t` from the source `%s`, `--mr-run 'CMD %s'` runs either,
//! and the two runs' stdout and exit status must agree, exactly or with
//! `--mr-compare=numeric:TOL` (numbers equal within TOL, relative or
//! absolute, everything else exactly).

use std::path::Path;

use anyhow::Result;

use super::trust::{followup_path, instantiate};
use super::{succeed, Behaviour, Check, Env, Relation, SourceRun};
use crate::oracle::process::TestCommand;

/// How two runs' outputs must agree.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Compare {
    Exact,
    Numeric(f64),
}

impl Compare {
    pub fn parse(text: &str) -> Result<Compare, String> {
        if text == "exact" {
            return Ok(Compare::Exact);
        }
        match text.strip_prefix("numeric:").map(str::parse::<f64>) {
            Some(Ok(tol)) if tol >= 0.0 => Ok(Compare::Numeric(tol)),
            _ => Err(format!("'{text}' is not a comparison (exact, numeric:TOL)")),
        }
    }

    pub fn agree(self, a: &Behaviour, b: &Behaviour) -> bool {
        if a.status != b.status {
            return false;
        }
        match self {
            Compare::Exact => a.stdout.digest == b.stdout.digest,
            // Outputs too long to keep whole are compared exactly.
            Compare::Numeric(_) if a.stdout.truncated || b.stdout.truncated => {
                a.stdout.digest == b.stdout.digest
            }
            Compare::Numeric(tol) => numeric_agree(&a.stdout.text(), &b.stdout.text(), tol),
        }
    }
}

fn numeric_agree(a: &str, b: &str, tol: f64) -> bool {
    let (ta, tb): (Vec<&str>, Vec<&str>) = (
        a.split_whitespace().collect(),
        b.split_whitespace().collect(),
    );
    ta.len() == tb.len()
        && ta
            .iter()
            .zip(&tb)
            .all(|(x, y)| match (x.parse::<f64>(), y.parse::<f64>()) {
                (Ok(x), Ok(y)) => x == y || (x - y).abs() <= tol * x.abs().max(y.abs()).max(1.0),
                _ => x == y,
            })
}

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
        let after = succeed!(env.observe(&run_followup.path, &run_followup.args));
        if self.compare.agree(&before, &after) {
            return Ok(Check::Holds);
        }
        // The same trust checks as the built-in relations: repeat runs, the
        // address layout, the stack patterns, lli's interpreter.
        env.violation(&how, source, &program, &before)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numeric_comparison_tolerates_small_differences() {
        assert!(numeric_agree("pi 3.14159 n 2", "pi 3.14160 n 2", 1e-5));
        assert!(!numeric_agree("pi 3.14159 n 2", "pi 3.2 n 2", 1e-5));
        assert!(!numeric_agree("a 1", "b 1", 0.1));
        assert!(!numeric_agree("1 2", "1", 0.1));
        assert_eq!(Compare::parse("numeric:0.01"), Ok(Compare::Numeric(0.01)));
        assert!(Compare::parse("fuzzy").is_err());
    }
}
