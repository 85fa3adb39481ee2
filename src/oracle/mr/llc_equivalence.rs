//! `llc-equivalence`: the module compiled with one set of `llc` flags
//! (default `-O0`) and with another (default `-O2`; or two `-mattr`
//! settings) behaves the same when linked and run natively.

use std::path::{Path, PathBuf};

use anyhow::Result;

use super::{succeed, Check, Env, Relation};

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

    fn check(&self, source: &Path, env: &Env<'_>) -> Result<Check> {
        let a = env.scratch.join("first.exe");
        let b = env.scratch.join("second.exe");
        succeed!(env.build_native_with(&self.llc, source, &self.first, &a));
        let ran_a = succeed!(env.observe(&a, &[]));
        succeed!(env.build_native_with(&self.llc, source, &self.second, &b));
        let ran_b = succeed!(env.observe(&b, &[]));
        if ran_a == ran_b {
            return Ok(Check::Holds);
        }
        // Only a program that behaves the same from run to run can show a
        // miscompilation.
        Ok(match env.observe(&a, &[])? {
            Ok(again) if again == ran_a => Check::Violated,
            Ok(_) => Check::Unresolved("the program behaves differently from run to run".into()),
            Err(super::Failed(why)) => Check::Unresolved(why),
        })
    }
}
