//! The delta-debugging engine: verdicts, configurations, policies and the
//! reduce loop, ddmin, weighted DD, probabilistic DD, the replay of an
//! earlier run's removals and the hierarchical driver.
//!
//! Nothing here knows about LLVM. A front end exposes its input as a
//! [`Hierarchy`] of levels whose targets are plain indices, and the engine
//! decides which subsets of them to try. Nothing here does I/O either: the
//! engine only proposes configurations and learns from verdicts.
#![forbid(unsafe_code)]

mod bisect;
mod ddmin;
mod hdd;
mod lead;
mod partition;
mod policy;
mod probdd;
mod replay;
#[cfg(test)]
mod test_support;

pub use bisect::BisectFirst;
pub use ddmin::{AllFirst, DDMin, Granular, Wdd};
pub use hdd::{hdd, HddOptions, HddReport, Hierarchy, LevelContext, MinimizerFactory};
pub use lead::{Lead, Led};
pub use partition::{partition, weighted_partition};
pub use policy::{minimizer, LevelHints, PolicyKind};
pub use probdd::ProbDd;
pub use replay::Replay;

use std::collections::BTreeSet;
use std::fmt::Debug;
use std::hash::Hash;

/// What the oracle says about one candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The candidate still shows the behaviour being reduced.
    Interesting,
    /// The candidate was tested and no longer shows it.
    NotInteresting,
    /// The candidate could not be judged (it is invalid, or the test could
    /// not decide). Never accepted.
    Unresolved,
}

impl Verdict {
    /// The verdict of a test that decided: interesting or not.
    pub fn from_interesting(interesting: bool) -> Verdict {
        if interesting {
            Verdict::Interesting
        } else {
            Verdict::NotInteresting
        }
    }
}

/// An indivisible element a policy chooses among.
pub trait Unit: Copy + Eq + Ord + Hash + Debug {}
impl<T: Copy + Eq + Ord + Hash + Debug> Unit for T {}

/// The units kept in a candidate. Ordered, so that every split is
/// deterministic.
pub type Config<U> = BTreeSet<U>;

/// A set of units a policy proposes to remove.
pub type Delta<U> = BTreeSet<U>;

/// The proposal a policy's reduction pass settled on.
#[derive(Debug)]
pub struct Accepted<'c, U> {
    /// Position of the accepted delta in the stream `propose` returned.
    pub position: usize,
    /// The configuration after removing it.
    pub config: &'c Config<U>,
}

/// A removal with, where the policy can tell, the removal it would propose
/// first if this one were accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proposal<U: Unit> {
    pub removal: Delta<U>,
    /// What the policy's next stream would begin with after `removal` is
    /// accepted (given when the policy expects it to be): a judge with a
    /// spare worker may test it ahead of its turn.
    pub if_accepted: Option<Delta<U>>,
}

impl<U: Unit> Proposal<U> {
    /// A removal with no follow-up.
    pub fn plain(removal: Delta<U>) -> Self {
        Proposal {
            removal,
            if_accepted: None,
        }
    }
}

/// A search strategy: proposes removals lazily and learns from the outcome.
pub trait Policy<U: Unit> {
    /// Candidate removals for `config`, most promising first. The reduce loop
    /// stops pulling at the first interesting one, so the stream may be long
    /// (or even unbounded) without cost.
    fn propose<'a>(&'a mut self, config: &'a Config<U>) -> Box<dyn Iterator<Item = Delta<U>> + 'a>;

    /// The same stream as [`Policy::propose`], each removal with its
    /// follow-up where the policy knows it. The reduce loop uses this one.
    fn propose_ahead<'a>(
        &'a mut self,
        config: &'a Config<U>,
    ) -> Box<dyn Iterator<Item = Proposal<U>> + 'a> {
        Box::new(self.propose(config).map(Proposal::plain))
    }

    /// The outcome of the last `propose` stream: the accepted proposal, or
    /// `None` when none of them was interesting. Returns whether to go on.
    fn on_reduced(&mut self, accepted: Option<Accepted<'_, U>>) -> bool {
        accepted.is_some()
    }
}

impl<U: Unit, P: Policy<U> + ?Sized> Policy<U> for Box<P> {
    fn propose<'a>(&'a mut self, config: &'a Config<U>) -> Box<dyn Iterator<Item = Delta<U>> + 'a> {
        (**self).propose(config)
    }

    fn propose_ahead<'a>(
        &'a mut self,
        config: &'a Config<U>,
    ) -> Box<dyn Iterator<Item = Proposal<U>> + 'a> {
        (**self).propose_ahead(config)
    }

    fn on_reduced(&mut self, accepted: Option<Accepted<'_, U>>) -> bool {
        (**self).on_reduced(accepted)
    }
}

/// A candidate configuration and, where the policy gave one, the
/// configuration the search tests next if this one is interesting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate<U: Unit> {
    pub config: Config<U>,
    pub if_interesting: Option<Config<U>>,
}

/// Tests candidates. Given a stream of candidates in proposal order, returns
/// the first interesting one with its position; an implementation may test
/// several ahead at once, but must return exactly what testing them one by
/// one would.
pub trait Judge<U: Unit> {
    fn first_interesting(
        &mut self,
        candidates: &mut dyn Iterator<Item = Config<U>>,
    ) -> Option<(usize, Config<U>)>;

