//! What every front end's passes share: the [`Targets`] question a pass asks
//! once per target, the [`PassInfo`] that describes a pass to the reducer
//! and the command line, and choosing the passes of a run.
//!
//! A pass never sees chunks or the search: it walks a module in a fixed
//! order and asks [`Targets::keep`] once per target (passing the target's
//! weight, the size of what it stands for), then removes or simplifies the
//! targets it was told not to keep, keeping the module valid. Run with every
//! target kept, a pass must leave the module unchanged; that run is how the
//! reducer counts targets and learns their weights.

use anyhow::{bail, Result};

/// Asks, target by target, whether to keep it.
pub struct Targets<'k> {
    keep: Option<&'k dyn Fn(usize) -> bool>,
    weights: Vec<u64>,
}

impl<'k> Targets<'k> {
    /// Keep every target and record its weight.
    pub fn counting() -> Self {
        Targets {
            keep: None,
            weights: Vec::new(),
        }
    }

    /// Keep target `i` (in walk order) iff `keep(i)`.
    pub fn selecting(keep: &'k dyn Fn(usize) -> bool) -> Self {
        Targets {
            keep: Some(keep),
            weights: Vec::new(),
        }
    }

    /// Called once per target in walk order, with the target's weight.
    /// Returns whether the pass must leave the target as it is.
    pub fn keep(&mut self, weight: u64) -> bool {
        let index = self.weights.len();
        self.weights.push(weight.max(1));
        self.keep.is_none_or(|keep| keep(index))
    }

    /// The weight of every target seen so far, in walk order.
    pub fn into_weights(self) -> Vec<u64> {
        self.weights
    }
}

/// A pass as the reducer and the command line see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PassInfo {
    /// whittle's name for it.
    pub name: &'static str,
    /// llvm-reduce's names for passes with the same effect, so that
    /// `--delta-passes` lines written for llvm-reduce keep working.
    pub llvm_names: &'static [&'static str],
    pub description: &'static str,
    /// Whether the default sweep runs it (passes that only restrict another
    /// pass to one kind of target exist for llvm-reduce's names).
    pub default: bool,
    /// Whether its targets are usually all removable (attributes, flags,
    /// metadata): the search then tries removing all of them first.
    pub all_first: bool,
    /// Whether its targets usually come down to a single one (the function
    /// that holds the bug): the search bisects for it first.
    pub bisect_first: bool,
    /// Whether its targets interact: applying two together can succeed
    /// where each alone fails, or give a smaller module than applying them
    /// one after the other (CFG simplifications of neighbouring blocks,
    /// ifuncs lowered into one table). Such a level is searched by chunks
    /// in the pass's target order (WDD), whatever `--policy` names: ProbDD
    /// models targets as needed or not each on its own, and would stop at
    /// the first configuration where every single one is needed.
    pub interacting: bool,
    /// Whether its heaviest targets are usually the ones an earlier level of
    /// the sweep kept, so needed (`module-items` after `function-bodies`: the
    /// functions that still have a body hold the bug). ProbDD then tries the
    /// lightest of equally likely targets first instead of the heaviest.
    pub heavy_needed: bool,
    /// Whether it puts poison or undef into the module on purpose (never
    /// run with metamorphic oracles).
    pub introduces_undefined_values: bool,
    /// Whether a candidate larger than the module it came from is no
    /// progress and not worth a test. Set for rewrites that may grow the
    /// module for no gain (an opt pipeline merging returns into a PHI),
    /// which other passes would shrink again, sweep after sweep.
    pub must_not_grow: bool,
    /// Whether every candidate of a level is built from the module the
    /// level started with (all removals so far applied in one go), never
    /// from a candidate accepted on the way: for a pass whose result would
    /// otherwise depend on the order the search accepted removals in
    /// (operands-to-args: the order of the new parameters).
    pub stable_base: bool,
}

impl PassInfo {
    /// A pass in the default sweep with no search hints and no other names.
    pub const fn new(name: &'static str, description: &'static str) -> PassInfo {
        PassInfo {
            name,
            llvm_names: &[],
            description,
            default: true,
            all_first: false,
            bisect_first: false,
            interacting: false,
            heavy_needed: false,
            introduces_undefined_values: false,
            must_not_grow: false,
            stable_base: false,
        }
    }

