//! [`ProbDd`]: probabilistic delta debugging (Wang et al., FSE 2021),
//! weighted like WDD, with what each failed test proved kept exactly.
//!
//! Every unit may be needed. Each test removes the set that maximizes the
//! expected gain: the weight it removes times the probability that none of
//! its units is needed. Units are taken in the order of how strongly the
//! failed tests point at them (least first); among equals the heaviest
//! first (of two functions that both show the bug, the smaller is kept;
//! [`ProbDd::lightest_first`] reverses this for levels whose heavy units an
//! earlier level already kept), then the last in the configuration first,
//! so that a set of equal units is contiguous (and uses go before the
//! definitions they keep alive); the best prefix of that order is the set.
//! When that is one unit, it is the unit whose removal alone is expected to
//! gain the most (once most units are known needed, a heavy unit of a large
//! failed set is all but certainly needed itself, which the order cannot
//! see).
//!
//! **The model.** Each unit of weight (an instruction of a function, say) is
//! needed independently with probability θ, so a unit of weight w is needed
//! with probability 1 − (1−θ)^w, and weights count as in WDD: after a failed
//! first test, the next removes about half the *weight*, as WDD's halves do.
//! What the tests showed is kept as *constraints*: a failed removal of S
//! proves that S holds a needed unit. A constraint shrinks as other units are
//! removed, and one that is a superset of another says nothing more and is
//! dropped. A set S is removable with probability `(1−θ)^W(S) · Π_F (1 −
//! (1−θ)^W(F∖S)) / (1 − (1−θ)^W(F))` over the constraints F (exact for
//! disjoint constraints), and 0 when it covers a constraint. This is ProbDD's
//! update made exact: after "remove the last half" failed and "remove the
//! first half" succeeded, what is left is known to hold the needed unit, and
//! the next test removes about half of it, as bisection would. A constraint
//! of one unit means that unit is needed. A level that is rarely removable
//! as a whole starts with the constraint that it holds a needed unit (as
//! ddmin assumes), which shapes the proposals but is no evidence.
//!
//! θ itself is learned: around the prior (the level's share of needed
//! targets when it last ran, else one target in n; normal in log-odds with
//! a spread of 2), the evidence is the weight removed (not needed) and every
//! proven constraint (at least one needed). Where most units are needed (a
//! semantic test) the search soon tests single units, instead of descending
//! through granularities where every test fails; where few are, it removes
//! large sets.
//!
//! **Guarantees.** Only the judge's verdicts are ever accepted. The search
//! ends only when every unit left has had its removal alone tested *on the
//! configuration it ends with*, and failed: a unit certified before a later
//! removal, or only inferred to be needed, is tested again (the oldest
//! certificate first: the more went since, the likelier it is wrong now).
//! So the result is 1-minimal exactly as ddmin's is, whatever the test
//! (non-monotone tests are the rule: removing a use makes its definition
//! removable).
//!
//! **Proposals as a stream.** The stream of one `propose` call is computed
//! assuming every earlier proposal of it failed (which is what a later
//! proposal being tested means), so it can be tested speculatively; the
//! policy learns only from `on_reduced`, replaying the failures before the
//! accepted proposal.

use std::collections::{HashMap, HashSet};

use super::{Accepted, Config, Delta, Policy, Proposal, Unit};

/// The smallest and largest probability: 0 and 1 could never change.
const MIN_PROB: f64 = 1e-9;
const MAX_PROB: f64 = 0.999;
/// Spread of the prior, in log-odds: the evidence of a few tests moves the
/// estimate by a factor of e² ≈ 7 either way.
const PRIOR_SPREAD: f64 = 2.0;
/// Points of the grid θ is estimated on (uniform in log-odds).
const GRID: usize = 96;

/// A set of units known to hold a needed one.
#[derive(Clone, Debug)]
struct Constraint<U> {
    /// Sorted, restricted to the configuration.
    units: Vec<U>,
    weight: f64,
    /// A failed test proved it (else it was assumed).
    proven: bool,
}

/// What the tests of a level have shown.
#[derive(Clone, Debug)]
struct Belief<U: Unit> {
    /// No constraint a superset of another.
    constraints: Vec<Constraint<U>>,
    /// The configuration version on which a unit's removal alone failed.
    certified: HashMap<U, u64>,
    /// Accepted removals so far: a certificate of an older version is stale.
    version: u64,
    /// Weight removed so far (evidence of weight not needed).
    removed: f64,
    /// Drop assumed constraints once a removal succeeds.
    assume_until_a_removal: bool,
}

impl<U: Unit> Belief<U> {
    fn new() -> Self {
        Belief {
            constraints: Vec::new(),
            certified: HashMap::new(),
            version: 0,
            removed: 0.0,
            assume_until_a_removal: false,
        }
    }

