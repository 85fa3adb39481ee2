//! What a reduction did, for the summary and `--stats-json`.

use std::fmt::Write as _;
use std::time::Duration;

use serde::Serialize;

use crate::oracle::ExecutorStats;

/// Counts for one pass.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct PassStats {
    pub name: &'static str,
    /// Runs of the test whose verdict the reduction used.
    pub tests: u64,
    pub interesting: u64,
    /// Candidates the verifier rejected.
    pub invalid: u64,
    pub cache_hits: u64,
    /// Candidates presumed not interesting ([`crate::memo`]).
    pub presumed: u64,
    pub unchanged: u64,
    pub time_s: f64,
}

/// Where whittle's own time went (summed over workers).
#[derive(Clone, Debug, Default, Serialize)]
pub struct Overhead {
    /// Candidates built.
    pub candidates: u64,
    /// Reading the base module into a fresh context, per candidate.
    pub parse_s: f64,
    /// Applying the pass.
    pub build_s: f64,
    pub verify_s: f64,
    /// Printing (and hashing) the candidate, and its bitcode when kept.
    pub serialize_s: f64,
    pub write_s: f64,
    /// Counting each level's targets (once per level).
    pub count_s: f64,
    /// Workers' busy time (building and testing candidates, speculative
    /// ones included): over `jobs` × wall time, how busy the workers were.
    pub busy_s: f64,
    /// The coordinator's time blocked waiting for a worker's result; the
    /// rest of the wall time is its own work (proposing candidates,
    /// settling verdicts, the cache, writing the result, re-checks' setup).
    #[serde(default)]
    pub waiting_s: f64,
}

impl Overhead {
    fn per_candidate_total_s(&self) -> f64 {
        self.parse_s + self.build_s + self.verify_s + self.serialize_s + self.write_s
    }

    pub fn total_s(&self) -> f64 {
        self.per_candidate_total_s() + self.count_s
    }

    /// Time in the test's processes, every run (confirmations, fill runs,
    /// re-checks and speculative tests included): the workers' busy time
    /// less building the candidates.
    pub fn test_runs_s(&self) -> f64 {
        (self.busy_s - self.per_candidate_total_s()).max(0.0)
    }

    /// Mean time whittle spends per candidate, in seconds.
    pub fn per_candidate_s(&self) -> f64 {
        if self.candidates == 0 {
            0.0
        } else {
            self.per_candidate_total_s() / self.candidates as f64
        }
    }
}

/// One oracle call (or an accepted candidate that needed none), as the
/// search settled it: the timeline `--plot` draws.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Event {
    /// Oracle calls so far, this one included.
    pub call: u64,
    /// Seconds since the run started, when the result was settled.
    pub t_s: f64,
    /// The pass whose candidate it was ("input" for the initial check).
    pub pass: &'static str,
    /// The sweep it belongs to (1 for the first; 0 for the initial check).
    pub sweep: usize,
    /// "interesting", "not-interesting", "timeout", or "cached" (accepted
    /// on a verdict reused from an identical earlier candidate: no call).
    pub verdict: &'static str,
    /// The current module's size after it was settled.
    pub size: u64,
    /// What the test cost, in seconds (0 without a test).
    pub test_s: f64,
    /// The candidate's size in bytes, as the test saw it.
    pub candidate_bytes: u64,
}

/// One run of a level (a pass in one sweep).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct LevelRun {
    pub pass: &'static str,
    pub sweep: usize,
    /// Targets when the level started, and how many its search kept.
    pub targets: usize,
    pub kept: usize,
    /// Oracle calls made in it, and how many were interesting.
    pub tests: u64,
    pub interesting: u64,
    /// The module's size when it started and when it ended.
    pub size_before: u64,
    pub size_after: u64,
    /// Removals of an earlier run of the level tried again first (after a
    /// walk back to a state before that run).
    #[serde(skip_serializing_if = "is_zero")]
    pub replayed: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// A result whose re-check failed, and what replaced it.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Flaky {
    /// How the re-check of the result ended.
    pub recheck: String,
    /// The level after which it was re-checked (`--recheck-every`); none
    /// for the final re-check.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after: Option<String>,
    /// The re-check ran between two rounds of that level, which it cut
    /// short (else at the level's end).
    pub cut_short: bool,
    /// Where the result that failed it is kept.
    pub kept_at: std::path::PathBuf,
    /// Its size.
    pub flaky_size: u64,
    /// The size of what the output holds instead.
    pub size: u64,
    /// Whether that is the input (no accepted module passed the re-checks).
    pub input: bool,
    /// Accepted modules re-checked on the way back, and the test runs that
    /// took.
    pub modules_rechecked: u64,
    pub tests: u64,
}

