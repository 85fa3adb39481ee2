//! Which minimizer a level gets: the policy the user chose (`--policy`),
//! wrapped in the search hints the level's pass asks for.

use std::collections::HashMap;

use super::{AllFirst, BisectFirst, DDMin, Policy, Wdd};

/// The inner minimizer of each level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PolicyKind {
    /// Weighted delta debugging: chunks of equal weight.
    Wdd,
    /// ddmin: chunks of equal target count.
    DDMin,
}

/// How a level's targets usually behave, as its pass declares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LevelHints {
    /// Usually all removable: try removing everything in one test first.
    pub all_first: bool,
    /// Usually down to one target: bisect for it first.
    pub bisect_first: bool,
}

/// A fresh minimizer for a level whose targets weigh `weights`, starting at
/// granularity `start`.
pub fn minimizer(
    kind: PolicyKind,
    start: usize,
    hints: LevelHints,
    weights: &[u64],
) -> Box<dyn Policy<usize>> {
    let by_weight = || -> HashMap<usize, u64> { weights.iter().copied().enumerate().collect() };
    let inner: Box<dyn Policy<usize>> = match kind {
        PolicyKind::DDMin => Box::new(DDMin::new().starting_at(start)),
        PolicyKind::Wdd => Box::new(Wdd::new(by_weight()).starting_at(start)),
    };
    let inner: Box<dyn Policy<usize>> = if hints.all_first {
        Box::new(AllFirst::new(inner))
    } else {
        inner
    };
    if hints.bisect_first {
        let weights = match kind {
            PolicyKind::DDMin => HashMap::new(),
            PolicyKind::Wdd => by_weight(),
        };
        Box::new(BisectFirst::new(inner, weights))
    } else {
        inner
    }
}