    /// `set` (sorted) holds a needed unit: proven by a failed removal, or
    /// assumed.
    fn holds_needed(&mut self, set: &[U], weight: f64, proven: bool) {
        if proven {
            if let [only] = set {
                self.certified.insert(*only, self.version);
            }
        }
        if let Some(f) = self
            .constraints
            .iter_mut()
            .find(|f| is_subset(&f.units, set))
        {
            // Implied by what is known already (an inferred unit, now
            // certified, or an assumption now proven).
            f.proven |= proven && f.units.len() == set.len();
            return;
        }
        self.constraints.retain(|f| !is_subset(set, &f.units));
        self.constraints.push(Constraint {
            units: set.to_vec(),
            weight,
            proven,
        });
    }

    /// Removing `set` succeeded.
    fn succeeded(&mut self, set: &[U], weight: &dyn Fn(U) -> u64) {
        let gone: HashSet<U> = set.iter().copied().collect();
        self.removed += set.iter().map(|&u| mass(weight(u))).sum::<f64>();
        self.version += 1;
        for u in set {
            self.certified.remove(u);
        }
        for f in &mut self.constraints {
            if f.units.iter().any(|u| gone.contains(u)) {
                f.units.retain(|u| !gone.contains(u));
                f.weight = f.units.iter().map(|&u| mass(weight(u))).sum();
            }
        }
        // An empty constraint was wrong (a test that is not monotone, or a
        // failure that was not about the units): it says nothing. An
        // assumption may have been made only for the first removals.
        let assumed = !self.assume_until_a_removal;
        self.constraints
            .retain(|f| !f.units.is_empty() && (f.proven || assumed));
        // A constraint that shrank may now be a subset of another: keep the
        // smallest (a stable sort: the same order on every run).
        let mut by_size = std::mem::take(&mut self.constraints);
        by_size.sort_by_key(|f| f.units.len());
        for f in by_size {
            if !self
                .constraints
                .iter()
                .any(|k| is_subset(&k.units, &f.units))
            {
                self.constraints.push(f);
            }
        }
    }

    /// θ, the probability that a unit of weight is needed, estimated from
    /// `prior` and the evidence: the posterior mean of its log-odds, on a
    /// grid (the prior is a normal distribution of the log-odds around
    /// `prior`'s; with no evidence the estimate is the prior).
    fn theta(&self, prior: f64) -> f64 {
        let centre = logit(prior);
        let (lo, hi) = (logit(MIN_PROB), logit(MAX_PROB));
        let points: Vec<(f64, f64)> = (0..GRID)
            .map(|i| {
                let x = lo + (hi - lo) * i as f64 / (GRID - 1) as f64;
                let keep = (1.0 - sigmoid(x)).ln();
                let mut log = -((x - centre) / PRIOR_SPREAD).powi(2) / 2.0;
                log += self.removed * keep;
                for f in self.constraints.iter().filter(|f| f.proven) {
                    log += ln_one_minus_exp(f.weight * keep);
                }
                (x, log)
            })
            .collect();
        let max = points
            .iter()
            .map(|&(_, l)| l)
            .fold(f64::NEG_INFINITY, f64::max);
        let (mut num, mut den) = (0.0, 0.0);
        for (x, log) in points {
            let w = (log - max).exp();
            num += w * x;
            den += w;
        }
        sigmoid(num / den).clamp(MIN_PROB, MAX_PROB)
    }
}

