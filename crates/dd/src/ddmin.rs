//! ddmin and Weighted Delta Debugging as [`Policy`] objects.
//!
//! Both are the same granularity search, [`Granular`], with a different
//! splitter: ddmin cuts the configuration into chunks of equal *count*, WDD
//! into chunks of equal *weight* (the size of what each unit stands for), so
//! a heavy unit is isolated early instead of being bundled with light ones
//! in chunks that could never be removed.
//!
//! The search, per `propose` stream, starting at granularity `n`:
//! - at n = 2, try keeping each half alone (the "subset" tests of ddmin; with
//!   two chunks these are also the two complements);
//! - at n > 2, try removing each chunk, starting where the last success was;
//! - if nothing was interesting, double `n` (capped at the number of units;
//!   at that point every chunk is a single unit).
//!
//! After removing a chunk at granularity n the next stream starts at
//! max(n - 1, 2), as in Zeller and Hildebrandt's ddmin; after a subset success
//! it starts again at 2. Subset tests at n > 2 are not made: the chunks
//! refine the halves, so for a monotone test none of them can succeed once
//! both halves have failed alone. The search stops when a stream at unit
//! granularity finds nothing, so the result is 1-minimal.

use std::collections::HashMap;

use super::{partition, weighted_partition, Accepted, Config, Delta, Lead, Led, Policy, Unit};

/// How a granularity search cuts the configuration into chunks.
pub trait Splitter<U> {
    fn split(&self, items: &[U], n: usize) -> Vec<Vec<U>>;
}

/// Chunks of equal count (ddmin).
#[derive(Clone, Copy, Debug, Default)]
pub struct ByCount;

impl<U: Copy> Splitter<U> for ByCount {
    fn split(&self, items: &[U], n: usize) -> Vec<Vec<U>> {
        partition(items, n)
    }
}

/// Chunks of equal total weight (WDD).
#[derive(Clone, Debug)]
pub struct ByWeight<U: Unit> {
    weights: HashMap<U, u64>,
}

impl<U: Unit> Splitter<U> for ByWeight<U> {
    fn split(&self, items: &[U], n: usize) -> Vec<Vec<U>> {
        // A unit without a recorded weight counts as 1.
        weighted_partition(items, n, |u| self.weights.get(&u).copied().unwrap_or(1))
    }
}

/// Tries removing everything first, then searches with `inner`: for levels
/// whose targets are usually all removable (attributes, flags, metadata),
/// one test instead of a descent.
pub type AllFirst<P> = Led<Everything, P>;

/// The lead of [`AllFirst`]: the removal of everything, once.
#[derive(Debug, Default)]
pub struct Everything {
    tried: bool,
}

impl<P> AllFirst<P> {
    pub fn new(inner: P) -> Self {
        Led::with(Everything::default(), inner)
    }
}

impl<U: Unit> Lead<U> for Everything {
    fn lead(&mut self, config: &Config<U>) -> Vec<Delta<U>> {
        let first = !self.tried && !config.is_empty();
        self.tried = true;
        if first {
            vec![config.clone()]
        } else {
            Vec::new()
        }
    }
}

/// One proposal of a stream, remembered so that `on_reduced` knows which
/// kind of test succeeded.
#[derive(Clone, Copy, Debug)]
struct Step {
    granularity: usize,
    chunk: usize,
    keep_only: bool,
}

/// The granularity search shared by ddmin and WDD.
#[derive(Debug)]
pub struct Granular<S> {
    splitter: S,
    granularity: usize,
    resume: usize,
    log: Vec<Step>,
}

/// ddmin: split by count.
pub type DDMin = Granular<ByCount>;

/// Weighted delta debugging: split by weight.
pub type Wdd<U> = Granular<ByWeight<U>>;

impl<S> Granular<S> {
    pub fn with_splitter(splitter: S) -> Self {
        Granular {
            splitter,
            granularity: 2,
            resume: 0,
            log: Vec::new(),
        }
    }

    /// Start at granularity `n` (at least 2) instead of 2.
    pub fn starting_at(mut self, n: usize) -> Self {
        self.granularity = n.max(2);
        self
    }
}

impl DDMin {
    pub fn new() -> Self {
        Granular::with_splitter(ByCount)
    }
}

impl Default for DDMin {
    fn default() -> Self {
        Self::new()
    }
}

impl<U: Unit> Wdd<U> {
    /// WDD over units with the given weights (a unit not in the map weighs 1).
    pub fn new(weights: HashMap<U, u64>) -> Self {
        Granular::with_splitter(ByWeight { weights })
    }
}

