//! The culprit search, as pure logic: find the limit N such that running
//! passes 1..N−1 is good and running 1..N is bad, probing `k` limits per
//! round (a k-ary search: with `-j k`, more probes per round and fewer
//! rounds). A probe that fails *differently* is skipped, like `git
//! bisect`'s exit status 125: the search works around it, and when every
//! limit between the last good and the first bad one was skipped it reports
//! the range the culprit is in.
//!
//! For a predicate that is monotone apart from its skips (good below the
//! culprit, bad from it on), the result does not depend on `k`: the search
//! ends only when every limit strictly between the largest good limit below
//! the smallest bad one and that bad one was skipped, and both are fixed by
//! the predicate.

use std::collections::BTreeMap;

/// What one probe (a run with `-opt-bisect-limit=L`) showed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Probe {
    /// The failure, as recorded.
    Bad,
    /// No failure at all.
    Good,
    /// Another failure (another crash, a tool error, a timeout): neither.
    Skip,
}

/// Where the search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    /// Pass invocation N: limit N−1 is good, limit N bad.
    Culprit(u64),
    /// The culprit is one of `first..=last`: the limits in between failed
    /// differently (or, when `first` is 1, the limit 0 did).
    Ambiguous { first: u64, last: u64 },
}

/// The state of a search over the limits 0..=total.
#[derive(Clone, Debug)]
pub struct Search {
    results: BTreeMap<u64, Probe>,
}

impl Search {
    /// A search whose limit `total` (every pass) is known to be bad and
    /// whose limit 0 (no pass) showed `at_zero`.
    pub fn new(total: u64, at_zero: Probe) -> Search {
        let mut results = BTreeMap::new();
        results.insert(total, Probe::Bad);
        results.entry(0).or_insert(at_zero);
        Search { results }
    }

    pub fn record(&mut self, limit: u64, probe: Probe) {
        self.results.insert(limit, probe);
    }

    /// The smallest bad limit.
    fn bad(&self) -> u64 {
        self.results
            .iter()
            .find(|(_, p)| **p == Probe::Bad)
            .map(|(l, _)| *l)
            .expect("the limit `total` is bad")
    }

    /// The largest good limit below the smallest bad one.
    fn good(&self) -> Option<u64> {
        self.results
            .range(..self.bad())
            .rev()
            .find(|(_, p)| **p == Probe::Good)
            .map(|(l, _)| *l)
    }

    /// The runs of limits not probed yet between the bounds, as (first,
    /// count, weight): the limits probed there (all skipped) separate them.
    /// A run between two skipped limits is likely skipped throughout (the
    /// probes that fail differently usually do so over a stretch: the
    /// passes before some pass a required one depends on), so it gets
    /// probes only when no other run is left (weight 0).
    fn gaps(&self) -> Vec<(u64, u64, u64)> {
        let bad = self.bad();
        let low = self.good().unwrap_or(0);
        let mut points: Vec<(u64, bool)> = vec![(low, self.good().is_none())];
        points.extend(self.results.range(low + 1..bad).map(|(l, _)| (*l, true)));
        points.push((bad, false));
        points
            .windows(2)
            .filter(|w| w[1].0 > w[0].0 + 1)
            .map(|w| {
                let count = w[1].0 - w[0].0 - 1;
                let weight = if w[0].1 && w[1].1 { 0 } else { count };
                (w[0].0 + 1, count, weight)
            })
            .collect()
    }