    /// Also answers to these llvm-reduce names.
    pub const fn llvm(mut self, names: &'static [&'static str]) -> PassInfo {
        self.llvm_names = names;
        self
    }

    /// Not in the default sweep (run only when named).
    pub const fn opt_in(mut self) -> PassInfo {
        self.default = false;
        self
    }

    pub const fn all_first(mut self) -> PassInfo {
        self.all_first = true;
        self
    }

    pub const fn bisect_first(mut self) -> PassInfo {
        self.bisect_first = true;
        self
    }

    pub const fn interacting(mut self) -> PassInfo {
        self.interacting = true;
        self
    }

    pub const fn heavy_needed(mut self) -> PassInfo {
        self.heavy_needed = true;
        self
    }

    pub const fn introduces_undefined_values(mut self) -> PassInfo {
        self.introduces_undefined_values = true;
        self
    }

    pub const fn must_not_grow(mut self) -> PassInfo {
        self.must_not_grow = true;
        self
    }

    pub const fn stable_base(mut self) -> PassInfo {
        self.stable_base = true;
        self
    }

    /// Whether `name` is this pass's name or one of its llvm-reduce names.
    pub fn answers_to(&self, name: &str) -> bool {
        self.name == name || self.llvm_names.contains(&name)
    }
}

/// An entry of a front end's pass registry.
pub trait RegisteredPass: 'static {
    fn info(&self) -> &PassInfo;
}

/// The passes to run, in order: `only` (`--delta-passes`, in the order
/// given) or `default`, minus `skip` (`--skip-delta-passes`). `what` names
/// the registry in errors ("pass", "MLIR pass").
pub fn select<P: RegisteredPass>(
    registry: &'static [P],
    default: Vec<&'static P>,
    only: Option<&str>,
    skip: Option<&str>,
    what: &str,
) -> Result<Vec<&'static P>> {
    let names = |list: &str| -> Result<Vec<&'static P>> {
        list.split(',')
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .map(|n| {
                registry
                    .iter()
                    .find(|p| p.info().answers_to(n))
                    .ok_or_else(|| {
                        anyhow::anyhow!(
                            "unknown {what} \"{n}\" (see --print-delta-passes for the list)"
                        )
                    })
            })
            .collect()
    };
    let mut selected = match only {
        Some(list) => names(list)?,
        None => default,
    };
    if let Some(list) = skip {
        let skipped = names(list)?;
        selected.retain(|p| !skipped.iter().any(|s| std::ptr::eq(*s, *p)));
    }
    if selected.is_empty() {
        bail!("no passes left to run");
    }
    Ok(selected)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug)]
    struct P(PassInfo);
    impl RegisteredPass for P {
        fn info(&self) -> &PassInfo {
            &self.0
        }
    }
    static REGISTRY: &[P] = &[
        P(PassInfo::new("a", "first")),
        P(PassInfo::new("b", "second").llvm(&["bee"])),
        P(PassInfo::new("c", "third").opt_in()),
    ];

    fn names(selected: &[&P]) -> Vec<&'static str> {
        selected.iter().map(|p| p.0.name).collect()
    }

    fn default() -> Vec<&'static P> {
        REGISTRY.iter().filter(|p| p.0.default).collect()
    }

    #[test]
    fn selection_keeps_the_given_order_and_llvm_names() {
        let s = select(REGISTRY, default(), Some("c, bee,a"), None, "pass").unwrap();
        assert_eq!(names(&s), ["c", "b", "a"]);
        let s = select(REGISTRY, default(), None, Some("a"), "pass").unwrap();
        assert_eq!(names(&s), ["b"]);
    }

    #[test]
    fn unknown_names_and_empty_selections_are_errors() {
        let e = select(REGISTRY, default(), Some("zz"), None, "MLIR pass").unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown MLIR pass \"zz\" (see --print-delta-passes for the list)"
        );
        let e = select(REGISTRY, default(), None, Some("a,b"), "pass").unwrap_err();
        assert_eq!(e.to_string(), "no passes left to run");
    }

    #[test]
    fn counting_keeps_everything_and_records_weights() {
        let mut t = Targets::counting();
        assert!(t.keep(3) && t.keep(0));
        assert_eq!(t.into_weights(), [3, 1]);
        let odd = |i: usize| i % 2 == 1;
        let mut t = Targets::selecting(&odd);
        assert_eq!([t.keep(1), t.keep(1), t.keep(1)], [false, true, false]);
    }
}