/// Where the wall time went, in parts that add up to it: the
/// coordinator's own work and its waiting for the workers (together the
/// wall time), and the workers' tests, building and idle time (together
/// `jobs` times the wall time). At -j 1 the waiting is the worker's tests
/// and building and the handing over between them.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct TimeParts {
    /// The test's processes, every run (confirmations, fill runs,
    /// re-checks, speculative tests included).
    pub tests_s: f64,
    /// Building candidates: parse, pass, verify, print and hash, write.
    pub building_s: f64,
    /// The coordinator's own work: proposing, settling verdicts, the cache
    /// and change memory, counting targets, writing the result.
    pub coordination_s: f64,
    /// The coordinator waiting for the workers.
    pub waiting_s: f64,
    /// Workers with nothing to do (`jobs` × wall less their busy time).
    pub idle_s: f64,
}

/// Everything a reduction counted.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Stats {
    /// What sizes count (instructions, operations).
    pub unit: &'static str,
    /// Runs of the test whose verdict the reduction used (including the
    /// initial check).
    pub tests: u64,
    pub interesting: u64,
    pub not_interesting: u64,
    /// Of the not-interesting runs, those killed by --timeout or stopped at
    /// the automatic time limit.
    pub timeouts: u64,
    /// Of those, the ones stopped at the automatic time limit, and the
    /// longest limit one was stopped at (seconds).
    pub stopped_at_limit: u64,
    pub limit_s: f64,
    /// Candidates the verifier rejected (Unresolved; never tested).
    pub invalid: u64,
    /// Valid candidates the oracle cannot judge (LLVM under `--mr`, or once
    /// the test is found flaky: certain undefined behaviour, undefined
    /// values, a new type for `main`; Unresolved, never tested).
    pub unjudgeable: u64,
    /// Candidates identical to the current module (accepted, never tested).
    pub unchanged: u64,
    /// Candidates whose content was tested before (verdict reused).
    pub cache_hits: u64,
    /// Candidates presumed not interesting without a test: the same change
    /// of the same function was tested not interesting before, on another
    /// module ([`crate::memo`]).
    pub presumed: u64,
    /// Candidates with more instructions than the current module, from a
    /// pass that must not grow it (no progress; not tested).
    pub grew: u64,
    /// Tests started ahead of time whose result turned out not to be needed
    /// (killed, or finished after an earlier candidate won).
    pub speculative_discarded: u64,
    /// Follow-ups tested ahead of their turn (on the assumption that the
    /// candidate before them is accepted; with `-j` 2 or more).
    pub tests_ahead: u64,
    /// Candidates whose verdict came from a test run ahead (counted among
    /// the tests, as -j 1 would have run them then).
    pub ahead_used: u64,
    /// Sum of the test runs' wall time (over all workers).
    pub test_time_s: f64,
    pub overhead: Overhead,
    pub wall_time_s: f64,
    /// Where the wall time went ([`Stats::time`]).
    pub time: TimeParts,
    pub jobs: usize,
    pub sweeps: usize,
    pub instructions_before: u64,
    pub instructions_after: u64,
    pub bytes_before: u64,
    pub bytes_after: u64,
    /// The final re-test of the result: true when it still tested
    /// interesting (false flags a flaky test).
    pub final_check_interesting: Option<bool>,
    /// When that re-test failed: where the result that failed it went, and
    /// what the output holds instead.
    pub flaky: Option<Flaky>,
    /// When nothing was accepted and the input failed its re-test at the
    /// end: how that re-test ended (the test is flaky).
    pub input_flaky: Option<String>,
    /// Re-tests of the current result during the run (`--recheck-every`),
    /// and those that failed, with what replaced the result.
    pub rechecks: u64,
    pub flaky_during: Vec<Flaky>,
    /// Runs of the test after an interesting one, to confirm it
    /// (`--confirm`, or after a failed re-check), and the candidates they
    /// refused (interesting once, not again).
    pub confirmations: u64,
    pub refused_as_flaky: u64,
    /// Whether the fill check can tell a test that depends on memory a
    /// module reads before writing it (found out on the input at the first
    /// re-check; none when no re-check was made), the runs of fill variants
    /// it took, and the modules it refused (re-checks included).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fill_check: Option<bool>,
    pub fill_runs: u64,
    pub refused_for_fill: u64,
    pub interrupted: bool,
    pub passes: Vec<PassStats>,
    /// Every oracle call in the order settled, with the size it left.
    pub timeline: Vec<Event>,
    /// Every level run that had targets, in order.
    pub levels: Vec<LevelRun>,
    /// With an executor that runs tests elsewhere (`--executor=slurm`): its
    /// runs, failures and retries, which are not verdicts and are counted
    /// in none of the figures above.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub executor: Option<ExecutorStats>,
}