    /// Up to `k` limits to probe next; none when the search is over. The
    /// probes go to the runs of unprobed limits in proportion to their
    /// weight (so a long stretch of skipped limits costs a few probes, not
    /// one per limit), evenly spaced within each.
    pub fn next_round(&self, k: usize) -> Vec<u64> {
        let gaps = self.gaps();
        let unknown: u64 = gaps.iter().map(|g| g.1).sum();
        if unknown == 0 {
            return Vec::new();
        }
        let k = (k.max(1) as u64).min(unknown);
        // One probe at a time to the run whose pieces would weigh most
        // (by length when only weightless runs are left).
        let mut given = vec![0u64; gaps.len()];
        for _ in 0..k {
            let weighty = gaps.iter().zip(&given).any(|(g, a)| g.2 > 0 && *a < g.1);
            let weight = |g: &(u64, u64, u64)| if weighty { g.2 } else { g.1 };
            let (i, _) = gaps
                .iter()
                .enumerate()
                .filter(|(i, g)| given[*i] < g.1 && weight(g) > 0)
                .max_by(|(i, g), (j, h)| {
                    // weight(g) / (given[i] + 1) against weight(h) /
                    // (given[j] + 1); ties to the earlier run.
                    (weight(g) * (given[*j] + 1))
                        .cmp(&(weight(h) * (given[*i] + 1)))
                        .then(j.cmp(i))
                })
                .expect("fewer probes than unknown limits");
            given[i] += 1;
        }
        let mut picks = Vec::new();
        for ((first, count, _), a) in gaps.into_iter().zip(given) {
            // The run's limits and the point after it are its candidates;
            // probe i closes group i of a + 1.
            for i in 1..=a {
                let end = i * (count + 1) / (a + 1);
                picks.push(first + end.max(1) - 1);
            }
        }
        picks.dedup();
        picks
    }

    /// The outcome, once [`Search::next_round`] proposes nothing.
    pub fn found(&self) -> Found {
        let bad = self.bad();
        match self.good() {
            Some(good) if good + 1 == bad => Found::Culprit(bad),
            good => Found::Ambiguous {
                first: good.map_or(1, |g| g + 1),
                last: bad,
            },
        }
    }
}

