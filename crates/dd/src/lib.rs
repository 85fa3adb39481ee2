//! The delta-debugging engine: verdicts, configurations, policies and the
//! reduce loop, ddmin, weighted DD, probabilistic DD and the hierarchical
//! driver.
//!
//! Nothing here knows about LLVM. A front end exposes its input as a
//! [`Hierarchy`] of levels whose targets are plain indices, and the engine
//! decides which subsets of them to try. Nothing here does I/O either: the
//! engine only proposes configurations and learns from verdicts.
#![forbid(unsafe_code)]

mod bisect;
mod ddmin;
mod hdd;
mod partition;
mod policy;
mod probdd;
#[cfg(test)]
mod test_support;

pub use bisect::BisectFirst;
pub use ddmin::{AllFirst, DDMin, Granular, Wdd};
pub use hdd::{hdd, HddOptions, HddReport, Hierarchy, LevelContext, MinimizerFactory};
pub use partition::{partition, weighted_partition};
pub use policy::{minimizer, LevelHints, PolicyKind};
pub use probdd::ProbDd;

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

/// A search strategy: proposes removals lazily and learns from the outcome.
pub trait Policy<U: Unit> {
    /// Candidate removals for `config`, most promising first. The reduce loop
    /// stops pulling at the first interesting one, so the stream may be long
    /// (or even unbounded) without cost.
    fn propose<'a>(&'a mut self, config: &'a Config<U>) -> Box<dyn Iterator<Item = Delta<U>> + 'a>;

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

    fn on_reduced(&mut self, accepted: Option<Accepted<'_, U>>) -> bool {
        (**self).on_reduced(accepted)
    }
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
            let mut candidates = policy.propose(current).map(|delta| {
                // An empty delta is a no-op that could never make progress.
                assert!(!delta.is_empty(), "policy proposed an empty delta");
                current.difference(&delta).copied().collect::<Config<U>>()
            });
            judge.first_interesting(&mut candidates)
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
