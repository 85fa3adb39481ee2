//! Hierarchical delta debugging: walk the levels of a hierarchy coarse to
//! fine, minimizing each with a fresh inner policy, then sweep again until a
//! whole sweep changes nothing (or ends where an earlier sweep ended).
//!
//! A level is a flat list of targets (indices `0..len`) enumerated in the
//! current state; what a target is (a function, a block, an operand) is the
//! front end's business. The inner policy chooses which targets to keep and
//! the hierarchy, which is also the judge, builds and tests the candidates.
//!
//! **Where the state changes.** A level's result becomes the state by the
//! time [`Hierarchy::finish_level`] returns. whittle's reducer commits in
//! its judge: each interesting candidate becomes the state the moment it is
//! found (so the best result so far is saved at once and an interrupted run
//! loses nothing), and `finish_level` only closes the level.

use super::{reduce, Config, Delta, Judge, Policy, Replay};

/// A reducible input seen as an ordered list of levels.
pub trait Hierarchy: Judge<usize> {
    /// Number of levels, coarse to fine.
    fn level_count(&self) -> usize;

    /// Make `level` current and enumerate its targets in the current state.
    /// Returns one weight per target (the size of what it stands for).
    fn enter(&mut self, level: usize) -> Vec<u64>;

    /// Close the current level: `kept`, what its minimizer ended with, is
    /// the state when this returns (a judge that commits as it finds
    /// interesting candidates has made it so already). Returns whether the
    /// level changed the state.
    fn finish_level(&mut self, kept: &Config<usize>) -> bool;

    /// A fingerprint of the current state, if the hierarchy can tell:
    /// equal fingerprints mean equal states. Sweeping stops when a sweep
    /// ends in a state an earlier sweep ended in (passes undoing each
    /// other's rewrites would otherwise cycle until the sweep bound).
    fn fingerprint(&self) -> Option<u64> {
        None
    }

    /// After [`Hierarchy::finish_level`]: a level to go on from other than
    /// the next, when the state went back to one that an earlier level
    /// produced (a walk back from a result the test called interesting by
    /// chance): the levels after that one ran on states that are gone, so
    /// the sweep runs them again on this one, coarse to fine, instead of
    /// running only the finer levels left on it.
    fn resume_at(&mut self) -> Option<usize> {
        None
    }

    /// After [`Hierarchy::enter`]: the removals an earlier run of this
    /// level accepted, in order, when the state went back to before that
    /// run (a walk back) and the level's targets look as they did then
    /// (index for index): the level tries them again first ([`Replay`]).
    /// Empty when there is nothing to replay.
    fn replay(&mut self) -> Vec<Delta<usize>> {
        Vec::new()
    }
}

/// What a level's minimizer is told besides its targets' weights.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct LevelContext {
    pub level: usize,
    /// The sweep (1 for the first, the coarse-to-fine descent).
    pub sweep: usize,
    /// The share of the targets likely to be needed, from what the level
    /// kept the last time it ran: a level that kept 40 targets in the last
    /// sweep and now has 42 will most likely keep nearly all of them. On a
    /// level's first run, the share of all targets the levels so far kept,
    /// pooled (large levels weigh the most, so one small dense level says
    /// little about the next) and weighed against one target in this
    /// level's number; `None` before any level ran.
    pub needed_share: Option<f64>,
}

/// Builds the inner minimizer of a level from what is known of it and the
/// weights of its targets.
pub type MinimizerFactory<'a> = &'a dyn Fn(&LevelContext, &[u64]) -> Box<dyn Policy<usize>>;

/// What the sweeps so far showed of each level: the targets it kept the
/// last time it ran, and whether that run changed the state; and the
/// targets and kept targets of every level run so far, added up.
#[derive(Clone, Debug, Default)]
struct Knowledge {
    kept: Vec<Option<usize>>,
    changed: Vec<Option<bool>>,
    all_targets: usize,
    all_kept: usize,
}

impl Knowledge {
    fn needed_share(&self, level: usize, targets: usize) -> Option<f64> {
        match self.kept.get(level).copied().flatten() {
            Some(kept) => Some(kept.min(targets) as f64 / targets.max(1) as f64),
            // Other levels' targets are other things: their pooled share is
            // weighed against the uninformed guess (one of this level's
            // targets needed) counted as a level of this one's size, so a
            // few targets kept by small levels before (a module's one
            // function, its one result) do not make a large level look
            // dense, while thousands kept by large levels do.
            None if self.all_targets > 0 => {
                let n = targets.max(1) as f64;
                Some((self.all_kept as f64 + 1.0) / (self.all_targets as f64 + n))
            }
            None => None,
        }
    }