/// Run a whole search: `probe` gets each round's limits (at most `k`) and
/// returns their results in the same order. Returns where it ended and how
/// many limits were probed.
pub fn bisect(
    total: u64,
    at_zero: Probe,
    k: usize,
    mut probe: impl FnMut(&[u64]) -> anyhow::Result<Vec<Probe>>,
) -> anyhow::Result<(Found, usize)> {
    let mut search = Search::new(total, at_zero);
    let mut probes = 0;
    loop {
        let round = search.next_round(k);
        if round.is_empty() {
            return Ok((search.found(), probes));
        }
        let results = probe(&round)?;
        probes += round.len();
        for (limit, result) in round.into_iter().zip(results) {
            search.record(limit, result);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::collection::btree_set;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    /// The predicate of a planted culprit: limits below it are good, the
    /// others bad, the skipped ones fail differently.
    fn planted(culprit: u64, skipped: &BTreeSet<u64>) -> impl Fn(u64) -> Probe + '_ {
        move |limit| {
            if skipped.contains(&limit) {
                Probe::Skip
            } else if limit < culprit {
                Probe::Good
            } else {
                Probe::Bad
            }
        }
    }

    fn run(total: u64, culprit: u64, skipped: &BTreeSet<u64>, k: usize) -> (Found, usize) {
        let at = planted(culprit, skipped);
        bisect(total, at(0), k, |limits| {
            assert!(!limits.is_empty() && limits.len() <= k);
            Ok(limits.iter().map(|&l| at(l)).collect())
        })
        .unwrap()
    }

    /// What the search must say: the culprit when the limit just below it
    /// and the culprit itself could be judged, else the range between the
    /// nearest judged limits around it.
    fn expected(culprit: u64, total: u64, skipped: &BTreeSet<u64>) -> Found {
        let good = (0..culprit).rev().find(|l| !skipped.contains(l));
        let bad = (culprit..=total).find(|l| !skipped.contains(l)).unwrap();
        match good {
            Some(g) if g + 1 == bad => Found::Culprit(bad),
            g => Found::Ambiguous {
                first: g.map_or(1, |g| g + 1),
                last: bad,
            },
        }
    }

    fn ceil_log2(n: u64) -> usize {
        (64 - (n.max(1) - 1).leading_zeros()) as usize
    }

    #[test]
    fn a_binary_search_without_skips() {
        let none = BTreeSet::new();
        assert_eq!(run(1, 1, &none, 1), (Found::Culprit(1), 0));
        assert_eq!(run(2, 1, &none, 1), (Found::Culprit(1), 1));
        assert_eq!(run(1000, 377, &none, 1).0, Found::Culprit(377));
        assert!(run(1000, 377, &none, 1).1 <= 10);
        // Four probes a round: about log5(1000) rounds.
        let (found, probes) = run(1000, 377, &none, 4);
        assert_eq!(found, Found::Culprit(377));
        assert!(probes <= 4 * 5, "{probes}");
    }

    #[test]
    fn skipped_limits_around_the_culprit_give_a_range() {
        let skipped: BTreeSet<u64> = [375, 376].into();
        assert_eq!(
            run(1000, 377, &skipped, 1).0,
            Found::Ambiguous {
                first: 375,
                last: 377
            }
        );
        let skipped: BTreeSet<u64> = (0..10).collect();
        assert_eq!(
            run(40, 5, &skipped, 3).0,
            Found::Ambiguous { first: 1, last: 10 }
        );
    }

    proptest! {
        #[test]
        fn finds_the_planted_culprit_or_its_range_for_any_jobs(
            total in 1u64..3000,
            culprit_at in 0.0f64..1.0,
            skip_rate in 0.0f64..0.6,
            seeds in btree_set(0u64..3000, 0..200),
            k in 1usize..9,
        ) {
            let culprit = 1 + ((total - 1) as f64 * culprit_at) as u64;
            // A pseudo-random set of skipped limits (never `total`, which
            // the count run showed bad).
            let skipped: BTreeSet<u64> = seeds
                .iter()
                .map(|s| s % total)
                .filter(|s| (s.wrapping_mul(2654435761) % 1000) as f64 / 1000.0 < skip_rate)
                .collect();
            let want = expected(culprit, total, &skipped);
            let (one, _) = run(total, culprit, &skipped, 1);
            let (many, _) = run(total, culprit, &skipped, k);
            prop_assert_eq!(one, want);
            prop_assert_eq!(many, want);
        }

        #[test]
        fn a_stretch_of_skipped_limits_costs_a_few_probes(
            total in 2u64..100_000,
            culprit_at in 0.0f64..1.0,
            stretch in (0.0f64..1.0, 0.0f64..1.0),
        ) {
            let culprit = 1 + ((total - 1) as f64 * culprit_at) as u64;
            // Skipped: a run of limits somewhere below the culprit (like
            // probes that skip a pass a required pass depends on), not
            // reaching the limit just below it (the search would have to
            // probe every limit of the run to report the range).
            let a = (culprit as f64 * stretch.0) as u64;
            let b = a + ((culprit - a) as f64 * stretch.1) as u64;
            prop_assume!(b + 1 < culprit);
            let skipped: BTreeSet<u64> = (a..b).collect();
            let (found, probes) = run(total, culprit, &skipped, 1);
            prop_assert_eq!(found, expected(culprit, total, &skipped));
            prop_assert!(probes <= 2 * ceil_log2(total) + 4, "{} probes for {} passes", probes, total);
        }

        #[test]
        fn at_one_job_the_probes_are_about_log2_of_the_passes(
            total in 1u64..200_000,
            culprit_at in 0.0f64..1.0,
        ) {
            let culprit = 1 + ((total - 1) as f64 * culprit_at) as u64;
            let (found, search) = run(total, culprit, &BTreeSet::new(), 1);
            prop_assert_eq!(found, Found::Culprit(culprit));
            // With the two runs that bound it (all passes, none).
            let probes = search as i64 + 2;
            let target = ceil_log2(total) as i64 + 2;
            prop_assert!((probes - target).abs() <= 2, "{} probes for {} passes", probes, total);
        }
    }
}
