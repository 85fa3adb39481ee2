//! [`BisectFirst`]: a search for a level whose targets usually come down to
//! a single one (the one function of hundreds that holds the bug).
//!
//! ddmin spends two tests on a halving half the time: when keeping the first
//! half fails it still has to test keeping the second. If exactly one target
//! is needed that second test cannot fail, so it tells nothing: the bisection
//! infers the needed target is in the second half and next tests keeping the
//! first half *of that half*. Every test halves the candidates, and the stream
//! ends with keeping the one target the inferences point at, which verifies
//! them all. Only tested candidates are ever accepted, so a wrong guess costs
//! tests, never correctness: when the last test fails (two targets in
//! different halves are needed) the level falls back to the inner policy for
//! good.

use std::collections::HashMap;

use super::{weighted_partition, Config, Delta, Lead, Led, Unit};

/// Bisects for a single needed target while that works, then searches with
/// `inner`.
pub type BisectFirst<U, P> = Led<Bisection<U>, P>;

/// The lead of [`BisectFirst`]: the bisection's chain, until a stream of it
/// fails.
#[derive(Debug)]
pub struct Bisection<U: Unit> {
    weights: HashMap<U, u64>,
    /// Bisecting until a stream of it fails.
    active: bool,
}

impl<U: Unit, P> BisectFirst<U, P> {
    /// Halves are balanced by `weights` (a unit not in the map weighs 1).
    pub fn new(inner: P, weights: HashMap<U, u64>) -> Self {
        Led::with(
            Bisection {
                weights,
                active: true,
            },
            inner,
        )
    }
}

impl<U: Unit> Bisection<U> {
    /// The bisection's candidates to keep, each assuming every earlier one
    /// failed: the first half, the first half of the second half, ..., and
    /// finally the single target all the failures point at.
    fn chain(&self, config: &Config<U>) -> Vec<Vec<U>> {
        let mut chain = Vec::new();
        let mut left: Vec<U> = config.iter().copied().collect();
        while left.len() > 1 {
            let mut halves =
                weighted_partition(&left, 2, |u| self.weights.get(&u).copied().unwrap_or(1));
            let second = halves.pop().unwrap_or_default();
            chain.push(halves.pop().unwrap_or_default());
            left = second;
        }
        // After a single halving the inner search's first stream (keep each
        // half) verifies the inference anyway.
        if chain.len() > 1 {
            chain.push(left);
        }
        chain
    }
}

impl<U: Unit> Lead<U> for Bisection<U> {
    /// The chain's removals, while the bisection is active.
    fn lead(&mut self, config: &Config<U>) -> Vec<Delta<U>> {
        if !self.active {
            return Vec::new();
        }
        self.chain(config)
            .into_iter()
            .map(|keep| {
                let keep: Config<U> = keep.into_iter().collect();
                config.difference(&keep).copied().collect::<Delta<U>>()
            })
            .filter(|d| !d.is_empty())
            .collect()
    }

    fn failed(&mut self, _leading: usize) {
        self.active = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::run;
    use crate::DDMin;

    #[test]
    fn one_needed_target_costs_a_test_per_halving() {
        for needed in [0, 299, 137, 150] {
            let (out, calls) = run(
                &mut BisectFirst::new(DDMin::new(), HashMap::new()),
                300,
                &[needed],
            );
            assert_eq!(out, Config::from([needed]));
            // ceil(log2 300) = 9 halvings, at most one verification of an
            // inferred target, and the test that it cannot go either.
            assert!(calls <= 11, "{calls} calls for {needed}");
            let (_, ddmin) = run(&mut DDMin::new(), 300, &[needed]);
            assert!(
                calls <= ddmin,
                "{calls} calls against ddmin's {ddmin} for {needed}"
            );
        }
    }

    #[test]
    fn several_needed_targets_fall_back_to_the_inner_search() {
        let (out, calls) = run(
            &mut BisectFirst::new(DDMin::new(), HashMap::new()),
            64,
            &[3, 60],
        );
        assert_eq!(out, Config::from([3, 60]));
        let (_, ddmin) = run(&mut DDMin::new(), 64, &[3, 60]);
        // The failed bisection costs at most its length (6 halvings and the
        // verification) on top of ddmin.
        assert!(calls <= ddmin + 7, "{calls} against {ddmin}");
    }

    #[test]
    fn halves_follow_the_weights() {
        let weights: HashMap<u32, u64> = (0..8).map(|u| (u, if u == 2 { 10 } else { 1 })).collect();
        let b = BisectFirst::new(DDMin::new(), weights);
        let chain = b.lead().chain(&(0..8).collect());
        // The heavy unit makes the first half short; the last candidate is
        // the one target every failure points at.
        assert_eq!(
            chain,
            vec![vec![0, 1, 2], vec![3, 4], vec![5], vec![6], vec![7]]
        );
        // With two targets, keeping the first is the whole bisection: the
        // inner search's first stream verifies the other.
        let chain = b.lead().chain(&Config::from([0, 1]));
        assert_eq!(chain, vec![vec![0]]);
    }
}
