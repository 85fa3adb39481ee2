//! Which minimizer a level gets: the policy the user chose (`--policy`),
//! wrapped in the search hints the level's pass asks for.

use std::collections::HashMap;

use super::{AllFirst, BisectFirst, DDMin, LevelContext, Policy, ProbDd, Wdd};

/// The inner minimizer of each level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PolicyKind {
    /// Weighted delta debugging: chunks of equal weight.
    Wdd,
    /// ddmin: chunks of equal target count.
    DDMin,
    /// Probabilistic DD, weighted: a probability per target that it is
    /// needed, learned from every failed test and carried from the level's
    /// last run.
    ProbDd,
}

/// How a level's targets usually behave, as its pass declares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LevelHints {
    /// Usually all removable: try removing everything in one test first.
    pub all_first: bool,
    /// Usually down to one target: bisect for it first.
    pub bisect_first: bool,
    /// Targets interact (two applied together may succeed where each alone
    /// fails): search by chunks in target order, not by per-target
    /// probabilities (ProbDD becomes WDD; ddmin and WDD stay).
    pub interacting: bool,
    /// Its heaviest targets are usually needed (what an earlier level
    /// kept): among equally likely targets ProbDD tries the lightest first.
    pub heavy_needed: bool,
}

/// The prior of a ProbDD level: the share of its targets its last run
/// kept, else as if one target were needed.
fn prior(context: &LevelContext, targets: usize) -> f64 {
    context.needed_share.unwrap_or(1.0 / targets.max(1) as f64)
}

/// A fresh minimizer for a level whose targets weigh `weights`, starting at
/// granularity `start` (ddmin, WDD).
pub fn minimizer(
    kind: PolicyKind,
    start: usize,
    hints: LevelHints,
    context: &LevelContext,
    weights: &[u64],
) -> Box<dyn Policy<usize>> {
    let by_weight = || -> HashMap<usize, u64> { weights.iter().copied().enumerate().collect() };
    let kind = match kind {
        PolicyKind::ProbDd if hints.interacting => PolicyKind::Wdd,
        other => other,
    };
    let inner: Box<dyn Policy<usize>> = match kind {
        PolicyKind::DDMin => Box::new(DDMin::new().starting_at(start)),
        PolicyKind::Wdd => Box::new(Wdd::new(by_weight()).starting_at(start)),
        PolicyKind::ProbDd => {
            let mut probdd = ProbDd::new(by_weight(), prior(context, weights.len()));
            if hints.heavy_needed {
                probdd = probdd.lightest_first();
            }
            // Levels that are usually all removable test that first (below);
            // the others assume a needed target, as ddmin does: those
            // usually down to one throughout, the rest until a removal
            // succeeds.
            if hints.all_first {
                Box::new(probdd)
            } else if hints.bisect_first {
                Box::new(probdd.assuming_a_needed_unit())
            } else {
                Box::new(probdd.assuming_a_needed_unit().until_a_removal_succeeds())
            }
        }
    };
    let inner: Box<dyn Policy<usize>> = if hints.all_first {
        Box::new(AllFirst::new(inner))
    } else {
        inner
    };
    if hints.bisect_first {
        let weights = match kind {
            PolicyKind::DDMin => HashMap::new(),
            PolicyKind::Wdd | PolicyKind::ProbDd => by_weight(),
        };
        Box::new(BisectFirst::new(inner, weights))
    } else {
        inner
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Config;

    /// The first proposals of a level of `weights` under `kind` and `hints`.
    fn first_proposals(kind: PolicyKind, hints: LevelHints, weights: &[u64]) -> Vec<Vec<usize>> {
        let context = LevelContext {
            level: 0,
            sweep: 1,
            needed_share: None,
        };
        let mut policy = minimizer(kind, 2, hints, &context, weights);
        let config: Config<usize> = (0..weights.len()).collect();
        let proposals = policy
            .propose(&config)
            .take(6)
            .map(|d| d.into_iter().collect())
            .collect();
        proposals
    }

    #[test]
    fn an_interacting_level_is_searched_by_chunks_whatever_the_policy() {
        let weights = [3, 1, 1, 1, 1, 1];
        let interacting = LevelHints {
            interacting: true,
            ..LevelHints::default()
        };
        let wdd = first_proposals(PolicyKind::Wdd, interacting, &weights);
        assert_eq!(
            first_proposals(PolicyKind::ProbDd, interacting, &weights),
            wdd
        );
        // The hint is what makes the difference: ProbDD proposes otherwise.
        assert_ne!(
            first_proposals(PolicyKind::ProbDd, LevelHints::default(), &weights),
            wdd
        );
        // ddmin stays ddmin.
        assert_eq!(
            first_proposals(PolicyKind::DDMin, interacting, &weights),
            first_proposals(PolicyKind::DDMin, LevelHints::default(), &weights)
        );
    }

    #[test]
    fn a_level_whose_heavy_targets_are_needed_is_searched_lightest_first() {
        let weights = [1, 1, 1, 5, 1, 1, 1, 1, 1, 1];
        let heavy_needed = LevelHints {
            heavy_needed: true,
            ..LevelHints::default()
        };
        let first = |hints| first_proposals(PolicyKind::ProbDd, hints, &weights)[0].clone();
        assert!(first(LevelHints::default()).contains(&3));
        assert!(!first(heavy_needed).contains(&3));
        // WDD splits by position: the hint changes nothing.
        assert_eq!(
            first_proposals(PolicyKind::Wdd, heavy_needed, &weights),
            first_proposals(PolicyKind::Wdd, LevelHints::default(), &weights)
        );
    }
}