    fn record(&mut self, level: usize, targets: usize, kept: usize, changed: bool) {
        if self.kept.len() <= level {
            self.kept.resize(level + 1, None);
            self.changed.resize(level + 1, None);
        }
        self.kept[level] = Some(kept);
        self.changed[level] = Some(changed);
        self.all_targets += targets;
        self.all_kept += kept;
    }
}

/// How far [`hdd`] goes.
#[derive(Clone, Copy, Debug)]
pub struct HddOptions {
    /// Full sweeps (over every level) at most, the first being the
    /// coarse-to-fine descent; sweeping stops earlier once a full sweep
    /// changes nothing. Partial sweeps in between do not count (at most
    /// this many in a row: then a full sweep comes).
    pub max_sweeps: usize,
    /// Between the first sweep and the last, run only the levels whose last
    /// run changed something (see [`hdd`]).
    pub partial_sweeps: bool,
}

/// What [`hdd`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HddReport {
    /// Sweeps run.
    pub sweeps: usize,
    /// Whether the last sweep still changed something (the sweep bound was
    /// hit before the fixpoint).
    pub unfinished: bool,
}

/// Run HDD over `hierarchy`, building a fresh inner minimizer per level from
/// that level's weights.
///
/// The first sweep runs every level. With `partial_sweeps`, a sweep after a
/// sweep that changed something runs only the levels whose own last run
/// changed something (a level that found nothing to remove on this input
/// rarely finds something a sweep later, and a dense level costs a test per
/// target to find nothing again); once such a sweep changes nothing, a sweep
/// over every level follows, and the reduction ends only after a sweep over
/// every level changed nothing: the result is 1-minimal for every level, as
/// without partial sweeps. `max_sweeps` bounds the full sweeps, as
/// llvm-reduce's `--max-pass-iterations` bounds its rounds over every pass:
/// were partial sweeps counted, a run would spend the bound on them and end
/// on a full sweep that still changed something (its result not 1-minimal,
/// the levels before that change not run again on what it left).
pub fn hdd(
    hierarchy: &mut dyn Hierarchy,
    new_minimizer: MinimizerFactory<'_>,
    options: HddOptions,
) -> HddReport {
    let mut report = HddReport::default();
    let mut seen: Vec<u64> = hierarchy.fingerprint().into_iter().collect();
    let mut knowledge = Knowledge::default();
    // Whether the next sweep runs every level.
    let mut full = true;
    let (mut full_sweeps, mut partial_in_a_row) = (0, 0);
    while full_sweeps < options.max_sweeps && !hierarchy.stopped() {
        report.sweeps += 1;
        if !options.partial_sweeps || partial_in_a_row == options.max_sweeps {
            full = true;
        }
        if full {
            full_sweeps += 1;
            partial_in_a_row = 0;
        } else {
            partial_in_a_row += 1;
        }
        let mut changed = false;
        // Going back within a sweep is bounded (as many times as there are
        // levels): a test flaky often enough could send it back forever.
        let mut resumes_left = hierarchy.level_count();
        let mut next = 0;
        while next < hierarchy.level_count() {
            let level = next;
            next += 1;
            if hierarchy.stopped() {
                break;
            }
            if !full && knowledge.changed.get(level).copied().flatten() == Some(false) {
                continue;
            }
            let weights = hierarchy.enter(level);
            if weights.is_empty() {
                continue;
            }
            let all: Config<usize> = (0..weights.len()).collect();
            let context = LevelContext {
                level,
                sweep: report.sweeps,
                needed_share: knowledge.needed_share(level, weights.len()),
            };
            let mut minimizer = new_minimizer(&context, &weights);
            let replay = hierarchy.replay();
            if !replay.is_empty() {
                minimizer = Box::new(Replay::new(minimizer, replay));
            }
            let kept = reduce(all, &mut *hierarchy, &mut *minimizer);
            let level_changed = hierarchy.finish_level(&kept);
            if !hierarchy.stopped() {
                knowledge.record(level, weights.len(), kept.len(), level_changed);
            }
            changed |= level_changed;
            if let Some(back) = hierarchy.resume_at() {
                if back <= level && resumes_left > 0 {
                    resumes_left -= 1;
                    next = back;
                }
            }
        }
        if let Some(state) = hierarchy.fingerprint() {
            changed &= !seen.contains(&state);
            seen.push(state);
        }
        report.unfinished = changed || !full;
        if !changed && full {
            break;
        }
        // After a sweep that changed nothing, every level runs again.
        full = !changed;
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{DDMin, Judge};

    #[test]
    fn what_other_levels_kept_weighs_by_how_many_targets_it_stands_for() {
        let mut small = Knowledge::default();
        // A module's one function and one of its two results kept.
        small.record(0, 1, 1, false);
        small.record(1, 2, 1, true);
        // Two of three says little about a level of 14 targets...
        let share = small.needed_share(2, 14).unwrap();
        assert!(share < 0.25, "{share}");
        assert!(share > 1.0 / 14.0, "{share}");
        // ...while 900 of 1000 says much.
        let mut large = Knowledge::default();
        large.record(0, 1000, 900, true);
        let share = large.needed_share(1, 14).unwrap();
        assert!(share > 0.85, "{share}");
        // The level's own last run is taken as it is.
        large.record(1, 14, 12, true);
        assert_eq!(large.needed_share(1, 14), Some(12.0 / 14.0));
        assert_eq!(Knowledge::default().needed_share(0, 5), None);
    }

    /// A scripted hierarchy: each level has one target, whose removal is
    /// interesting while the level has changes left and the sweep is at
    /// least the level's first; each accepted removal is a new state.
    struct Script {
        /// Per level: (changes left, first sweep they are possible in).
        changes: Vec<(usize, usize)>,
        sweep: usize,
        level: usize,
        state: u64,
        changed: bool,
        /// (sweep, level) of every level entered.
        entered: Vec<(usize, usize)>,
    }

    impl Judge<usize> for Script {
        fn first_interesting(
            &mut self,
            candidates: &mut dyn Iterator<Item = Config<usize>>,
        ) -> Option<(usize, Config<usize>)> {
            let (left, from) = &mut self.changes[self.level];
            let possible = *left > 0 && self.sweep >= *from;
            let found = candidates
                .enumerate()
                .find(|(_, kept)| kept.is_empty() && possible);
            if found.is_some() {
                *left -= 1;
                self.state += 1;
                self.changed = true;
            }
            found
        }
    }

    impl Hierarchy for Script {
        fn level_count(&self) -> usize {
            self.changes.len()
        }

        fn enter(&mut self, level: usize) -> Vec<u64> {
            if self.entered.last().is_none_or(|&(_, l)| l >= level) {
                self.sweep += 1;
            }
            self.level = level;
            self.changed = false;
            self.entered.push((self.sweep, level));
            vec![1]
        }

        fn finish_level(&mut self, _kept: &Config<usize>) -> bool {
            self.changed
        }

        fn fingerprint(&self) -> Option<u64> {
            Some(self.state)
        }
    }

    /// HDD with ddmin over a script whose level `l` changes the module
    /// `changes[l].0` times, from sweep `changes[l].1` on.
    fn run_script(
        changes: Vec<(usize, usize)>,
        max_sweeps: usize,
        partial_sweeps: bool,
    ) -> (Script, HddReport) {
        let mut script = Script {
            changes,
            sweep: 0,
            level: 0,
            state: 0,
            changed: false,
            entered: Vec::new(),
        };
        let factory =
            |_: &LevelContext, _: &[u64]| -> Box<dyn Policy<usize>> { Box::new(DDMin::new()) };
        let options = HddOptions {
            max_sweeps,
            partial_sweeps,
        };
        let report = hdd(&mut script, &factory, options);
        (script, report)
    }

    fn run(partial_sweeps: bool) -> (Script, HddReport) {
        // Level 0 changes once; level 1 only once sweep 2 has come (a pass
        // that wins late); level 2 twice.
        run_script(vec![(1, 1), (1, 2), (2, 1)], 10, partial_sweeps)
    }

    fn entered_in(script: &Script, sweep: usize) -> Vec<usize> {
        script
            .entered
            .iter()
            .filter(|&&(s, _)| s == sweep)
            .map(|&(_, l)| l)
            .collect()
    }

    /// Four levels of one target nothing can remove; after finishing level
    /// `after` it asks to go on from `back`, `times` times.
    struct GoingBack {
        after: usize,
        back: usize,
        times: usize,
        entered: Vec<usize>,
    }

    impl Judge<usize> for GoingBack {
        fn first_interesting(
            &mut self,
            candidates: &mut dyn Iterator<Item = Config<usize>>,
        ) -> Option<(usize, Config<usize>)> {
            candidates.for_each(drop);
            None
        }
    }

    impl Hierarchy for GoingBack {
        fn level_count(&self) -> usize {
            4
        }

        fn enter(&mut self, level: usize) -> Vec<u64> {
            self.entered.push(level);
            vec![1]
        }

        fn finish_level(&mut self, _kept: &Config<usize>) -> bool {
            false
        }

        fn resume_at(&mut self) -> Option<usize> {
            let asks = self.entered.last() == Some(&self.after) && self.times > 0;
            if asks {
                self.times -= 1;
            }
            asks.then_some(self.back)
        }
    }

    fn going_back(after: usize, back: usize, times: usize) -> Vec<usize> {
        let mut h = GoingBack {
            after,
            back,
            times,
            entered: Vec::new(),
        };
        let factory =
            |_: &LevelContext, _: &[u64]| -> Box<dyn Policy<usize>> { Box::new(DDMin::new()) };
        let options = HddOptions {
            max_sweeps: 1,
            partial_sweeps: false,
        };
        hdd(&mut h, &factory, options);
        h.entered
    }

    #[test]
    fn after_a_walk_back_the_sweep_goes_on_from_the_level_it_asks_for() {
        // Back to level 1 after level 3: levels 1 to 3 run again.
        assert_eq!(going_back(3, 1, 1), vec![0, 1, 2, 3, 1, 2, 3]);
        // A level after the current one is no going back: ignored.
        assert_eq!(going_back(1, 3, 1), vec![0, 1, 2, 3]);
        // Asking forever ends: a sweep goes back at most as many times as
        // there are levels.
        let entered = going_back(2, 0, usize::MAX);
        assert_eq!(entered.len(), 3 * 5 + 1, "{entered:?}");
    }

    #[test]
    fn full_sweeps_run_every_level_until_one_changes_nothing() {
        let (script, report) = run(false);
        assert_eq!(report.sweeps, 3);
        assert!(!report.unfinished);
        assert!(script.changes.iter().all(|&(left, _)| left == 0));
        for sweep in 1..=3 {
            assert_eq!(entered_in(&script, sweep), vec![0, 1, 2]);
        }
    }

    #[test]
    fn partial_sweeps_run_the_levels_that_changed_and_end_with_a_full_sweep() {
        let (script, report) = run(true);
        // The same fixpoint: every change made.
        assert!(!report.unfinished);
        assert!(script.changes.iter().all(|&(left, _)| left == 0));
        // Sweep 1 is full; sweep 2 runs levels 0 and 2 (they changed), and
        // sweep 3 level 2 only (level 0 found nothing in sweep 2), which
        // changes nothing: sweep 4 is full, and level 1 wins there.
        assert_eq!(entered_in(&script, 1), vec![0, 1, 2]);
        assert_eq!(entered_in(&script, 2), vec![0, 2]);
        assert_eq!(entered_in(&script, 3), vec![2]);
        assert_eq!(entered_in(&script, 4), vec![0, 1, 2]);
        // The reduction ends with a full sweep that changed nothing.
        let last = report.sweeps;
        assert_eq!(entered_in(&script, last), vec![0, 1, 2]);
        assert_eq!(script.changes[1].0, 0);
    }

    #[test]
    fn the_bound_counts_full_sweeps_and_partial_ones_in_a_row() {
        // Level 0 changes in every sweep, level 1 once from sweep 2 on:
        // partial sweeps run level 0 only, and after 3 of them in a row a
        // full sweep comes, where level 1 wins.
        let (script, report) = run_script(vec![(9, 1), (1, 2)], 3, true);
        assert_eq!(entered_in(&script, 1), vec![0, 1]);
        for sweep in 2..=4 {
            assert_eq!(entered_in(&script, sweep), vec![0]);
        }
        assert_eq!(entered_in(&script, 5), vec![0, 1]);
        assert_eq!(script.changes[1].0, 0);
        // Three full sweeps (1, 5, 9) are the bound: level 0 is not done.
        assert_eq!(report.sweeps, 9);
        assert_eq!(entered_in(&script, 9), vec![0, 1]);
        assert!(report.unfinished);
        // Three sweeps reach the fixpoint when only full ones count: a
        // bound counting partial sweeps too ended on sweep 3, full, where
        // level 1 made its change, unfinished.
        let (script, report) = run_script(vec![(2, 1), (1, 3)], 3, true);
        assert_eq!(script.changes[1].0, 0, "{:?}", script.entered);
        assert!(!report.unfinished);
    }
}
