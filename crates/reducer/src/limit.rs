//! The automatic time limit: a test that runs far longer than any
//! interesting test did is stopped, and counts as not interesting.
//!
//! Cutting code out of a program often leaves a loop without its exit; a
//! semantic test then waits for its own limit (or forever) on every such
//! candidate, and those waits can be most of a reduction's time. An
//! interesting candidate is a smaller version of a module whose test was
//! fast, so a test that runs [`AutoLimit::factor`] times longer than the
//! interesting ones so far (their 90th percentile: one interesting test
//! slowed down by a busy machine does not set the limit; their slowest
//! while there are fewer than ten) and at least [`AutoLimit::floor`] (which
//! absorbs the noise of starting processes) is almost surely one of them. Stopping it early never makes a candidate
//! interesting, so the result stays sound; at worst a slow interesting
//! candidate is lost, and the summary says how many tests were stopped.
//! Until a test has been interesting there is no limit.

use std::sync::Mutex;
use std::time::Duration;

/// The rule: `factor` times the interesting tests' 90th percentile, at
/// least `floor`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AutoLimit {
    pub factor: u32,
    pub floor: Duration,
}

impl Default for AutoLimit {
    fn default() -> Self {
        AutoLimit {
            factor: 10,
            floor: Duration::from_millis(500),
        }
    }
}

/// The limit as a run learns it, shared by the workers.
#[derive(Debug)]
pub struct Limit {
    rule: AutoLimit,
    /// How long the interesting tests so far took, in order.
    interesting: Mutex<Vec<Duration>>,
}

impl Limit {
    pub fn new(rule: AutoLimit) -> Limit {
        Limit {
            rule,
            interesting: Mutex::new(Vec::new()),
        }
    }

    /// How long the next test may run; `None` before any test was
    /// interesting.
    pub fn current(&self) -> Option<Duration> {
        let times = self.interesting.lock().unwrap();
        // The 90th percentile (nearest rank); the slowest below ten tests.
        let rank = (times.len() * 9).div_ceil(10).max(1);
        let typical = *times.get(rank - 1)?;
        Some((typical * self.rule.factor).max(self.rule.floor))
    }

    /// Learn from an interesting test that took `elapsed`.
    pub fn interesting(&self, elapsed: Duration) {
        let mut times = self.interesting.lock().unwrap();
        let at = times.partition_point(|t| *t <= elapsed);
        times.insert(at, elapsed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limit() -> Limit {
        Limit::new(AutoLimit {
            factor: 10,
            floor: Duration::from_millis(500),
        })
    }

    #[test]
    fn no_limit_before_an_interesting_test_then_the_slowest_times_the_factor() {
        let limit = limit();
        assert_eq!(limit.current(), None);
        limit.interesting(Duration::from_millis(20));
        assert_eq!(
            limit.current(),
            Some(Duration::from_millis(500)),
            "the floor"
        );
        limit.interesting(Duration::from_millis(80));
        assert_eq!(limit.current(), Some(Duration::from_millis(800)));
        limit.interesting(Duration::from_millis(30));
        assert_eq!(
            limit.current(),
            Some(Duration::from_millis(800)),
            "the slowest"
        );
    }

    #[test]
    fn from_ten_tests_on_one_slow_outlier_does_not_set_the_limit() {
        let limit = limit();
        for ms in [60, 61, 62, 63, 64, 65, 66, 67, 68] {
            limit.interesting(Duration::from_millis(ms));
        }
        limit.interesting(Duration::from_millis(400));
        assert_eq!(limit.current(), Some(Duration::from_millis(680)));
        // A tenth of the tests slow: the slow ones count.
        limit.interesting(Duration::from_millis(300));
        assert_eq!(limit.current(), Some(Duration::from_millis(3000)));
    }
}
