//! The steps of a command that runs tools on its way to a bisection
//! (`whittle clang-crash`, `whittle miscompile`): each step's runs and
//! seconds, counted as it goes, for the summary and `--stats-json`.

use std::time::Instant;

use crate::bisect;

/// Tool runs of one step.
#[derive(Clone, Debug)]
pub struct Step {
    pub name: &'static str,
    pub runs: usize,
    pub seconds: f64,
}

/// A step's runs being counted.
pub struct Counting {
    pub name: &'static str,
    pub runs: usize,
    started: Instant,
}

impl Counting {
    pub fn new(name: &'static str) -> Counting {
        Counting {
            name,
            runs: 0,
            started: Instant::now(),
        }
    }

    /// One run: `run` counted.
    pub fn count<T>(&mut self, run: impl FnOnce() -> T) -> T {
        self.runs += 1;
        run()
    }

    pub fn done(self) -> Step {
        Step {
            name: self.name,
            runs: self.runs,
            seconds: self.started.elapsed().as_secs_f64(),
        }
    }
}

/// Every run: the steps', and the bisection's probes and its reduction's
/// tests.
pub fn total_runs(steps: &[Step], bisect: Option<&bisect::output::Report>) -> usize {
    steps.iter().map(|s| s.runs).sum::<usize>()
        + bisect.map_or(0, |b| {
            b.probes() + b.reduction.as_ref().map_or(0, |r| r.tests as usize)
        })
}
