//! What the policies' unit tests share: a run over units 0..n against an
//! oracle that wants some of them.

use super::{reduce, Config, Policy, Sequential, Verdict};

/// Reduce 0..`n` with `policy` against a monotone oracle that is interesting
/// while every unit of `needed` is kept; the result and the oracle calls.
pub fn run(policy: &mut dyn Policy<u32>, n: u32, needed: &[u32]) -> (Config<u32>, usize) {
    let mut calls = 0;
    let mut judge = Sequential(|c: &Config<u32>| {
        calls += 1;
        Verdict::from_interesting(needed.iter().all(|u| c.contains(u)))
    });
    let out = reduce((0..n).collect(), &mut judge, policy);
    (out, calls)
}
