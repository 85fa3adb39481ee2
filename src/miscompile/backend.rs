//! The code generator's culprit: a binary search over llc's
//! `-opt-bisect-limit` at the suspect level, each probe built, linked and
//! run (a miscompilation shows only when the program runs, which `whittle
//! bisect`'s probes do not do for llc).

use std::path::Path;

use anyhow::{bail, Result};
use regex::Regex;

use super::program::{Behaviour, Build};
use crate::oracle::mr::tool;

/// One of llc's pass invocations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Culprit {
    /// Its opt-bisect number (1-based).
    pub index: u64,
    pub pass: String,
    pub unit: String,
}

impl std::fmt::Display for Culprit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}) {} on {}", self.index, self.pass, self.unit)
    }
}

/// llc's pass invocations on `module` at the suspect level.
fn invocations(build: &Build, module: &Path, work: &Path) -> Result<Vec<Culprit>> {
    let mut command = std::process::Command::new(tool("llc")?);
    command
        .args(&build.mllvm)
        .arg(build.level.llc())
        .arg("-opt-bisect-limit=-1")
        .arg("-filetype=null")
        .arg(module)
        .current_dir(work);
    let out = command.output()?;
    if !out.status.success() {
        bail!(
            "llc fails on the module: {}",
            String::from_utf8_lossy(&out.stderr)
                .lines()
                .next()
                .unwrap_or("")
        );
    }
    let line = Regex::new(r"^BISECT: running pass \((\d+)\) (.*) on (.*)$").unwrap();
    Ok(String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter_map(|l| line.captures(l))
        .map(|c| Culprit {
            index: c[1].parse().unwrap_or(0),
            pass: c[2].to_string(),
            unit: c[3].to_string(),
        })
        .collect())
}

/// The first pass invocation after which the program built from `module`
/// is bad, or None when it is bad with every skippable pass skipped too
/// (the bug is in a pass opt-bisect cannot skip).
fn search(
    build: &Build,
    module: &Path,
    is_bad: &dyn Fn(&Behaviour) -> bool,
    work: &Path,
    runs: &mut usize,
) -> Result<Option<Culprit>> {
    let passes = invocations(build, module, work)?;
    *runs += 1;
    let mut probe = |limit: usize| -> Result<bool> {
        *runs += 1;
        let exe = work.join(format!("llc-limit-{limit}"));
        let flags = vec![build.level.llc(), format!("-opt-bisect-limit={limit}")];
        Ok(match build.codegen(module, &flags, &exe, work)? {
            Ok(()) => is_bad(&build.run(&exe, work)?),
            Err(_) => false,
        })
    };
    if passes.is_empty() || probe(0)? {
        return Ok(None);
    }
    let (mut good, mut bad) = (0, passes.len());
    while bad - good > 1 {
        let mid = good + (bad - good) / 2;
        if probe(mid)? {
            bad = mid;
        } else {
            good = mid;
        }
    }
    Ok(passes.into_iter().find(|p| p.index == bad as u64))
}

/// The culprit on the whole program (`misbehaves` judges its runs).
pub fn culprit(
    build: &Build,
    module: &Path,
    misbehaves: &dyn Fn(&Behaviour) -> bool,
    work: &Path,
    runs: &mut usize,
) -> Result<Culprit> {
    match search(build, module, misbehaves, work, runs)? {
        Some(c) => Ok(c),
        None => bail!(
            "the program misbehaves with every skippable pass of llc {} skipped: the bug is in a pass opt-bisect cannot skip",
            build.level.llc()
        ),
    }
}

/// The culprit on the reduced module: bad is behaving otherwise than built
/// by llc -O0.
pub fn culprit_on_reduced(
    build: &Build,
    module: &Path,
    work: &Path,
    runs: &mut usize,
) -> Result<Option<Culprit>> {
    let exe = work.join("reduced-O0");
    *runs += 1;
    if let Err(e) = build.codegen(module, &["-O0".into()], &exe, work)? {
        bail!("the reduced module does not build with llc -O0: {e}");
    }
    let good = build.run(&exe, work)?;
    search(build, module, &|b: &Behaviour| !b.same(&good), work, runs)
}

/// How the reduced module behaves built by llc -O0 and at the suspect
/// level.
pub fn behaviour_pair(build: &Build, module: &Path, work: &Path) -> Result<(String, String)> {
    Ok((
        build.describe_built(module, &["-O0".into()], &work.join("pair-O0"), work)?,
        build.describe_built(module, &[build.level.llc()], &work.join("pair-On"), work)?,
    ))
}
