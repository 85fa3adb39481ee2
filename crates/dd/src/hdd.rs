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

use super::{reduce, Config, Judge, Policy};

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
}

/// Builds the inner minimizer of a level from the level's index and the
/// weights of its targets.
pub type MinimizerFactory<'a> = &'a dyn Fn(usize, &[u64]) -> Box<dyn Policy<usize>>;

/// How far [`hdd`] goes.
#[derive(Clone, Copy, Debug)]
pub struct HddOptions {
    /// Sweeps over all levels at most (the first is the coarse-to-fine
    /// descent); sweeping stops earlier once one changes nothing.
    pub max_sweeps: usize,
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
pub fn hdd(
    hierarchy: &mut dyn Hierarchy,
    new_minimizer: MinimizerFactory<'_>,
    options: HddOptions,
) -> HddReport {
    let mut report = HddReport::default();
    let mut seen: Vec<u64> = hierarchy.fingerprint().into_iter().collect();
    while report.sweeps < options.max_sweeps && !hierarchy.stopped() {
        report.sweeps += 1;
        let mut changed = false;
        for level in 0..hierarchy.level_count() {
            if hierarchy.stopped() {
                break;
            }
            let weights = hierarchy.enter(level);
            if weights.is_empty() {
                continue;
            }
            let all: Config<usize> = (0..weights.len()).collect();
            let mut minimizer = new_minimizer(level, &weights);
            let kept = reduce(all, &mut *hierarchy, &mut *minimizer);
            changed |= hierarchy.finish_level(&kept);
        }
        if let Some(state) = hierarchy.fingerprint() {
            changed &= !seen.contains(&state);
            seen.push(state);
        }
        report.unfinished = changed;
        if !changed {
            break;
        }
    }
    report
}
