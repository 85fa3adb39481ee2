//! Stage 2b, isolation: with `-opt-bisect` running every pass invocation
//! but the culprit, the failure must go (one probe, part of the culprit
//! stage). When it does not (a later pass triggers it too), ddmin over the
//! `-opt-bisect` intervals finds a minimal set of invocations that must run
//! for the failure (the isolation stage), and that set is what the report
//! names.

use std::path::Path;

use anyhow::Result;
use whittle_dd::Config;

use super::count::{parse, PassRun};
use super::inject::LitScope;
use super::probe::{Ask, Prober};
use super::search::Probe;

/// The largest pass number an interval reaches: "every pass after N".
const EVERY: u64 = i32::MAX as u64;

/// `-opt-bisect=` intervals for a set of pass numbers: `1-4,6-9,12`; `0`
/// (no pass) for none.
pub fn intervals(passes: impl IntoIterator<Item = u64>) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut run: Option<(u64, u64)> = None;
    let flush = |run: Option<(u64, u64)>, out: &mut Vec<String>| match run {
        Some((a, b)) if a == b => out.push(a.to_string()),
        Some((a, b)) => out.push(format!("{a}-{b}")),
        None => {}
    };
    for p in passes {
        run = match run {
            Some((a, b)) if p == b + 1 => Some((a, p)),
            other => {
                flush(other, &mut out);
                Some((p, p))
            }
        };
    }
    flush(run, &mut out);
    if out.is_empty() {
        "0".into()
    } else {
        out.join(",")
    }
}

/// Every pass but `culprit`.
pub fn all_but(culprit: u64) -> String {
    let mut parts = Vec::new();
    if culprit > 1 {
        parts.push(if culprit == 2 {
            "1".to_string()
        } else {
            format!("1-{}", culprit - 1)
        });
    }
    parts.push(format!("{}-{EVERY}", culprit + 1));
    parts.join(",")
}

/// What the isolation check found.
pub struct Isolation {
    /// Skipping the culprit alone makes the failure go.
    pub isolated: bool,
    /// Skipping it made the tool fail another way (counted as isolated).
    pub fails_differently: bool,
    /// The pass invocations of the run with the culprit skipped.
    runs: Vec<PassRun>,
}

/// One probe: every pass invocation but the culprit.
pub fn check(prober: &Prober, input: &Path, culprit: u64) -> Result<Isolation> {
    let inv = &prober.site.invocation;
    let skip = prober.run(&Ask::new(
        inv.with_flags(&[format!("-opt-bisect={}", all_but(culprit))]),
        input,
        LitScope::Test,
    ))?;
    Ok(Isolation {
        isolated: skip.probe != Probe::Bad,
        fails_differently: skip.probe == Probe::Skip,
        runs: parse(&skip.diverted),
    })
}

/// For a culprit that is not isolated: a minimal set of pass invocations
/// that must run for the failure (ddmin over `-opt-bisect` intervals,
/// from every invocation but the culprit).
pub fn needed(
    prober: &Prober,
    input: &Path,
    culprit: u64,
    isolation: &Isolation,
) -> Result<Vec<PassRun>> {
    let inv = &prober.site.invocation;
    let start: Config<u64> = isolation
        .runs
        .iter()
        .map(|r| r.index)
        .filter(|&i| i != culprit)
        .collect();
    let ask = |kept: &Config<u64>| -> Option<Ask> {
        Some(Ask::new(
            inv.with_flags(
                &[
                    vec![format!("-opt-bisect={}", intervals(kept.iter().copied()))],
                    prober.flags.quiet(),
                ]
                .concat(),
            ),
            input,
            LitScope::Test,
        ))
    };
    let needed = prober.minimize(start, &ask)?;
    Ok(isolation
        .runs
        .iter()
        .filter(|r| needed.contains(&r.index))
        .cloned()
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intervals_of_pass_sets() {
        assert_eq!(intervals([1, 2, 3, 5, 7, 8]), "1-3,5,7-8");
        assert_eq!(intervals([]), "0");
        assert_eq!(intervals([4]), "4");
        assert_eq!(all_but(1), format!("2-{EVERY}"));
        assert_eq!(all_but(2), format!("1,3-{EVERY}"));
        assert_eq!(all_but(9), format!("1-8,10-{EVERY}"));
    }
}