impl Stats {
    /// One test's verdict, in the totals and in its pass's figures; the
    /// pass's, for the rest the caller counts.
    pub fn count_test(&mut self, pass: &'static str, interesting: bool) -> &mut PassStats {
        self.tests += 1;
        if interesting {
            self.interesting += 1;
        } else {
            self.not_interesting += 1;
        }
        let p = self.pass(pass);
        p.tests += 1;
        p.interesting += u64::from(interesting);
        p
    }

    pub fn pass(&mut self, name: &'static str) -> &mut PassStats {
        if let Some(i) = self.passes.iter().position(|p| p.name == name) {
            return &mut self.passes[i];
        }
        self.passes.push(PassStats {
            name,
            ..PassStats::default()
        });
        self.passes.last_mut().unwrap()
    }

    pub fn wall(&self) -> Duration {
        Duration::from_secs_f64(self.wall_time_s)
    }

    /// The human summary printed at the end of a run.
    /// Where the wall time went, in parts that add up to it. At -j 1:
    /// the test's runs, building candidates (parse, pass, verify, print and
    /// hash, write), whittle's coordination (everything the coordinator
    /// does itself) and the rest (handing jobs to the worker and back).
    /// With more workers, the coordinator's time (its own work, waiting)
    /// and the workers' (tests, building, idle) each add up to the wall
    /// time (the workers' to `jobs` times it).
    /// The parts of the wall time (set once the wall time is known).
    pub fn time(&self) -> TimeParts {
        let o = &self.overhead;
        let wall = self.wall_time_s;
        TimeParts {
            tests_s: o.test_runs_s(),
            building_s: o.per_candidate_total_s(),
            coordination_s: (wall - o.waiting_s).max(0.0),
            waiting_s: o.waiting_s.min(wall),
            idle_s: (self.jobs.max(1) as f64 * wall - o.busy_s).max(0.0),
        }
    }

    fn time_line(&self) -> String {
        let t = &self.time;
        let wall = self.wall_time_s;
        let per = self.overhead.per_candidate_s();
        let sweeps = format!(
            "{} sweep{}",
            self.sweeps,
            if self.sweeps == 1 { "" } else { "s" }
        );
        if self.jobs <= 1 {
            let over = (t.waiting_s - t.tests_s - t.building_s).max(0.0);
            format!(
                "time: {wall:.2}s wall = tests {:.2}s + building candidates {:.2}s ({per:.3}s per candidate) + whittle's coordination {:.2}s + handing over {over:.2}s; {sweeps}",
                t.tests_s, t.building_s, t.coordination_s
            )
        } else {
            format!(
                "time: {wall:.2}s wall = whittle's coordination {:.2}s + waiting for workers {:.2}s; the {} workers: tests {:.2}s + building candidates {:.2}s ({per:.3}s per candidate) + idle {:.2}s; {sweeps}",
                t.coordination_s, t.waiting_s, self.jobs, t.tests_s, t.building_s, t.idle_s
            )
        }
    }

