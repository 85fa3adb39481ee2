//! [`Replay`]: a level that runs again on the state an earlier run of it
//! started from first tries again what that run removed.
//!
//! This happens after a walk back: a re-check found the result flaky (its
//! test passed by chance, say on memory the program reads before writing
//! it), and the run went back to the last module that passes, which is
//! often where the level began, its first removal being the one at fault.
//! Every removal the level accepted after that one is thrown away with it,
//! although most would pass again: searching them out anew costs a test
//! per removal and more. The earlier run's removals (those known at fault
//! left out) are tried again as groups, in the order they were accepted:
//! all of them at once; a group that fails is split in two halves, each
//! tried in turn (the first first: a later removal may need an earlier
//! one), down to single removals, dropped when they fail. So a few removals
//! that fail now cost a few halvings each, and the rest go in a few tests.
//! Only tested candidates are accepted, so a removal that fails now (it
//! needed one that was dropped, or is at fault itself) costs tests, never
//! correctness; and the inner policy searches the level as usual
//! afterwards, so the level ends as 1-minimal as without the replay.

use super::{Config, Delta, Lead, Led, Unit};

/// A group of consecutive steps, `[start, end)`.
type Group = (usize, usize);

/// Tries the removals of an earlier run of the level again, in groups,
/// then searches with `inner`.
pub type Replay<U, P> = Led<Replaying<U>, P>;

/// The lead of [`Replay`]: the groups of the earlier run's removals.
#[derive(Debug)]
pub struct Replaying<U: Unit> {
    /// The earlier run's removals, in the order it accepted them.
    steps: Vec<Delta<U>>,
    /// The groups still to try, the next on top.
    pending: Vec<Group>,
    /// Failed tests of the replay so far, and how many it may spend: two
    /// halvings' worth of the steps left, renewed by every accepted group,
    /// so that a replay that works goes on while one whose removals do not
    /// pass any more (the state is not quite the one they were made on)
    /// soon gives up.
    failures: usize,
    budget: usize,
    /// The current stream's leading proposals: the group each tries, and
    /// the groups left to try if it is accepted.
    plan: Vec<(Group, Vec<Group>)>,
}

impl<U: Unit, P> Replay<U, P> {
    /// Replay `steps` (the removals of an earlier run, in order; empty ones
    /// are ignored), then search with `inner`.
    pub fn new(inner: P, steps: Vec<Delta<U>>) -> Self {
        Led::with(Replaying::new(steps), inner)
    }
}

impl<U: Unit> Replaying<U> {
    fn new(steps: Vec<Delta<U>>) -> Self {
        let steps: Vec<Delta<U>> = steps.into_iter().filter(|s| !s.is_empty()).collect();
        let pending = if steps.is_empty() {
            Vec::new()
        } else {
            vec![(0, steps.len())]
        };
        Replaying {
            budget: allowance(steps.len()),
            steps,
            pending,
            failures: 0,
            plan: Vec::new(),
        }
    }

    /// The removal of the steps of `group` on `config`.
    fn removal(&self, config: &Config<U>, (start, end): Group) -> Delta<U> {
        self.steps[start..end]
            .iter()
            .flatten()
            .filter(|u| config.contains(u))
            .copied()
            .collect()
    }
}

/// The failed tests a replay of `steps` steps may spend: twice what a
/// halving search over them takes.
fn allowance(steps: usize) -> usize {
    2 * (usize::BITS - steps.leading_zeros()) as usize
}

impl<U: Unit> Lead<U> for Replaying<U> {
    /// The replay's part of a stream on `config`, each proposal
    /// assuming every earlier one failed (so each failed group is followed
    /// by its halves), within the budget; groups that would remove nothing
    /// are left out.
    fn lead(&mut self, config: &Config<U>) -> Vec<Delta<U>> {
        self.plan.clear();
        let mut removals = Vec::new();
        let (mut pending, mut failures) = (self.pending.clone(), self.failures);
        while failures < self.budget {
            let Some(group) = pending.pop() else {
                break;
            };
            let removal = self.removal(config, group);
            if removal.is_empty() {
                continue;
            }
            self.plan.push((group, pending.clone()));
            removals.push(removal);
            failures += 1;
            let (start, end) = group;
            if end - start > 1 {
                let middle = start + (end - start) / 2;
                pending.push((middle, end));
                pending.push((start, middle));
            }
        }
        removals
    }

