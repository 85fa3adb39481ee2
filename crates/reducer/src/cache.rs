//! The verdicts of the candidates tested, by content hash, so that a
//! candidate met again costs no test; and what the run learnt since.
//!
//! An interesting verdict is only as good as the checks it passed: once a
//! re-check shows the test flaky, interesting verdicts need confirmations
//! (and the fill check) they did not have. Each verdict is kept with the
//! *strictness* it was given under (how many times the test had been found
//! flaky), and an interesting one given under an earlier strictness is not
//! answered: the candidate is tested again. Otherwise a candidate of the
//! branch the walk back left (accepted on one lucky run, or tested ahead and
//! not used) could come back from the cache, unconfirmed, later in the run.
//! A "not interesting" verdict stays good: the stricter checks refuse more,
//! never less.

use std::collections::HashMap;

use crate::Verdict;

#[derive(Default)]
pub struct VerdictCache {
    verdicts: HashMap<blake3::Hash, (Verdict, u32)>,
    strictness: u32,
}

impl VerdictCache {
    /// The verdict on `hash`, unless there is none or it is an interesting
    /// one given before the test was last found flaky.
    pub fn get(&self, hash: &blake3::Hash) -> Option<Verdict> {
        match self.verdicts.get(hash) {
            Some(&(Verdict::Interesting, given)) if given < self.strictness => None,
            Some(&(verdict, _)) => Some(verdict),
            None => None,
        }
    }

    /// Record `verdict` on `hash`, given under `strictness` (read with
    /// [`VerdictCache::strictness`] when its test began: a test under way
    /// when the test is found flaky ran without the new checks).
    pub fn insert(&mut self, hash: blake3::Hash, verdict: Verdict, strictness: u32) {
        self.verdicts.insert(hash, (verdict, strictness));
    }

    /// How many times the test has been found flaky so far.
    pub fn strictness(&self) -> u32 {
        self.strictness
    }

    /// The test was found flaky: the interesting verdicts given so far are
    /// no longer answered.
    pub fn distrust_interesting(&mut self) {
        self.strictness += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interesting_verdicts_from_before_a_flaky_finding_are_not_answered() {
        let mut cache = VerdictCache::default();
        let (a, b, c) = (blake3::hash(b"a"), blake3::hash(b"b"), blake3::hash(b"c"));
        cache.insert(a, Verdict::Interesting, cache.strictness());
        cache.insert(b, Verdict::NotInteresting, cache.strictness());
        // A test that began before the finding and ends after it.
        let began = cache.strictness();
        cache.distrust_interesting();
        cache.insert(c, Verdict::Interesting, began);
        assert_eq!(cache.get(&a), None);
        assert_eq!(cache.get(&c), None);
        assert_eq!(cache.get(&b), Some(Verdict::NotInteresting));
        // Tested again under the new checks: answered from then on.
        cache.insert(a, Verdict::Interesting, cache.strictness());
        assert_eq!(cache.get(&a), Some(Verdict::Interesting));
        cache.distrust_interesting();
        assert_eq!(cache.get(&a), None);
    }
}