fn logit(p: f64) -> f64 {
    (p / (1.0 - p)).ln()
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// ln(1 − e^x) for x ≤ 0 (−∞ at x = 0).
fn ln_one_minus_exp(x: f64) -> f64 {
    if x >= 0.0 {
        f64::NEG_INFINITY
    } else if x > -std::f64::consts::LN_2 {
        (-x.exp_m1()).ln()
    } else {
        (-x.exp()).ln_1p()
    }
}

/// Whether sorted `small` is a subset of sorted `large`.
fn is_subset<U: Ord>(small: &[U], large: &[U]) -> bool {
    if small.len() > large.len() {
        return false;
    }
    let mut it = large.iter();
    small.iter().all(|s| it.any(|l| l == s))
}

/// Weighted probabilistic delta debugging.
#[derive(Debug)]
pub struct ProbDd<U: Unit> {
    weights: HashMap<U, u64>,
    /// The prior share of needed units, as given.
    prior: f64,
    belief: Belief<U>,
    /// The removals the current stream proposed, in order.
    log: Vec<Vec<U>>,
    /// Whether the first configuration is assumed to hold a needed unit.
    assume_needed: bool,
    /// Among equally likely units, the lightest first (else the heaviest).
    lightest_first: bool,
    /// θ's prior, per unit of weight (set by the first `propose`).
    theta_prior: Option<f64>,
    /// Proposals tested so far, and how many were accepted.
    tested: u32,
    accepted: u32,
}

impl<U: Unit> ProbDd<U> {
    /// ProbDD over units with the given weights (a unit not in the map
    /// weighs 1), a unit being needed with probability `prior` to begin
    /// with (for a unit of average weight).
    pub fn new(weights: HashMap<U, u64>, prior: f64) -> Self {
        ProbDd {
            weights,
            prior: prior.clamp(MIN_PROB, MAX_PROB),
            belief: Belief::new(),
            log: Vec::new(),
            assume_needed: false,
            lightest_first: false,
            theta_prior: None,
            tested: 0,
            accepted: 0,
        }
    }

    /// Assume, as ddmin does, that the configuration holds a needed unit:
    /// removing all of it is never proposed, and the first test removes
    /// about half (for levels that are rarely removable as a whole).
    pub fn assuming_a_needed_unit(mut self) -> Self {
        self.assume_needed = true;
        self
    }

    /// Assume a needed unit only until a removal succeeds: ddmin's default
    /// guess keeps the first test from removing everything, but once a
    /// level has given up a part, what is left may well go as a whole
    /// (the regions of a function, each replaced by its body), and the
    /// tests, not the guess, should say: when it cannot, the one failed
    /// test proves the constraint the assumption stood for.
    pub fn until_a_removal_succeeds(mut self) -> Self {
        self.belief.assume_until_a_removal = true;
        self
    }

    /// Among units the tests point at equally, try the lightest first: for
    /// levels whose heavy units are the ones an earlier level kept (the
    /// definitions left after `function-bodies` hold the bug), so that
    /// trying them first would cost a failed test per halving.
    pub fn lightest_first(mut self) -> Self {
        self.lightest_first = true;
        self
    }

    fn weight(&self, u: U) -> u64 {
        self.weights.get(&u).copied().unwrap_or(1)
    }

    /// Set up the first configuration: θ's prior per unit of weight, and
    /// the assumed constraint.
    fn start(&mut self, items: &[U]) {
        if self.theta_prior.is_some() || items.is_empty() {
            return;
        }
        let total: f64 = items.iter().map(|&u| mass(self.weight(u))).sum();
        let mean = total / items.len() as f64;
        // A unit of mean weight is needed with probability `prior`.
        let theta = 1.0 - (1.0 - self.prior).powf(1.0 / mean);
        self.theta_prior = Some(theta.clamp(MIN_PROB, MAX_PROB));
        if self.assume_needed {
            self.belief.holds_needed(items, total, false);
        }
    }
}

/// What a unit counts for in the probabilities: its weight (a unit of
/// weight w is w units that may each be needed).
fn mass(weight: u64) -> f64 {
    weight as f64
}

/// The next removal given `belief` on `items` and the probability that it
/// succeeds, or `None` when every unit is certified on this configuration.
fn next_removal<U: Unit>(
    belief: &Belief<U>,
    theta_prior: f64,
    weight: &dyn Fn(U) -> u64,
    lightest_first: bool,
    items: &[U],
) -> Option<(Vec<U>, f64)> {
    let theta = belief.theta(theta_prior);
    let keep = (1.0 - theta).ln();
    // The constraints each unit is in.
    let mut member: HashMap<U, Vec<usize>> = HashMap::new();
    for (i, f) in belief.constraints.iter().enumerate() {
        for &u in &f.units {
            member.entry(u).or_default().push(i);
        }
    }
    let of = |u: U| member.get(&u).map(Vec::as_slice).unwrap_or(&[]);
    // How strongly the constraints a unit is in point at it: the sum of
    // −ln P(F holds a needed unit) before any test, larger for a smaller
    // constraint; ∞ for a constraint of one unit (it is needed). The same
    // for every unit of a constraint, whatever its weight, so that sets
    // stay contiguous.
    let pressure = |u: U| -> f64 {
        let mut sum = 0.0;
        for &i in of(u) {
            let f = &belief.constraints[i];
            if f.units.len() == 1 {
                return f64::INFINITY;
            }
            sum -= ln_one_minus_exp(f.weight * keep);
        }
        sum
    };
    let mut open: Vec<(f64, usize, U)> = items
        .iter()
        .enumerate()
        .map(|(i, &u)| (pressure(u), i, u))
        .filter(|&(p, _, _)| p < f64::INFINITY)
        .collect();
    if open.is_empty() {
        // Every unit is needed as far as the tests tell; those not
        // certified on this very configuration are tested again.
        // The oldest certificate first: the more was removed since a
        // unit's removal failed, the likelier it succeeds now (a definition
        // whose uses went); a unit only inferred needed has none.
        let stale = items
            .iter()
            .copied()
            .filter(|u| belief.certified.get(u) != Some(&belief.version))
            .min_by_key(|u| belief.certified.get(u).copied())?;
        // Re-testing what is believed needed: expected to fail.
        return Some((vec![stale], 0.0));
    }
    // Least pointed at first; among equals the heaviest (or the
    // lightest), then the last.
    open.sort_by(|a, b| {
        a.0.total_cmp(&b.0)
            .then_with(|| {
                let heaviest = weight(b.2).cmp(&weight(a.2));
                if lightest_first {
                    heaviest.reverse()
                } else {
                    heaviest
                }
            })
            .then(b.1.cmp(&a.1))
    });
    // The best prefix by expected gain, ln P(prefix removable) kept up to
    // date constraint by constraint; a prefix covering a constraint cannot
    // be removable, nor can any longer one.
    let mut outside: Vec<(f64, usize)> = belief
        .constraints
        .iter()
        .map(|f| (f.weight, f.units.len()))
        .collect();
    let (mut log_p, mut removed) = (0.0, 0.0);
    let mut best = (f64::NEG_INFINITY, 1, 0.0);
    for (k, &(_, _, u)) in open.iter().enumerate() {
        let m = mass(weight(u));
        log_p += m * keep;
        let mut covered = false;
        for &i in of(u) {
            let (left, units) = &mut outside[i];
            log_p -= ln_one_minus_exp(*left * keep);
            *left -= m;
            *units -= 1;
            if *units == 0 {
                covered = true;
                break;
            }
            log_p += ln_one_minus_exp(*left * keep);
        }
        if covered {
            break;
        }
        removed += weight(u) as f64;
        let gain = removed.ln() + log_p;
        if gain > best.0 {
            best = (gain, k + 1, log_p);
        }
    }
    // When the best is one unit, the unit whose removal alone is expected
    // to gain the most: once tests have shown most units needed, a heavy
    // unit of a large failed set is all but certainly needed itself, while
    // a light unit of a small one is as likely removable as not, and the
    // order cannot tell them apart. (A longer prefix stays: its gain is one
    // test's, and when it fails it still halves what holds the needed
    // units, which removing one unit does not.) Only once a test has
    // proven a set needed: before, the order is the level's own (among
    // near-equals the heaviest first, or the lightest).
    if best.1 == 1 && belief.constraints.iter().any(|f| f.proven) {
        let alone = |u: U| -> (f64, f64) {
            let m = mass(weight(u));
            let mut log_p = m * keep;
            for &i in of(u) {
                let f = &belief.constraints[i];
                log_p +=
                    ln_one_minus_exp((f.weight - m) * keep) - ln_one_minus_exp(f.weight * keep);
            }
            (m.ln() + log_p, log_p)
        };
        // The first of equals: the order above decides.
        let (gain, u, log_p) = open
            .iter()
            .rev()
            .map(|&(_, _, u)| {
                let (gain, log_p) = alone(u);
                (gain, u, log_p)
            })
            .max_by(|a, b| a.0.total_cmp(&b.0))?;
        if gain > best.0 {
            return Some((vec![u], log_p.exp()));
        }
    }
    open.truncate(best.1);
    let mut chosen: Vec<U> = open.into_iter().map(|(_, _, u)| u).collect();
    chosen.sort();
    Some((chosen, best.2.exp()))
}

/// A removal at least this likely to succeed comes with its follow-up (a
/// spare worker then tests that instead of the next proposal, which assumes
/// the opposite).
const AHEAD_FROM: f64 = 0.5;

/// How likely a removal the model gives `p` is to succeed, given that
/// `accepted` of the level's `tested` proposals were: the model's estimate
/// counted as one more trial. While a level keeps halving, one needed unit
/// somewhere in what is left, the model says about one half each time;
/// its record says better.
fn success_odds(p: f64, accepted: u32, tested: u32) -> f64 {
    (p + f64::from(accepted)) / (1.0 + f64::from(tested))
}

impl<U: Unit> Policy<U> for ProbDd<U> {
    fn propose<'a>(&'a mut self, config: &'a Config<U>) -> Box<dyn Iterator<Item = Delta<U>> + 'a> {
        Box::new(self.stream(config, false).map(|p| p.removal))
    }

    fn propose_ahead<'a>(
        &'a mut self,
        config: &'a Config<U>,
    ) -> Box<dyn Iterator<Item = Proposal<U>> + 'a> {
        self.stream(config, true)
    }

    fn on_reduced(&mut self, accepted: Option<Accepted<'_, U>>) -> bool {
        let log = std::mem::take(&mut self.log);
        let weights = &self.weights;
        let weight = |u: U| weights.get(&u).copied().unwrap_or(1);
        let fail = |belief: &mut Belief<U>, removal: &[U]| {
            let w = removal.iter().map(|&u| mass(weight(u))).sum();
            belief.holds_needed(removal, w, true);
        };
        let Some(accepted) = accepted else {
            // Every proposal failed: the stream ended with every unit
            // certified on this configuration (or the run was stopped).
            for removal in &log {
                fail(&mut self.belief, removal);
            }
            self.tested += log.len() as u32;
            return false;
        };
        for removal in &log[..accepted.position] {
            fail(&mut self.belief, removal);
        }
        self.belief.succeeded(&log[accepted.position], &weight);
        self.tested += accepted.position as u32 + 1;
        self.accepted += 1;
        true
    }
}

