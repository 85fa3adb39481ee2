//! Stage 8 (`--counters`), the transformation: which firings of the debug
//! counters of the smallest pipeline's passes the failure needs. The tool
//! lists its counters (`-print-debug-counter` on an empty module); one probe
//! enables all of them over every count, printing each query
//! (`-print-debug-counter-queries`, which works in release builds and,
//! unlike the summary, survives a crash); for each counter that fired, a
//! probe with none of its firings says whether it matters, and ddmin finds
//! a minimal chunk list (`-debug-counter=NAME=CHUNKS`) that still fails.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::LazyLock;

use anyhow::Result;
use regex::Regex;
use whittle_dd::Config;
use whittle_reducer::Cancel;

use super::inject::LitScope;
use super::invocation::Invocation;
use super::isolate::intervals;
use super::probe::{Ask, Prober};
use super::search::Probe;

/// A counter the failure needs, and the firings (0-based) it needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Needed {
    pub name: String,
    /// How often it fired on the module.
    pub fired: u64,
    /// `-debug-counter=` chunks: `3`, `0-2,5`.
    pub chunks: String,
}

impl Needed {
    pub fn flag(&self) -> String {
        format!("-debug-counter={}={}", self.name, self.chunks)
    }
}

/// A count far above any a counter reaches here.
const ALL: u64 = 1 << 40;

static COUNTER_LINE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^([A-Za-z0-9_.-]+)\s*:\s*\{").unwrap());
static QUERY_LINE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^DebugCounter ([A-Za-z0-9_.-]+)=\d+ ").unwrap());

/// The counters `-print-debug-counter` lists.
pub fn listed(text: &str) -> Vec<String> {
    text.lines()
        .skip_while(|l| !l.starts_with("Counters and values"))
        .filter_map(|l| COUNTER_LINE.captures(l.trim()).map(|c| c[1].to_string()))
        .collect()
}

/// `-debug-counter=` chunks for a set of firings (none: beyond them all).
fn chunks(kept: &Config<u64>) -> String {
    if kept.is_empty() {
        ALL.to_string()
    } else {
        intervals(kept.iter().copied())
    }
}

/// How often each counter was queried, from `-print-debug-counter-queries`.
pub fn fired(text: &str) -> BTreeMap<String, u64> {
    let mut counts = BTreeMap::new();
    for c in text.lines().filter_map(|l| QUERY_LINE.captures(l)) {
        *counts.entry(c[1].to_string()).or_insert(0) += 1;
    }
    counts
}

/// Find the counters `invocation` needs to fail on `module`.
pub fn counters(prober: &Prober, invocation: &Invocation, module: &Path) -> Result<Vec<Needed>> {
    let scratch = prober.env.private_dir("counters")?;
    let empty = scratch.join("empty.ll");
    std::fs::write(&empty, "")?;
    let query = invocation
        .with_flags(&["-print-debug-counter".into()])
        .with_output(&["-disable-output".into()]);
    let command = prober.site.standalone(&query, &empty, &scratch)?;
    let out = prober.env.run(&command, &empty, &scratch, &Cancel::new())?;
    let names = listed(&format!("{}\n{}", out.stdout.text(), out.stderr.text()));
    if names.is_empty() {
        return Ok(Vec::new());
    }
    let every: Vec<String> = names.iter().map(|n| format!("{n}=0-{ALL}")).collect();
    let with = |settings: &[String]| {
        let mut flags = vec![format!("-debug-counter={}", settings.join(","))];
        flags.push("-print-debug-counter-queries".into());
        Ask::new(invocation.with_flags(&flags), module, LitScope::Line)
    };
    let all = prober.run(&with(&every))?;
    if all.probe != Probe::Bad {
        return Ok(Vec::new());
    }
    let firing = fired(&all.diverted);
    let mut needed = Vec::new();
    for (name, count) in firing {
        let others: Vec<String> = every
            .iter()
            .filter(|s| !s.starts_with(&format!("{name}=")))
            .cloned()
            .collect();
        let setting = |chunks: String| {
            let mut s = others.clone();
            s.push(format!("{name}={chunks}"));
            s
        };
        // None of its firings: if it still fails, the counter does not matter.
        if prober.run(&with(&setting(chunks(&Config::new()))))?.probe == Probe::Bad {
            continue;
        }
        let start: Config<u64> = (0..count).collect();
        let ask = |kept: &Config<u64>| Some(with(&setting(chunks(kept))));
        let kept = prober.minimize(start, &ask)?;
        needed.push(Needed {
            name,
            fired: count,
            chunks: chunks(&kept),
        });
    }
    Ok(needed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counters_listed_and_fired() {
        let list = "Counters and values:\naarch64-ldst-opt-reg-renaming   : {0,empty}\nwt-counted                      : {4,0}\n";
        assert_eq!(
            listed(list),
            ["aarch64-ldst-opt-reg-renaming", "wt-counted"]
        );
        let queries = "DebugCounter wt-counted=0 execute\nDebugCounter wt-counted=1 skip\nDebugCounter instcombine-visit=0 execute\n";
        let f = fired(queries);
        assert_eq!(f["wt-counted"], 2);
        assert_eq!(f["instcombine-visit"], 1);
    }
}