    fn accepted(&mut self, position: usize) {
        self.failures += position;
        self.pending = std::mem::take(&mut self.plan[position].1);
        let left = self.pending.iter().map(|(s, e)| e - s).sum();
        self.budget = self.failures + allowance(left);
    }

    /// Every planned removal failed: the replay is over.
    fn failed(&mut self, leading: usize) {
        self.pending.clear();
        self.failures += leading;
        self.plan.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::run;
    use crate::{reduce, DDMin, ProbDd, Sequential, Verdict};
    use std::collections::HashMap;

    fn steps(sets: &[&[u32]]) -> Vec<Delta<u32>> {
        sets.iter().map(|s| s.iter().copied().collect()).collect()
    }

    #[test]
    fn removals_that_pass_again_take_one_test() {
        // The earlier run removed everything but 3 and 7, in four steps.
        let earlier = steps(&[&[0, 1, 2], &[4, 5], &[6, 8], &[9]]);
        let mut calls = 0;
        let mut judge = Sequential(|c: &Config<u32>| {
            calls += 1;
            Verdict::from_interesting(c.contains(&3) && c.contains(&7))
        });
        let mut policy = Replay::new(DDMin::new(), earlier);
        let out = reduce((0..10).collect(), &mut judge, &mut policy);
        assert_eq!(out, Config::from([3, 7]));
        // The replay's one test, then ddmin's tests of each unit left alone.
        let (_, ddmin) = run(&mut DDMin::new(), 10, &[3, 7]);
        assert!(calls <= 3, "{calls} calls (ddmin alone {ddmin})");
    }

    #[test]
    fn a_step_that_fails_now_is_dropped_and_the_rest_replayed() {
        // Step 1 removed 4, which is needed now (it was at fault).
        let earlier = steps(&[&[0, 1], &[4], &[5], &[6], &[8], &[9]]);
        let mut proposals = Vec::new();
        let mut judge = Sequential(|c: &Config<u32>| {
            proposals.push(c.clone());
            Verdict::from_interesting([2, 3, 4, 7].iter().all(|u| c.contains(u)))
        });
        let mut policy = Replay::new(DDMin::new(), earlier);
        let out = reduce((0..10).collect(), &mut judge, &mut policy);
        assert_eq!(out, Config::from([2, 3, 4, 7]));
        let kept =
            |removed: &[u32]| -> Config<u32> { (0..10).filter(|u| !removed.contains(u)).collect() };
        // All six steps fail, the first three fail, the first alone
        // passes; then steps 1..3 fail, step 1 alone fails and is dropped,
        // step 2 passes; then steps 3..6 pass.
        assert_eq!(
            proposals[..7],
            [
                kept(&[0, 1, 4, 5, 6, 8, 9]),
                kept(&[0, 1, 4, 5]),
                kept(&[0, 1]),
                kept(&[0, 1, 4, 5]),
                kept(&[0, 1, 4]),
                kept(&[0, 1, 5]),
                kept(&[0, 1, 5, 6, 8, 9]),
            ]
        );
    }

    #[test]
    fn a_replay_that_does_not_work_soon_gives_up() {
        // Nothing the earlier run removed can go now.
        let earlier: Vec<Delta<u32>> = (0..40).map(|u| Delta::from([u])).collect();
        let needed: Vec<u32> = (0..40).collect();
        let fresh = || ProbDd::new(HashMap::new(), 0.5);
        let (out, calls) = run(&mut Replay::new(fresh(), earlier), 42, &needed);
        assert_eq!(out, needed.iter().copied().collect());
        let (_, alone) = run(&mut fresh(), 42, &needed);
        // 2 × 6 halvings of 40 steps.
        assert!(
            calls <= alone + 12,
            "{calls} against {alone} without the replay"
        );
    }
}