impl<U: Unit, S: Splitter<U>> Policy<U> for Granular<S> {
    fn propose<'a>(&'a mut self, config: &'a Config<U>) -> Box<dyn Iterator<Item = Delta<U>> + 'a> {
        self.log.clear();
        let items: Vec<U> = config.iter().copied().collect();
        if items.is_empty() {
            return Box::new(std::iter::empty());
        }
        let granularity = self.granularity.clamp(2, items.len().max(2));
        let resume = self.resume;
        Box::new(Stream {
            splitter: &self.splitter,
            log: &mut self.log,
            items,
            granularity,
            chunks: Vec::new(),
            order: Vec::new(),
            next: 0,
            resume,
            started: false,
        })
    }

    fn on_reduced(&mut self, accepted: Option<Accepted<'_, U>>) -> bool {
        let Some(accepted) = accepted else {
            return false;
        };
        let step = self.log[accepted.position];
        if step.keep_only {
            self.granularity = 2;
            self.resume = 0;
        } else {
            self.granularity = step.granularity.saturating_sub(1).max(2);
            self.resume = step.chunk;
        }
        true
    }
}

/// The lazy proposal stream of one `propose` call.
struct Stream<'a, U, S> {
    splitter: &'a S,
    log: &'a mut Vec<Step>,
    items: Vec<U>,
    granularity: usize,
    chunks: Vec<Vec<U>>,
    /// The tests planned at this granularity: (chunk, keep_only).
    order: Vec<(usize, bool)>,
    next: usize,
    resume: usize,
    started: bool,
}

impl<U: Unit, S: Splitter<U>> Stream<'_, U, S> {
    /// Split at the current granularity and plan its tests. Returns false
    /// when there is no finer granularity left.
    fn plan(&mut self) -> bool {
        if self.started {
            if self.granularity >= self.items.len() {
                return false;
            }
            self.granularity = (self.granularity * 2).min(self.items.len());
            self.resume = 0;
        }
        self.started = true;
        self.chunks = self.splitter.split(&self.items, self.granularity);
        let k = self.chunks.len();
        self.order = if self.granularity == 2 && k == 2 {
            // Keep each half alone; these are also the two complements.
            vec![(0, true), (1, true)]
        } else {
            let start = if k == 0 { 0 } else { self.resume % k };
            (start..k).chain(0..start).map(|i| (i, false)).collect()
        };
        self.next = 0;
        true
    }
}

impl<U: Unit, S: Splitter<U>> Iterator for Stream<'_, U, S> {
    type Item = Delta<U>;

    fn next(&mut self) -> Option<Delta<U>> {
        loop {
            if !self.started || self.next >= self.order.len() {
                if !self.plan() {
                    return None;
                }
                continue;
            }
            let (chunk, keep_only) = self.order[self.next];
            self.next += 1;
            let delta: Delta<U> = if keep_only {
                self.chunks
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| i != chunk)
                    .flat_map(|(_, c)| c.iter().copied())
                    .collect()
            } else {
                self.chunks[chunk].iter().copied().collect()
            };
            if delta.is_empty() {
                continue;
            }
            self.log.push(Step {
                granularity: self.granularity,
                chunk,
                keep_only,
            });
            return Some(delta);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::run;

    #[test]
    fn ddmin_finds_the_needed_units() {
        let (out, _) = run(&mut DDMin::new(), 100, &[3, 50, 97]);
        assert_eq!(out, Config::from([3, 50, 97]));
    }

    #[test]
    fn single_needed_unit_takes_logarithmic_tests() {
        let (out, calls) = run(&mut DDMin::new(), 1024, &[700]);
        assert_eq!(out, Config::from([700]));
        // Halving: two tests per level for 10 levels at most, plus the final check.
        assert!(calls <= 2 * 10 + 1, "{calls} calls");
    }

    #[test]
    fn wdd_isolates_a_heavy_unit_first() {
        let weights: HashMap<u32, u64> =
            (0..16).map(|u| (u, if u == 5 { 100 } else { 1 })).collect();
        let (out, wdd_calls) = run(&mut Wdd::new(weights), 16, &[5]);
        assert_eq!(out, Config::from([5]));
        let (_, ddmin_calls) = run(&mut DDMin::new(), 16, &[5]);
        // Halves by weight put the heavy unit nearly alone at once: 4 tests
        // against ddmin's 7 halvings of a count-balanced split.
        assert_eq!((wdd_calls, ddmin_calls), (4, 7));
    }

    #[test]
    fn all_first_removes_everything_in_one_test_when_it_can() {
        let (out, calls) = run(&mut AllFirst::new(DDMin::new()), 64, &[]);
        assert!(out.is_empty());
        assert_eq!(calls, 1);
        // When something is needed it costs one test more than the inner search.
        let (out, with) = run(&mut AllFirst::new(DDMin::new()), 64, &[9, 40]);
        let (_, without) = run(&mut DDMin::new(), 64, &[9, 40]);
        assert_eq!(out, Config::from([9, 40]));
        assert_eq!(with, without + 1);
    }

    #[test]
    fn an_empty_configuration_proposes_nothing() {
        let mut p = DDMin::new();
        let empty = Config::<u32>::new();
        assert_eq!(p.propose(&empty).count(), 0);
    }
}