    pub fn summary(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{}: {} -> {}   bytes: {} -> {}",
            if self.unit.is_empty() {
                "instructions"
            } else {
                self.unit
            },
            self.instructions_before,
            self.instructions_after,
            self.bytes_before,
            self.bytes_after
        );
        let _ = writeln!(
            s,
            "oracle calls: {} (interesting {}, not interesting {}{}); unresolved (verifier rejected, not tested): {}; unchanged: {}; cache hits: {}",
            self.tests,
            self.interesting,
            self.not_interesting,
            match (self.timeouts, self.stopped_at_limit) {
                (0, _) => String::new(),
                (t, 0) => format!(", {t} timed out"),
                (t, l) => format!(
                    ", {t} timed out, {l} of them at the automatic limit of {:.2} s",
                    self.limit_s
                ),
            },
            self.invalid,
            self.unchanged,
            self.cache_hits
        );
        if self.presumed > 0 {
            let _ = writeln!(
                s,
                "presumed not interesting (the same change of the same function was, before; not tested): {}",
                self.presumed
            );
        }
        if self.unjudgeable > 0 {
            let _ = writeln!(
                s,
                "unresolved as undefined behaviour or a new entry point (--mr, or a flaky test; not tested): {}",
                self.unjudgeable
            );
        }
        if self.tests_ahead > 0 {
            let _ = writeln!(
                s,
                "tests run ahead of their turn: {} (-j {}), {} of them used",
                self.tests_ahead, self.jobs, self.ahead_used
            );
        }
        if self.speculative_discarded > 0 {
            let _ = writeln!(
                s,
                "speculative tests discarded: {} (-j {})",
                self.speculative_discarded, self.jobs
            );
        }
        let _ = writeln!(s, "{}", self.time_line());
        if self.jobs > 1 && self.wall_time_s > 0.0 {
            let _ = writeln!(
                s,
                "workers busy {:.0}% of the time (-j {})",
                100.0 * self.overhead.busy_s / (self.jobs as f64 * self.wall_time_s),
                self.jobs
            );
        }
        if let Some(e) = &self.executor {
            let nodes = match e.nodes.len() {
                0 => String::new(),
                1 => " on 1 node".into(),
                n => format!(" on {n} nodes"),
            };
            let _ = write!(
                s,
                "executor {}: {} runs{nodes} ({} cancelled); {} infrastructure failures, {} retries of {} tests (not verdicts)",
                e.name, e.runs, e.cancelled, e.infrastructure_failures, e.retries, e.tests_retried
            );
            let failed: Vec<String> = e
                .failed_nodes()
                .map(|n| {
                    format!(
                        "{} ({} failed, {} answered)",
                        n.name, n.failures, n.answered
                    )
                })
                .collect();
            if !failed.is_empty() {
                let _ = write!(s, "; failed on {}", failed.join(", "));
            }
            let _ = writeln!(s);
        }
        if let Some(status) = &self.input_flaky {
            let _ = writeln!(
                s,
                "flaky test: nothing was accepted, and the input, interesting at the start, {status} when re-run at the end"
            );
        }
        let unit = if self.unit.is_empty() {
            "instructions"
        } else {
            self.unit
        };
        if self.rechecks > 0 {
            let _ = writeln!(
                s,
                "re-checks of the result during the run: {} ({} failed)",
                self.rechecks,
                self.flaky_during.len()
            );
        }
        for f in &self.flaky_during {
            let _ = writeln!(
                s,
                "flaky test: the result after {} ({} {unit}) failed a re-check ({}); the reduction went on from {} ({} {unit})",
                f.after.as_deref().unwrap_or("a level"),
                f.flaky_size,
                f.recheck,
                if f.input { "the input" } else { "an earlier result that passed it 3 times" },
                f.size,
            );
        }
        if self.confirmations > 0 {
            let _ = writeln!(
                s,
                "confirmation runs of interesting tests: {} ({} candidate{} refused as interesting only once)",
                self.confirmations,
                self.refused_as_flaky,
                if self.refused_as_flaky == 1 { "" } else { "s" }
            );
        }
        if self.fill_runs > 0 {
            let _ = writeln!(
                s,
                "runs with memory filled before the program writes it: {} ({} module{} refused: the verdict depends on memory read before it is written)",
                self.fill_runs,
                self.refused_for_fill,
                if self.refused_for_fill == 1 { "" } else { "s" }
            );
        }
        if let Some(f) = &self.flaky {
            let _ = writeln!(
                s,
                "flaky test: the final result ({} {unit}) failed its re-check ({}); it is kept in '{}'",
                f.flaky_size,
                f.recheck,
                f.kept_at.display()
            );
            let _ = writeln!(
                s,
                "the output holds {} ({} {unit}; {} module{} re-checked in {} test{})",
                if f.input {
                    "the input"
                } else {
                    "the latest accepted module that passed the re-check 3 times in a row"
                },
                f.size,
                f.modules_rechecked,
                if f.modules_rechecked == 1 { "" } else { "s" },
                f.tests,
                if f.tests == 1 { "" } else { "s" }
            );
        }
        let per_pass: Vec<String> = self
            .passes
            .iter()
            .filter(|p| p.tests + p.invalid + p.unchanged + p.cache_hits + p.presumed > 0)
            .map(|p| {
                let invalid = if p.invalid > 0 {
                    format!(" ({} invalid)", p.invalid)
                } else {
                    String::new()
                };
                format!("{} {}/{}{invalid}", p.name, p.interesting, p.tests)
            })
            .collect();
        if !per_pass.is_empty() {
            let _ = writeln!(s, "per pass (interesting/tests): {}", per_pass.join(", "));
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::NodeStats;

    #[test]
    fn the_summary_names_the_nodes_that_failed() {
        let node = |name: &str, answered, failures| NodeStats {
            name: name.into(),
            answered,
            failures,
        };
        let stats = Stats {
            executor: Some(ExecutorStats {
                name: "slurm".into(),
                runs: 12,
                infrastructure_failures: 3,
                retries: 2,
                cancelled: 1,
                tests_retried: 2,
                nodes: vec![node("n1", 7, 0), node("n2", 1, 3)],
            }),
            ..Stats::default()
        };
        let summary = stats.summary();
        assert!(
            summary.contains(
                "executor slurm: 12 runs on 2 nodes (1 cancelled); 3 infrastructure failures, 2 retries of 2 tests (not verdicts); failed on n2 (3 failed, 1 answered)\n"
            ),
            "{summary}"
        );
    }

    #[test]
    fn the_parts_of_the_time_add_up_to_the_wall_time() {
        let mut stats = Stats {
            wall_time_s: 10.0,
            jobs: 2,
            overhead: Overhead {
                candidates: 100,
                parse_s: 0.5,
                build_s: 0.5,
                verify_s: 0.25,
                serialize_s: 0.5,
                write_s: 0.25,
                busy_s: 17.0,
                waiting_s: 9.0,
                ..Default::default()
            },
            ..Default::default()
        };
        let t = stats.time();
        assert_eq!(t.coordination_s + t.waiting_s, 10.0);
        assert_eq!(t.building_s, 2.0);
        assert_eq!(t.tests_s, 15.0);
        assert_eq!(t.tests_s + t.building_s + t.idle_s, 20.0);
        stats.time = t;
        assert!(stats.summary().contains(
            "time: 10.00s wall = whittle's coordination 1.00s + waiting for workers 9.00s; the 2 workers: tests 15.00s + building candidates 2.00s (0.020s per candidate) + idle 3.00s"
        ), "{}", stats.summary());
        // One worker: tests, building, coordination and the handing over.
        stats.jobs = 1;
        stats.overhead.busy_s = 8.5;
        stats.time = stats.time();
        assert!(stats.summary().contains(
            "time: 10.00s wall = tests 6.50s + building candidates 2.00s (0.020s per candidate) + whittle's coordination 1.00s + handing over 0.50s"
        ), "{}", stats.summary());
    }
}