    /// Whether this judge can use follow-ups (a spare worker to test them
    /// on): the reduce loop asks the policy for them only then.
    fn takes_follow_ups(&self) -> bool {
        false
    }

    /// [`Judge::first_interesting`] with each candidate's follow-up: the
    /// judge returns exactly what testing the candidates one by one would,
    /// but with a spare worker it may test a likely follow-up ahead of its
    /// turn, so that its verdict is ready when the search gets there. The
    /// default ignores the follow-ups.
    fn first_interesting_ahead(
        &mut self,
        candidates: &mut dyn Iterator<Item = Candidate<U>>,
    ) -> Option<(usize, Config<U>)> {
        self.first_interesting(&mut candidates.map(|c| c.config))
    }

    /// True once the run should stop (interrupted, out of time). The reduce
    /// loop checks it between rounds and returns what it has.
    fn stopped(&self) -> bool {
        false
    }
}

/// A judge that calls a plain oracle function on each candidate in turn.
pub struct Sequential<F>(pub F);

impl<U: Unit, F: FnMut(&Config<U>) -> Verdict> Judge<U> for Sequential<F> {
    fn first_interesting(
        &mut self,
        candidates: &mut dyn Iterator<Item = Config<U>>,
    ) -> Option<(usize, Config<U>)> {
        candidates
            .enumerate()
            .find(|(_, c)| (self.0)(c) == Verdict::Interesting)
    }
}

/// A judge calling a test that may fail: the first error stops the search
/// (and is kept for [`ddmin_fallible`] to return).
struct Fallible<F, E> {
    test: F,
    error: Option<E>,
}

impl<F: FnMut(&[usize]) -> Result<bool, E>, E> Judge<usize> for Fallible<F, E> {
    fn first_interesting(
        &mut self,
        candidates: &mut dyn Iterator<Item = Config<usize>>,
    ) -> Option<(usize, Config<usize>)> {
        for (position, config) in candidates.enumerate() {
            let items: Vec<usize> = config.iter().copied().collect();
            match (self.test)(&items) {
                Ok(true) => return Some((position, config)),
                Ok(false) => {}
                Err(e) => {
                    self.error = Some(e);
                    return None;
                }
            }
        }
        None
    }

    fn stopped(&self) -> bool {
        self.error.is_some()
    }
}

/// ddmin over the items `0..n`, whose whole set `test` is known to accept:
/// a 1-minimal subset it accepts, in order, or the first error the test
/// returned (a whole module set, or a program's functions, judged by runs
/// that can fail to start).
pub fn ddmin_fallible<E>(
    n: usize,
    test: impl FnMut(&[usize]) -> Result<bool, E>,
) -> Result<Vec<usize>, E> {
    let mut judge = Fallible { test, error: None };
    let kept = reduce((0..n).collect(), &mut judge, &mut DDMin::new());
    match judge.error {
        Some(e) => Err(e),
        None => Ok(kept.into_iter().collect()),
    }
}

/// The main loop of delta debugging: ask the policy for removals, keep the
/// first candidate the judge finds interesting, repeat until the policy
/// stops. `Unresolved` and `NotInteresting` candidates are never kept.
pub fn reduce<U: Unit>(
    mut config: Config<U>,
    judge: &mut dyn Judge<U>,
    policy: &mut dyn Policy<U>,
) -> Config<U> {
    while !judge.stopped() {
        let found = {
            let current = &config;
            let proposals = if judge.takes_follow_ups() {
                policy.propose_ahead(current)
            } else {
                Box::new(policy.propose(current).map(Proposal::plain))
            };
            let mut candidates = proposals.map(|p| {
                // An empty delta is a no-op that could never make progress.
                assert!(!p.removal.is_empty(), "policy proposed an empty delta");
                let config = current
                    .difference(&p.removal)
                    .copied()
                    .collect::<Config<U>>();
                let if_interesting = p
                    .if_accepted
                    .filter(|next| !next.is_empty())
                    .map(|next| config.difference(&next).copied().collect());
                Candidate {
                    config,
                    if_interesting,
                }
            });
            judge.first_interesting_ahead(&mut candidates)
        };
        let keep_going = policy.on_reduced(found.as_ref().map(|(position, c)| Accepted {
            position: *position,
            config: c,
        }));
        if let Some((_, c)) = found {
            config = c;
        }
        if !keep_going {
            break;
        }
    }
    config
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ddmin_fallible_finds_the_needed_items_or_stops_at_the_first_error() {
        let mut calls = 0;
        let kept = ddmin_fallible::<()>(8, |items| {
            calls += 1;
            Ok(items.contains(&2) && items.contains(&5))
        });
        assert_eq!(kept, Ok(vec![2, 5]));
        let mut after_error = 0;
        let failed = ddmin_fallible(8, |items| {
            if items.len() < 8 {
                after_error += 1;
            }
            if after_error > 1 {
                panic!("tested after the error");
            }
            Err::<bool, _>("cannot run")
        });
        assert_eq!(failed, Err("cannot run"));
        assert!(calls > 0);
    }
}