impl<U: Unit> ProbDd<U> {
    /// The proposals for `config`; with `ahead`, a removal likely to succeed
    /// comes with the first removal of the stream `propose` would return
    /// after it is accepted (the belief `on_reduced` would then hold: the
    /// earlier proposals failed, this one succeeded).
    fn stream<'a>(
        &'a mut self,
        config: &'a Config<U>,
        ahead: bool,
    ) -> Box<dyn Iterator<Item = Proposal<U>> + 'a> {
        self.log.clear();
        let items: Vec<U> = config.iter().copied().collect();
        self.start(&items);
        let Some(theta_prior) = self.theta_prior else {
            return Box::new(std::iter::empty());
        };
        // The stream's own belief: each proposal assumes the earlier ones
        // failed.
        let mut belief = self.belief.clone();
        let weights = &self.weights;
        let log = &mut self.log;
        let (accepted, tested) = (self.accepted, self.tested);
        let lightest_first = self.lightest_first;
        Box::new(std::iter::from_fn(move || {
            let weight = |u: U| weights.get(&u).copied().unwrap_or(1);
            let (removal, p) = next_removal(&belief, theta_prior, &weight, lightest_first, &items)?;
            // The proposals before this one in the stream failed.
            let odds = success_odds(p, accepted, tested + log.len() as u32);
            let if_accepted = (ahead && odds >= AHEAD_FROM)
                .then(|| {
                    let mut after = belief.clone();
                    after.succeeded(&removal, &weight);
                    let gone: HashSet<U> = removal.iter().copied().collect();
                    let rest: Vec<U> = items
                        .iter()
                        .copied()
                        .filter(|u| !gone.contains(u))
                        .collect();
                    next_removal(&after, theta_prior, &weight, lightest_first, &rest)
                })
                .flatten()
                .map(|(next, _)| next.into_iter().collect());
            let w = removal.iter().map(|&u| mass(weight(u))).sum();
            belief.holds_needed(&removal, w, true);
            log.push(removal.clone());
            Some(Proposal {
                removal: removal.into_iter().collect(),
                if_accepted,
            })
        }))
    }

    /// The estimated probability that a unit of weight is needed (tests).
    #[cfg(test)]
    fn theta(&self) -> f64 {
        self.belief.theta(self.theta_prior.unwrap_or(self.prior))
    }

    /// The first removal the policy would propose on `config` (tests).
    #[cfg(test)]
    fn first(&mut self, config: &Config<U>) -> Vec<U> {
        let items: Vec<U> = config.iter().copied().collect();
        self.start(&items);
        let weight = |u: U| self.weight(u);
        next_removal(
            &self.belief,
            self.theta_prior.unwrap(),
            &weight,
            self.lightest_first,
            &items,
        )
        .unwrap()
        .0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::run;
    use crate::{DDMin, Wdd};

    fn uniform(n: u32) -> HashMap<u32, u64> {
        (0..n).map(|u| (u, 1)).collect()
    }

    fn one(_: u32) -> u64 {
        1
    }

    #[test]
    fn a_small_prior_starts_by_removing_everything() {
        let mut p = ProbDd::new(uniform(100), 0.001);
        assert_eq!(p.first(&(0..100).collect()).len(), 100);
    }

    #[test]
    fn assuming_a_needed_unit_it_starts_with_the_last_half() {
        let mut p = ProbDd::new(uniform(100), 0.01).assuming_a_needed_unit();
        let first = p.first(&(0..100).collect());
        assert!((40..=60).contains(&first.len()), "{}", first.len());
        assert_eq!(first.last(), Some(&99));
    }

    #[test]
    fn a_high_prior_tests_single_units_at_once() {
        let mut p = ProbDd::new(uniform(10), 0.9);
        let config: Config<u32> = (0..10).collect();
        let firsts: Vec<Delta<u32>> = p.propose(&config).take(3).collect();
        assert_eq!(
            firsts,
            vec![Delta::from([9]), Delta::from([8]), Delta::from([7])]
        );
    }

    #[test]
    fn after_a_failed_whole_removal_it_bisects() {
        let mut p = ProbDd::new(uniform(64), 1.0 / 128.0);
        let config: Config<u32> = (0..64).collect();
        let stream: Vec<Delta<u32>> = p.propose(&config).take(2).collect();
        assert_eq!(stream[0].len(), 64);
        // Everything holds a needed unit, maybe more than one: the best bet
        // is a large part of it, but not all.
        assert!((12..=40).contains(&stream[1].len()), "{}", stream[1].len());
    }

    #[test]
    fn a_constraint_left_to_a_few_units_is_never_removed_whole() {
        let mut p = ProbDd::new(uniform(8), 0.01);
        // Removing everything fails, removing 0..6 succeeds: 6 and 7 hold
        // the needed unit, so removing both cannot work.
        let _ = p.first(&(0..8).collect());
        p.belief
            .holds_needed(&(0..8).collect::<Vec<_>>(), 8.0, true);
        p.belief.succeeded(&(0..6).collect::<Vec<_>>(), &one);
        assert_eq!(p.first(&Config::from([6, 7])).len(), 1);
    }

    #[test]
    fn failures_of_small_sets_raise_the_estimate_and_removals_lower_it() {
        let mut dense = ProbDd::new(uniform(100), 0.01);
        let _ = dense.first(&(0..100).collect());
        for u in 0..10 {
            dense.belief.holds_needed(&[u], 1.0, true);
        }
        assert!(dense.theta() > 0.5, "{}", dense.theta());
        let mut sparse = ProbDd::new(uniform(100), 0.5);
        let _ = sparse.first(&(0..100).collect());
        sparse.belief.succeeded(&(0..80).collect::<Vec<_>>(), &one);
        assert!(sparse.theta() < 0.05, "{}", sparse.theta());
    }

    #[test]
    fn an_assumption_is_no_evidence() {
        let mut p = ProbDd::new(uniform(100), 0.01).assuming_a_needed_unit();
        let _ = p.first(&(0..100).collect());
        assert!((p.theta() - 0.01).abs() < 1e-9, "{}", p.theta());
    }

    #[test]
    fn finds_the_needed_units() {
        for prior in [0.001, 0.1, 0.5, 0.95] {
            let (out, _) = run(&mut ProbDd::new(uniform(64), prior), 64, &[3, 40, 41]);
            assert_eq!(out, Config::from([3, 40, 41]), "prior {prior}");
            let assuming = &mut ProbDd::new(uniform(64), prior).assuming_a_needed_unit();
            let (out, _) = run(assuming, 64, &[3, 40, 41]);
            assert_eq!(out, Config::from([3, 40, 41]), "prior {prior}");
        }
    }

    #[test]
    fn everything_goes_even_when_a_needed_unit_was_assumed() {
        let (out, _) = run(
            &mut ProbDd::new(uniform(32), 0.05).assuming_a_needed_unit(),
            32,
            &[],
        );
        assert!(out.is_empty());
    }

    #[test]
    fn an_assumption_until_a_removal_lets_the_rest_go_at_once() {
        // The tests a level of 16 takes to come down to `needed`, a needed
        // unit assumed throughout or only until a removal succeeds.
        let tests = |until: bool, needed: &[u32]| {
            let assuming = ProbDd::new(uniform(16), 0.05).assuming_a_needed_unit();
            let policy = &mut if until {
                assuming.until_a_removal_succeeds()
            } else {
                assuming
            };
            let (out, tests) = run(policy, 16, needed);
            assert_eq!(out, needed.iter().copied().collect::<Config<u32>>());
            tests
        };
        // Nothing needed: assumed throughout, the level halves towards a
        // unit that is not there; assumed until the first removal, the
        // second test removes the rest.
        let (throughout, until) = (tests(false, &[]), tests(true, &[]));
        assert_eq!(until, 2, "{until} tests against {throughout}");
        assert!(throughout > until, "{throughout}");
        // One needed unit: at most one test more than the plain assumption.
        for needed in [0, 5, 15] {
            let (plain, until) = (tests(false, &[needed]), tests(true, &[needed]));
            assert!(until <= plain + 1, "{until} against {plain}");
        }
    }

    #[test]
    fn one_needed_unit_of_many_costs_about_a_bisection() {
        let (mut probdd, mut wdd) = (0, 0);
        for needed in (0..300).step_by(13) {
            let policy = &mut ProbDd::new(uniform(300), 1.0 / 300.0).assuming_a_needed_unit();
            let (out, calls) = run(policy, 300, &[needed]);
            assert_eq!(out, Config::from([needed]));
            probdd += calls;
            wdd += run(&mut Wdd::new(uniform(300)), 300, &[needed]).1;
        }
        // Over 23 positions, at most 10% more than WDD's halving.
        assert!(
            probdd * 10 <= wdd * 11,
            "{probdd} calls against WDD's {wdd}"
        );
    }

    #[test]
    fn when_nearly_everything_is_needed_it_beats_ddmin_without_being_told() {
        let needed: Vec<u32> = (0..100).filter(|u| u % 10 != 3).collect();
        let policy = &mut ProbDd::new(uniform(100), 0.01).assuming_a_needed_unit();
        let (out, probdd) = run(policy, 100, &needed);
        assert_eq!(out.len(), 90);
        let (_, ddmin) = run(&mut DDMin::new(), 100, &needed);
        assert!(probdd * 4 < ddmin * 3, "{probdd} against ddmin's {ddmin}");
    }

    #[test]
    fn halves_follow_the_weights_heaviest_first() {
        // One heavy unit among 15 light ones (weight 30): after assuming a
        // needed unit, the first removal takes about half the weight, the
        // heaviest units first: the heavy one alone, where ddmin's half by
        // count would take 8 light ones and WDD's half by weight the heavy
        // one with whatever is next to it.
        let weights: HashMap<u32, u64> =
            (0..16).map(|u| (u, if u == 7 { 15 } else { 1 })).collect();
        let mut p = ProbDd::new(weights, 1.0 / 16.0).assuming_a_needed_unit();
        assert_eq!(p.first(&(0..16).collect()), vec![7]);
        // Among equal weights, the last first.
        let mut q = ProbDd::new(uniform(16), 1.0 / 16.0).assuming_a_needed_unit();
        let first = q.first(&(0..16).collect());
        assert_eq!(first.last(), Some(&15));
        assert!((6..=10).contains(&first.len()), "{first:?}");
    }

    #[test]
    fn lightest_first_spares_a_heavy_needed_unit() {
        // What module-items sees after function-bodies: one function with a
        // body (weight 3, the one that holds the bug) among 164 declarations.
        let weights: HashMap<u32, u64> =
            (0..165).map(|u| (u, if u == 40 { 3 } else { 1 })).collect();
        let heaviest = &mut ProbDd::new(weights.clone(), 1.0 / 165.0).assuming_a_needed_unit();
        let lightest = &mut ProbDd::new(weights, 1.0 / 165.0)
            .assuming_a_needed_unit()
            .lightest_first();
        assert!(heaviest.first(&(0..165).collect()).contains(&40));
        assert!(!lightest.first(&(0..165).collect()).contains(&40));
        let (out, light_calls) = run(lightest, 165, &[40]);
        assert_eq!(out, Config::from([40]));
        // Every halving removes the half without it: one test each, and the
        // last test certifies it.
        assert!(light_calls <= 10, "{light_calls}");
        let (_, heavy_calls) = run(heaviest, 165, &[40]);
        assert!(
            light_calls + 4 <= heavy_calls,
            "{light_calls} against {heavy_calls}"
        );
    }

    #[test]
    fn heavy_units_a_failed_set_all_but_proves_needed_wait_for_the_light_ones() {
        // Units 0 and 1 weigh 7 (operations with regions), 2..=5 weigh 1.
        // The whole failed, and so did {0, 1}, {2, 3} and {4, 5}: θ is
        // high, so each heavy unit alone is all but certainly needed, while
        // a light one is as likely removable as not. The order by
        // constraints alone puts the heavy units first (a large failed set
        // says little of each of its units).
        let weights: HashMap<u32, u64> = (0..6).map(|u| (u, if u < 2 { 7 } else { 1 })).collect();
        let mut p = ProbDd::new(weights, 0.5);
        let _ = p.first(&(0..6).collect());
        p.belief
            .holds_needed(&(0..6).collect::<Vec<_>>(), 18.0, true);
        for set in [[0, 1], [2, 3], [4, 5]] {
            let w = if set[0] == 0 { 14.0 } else { 2.0 };
            p.belief.holds_needed(&set, w, true);
        }
        let first = p.first(&(0..6).collect());
        assert!(first.iter().all(|&u| u >= 2), "{first:?}");
    }

    #[test]
    fn stale_certificates_are_tested_again_oldest_first() {
        let mut p = ProbDd::new(uniform(6), 0.9);
        let _ = p.first(&(0..6).collect());
        // 3 and 4 failed alone on the first configuration; 5 went; 0 and 1
        // failed alone on the second; 2 went.
        for u in [3, 4] {
            p.belief.holds_needed(&[u], 1.0, true);
        }
        p.belief.succeeded(&[5], &one);
        for u in [0, 1] {
            p.belief.holds_needed(&[u], 1.0, true);
        }
        p.belief.succeeded(&[2], &one);
        let left: Config<u32> = Config::from([0, 1, 3, 4]);
        let order: Vec<Delta<u32>> = p.propose(&left).collect();
        assert_eq!(
            order,
            vec![
                Delta::from([3]),
                Delta::from([4]),
                Delta::from([0]),
                Delta::from([1])
            ]
        );
    }

    #[test]
    fn an_accepted_proposal_keeps_what_the_ones_before_taught() {
        let mut p = ProbDd::new(uniform(4), 0.9);
        let config: Config<u32> = (0..4).collect();
        let stream: Vec<Delta<u32>> = p.propose(&config).take(3).collect();
        assert_eq!(stream[0], Delta::from([3]));
        // The second proposal ({2}) is accepted: {3} failed (certified),
        // {1} was never settled.
        let after: Config<u32> = Config::from([0, 1, 3]);
        assert!(p.on_reduced(Some(Accepted {
            position: 1,
            config: &after
        })));
        assert_eq!(p.belief.certified.get(&3), Some(&0));
        assert!(!p.belief.certified.contains_key(&1));
        // Unit 3's certificate is stale now: it is tested again, after the
        // units not known to be needed.
        let next: Vec<Delta<u32>> = p.propose(&after).collect();
        assert_eq!(
            next,
            vec![Delta::from([1]), Delta::from([0]), Delta::from([3])]
        );
    }

    /// Reduce 0..n against "keeps every unit of `needed`", checking every
    /// follow-up against the stream that comes next; how many were given.
    fn follow_ups_hold(policy: &mut dyn Policy<u32>, n: u32, needed: &[u32]) -> usize {
        let mut config: Config<u32> = (0..n).collect();
        let (mut given, mut expected): (usize, Option<Delta<u32>>) = (0, None);
        loop {
            let proposals: Vec<Proposal<u32>> = policy.propose_ahead(&config).collect();
            if let Some(next) = expected.take() {
                assert_eq!(proposals.first().map(|p| &p.removal), Some(&next));
            }
            let found = proposals
                .iter()
                .enumerate()
                .find(|(_, p)| needed.iter().all(|u| !p.removal.contains(u)));
            let accepted = found.map(|(position, p)| {
                expected = p.if_accepted.clone();
                given += usize::from(expected.is_some());
                (
                    position,
                    config
                        .difference(&p.removal)
                        .copied()
                        .collect::<Config<u32>>(),
                )
            });
            let go_on = policy.on_reduced(accepted.as_ref().map(|(position, c)| Accepted {
                position: *position,
                config: c,
            }));
            match accepted {
                Some((_, c)) => config = c,
                None => expected = None,
            }
            if !go_on {
                return given;
            }
        }
    }

    #[test]
    fn a_follow_up_is_what_the_next_stream_begins_with() {
        let mut given = 0;
        for needed in [
            vec![7],
            vec![0, 63],
            vec![3, 40, 41],
            (0..64).step_by(3).collect(),
        ] {
            for prior in [0.001, 0.1, 0.5] {
                let plain = ProbDd::new(uniform(64), prior);
                given += follow_ups_hold(&mut { plain }, 64, &needed);
                let assuming = ProbDd::new(uniform(64), prior).assuming_a_needed_unit();
                given += follow_ups_hold(&mut { assuming }, 64, &needed);
                // Unequal weights, both orders among equals.
                let varied = || (0..64).map(|u| (u, 1 + u64::from(u % 4))).collect();
                let heaviest = ProbDd::new(varied(), prior).assuming_a_needed_unit();
                given += follow_ups_hold(&mut { heaviest }, 64, &needed);
                let lightest = ProbDd::new(varied(), prior).lightest_first();
                given += follow_ups_hold(&mut { lightest }, 64, &needed);
            }
        }
        // Sparse levels are mostly removable: follow-ups were given.
        assert!(given > 10, "{given}");
    }

    #[test]
    fn propose_is_propose_ahead_without_the_follow_ups() {
        let config: Config<u32> = (0..50).collect();
        let plain: Vec<Delta<u32>> = ProbDd::new(uniform(50), 0.05)
            .propose(&config)
            .take(8)
            .collect();
        let ahead: Vec<Delta<u32>> = ProbDd::new(uniform(50), 0.05)
            .propose_ahead(&config)
            .take(8)
            .map(|p| p.removal)
            .collect();
        assert_eq!(plain, ahead);
    }

    #[test]
    fn while_a_level_keeps_halving_its_removals_come_with_follow_ups() {
        // One needed unit of 256: every halving is one half to the model,
        // and nearly always right by the level's record.
        for needed in [0, 77, 255] {
            let policy = &mut ProbDd::new(uniform(256), 1.0 / 256.0).assuming_a_needed_unit();
            let given = follow_ups_hold(policy, 256, &[needed]);
            assert!(given >= 4, "unit {needed}: {given} follow-ups");
        }
        // Where nearly everything is needed, removals are expected to fail:
        // the spare worker keeps testing the next proposal instead.
        let dense: Vec<u32> = (0..64).filter(|u| u % 8 != 0).collect();
        let policy = &mut ProbDd::new(uniform(64), 0.9);
        assert!(follow_ups_hold(policy, 64, &dense) <= 2);
    }

    #[test]
    fn success_odds_start_from_the_model_and_follow_the_record() {
        assert_eq!(success_odds(0.5, 0, 0), 0.5);
        assert!(success_odds(0.5, 6, 6) > 0.9);
        assert!(success_odds(0.5, 0, 6) < 0.1);
    }
}
