//! Property tests of the engine: for random sets, weights and monotone
//! oracles (with some candidates Unresolved), ddmin, WDD and WDD after a
//! bisection for a single target return an
//! interesting configuration that is 1-minimal and never one the oracle
//! called Unresolved.

use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};

use proptest::prelude::*;
use whittle_dd::{reduce, BisectFirst, Config, DDMin, Policy, Sequential, Verdict, Wdd};

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

fn check(policy: &mut dyn Policy<u32>, n: u32, oracle: &Oracle) -> Result<(), TestCaseError> {
    let all: Config<u32> = (0..n).collect();
    // The starting configuration must be interesting, as a real run checks.
    prop_assume!(oracle.judge(&all) == Verdict::Interesting);
    let mut seen_unresolved = Vec::new();
    let mut judge = Sequential(|c: &Config<u32>| {
        let v = oracle.judge(c);
        if v == Verdict::Unresolved {
            seen_unresolved.push(c.clone());
        }
        v
    });
    let out = reduce(all.clone(), &mut judge, policy);
    prop_assert!(out.is_subset(&all));
    prop_assert_eq!(oracle.judge(&out), Verdict::Interesting);
    prop_assert!(!seen_unresolved.contains(&out));
    for &u in &out {
        let mut smaller = out.clone();
        smaller.remove(&u);
        prop_assert_ne!(
            oracle.judge(&smaller),
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
    fn bisect_first_is_one_minimal((n, weights, oracle) in problem()) {
        let map: HashMap<u32, u64> = weights.iter().copied().enumerate().map(|(i, w)| (i as u32, w)).collect();
        check(&mut BisectFirst::new(Wdd::new(map.clone()), map), n, &oracle)?;
    }
}
