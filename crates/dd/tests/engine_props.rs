//! Property tests of the engine: for random sets, weights and monotone
//! oracles (with some candidates Unresolved), ddmin, WDD, WDD after a
//! bisection for a single target and ProbDD (any prior, alone or after a
//! bisection or after a replay of random earlier removals) return an
//! interesting configuration that is 1-minimal and never one the oracle
//! called Unresolved; ProbDD also on oracles that are not monotone.

use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};

use proptest::prelude::*;
use whittle_dd::{
    reduce, BisectFirst, Config, DDMin, Delta, Policy, ProbDd, Replay, Sequential, Verdict, Wdd,
};

/// A monotone oracle: interesting iff the configuration contains one of the
/// `needed` sets; a pseudo-random share of the other candidates (keyed by
/// `salt`) is Unresolved instead of being judged.
#[derive(Clone, Debug)]
struct Oracle {
    needed: Vec<Vec<u32>>,
    unresolved_one_in: u64,
    salt: u64,
}

impl Oracle {
    fn judge(&self, config: &Config<u32>) -> Verdict {
        let mut h = DefaultHasher::new();
        (self.salt, config).hash(&mut h);
        if self.unresolved_one_in > 0 && h.finish() % self.unresolved_one_in == 0 {
            return Verdict::Unresolved;
        }
        if self
            .needed
            .iter()
            .any(|set| set.iter().all(|u| config.contains(u)))
        {
            Verdict::Interesting
        } else {
            Verdict::NotInteresting
        }
    }
}

fn problem() -> impl Strategy<Value = (u32, Vec<u64>, Oracle)> {
    (1u32..48).prop_flat_map(|n| {
        (
            Just(n),
            proptest::collection::vec(1u64..50, n as usize),
            proptest::collection::vec(proptest::collection::vec(0..n, 0..5), 1..4),
            prop_oneof![Just(0u64), 3u64..9],
            any::<u64>(),
        )
            .prop_map(|(n, weights, needed, unresolved_one_in, salt)| {
                (
                    n,
                    weights,
                    Oracle {
                        needed,
                        unresolved_one_in,
                        salt,
                    },
                )
            })
    })
}

/// An oracle that is not monotone: interesting where `inner` is, except on
/// a pseudo-random share of the configurations (those `flipped` calls
/// Unresolved, one in a few), which are not interesting.
struct NonMonotone {
    inner: Oracle,
    flipped: Oracle,
}

impl NonMonotone {
    fn judge(&self, config: &Config<u32>) -> Verdict {
        match (self.inner.judge(config), self.flipped.judge(config)) {
            (Verdict::Interesting, Verdict::Unresolved) => Verdict::NotInteresting,
            (v, _) => v,
        }
    }
}

fn check(policy: &mut dyn Policy<u32>, n: u32, oracle: &Oracle) -> Result<(), TestCaseError> {
    check_with(policy, n, &|c| oracle.judge(c))
}

