//! User-defined relations: `--mr-followup 'CMD %s %t'` derives the
//! follow-up `%t` from the source `%s`, `--mr-run 'CMD %s'` runs either,
//! and the two runs' stdout and exit status must agree, exactly or with
//! `--mr-compare=numeric:TOL` (numbers equal within TOL, relative or
//! absolute, everything else exactly).

use std::path::Path;

use anyhow::Result;

use super::{succeed, Behaviour, Check, Env, Relation};
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

    fn agree(self, a: &Behaviour, b: &Behaviour) -> bool {
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

fn instantiate(
    command: &TestCommand,
    source: &Path,
    followup: &Path,
) -> (std::path::PathBuf, Vec<String>) {
    let (s, t) = (source.display().to_string(), followup.display().to_string());
    let args = command
        .args
        .iter()
        .map(|a| a.replace("%t", &t).replace("%s", &s))
        .collect();
    (command.program.clone(), args)
}

impl Relation for UserDefined {
    fn name(&self) -> String {
        format!(
            "user-defined ({} / {})",
            crate::oracle::command::display(&self.followup),
            crate::oracle::command::display(&self.run)
        )
    }

    fn check(&self, source: &Path, env: &Env<'_>) -> Result<Check> {
        let ext = source
            .extension()
            .map_or("ll".to_string(), |e| e.to_string_lossy().into_owned());
        let followup = env.scratch.join(format!("followup.{ext}"));
        let (program, args) = instantiate(&self.followup, source, &followup);
        succeed!(env.tool(&program, &args));
        let (program, args) = instantiate(&self.run, source, &followup);
        let before = succeed!(env.observe(&program, &args));
        let (program, args) = instantiate(&self.run, &followup, &followup);
        let after = succeed!(env.observe(&program, &args));
        if self.compare.agree(&before, &after) {
            return Ok(Check::Holds);
        }
        let (program, args) = instantiate(&self.run, source, &followup);
        Ok(match env.observe(&program, &args)? {
            Ok(again) if self.compare.agree(&again, &before) => Check::Violated,
            Ok(_) => Check::Unresolved("the source behaves differently from run to run".into()),
            Err(super::Failed(why)) => Check::Unresolved(why),
        })
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