/// Reduce 0..n with `policy` against `oracle` and check the result: a
/// subset of the input, interesting, never a configuration the oracle
/// called Unresolved, and 1-minimal.
fn check_with(
    policy: &mut dyn Policy<u32>,
    n: u32,
    oracle: &dyn Fn(&Config<u32>) -> Verdict,
) -> Result<(), TestCaseError> {
    let all: Config<u32> = (0..n).collect();
    // The starting configuration must be interesting, as a real run checks.
    prop_assume!(oracle(&all) == Verdict::Interesting);
    let mut seen_unresolved = Vec::new();
    let mut judge = Sequential(|c: &Config<u32>| {
        let v = oracle(c);
        if v == Verdict::Unresolved {
            seen_unresolved.push(c.clone());
        }
        v
    });
    let out = reduce(all.clone(), &mut judge, policy);
    prop_assert!(out.is_subset(&all));
    prop_assert_eq!(oracle(&out), Verdict::Interesting);
    prop_assert!(!seen_unresolved.contains(&out));
    for &u in &out {
        let mut smaller = out.clone();
        smaller.remove(&u);
        prop_assert_ne!(
            oracle(&smaller),
            Verdict::Interesting,
            "removing {} is still interesting",
            u
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn ddmin_is_one_minimal((n, _weights, oracle) in problem()) {
        check(&mut DDMin::new(), n, &oracle)?;
    }

    #[test]
    fn wdd_is_one_minimal((n, weights, oracle) in problem()) {
        let map: HashMap<u32, u64> = weights.iter().copied().enumerate().map(|(i, w)| (i as u32, w)).collect();
        check(&mut Wdd::new(map), n, &oracle)?;
    }

    #[test]
    fn probdd_is_one_minimal(
        (n, weights, oracle) in problem(),
        prior in 0.0f64..1.0,
        assume_needed in any::<bool>(),
        until_a_removal in any::<bool>(),
        lightest_first in any::<bool>(),
    ) {
        let map: HashMap<u32, u64> = weights.iter().copied().enumerate().map(|(i, w)| (i as u32, w)).collect();
        let probdd = ProbDd::new(map, prior);
        let probdd = if assume_needed { probdd.assuming_a_needed_unit() } else { probdd };
        let probdd = if until_a_removal { probdd.until_a_removal_succeeds() } else { probdd };
        let mut probdd = if lightest_first { probdd.lightest_first() } else { probdd };
        check(&mut probdd, n, &oracle)?;
    }

    #[test]
    fn probdd_after_bisection_is_one_minimal((n, weights, oracle) in problem(), prior in 0.0f64..1.0) {
        let map: HashMap<u32, u64> = weights.iter().copied().enumerate().map(|(i, w)| (i as u32, w)).collect();
        check(&mut BisectFirst::new(ProbDd::new(map.clone(), prior), map), n, &oracle)?;
    }

    #[test]
    fn probdd_is_one_minimal_for_tests_that_are_not_monotone(
        (n, weights, oracle) in problem(),
        prior in 0.0f64..1.0,
        flip in any::<u64>(),
        until_a_removal in any::<bool>(),
    ) {
        // Some configurations that the monotone oracle calls interesting
        // are not, whatever their supersets say.
        let flipped = Oracle { salt: flip, ..oracle.clone() };
        let odd = NonMonotone { inner: oracle, flipped };
        let map: HashMap<u32, u64> = weights.iter().copied().enumerate().map(|(i, w)| (i as u32, w)).collect();
        let probdd = ProbDd::new(map, prior).assuming_a_needed_unit();
        let mut probdd = if until_a_removal { probdd.until_a_removal_succeeds() } else { probdd };
        check_with(&mut probdd, n, &|c| odd.judge(c))?;
    }

    #[test]
    fn probdd_after_a_replay_is_one_minimal(
        (n, weights, oracle) in problem(),
        prior in 0.0f64..1.0,
        steps in proptest::collection::vec(proptest::collection::btree_set(0u32..48, 0..6), 0..12),
    ) {
        // Earlier removals that may or may not pass now, may overlap and
        // may name units the configuration does not have.
        let map: HashMap<u32, u64> = weights.iter().copied().enumerate().map(|(i, w)| (i as u32, w)).collect();
        let steps: Vec<Delta<u32>> = steps;
        let inner = ProbDd::new(map, prior).assuming_a_needed_unit().until_a_removal_succeeds();
        check(&mut Replay::new(inner, steps), n, &oracle)?;
    }

    #[test]
    fn bisect_first_is_one_minimal((n, weights, oracle) in problem()) {
        let map: HashMap<u32, u64> = weights.iter().copied().enumerate().map(|(i, w)| (i as u32, w)).collect();
        check(&mut BisectFirst::new(Wdd::new(map.clone()), map), n, &oracle)?;
    }
}
