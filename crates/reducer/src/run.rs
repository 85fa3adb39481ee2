//! One reduction: the front end's passes are the levels of an HDD
//! hierarchy, the engine proposes which targets to keep, the pool builds and
//! tests candidates through the speculative window, and every accepted
//! candidate becomes the current module (saved at once).
//!
//! Candidates of a level are built from a *base* snapshot of the module, so
//! that a target index means the same thing for every candidate. When an
//! accepted candidate still has exactly the targets it kept, it becomes the
//! new base (the targets renumbered), so later candidates are built from
//! the smaller module; otherwise, or when the level's pass asks for a
//! `stable_base`, the base stays.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context as _, Result};
use whittle_dd::{
    hdd, minimizer, Candidate, Config, Delta, HddOptions, Hierarchy, Judge, LevelContext,
    LevelHints, Verdict,
};

use crate::frontend::{FrontEnd, Snapshot};
use crate::interrupt;
use crate::memo::IndexedModule;
use crate::oracle::{Cancel, Oracle};
use crate::output::write_atomically;
use crate::pipeline::{self, Evaluation, Fill, Job, JobResult, Shared};
use crate::pool::Pool;
use crate::progress::Progress;
use crate::state::{flaky_path, Current};
use crate::stats::{Event, Flaky, LevelRun, Stats};
use crate::window::{first_accepted, Speculation};
use crate::{Display, Input, InputNotInteresting, Settings, Stopped};

/// Reduce `input` with `oracle`, writing the best module so far to
/// `settings.output` after every improvement and at the end. An interrupt
/// ends the run early with a [`Stopped`] error, the best module so far
/// written.
pub fn run<F: FrontEnd>(
    front_end: Arc<F>,
    input: Input,
    oracle: Arc<dyn Oracle>,
    settings: &Settings,
) -> Result<Stats> {
    let started = Instant::now();
    let stats = Stats {
        unit: front_end.size_unit(),
        instructions_before: input.size,
        bytes_before: input.bytes,
        jobs: settings.jobs.max(1),
        ..Stats::default()
    };
    let shared_oracle = oracle.clone();
    let shared = Arc::new(Shared {
        oracle,
        front_end: front_end.clone(),
        cache: Mutex::new(Default::default()),
        pending: Mutex::new(Default::default()),
        limit: settings.auto_limit.map(crate::limit::Limit::new),
        confirm: AtomicU32::new(settings.confirm),
        fill_all: AtomicBool::new(false),
        change_memory: settings.change_memory,
        refused: Default::default(),
    });
    // With spare workers a follow-up is tested ahead, and the job that
    // reaches its bytes in turn waits for it: one more worker, so the
    // waiting one takes no test's place.
    let workers = if settings.jobs > 1 {
        settings.jobs + 1
    } else {
        1
    };
    let pool = Pool::new(workers, shared.clone(), &settings.scratch)
        .context("cannot start worker threads")?;
    let mut reduction = Reduction {
        settings,
        pool,
        progress: Progress::new(settings.display, stats.instructions_before),
        current: Current::new(
            input.snapshot,
            input.size,
            settings.output.clone(),
            settings.output_header.clone(),
            Some(&settings.scratch.join("accepted")),
        ),
        front_end,
        next_job: 0,
        sweep: 0,
        level: None,
        stats,
        fatal: None,
        infrastructure: None,
        started,
        tests_at_recheck: 0,
        recheck_runs: 1,
        rechecked: None,
        flaky_in_level: None,
        produced_by: HashMap::new(),
        resume_at: None,
        replays: HashMap::new(),
        distrusted: HashSet::new(),
        fill: FillCheck::Untried,
        shared,
        items: None,
        input_items: None,
        ahead: Vec::new(),
        ahead_hashes: HashSet::new(),
        ahead_used: HashSet::new(),
    };

    reduction.check_input()?;
    // The input was just tested: a re-check is due only once it changed.
    reduction.rechecked = reduction.current.hash;
    let hints: Vec<LevelHints> = (0..reduction.front_end.level_count())
        .map(|l| {
            let info = reduction.front_end.level(l);
            LevelHints {
                all_first: info.all_first,
                bisect_first: info.bisect_first,
                interacting: info.interacting,
                heavy_needed: info.heavy_needed,
            }
        })
        .collect();
    let new_minimizer = |context: &LevelContext, weights: &[u64]| {
        minimizer(
            settings.policy,
            settings.starting_granularity,
            hints[context.level],
            context,
            weights,
        )
    };
    let report = hdd(
        &mut reduction,
        &new_minimizer,
        HddOptions {
            max_sweeps: settings.max_pass_iterations.max(1),
            partial_sweeps: settings.partial_sweeps,
        },
    );
    reduction.stats.sweeps = report.sweeps;
    reduction.cancel_ahead(|_| true);
    reduction.progress.finish();

    if reduction.infrastructure.is_none() && reduction.fatal.is_none() {
        // The output always ends up holding the best module so far.
        reduction.current.save()?;
        if !interrupt::requested() {
            reduction.final_check();
        }
    }
    if let Some(message) = reduction.infrastructure.take() {
        // The output holds the best module so far (written on every
        // accept; the input's output form when nothing was accepted).
        reduction.current.save()?;
        let mut stats = std::mem::take(&mut reduction.stats);
        stats.instructions_after = reduction.current.size;
        stats.bytes_after = reduction.current.output_bytes().len() as u64;
        stats.wall_time_s = started.elapsed().as_secs_f64();
        stats.time = stats.time();
        stats.executor = shared_oracle.executor_stats();
        let message = format!(
            "{message}; the best reduction so far is in '{}'",
            settings.output.display()
        );
        return Err(Stopped::Infrastructure(Box::new(stats), message).into());
    }
    if let Some(err) = reduction.fatal.take() {
        return Err(err);
    }
    // Ctrl-C may also have come during the final re-check.
    let interrupted = interrupt::requested();
    let mut stats = std::mem::take(&mut reduction.stats);
    stats.instructions_after = reduction.current.size;
    stats.bytes_after = reduction.current.output_bytes().len() as u64;
    stats.wall_time_s = started.elapsed().as_secs_f64();
    stats.time = stats.time();
    stats.interrupted = interrupted;
    drop(reduction);
    // After the workers are gone: every run the executor started is counted.
    stats.executor = shared_oracle.executor_stats();
    if interrupted {
        return Err(Stopped::Interrupted(Box::new(stats)).into());
    }
    Ok(stats)
}

/// Until a test is known to be flaky, re-checks wait at least this many
/// times as many tests as the last one ran: they take a tenth of the run's
/// tests at most.
const RECHECK_SHARE: u64 = 10;

/// What the failed re-checks of a run have shown so far.
struct Flakiness {
    /// A re-check failed.
    found: bool,
    /// Memory read before it is written explained a failure: every
    /// candidate's fill variants are tested before it is kept.
    fill_checked: bool,
    /// A failure the fill check did not explain raised the confirmations.
    confirm_raised: bool,
}

impl Flakiness {
    /// Found flaky, and not (only) for what the fill check catches.
    fn unexplained(&self) -> bool {
        self.found && (self.confirm_raised || !self.fill_checked)
    }
}

/// How many tests after the last re-check the next is due: at every
/// change where `--recheck-every 0` asks for it or the test is flaky for a
/// reason nothing else checks; else `asked`, and at least
/// [`RECHECK_SHARE`] times the runs the last re-check took.
fn recheck_interval(asked: u64, runs: u64, flaky_unexplained: bool) -> u64 {
    if flaky_unexplained || asked == 0 {
        0
    } else {
        asked.max(runs * RECHECK_SHARE)
    }
}

/// How many times in a row a module must test interesting to replace a
/// result whose re-check failed.
pub const RECHECKS: usize = 3;

/// Runs after an interesting one that must agree, once a re-check has shown
/// the test flaky (unless `--confirm` asks for more); each later failed
/// re-check doubles them, up to `CONFIRM_MAX`.
pub const CONFIRM_FLAKY: u32 = 2;
pub const CONFIRM_MAX: u32 = 8;

/// Whether re-checks can tell a test that depends on memory a module reads
/// before writing it ([`FrontEnd::fill_variants`]), found out on the input
/// at the first re-check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FillCheck {
    Untried,
    /// The input's fill variants all test interesting.
    Usable,
    /// The front end makes no variants of the input, or their verdicts
    /// differ (the input itself depends on such memory), or one is not
    /// interesting (the test does not take the variants for the module).
    Unusable,
}

/// How [`Reduction::runs_in_a_row`] ended.
enum InARow {
    /// Every run tested interesting: the last run's result.
    Passed(Box<JobResult>),
    /// A run was tested and not interesting: how it ended.
    Failed(String),
    /// A run was not tested (the front end refused the module).
    Untested,
    /// Interrupted, or the executor could not bring back a verdict (no
    /// evidence either way: the run ends).
    Stopped,
}

/// The current level: its pass, the base snapshot candidates are built from,
/// and which of the level's targets (engine indices) the base still has.
struct Level {
    index: usize,
    name: &'static str,
    base: Snapshot,
    /// Engine index of each target of `base`, ascending.
    base_targets: Vec<usize>,
    /// Configurations of this level judged not interesting.
    rejected: HashSet<Config<usize>>,
    start_hash: Option<blake3::Hash>,
    /// The weights of its targets as it began.
    weights: Vec<u64>,
    /// The engine's configuration as of the last accepted module, and the
    /// removal that produced each module this run accepted (by version).
    config: Config<usize>,
    steps: Vec<(u64, Delta<usize>)>,
    /// Figures of this run of the level, completed when it finishes.
    run: LevelRun,
}

/// What the last run of a level accepted, to be tried again should a walk
/// back return to a state before it ([`Hierarchy::replay`]).
struct LevelReplay {
    /// The weights of the level's targets when it began.
    weights: Vec<u64>,
    steps: Vec<(u64, Delta<usize>)>,
}

/// The module seen as an HDD hierarchy whose levels are the front end's
/// passes; also the engine's judge.
struct Reduction<'s, F> {
    settings: &'s Settings,
    front_end: Arc<F>,
    pool: Pool,
    progress: Progress,
    current: Current,
    next_job: u64,
    /// The sweep under way (1 for the first).
    sweep: usize,
    level: Option<Level>,
    stats: Stats,
    /// An error that must end the run (the test cannot run, an invalid
    /// candidate under --abort-on-invalid-reduction, the output cannot be
    /// written).
    fatal: Option<anyhow::Error>,
    /// Why the executor could not bring back a verdict (retries spent): the
    /// run stops, and says so with its stats.
    infrastructure: Option<String>,
    started: Instant,
    /// The tests run when the current result was last re-tested (none at
    /// first), and the test bytes' hash it had then.
    tests_at_recheck: u64,
    rechecked: Option<blake3::Hash>,
    /// How many runs the last re-check took (its fill runs included).
    recheck_runs: u64,
    /// A re-check during the level failed (how): the level ends at once and
    /// the run walks back at its end.
    flaky_in_level: Option<String>,
    /// The level that produced each accepted module (by snapshot version),
    /// and where the sweep goes on after a walk back went to a module an
    /// earlier level produced ([`Hierarchy::resume_at`]).
    produced_by: HashMap<u64, usize>,
    resume_at: Option<usize>,
    /// Per level, what its last run accepted; and the accepted modules a
    /// walk back found at fault (the first after the module it went to),
    /// whose removals are not replayed.
    replays: HashMap<usize, LevelReplay>,
    distrusted: HashSet<u64>,
    fill: FillCheck,
    /// What the workers share: the cache, and how strict a test is once the
    /// test is found flaky ([`Shared::confirm`], [`Shared::fill_all`]).
    shared: Arc<Shared<F>>,
    /// The items of the current module and of the input, when the front
    /// end splits modules into some ([`crate::memo`]).
    items: Option<Arc<IndexedModule>>,
    input_items: Option<Arc<IndexedModule>>,
    /// Follow-ups under test ahead of their turn.
    ahead: Vec<AheadJob>,
    /// Content hashes those tests judged, and those whose verdicts were
    /// used (for the stats).
    ahead_hashes: HashSet<blake3::Hash>,
    ahead_used: HashSet<blake3::Hash>,
}

/// A follow-up under test ahead of its turn.
struct AheadJob {
    ticket: u64,
    config: Config<usize>,
    cancel: Arc<Cancel>,
}

impl<F: FrontEnd> Reduction<'_, F> {
    fn job(
        &mut self,
        base: Snapshot,
        level: Option<usize>,
        keep: Vec<bool>,
        force_test: bool,
        fill: Fill,
    ) -> Job {
        self.next_job += 1;
        Job {
            id: self.next_job,
            base,
            level,
            keep: Arc::new(keep),
            current_hash: self.current.hash,
            current_size: self.current.size,
            current_bytes: self.current.test_bytes,
            current_items: self.items.clone(),
            force_test,
            fill,
            cancel: Arc::new(Cancel::new()),
        }
    }

    /// Stop the follow-ups under test that `stale` says will not be needed
    /// (each is forgotten when its result comes back).
    fn cancel_ahead(&mut self, stale: impl Fn(&Config<usize>) -> bool) {
        for job in &self.ahead {
            if stale(&job.config) {
                job.cancel.cancel();
            }
        }
    }

    /// Test the current module as it is (the input and final checks).
    fn test_current(&mut self) -> Option<JobResult> {
        self.test_snapshot(self.current.snapshot.clone(), Fill::No)
    }

    /// Test a module as it is, whatever the cache says; None when
    /// interrupted.
    fn test_snapshot(&mut self, snapshot: Snapshot, fill: Fill) -> Option<JobResult> {
        let job = self.job(snapshot, None, Vec::new(), true, fill);
        let id = job.id;
        self.pool.submit(job);
        loop {
            let waited = Instant::now();
            let next = self.pool.next_result(Duration::from_millis(100));
            self.stats.overhead.waiting_s += waited.elapsed().as_secs_f64();
            if let Some(r) = next {
                if r.id == id {
                    return Some(r);
                }
            } else if interrupt::requested() {
                return None;
            }
        }
    }

    /// The input must be interesting to begin with.
    fn check_input(&mut self) -> Result<()> {
        let Some(result) = self.test_current() else {
            bail!("interrupted before the input was tested");
        };
        self.account_job(&result);
        match result.evaluation {
            Evaluation::Tested(outcome) => {
                self.stats.tests += 1;
                self.stats.test_time_s += outcome.elapsed.as_secs_f64();
                if outcome.verdict != Verdict::Interesting {
                    self.stats.not_interesting += 1;
                    let stderr = outcome.stderr.text();
                    let tail: Vec<&str> = stderr.trim().lines().rev().take(3).collect();
                    let tail: Vec<&str> = tail.into_iter().rev().collect();
                    return Err(InputNotInteresting {
                        status: outcome.status.clone(),
                        stderr_tail: tail.join(" | "),
                    }
                    .into());
                }
                self.stats.interesting += 1;
                self.push_event(result.bytes, "interesting", outcome.elapsed.as_secs_f64());
            }
            Evaluation::Failed(message) | Evaluation::Infrastructure(message) => {
                bail!("{message}")
            }
            Evaluation::Invalid(message) => {
                bail!("the input does not verify after a round trip: {message}")
            }
            Evaluation::Unjudgeable(message) => {
                bail!("the input cannot be judged: {message}")
            }
            _ => bail!("the input could not be tested"),
        }
        let state = result
            .state
            .expect("an interesting result carries its state");
        self.current.input_tested(state.kept.output, result.hash);
        self.items = state.items.clone();
        self.input_items = state.items;
        self.current.test_bytes = result.bytes;
        Ok(())
    }

    /// Re-test the final module once, or [`RECHECKS`] times in a row when
    /// a re-check during the run found the test flaky. When it fails, the
    /// result is never left as it is: it is kept beside the output
    /// (`NAME.flaky.EXT`), and the output gets the latest module accepted
    /// earlier that passes [`RECHECKS`] re-tests in a row, or the
    /// input (tested at the start) when none does.
    ///
    /// When nothing was accepted, the final module is the input, tested at
    /// the start: it is re-tested only if candidates were tested and failed,
    /// since every candidate failing is what a flaky test looks like
    /// (interesting on its first run only), and the user should hear that
    /// rather than "nothing could be removed".
    fn final_check(&mut self) {
        let reduced = self.current.reduced();
        if !reduced && self.stats.not_interesting == 0 {
            return;
        }
        // Where re-checks used the fill check, the final one does too.
        let fill = match self.fill {
            FillCheck::Usable => Fill::Always,
            _ => Fill::No,
        };
        // Once the test is known to be flaky, one run that passes proves
        // little (a result that hangs two runs in seven passes one five
        // times in seven): it must pass as many in a row as a module the
        // walk back goes to.
        let runs = if self.stats.flaky_during.is_empty() {
            1
        } else {
            RECHECKS
        };
        let snapshot = self.current.snapshot.clone();
        let status = match self.runs_in_a_row(&snapshot, runs, fill) {
            Ok((InARow::Passed(_), _)) => {
                self.stats.final_check_interesting = Some(true);
                return;
            }
            Ok((InARow::Failed(status), _)) => status,
            Ok((InARow::Untested | InARow::Stopped, _)) => return,
            Err(e) => {
                self.fatal.get_or_insert(e);
                return;
            }
        };
        self.stats.final_check_interesting = Some(false);
        self.found_flaky();
        if reduced {
            match self.walk_back(status, None) {
                Ok((flaky, _)) => self.stats.flaky = Some(flaky),
                Err(e) => self.fatal = Some(e),
            }
        } else {
            eprintln!(
                "whittle: warning: the test is flaky: the input tested interesting at the start and {status} when re-run at the end, and no candidate was interesting; '{}' holds the input",
                self.settings.output.display()
            );
            self.stats.input_flaky = Some(status);
        }
    }

    /// Whether the current result is due for a re-check: it changed since
    /// the last one, and `--recheck-every` tests have run since (any
    /// number, once the test is known to be flaky for a reason the fill
    /// check does not explain). Until then re-checks take a tenth of the
    /// run's tests at most (unless `--recheck-every 0` asks for every
    /// change). Counted in tests, not seconds: the same reduction re-checks
    /// at the same points, so it asks the same tests, at any machine load
    /// and any `-j` (the tests counted are those whose verdict the search
    /// used, not those run ahead and discarded).
    ///
    /// Where every failed re-check so far was explained by the fill check
    /// (memory read before it is written; confirmations not raised), each
    /// kept candidate has just passed its run and its fill variants, and a
    /// re-check after every change would repeat exactly those: on the
    /// interpreter case, 209 re-checks of four runs each. The usual
    /// schedule goes on, to catch any other cause.
    fn recheck_due(&self) -> bool {
        let flaky = Flakiness {
            found: !self.stats.flaky_during.is_empty(),
            fill_checked: self.shared.fill_all.load(Ordering::Relaxed),
            confirm_raised: self.shared.confirm.load(Ordering::Relaxed) > self.settings.confirm,
        };
        let every = recheck_interval(
            self.settings.recheck_every,
            self.recheck_runs,
            flaky.unexplained(),
        );
        self.stats.tests - self.tests_at_recheck >= every && self.current.hash != self.rechecked
    }

    /// Re-test the current result, so that a flaky test (one that calls a
    /// candidate interesting by chance: a race, memory layout, a read of
    /// garbage) is found while the run can still act on it, not only by the
    /// final re-check, and a run stopped early (a time limit, Ctrl-C) does
    /// not leave a result that was only interesting once. How the re-test
    /// ended when it failed; then from now on an interesting verdict needs
    /// [`CONFIRM_FLAKY`] more runs that agree, each further failure
    /// doubling them (up to [`CONFIRM_MAX`]: a candidate that fails one run
    /// in five passes three in a row half the time).
    ///
    /// Where the front end can fill a module's memory before the program
    /// writes it ([`FrontEnd::fill_variants`]) and the input's fill
    /// variants test interesting, the re-check also runs the result's: two
    /// that disagree prove the verdict depends on memory read before it is
    /// written (a local whose store a pass removed), even when the result
    /// itself passed its run, as such garbage often lets it. From then on
    /// every interesting verdict stands only if the fill variants of the
    /// candidate test interesting too (deterministic, where repeated runs
    /// would catch it only by chance); the runs that confirm are not
    /// raised for a failure the fill explains.
    fn recheck_fails(&mut self) -> Option<String> {
        let fill = if self.fill_usable()? {
            Fill::Always
        } else {
            Fill::No
        };
        self.recheck_runs = 1 + if fill == Fill::Always {
            crate::FILL_BYTES.len() as u64
        } else {
            0
        };
        let result = self.test_snapshot(self.current.snapshot.clone(), fill)?;
        self.account_job(&result);
        self.tests_at_recheck = self.stats.tests;
        let status = match &result.evaluation {
            Evaluation::Tested(outcome) => {
                self.stats.rechecks += 1;
                self.stats.test_time_s += outcome.elapsed.as_secs_f64();
                if outcome.verdict == Verdict::Interesting {
                    self.rechecked = self.current.hash;
                    return None;
                }
                outcome.status.clone()
            }
            Evaluation::Failed(message) => {
                self.fatal.get_or_insert_with(|| anyhow!("{message}"));
                return None;
            }
            _ => return None,
        };
        self.found_flaky();
        if result.fill_differs {
            self.shared.fill_all.store(true, Ordering::Relaxed);
            return Some(status);
        }
        // The walk back's re-tests need them too.
        let confirm = match self.shared.confirm.load(Ordering::Relaxed) {
            0 => CONFIRM_FLAKY,
            n => n.saturating_mul(2).min(CONFIRM_MAX),
        };
        self.shared
            .confirm
            .fetch_max(self.settings.confirm.max(confirm), Ordering::Relaxed);
        Some(status)
    }

    /// A re-check failed: the front end refuses what makes runs differ, and
    /// the cache answers no interesting verdict given before (each was
    /// given without the confirmations and fill checks due from now on).
    fn found_flaky(&mut self) {
        self.front_end.test_is_flaky();
        self.shared.cache.lock().unwrap().distrust_interesting();
    }

    /// Whether re-checks may use the fill check: found out on the input the
    /// first time (its fill variants must all test interesting); None when
    /// interrupted.
    fn fill_usable(&mut self) -> Option<bool> {
        if self.fill == FillCheck::Untried {
            self.fill = FillCheck::Unusable;
            // Asked here first: a front end that makes no variants of the
            // input (MLIR, a module without locals) costs no test.
            let fillable = |input: &Snapshot| {
                let context = self.front_end.context();
                let module = self.front_end.read(&context, input).ok()?;
                self.front_end.can_fill(&module).then_some(())
            };
            let input = self.current.input_snapshot();
            if let Some(input) = input.filter(|i| fillable(i).is_some()) {
                let result = self.test_snapshot(input, Fill::Always)?;
                self.account_job(&result);
                if result.fill_agreed == Some(Verdict::Interesting) {
                    self.fill = FillCheck::Usable;
                }
            }
            self.stats.fill_check = Some(self.fill == FillCheck::Usable);
        }
        Some(self.fill == FillCheck::Usable)
    }

    /// After a failed re-check (at the end of level `pass`, or during it,
    /// which cut the level short): go back to the latest accepted module
    /// that passes [`RECHECKS`] re-tests in a row, the test known to
    /// be flaky from then on.
    fn recover_from_flaky(&mut self, status: String, pass: &str, cut_short: bool) {
        let flaky = match self.walk_back(status, Some(pass)) {
            Ok((flaky, true)) => flaky,
            // Interrupted on the way back: the run ends.
            Ok((_, false)) => return,
            Err(e) => {
                self.fatal = Some(e);
                return;
            }
        };
        self.rechecked = self.current.hash;
        self.tests_at_recheck = self.stats.tests;
        self.stats.flaky_during.push(Flaky { cut_short, ..flaky });
        self.update_progress();
    }

    /// Fall back from a result that failed a re-check: the final one
    /// ([`Reduction::final_check`], `after` None) or one at the end of the
    /// level `after` ([`Reduction::recover_from_flaky`]). What it did, and
    /// whether it got to the end (not when interrupted on the way: the flaky
    /// result then stays where it is).
    fn walk_back(&mut self, status: String, after: Option<&str>) -> Result<(Flaky, bool)> {
        let flaky_at = flaky_path(&self.settings.output);
        write_atomically(&flaky_at, &self.current.output_bytes())?;
        let mut flaky = Flaky {
            recheck: status,
            after: after.map(str::to_string),
            kept_at: flaky_at,
            flaky_size: self.current.size,
            ..Flaky::default()
        };
        // The latest module that passes, searched by halving on the
        // assumption that a module passes when one accepted after it does
        // (a module reduced from another inherits what made that flaky):
        // a few modules re-tested where a walk through them all could take
        // hundreds when the first flaky acceptance came early.
        let chain = self.current.fallbacks();
        let flaky_version = self.current.snapshot.version;
        let (mut lo, mut hi) = (0, chain.len());
        let mut found = None;
        while lo < hi {
            let mid = (lo + hi) / 2;
            let snapshot = chain[mid].snapshot()?;
            flaky.modules_rechecked += 1;
            // Each run with the confirmations and fill checks due.
            let (ended, tests) = self.runs_in_a_row(&snapshot, RECHECKS, Fill::No)?;
            flaky.tests += tests;
            match ended {
                InARow::Stopped => return Ok((flaky, false)),
                InARow::Passed(result) => {
                    found = Some((snapshot, result));
                    hi = mid;
                }
                InARow::Failed(_) | InARow::Untested => lo = mid + 1,
            }
        }
        // The module accepted right after the one gone back to is the one
        // at fault (as the halving assumes): its removal is not replayed.
        let at_fault = lo
            .checked_sub(1)
            .map_or(flaky_version, |i| chain[i].version);
        self.distrusted.insert(at_fault);
        match found {
            Some((snapshot, result)) => {
                let state = result
                    .state
                    .expect("an interesting result carries its state");
                self.current
                    .restore(snapshot, state.kept.output, state.size, result.hash);
                self.items = state.items;
            }
            None => {
                flaky.input = self.current.restore_input();
                self.items = self.input_items.clone();
            }
        }
        self.current.save()?;
        flaky.size = self.current.size;
        let holds = if flaky.input {
            "the input (no module accepted on the way passed the re-check)".to_string()
        } else {
            format!(
                "the latest module accepted on the way that passed the re-check {RECHECKS} times in a row"
            )
        };
        let confirm = self.shared.confirm.load(Ordering::Relaxed);
        let runs_agree = format!("{confirm} more runs of the test agree");
        let filled = "it tests interesting with its memory filled before the program writes it (with each of 0x00, 0xa5 and 0x5a)";
        let keeps = match (confirm, self.shared.fill_all.load(Ordering::Relaxed)) {
            (0, true) => filled.to_string(),
            (_, true) => format!("{runs_agree} and {filled}"),
            _ => runs_agree,
        };
        match after {
            None => eprintln!(
                "whittle: warning: the test is flaky: re-run on the final result it ended with {}, although that result tested interesting when it was kept; it is kept in '{}', and '{}' holds {holds}",
                flaky.recheck,
                flaky.kept_at.display(),
                self.settings.output.display(),
            ),
            Some(pass) => self.progress.println(&format!(
                "whittle: warning: the test is flaky: re-run after {pass} on the result so far ({} {}) it ended with {}, although that result tested interesting when it was kept; it is kept in '{}', the reduction goes on from {holds} ({} {}), and keeps a candidate only when {keeps}",
                flaky.flaky_size,
                self.front_end.size_unit(),
                flaky.recheck,
                flaky.kept_at.display(),
                flaky.size,
                self.front_end.size_unit(),
            )),
        }
        Ok((flaky, true))
    }

    /// Test `snapshot` up to `runs` times in a row (the first run with
    /// `fill`), stopping at the first run that is not interesting; and how
    /// many runs were tested. The final re-check and the walk back's
    /// re-checks both ask this.
    ///
    /// An executor that cannot bring back a verdict (a cluster that lost
    /// its nodes) says nothing about the module: the run stops there, as
    /// when interrupted, rather than walk back from a module that may pass.
    fn runs_in_a_row(
        &mut self,
        snapshot: &Snapshot,
        runs: usize,
        fill: Fill,
    ) -> Result<(InARow, u64)> {
        let mut tests = 0;
        let mut last = None;
        for run in 0..runs {
            let fill = if run == 0 { fill } else { Fill::No };
            let Some(result) = self.test_snapshot(snapshot.clone(), fill) else {
                return Ok((InARow::Stopped, tests));
            };
            self.account_job(&result);
            match &result.evaluation {
                Evaluation::Tested(outcome) => {
                    tests += 1;
                    self.stats.test_time_s += outcome.elapsed.as_secs_f64();
                    if result.fill_differs {
                        self.shared.fill_all.store(true, Ordering::Relaxed);
                    }
                    if outcome.verdict != Verdict::Interesting {
                        return Ok((InARow::Failed(outcome.status.clone()), tests));
                    }
                }
                Evaluation::Failed(message) => bail!("{message}"),
                Evaluation::Infrastructure(message) => {
                    self.infrastructure.get_or_insert_with(|| message.clone());
                    return Ok((InARow::Stopped, tests));
                }
                _ => return Ok((InARow::Untested, tests)),
            }
            last = Some(result);
        }
        let last = last.expect("at least one run");
        Ok((InARow::Passed(Box::new(last)), tests))
    }

    /// What a finished job cost beside its verdict: whittle's own time, and
    /// the runs that confirmed an interesting verdict (or refused it).
    fn account_job(&mut self, r: &JobResult) {
        self.stats.confirmations += u64::from(r.confirmations);
        self.stats.refused_as_flaky += u64::from(r.refused_as_flaky);
        self.stats.fill_runs += u64::from(r.fill_runs);
        self.stats.refused_for_fill += u64::from(r.fill_differs);
        let o = &mut self.stats.overhead;
        if r.built {
            o.candidates += 1;
        }
        o.parse_s += r.timings.parse.as_secs_f64();
        o.build_s += r.timings.build.as_secs_f64();
        o.verify_s += r.timings.verify.as_secs_f64();
        o.serialize_s += r.timings.serialize.as_secs_f64();
        o.write_s += r.timings.write.as_secs_f64();
        o.busy_s += r.timings.busy.as_secs_f64();
    }

    /// Count a finished candidate of the current level; returns its verdict.
    fn record(&mut self, result: &JobResult, from_ahead: bool) -> Verdict {
        self.account_job(result);
        let pass = self.level.as_ref().map(|l| l.name).unwrap_or("input");
        match &result.evaluation {
            Evaluation::Invalid(message) => {
                self.stats.invalid += 1;
                self.stats.pass(pass).invalid += 1;
                if self.settings.abort_on_invalid && self.fatal.is_none() {
                    let first = message
                        .lines()
                        .map(str::trim)
                        .find(|l| !l.is_empty())
                        .unwrap_or("");
                    self.fatal = Some(anyhow!("pass '{pass}' produced invalid IR: {first}"));
                }
            }
            Evaluation::Unjudgeable(_) => {
                self.stats.unjudgeable += 1;
            }
            Evaluation::Unchanged => {
                self.stats.unchanged += 1;
                self.stats.pass(pass).unchanged += 1;
            }
            Evaluation::Grew => {
                self.stats.grew += 1;
            }
            Evaluation::Cached(verdict) if from_ahead => {
                // Its time was counted when it finished.
                self.stats
                    .count_test(pass, *verdict == Verdict::Interesting);
            }
            Evaluation::Cached(_) => {
                self.stats.cache_hits += 1;
                self.stats.pass(pass).cache_hits += 1;
            }
            Evaluation::Presumed => {
                self.stats.presumed += 1;
                self.stats.pass(pass).presumed += 1;
            }
            Evaluation::Tested(outcome) => {
                self.stats.test_time_s += outcome.elapsed.as_secs_f64();
                let interesting = outcome.verdict == Verdict::Interesting;
                self.stats.count_test(pass, interesting).time_s += outcome.elapsed.as_secs_f64();
                if !interesting {
                    if outcome.timed_out {
                        self.stats.timeouts += 1;
                    }
                    if let Some(limit) = result.stopped_at {
                        self.stats.stopped_at_limit += 1;
                        self.stats.limit_s = self.stats.limit_s.max(limit.as_secs_f64());
                    }
                    if self.settings.display == Display::Verbose && !outcome.timed_out {
                        let stderr = outcome.stderr.text();
                        let last = stderr.trim().lines().last().unwrap_or("");
                        self.progress.println(&format!(
                            "whittle: {pass}: test ended with {}: {last}",
                            outcome.status
                        ));
                    }
                }
            }
            Evaluation::Failed(message) => {
                if self.fatal.is_none() {
                    self.fatal = Some(anyhow!("{message}"));
                }
            }
            Evaluation::Infrastructure(message) => {
                if self.infrastructure.is_none() {
                    self.infrastructure = Some(message.clone());
                }
            }
            Evaluation::Cancelled => {}
        }
        result.evaluation.verdict()
    }

    /// Make an accepted candidate the current module and save it; it becomes
    /// the level's base when it still has exactly the targets it kept.
    fn accept(&mut self, kept: &Config<usize>, result: JobResult) {
        let Some(state) = result.state else {
            // Identical to the current module: nothing changes but the
            // engine's configuration.
            return;
        };
        self.items = state.items;
        let snapshot = self
            .current
            .replace(state.kept, state.size, result.hash, result.bytes);
        if let Some(level) = self.level.as_mut() {
            self.produced_by.insert(snapshot.version, level.index);
            let removal: Delta<usize> = level.config.difference(kept).copied().collect();
            level.steps.push((snapshot.version, removal));
            level.config = kept.clone();
        }
        if let Err(e) = self.current.save() {
            self.fatal = Some(e);
        }
        if let Some(level) = self.level.as_mut() {
            let stable = self.front_end.level(level.index).stable_base;
            if state.targets == kept.len() && !stable {
                level.base = snapshot;
                level.base_targets = kept.iter().copied().collect();
            }
        }
        self.update_progress();
    }

    /// Add a settled call to the timeline (after the state changed).
    fn push_event(&mut self, bytes: u64, verdict: &'static str, test_s: f64) {
        let event = Event {
            call: self.stats.tests,
            t_s: self.started.elapsed().as_secs_f64(),
            pass: self.level.as_ref().map(|l| l.name).unwrap_or("input"),
            sweep: self.sweep,
            verdict,
            size: self.current.size,
            test_s,
            candidate_bytes: bytes,
        };
        self.stats.timeline.push(event);
    }

    fn update_progress(&mut self) {
        self.progress
            .update(&self.stats, self.current.size, self.started);
    }

    fn stopped(&self) -> bool {
        self.fatal.is_some() || self.infrastructure.is_some() || interrupt::requested()
    }
}

impl<F: FrontEnd> Speculation for Reduction<'_, F> {
    type Item = Config<usize>;
    type Result = JobResult;

    fn known(&mut self, kept: &Config<usize>) -> bool {
        let level = self.level.as_ref().expect("a level is entered");
        level.rejected.contains(kept)
    }

    fn start(&mut self, kept: &Config<usize>) -> (u64, Arc<Cancel>) {
        let level = self.level.as_ref().expect("a level is entered");
        let base = level.base.clone();
        let mask = level
            .base_targets
            .iter()
            .map(|t| kept.contains(t))
            .collect();
        let index = level.index;
        let job = self.job(base, Some(index), mask, false, Fill::No);
        let ticket = (job.id, job.cancel.clone());
        self.pool.submit(job);
        ticket
    }

    fn start_ahead(&mut self, kept: &Config<usize>) -> (u64, Arc<Cancel>) {
        let (ticket, cancel) = self.start(kept);
        self.ahead.push(AheadJob {
            ticket,
            config: kept.clone(),
            cancel: cancel.clone(),
        });
        (ticket, cancel)
    }

    fn next_finished(&mut self) -> Option<(u64, JobResult)> {
        let waited = Instant::now();
        let next = self.pool.next_result(Duration::from_millis(100));
        self.stats.overhead.waiting_s += waited.elapsed().as_secs_f64();
        match next {
            Some(r) => Some((r.id, r)),
            None => {
                if !interrupt::requested() {
                    self.update_progress();
                }
                None
            }
        }
    }

    fn settle(&mut self, kept: &Config<usize>, mut result: JobResult) -> bool {
        if let Some(key) = result.key {
            // What the change memory says is decided here, in the order the
            // search settles, whatever was tested ahead with -j.
            let refused = self.shared.refused.contains(&key);
            let verdict = result.evaluation.verdict();
            if refused && verdict == Verdict::Interesting {
                if let Evaluation::Tested(outcome) = &result.evaluation {
                    // Tested before the change it repeats was settled (-j).
                    self.stats.speculative_discarded += 1;
                    self.stats.test_time_s += outcome.elapsed.as_secs_f64();
                }
                result.evaluation = Evaluation::Presumed;
            } else if !refused && verdict == Verdict::NotInteresting {
                self.shared.refused.insert(key);
            }
        }
        // A verdict of a test run ahead, the first time the search asks for
        // it: the test -j 1 would run here, counted as one (not as a cache
        // hit), so that the tests counted are the same at any -j.
        let from_ahead = match (&result.evaluation, result.hash) {
            (Evaluation::Cached(_), Some(hash)) => {
                (result.awaited || self.ahead_hashes.contains(&hash))
                    && self.ahead_used.insert(hash)
            }
            _ => false,
        };
        if from_ahead {
            self.stats.ahead_used += 1;
        }
        let accepted = self.record(&result, from_ahead) == Verdict::Interesting;
        let event = match &result.evaluation {
            Evaluation::Tested(o) if accepted => Some(("interesting", o.elapsed.as_secs_f64())),
            Evaluation::Tested(o) if o.timed_out => Some(("timeout", o.elapsed.as_secs_f64())),
            Evaluation::Tested(o) => Some(("not-interesting", o.elapsed.as_secs_f64())),
            Evaluation::Cached(_) if accepted => Some(("cached", 0.0)),
            _ => None,
        };
        let bytes = result.bytes;
        if accepted {
            self.accept(kept, result);
        } else if let Some(level) = self.level.as_mut() {
            level.rejected.insert(kept.clone());
        }
        if let Some((verdict, test_s)) = event {
            self.push_event(bytes, verdict, test_s);
        }
        self.update_progress();
        accepted
    }

    fn discard(&mut self, result: Option<JobResult>) {
        if let Some(r) = &result {
            self.stats.overhead.busy_s += r.timings.busy.as_secs_f64();
            if matches!(r.evaluation, Evaluation::Tested(_)) {
                self.stats.speculative_discarded += 1;
            }
        }
    }

    fn unsettled(&mut self, ticket: u64, result: JobResult) {
        let Some(i) = self.ahead.iter().position(|j| j.ticket == ticket) else {
            // Cancelled in an earlier round, finished anyway.
            self.discard(Some(result));
            return;
        };
        self.ahead.swap_remove(i);
        self.stats.overhead.busy_s += result.timings.busy.as_secs_f64();
        if let Evaluation::Tested(outcome) = &result.evaluation {
            self.stats.tests_ahead += 1;
            self.stats.test_time_s += outcome.elapsed.as_secs_f64();
            if let Some(hash) = result.hash {
                self.ahead_hashes.insert(hash);
            }
        }
    }

    fn stopped(&self) -> bool {
        Reduction::stopped(self)
    }
}

impl<F: FrontEnd> Judge<usize> for Reduction<'_, F> {
    fn first_interesting(
        &mut self,
        candidates: &mut dyn Iterator<Item = Config<usize>>,
    ) -> Option<(usize, Config<usize>)> {
        self.first_interesting_ahead(&mut candidates.map(|config| Candidate {
            config,
            if_interesting: None,
        }))
    }

    fn takes_follow_ups(&self) -> bool {
        // With one worker nothing is tested that is not settled in turn.
        self.settings.jobs > 1
    }

    fn first_interesting_ahead(
        &mut self,
        candidates: &mut dyn Iterator<Item = Candidate<usize>>,
    ) -> Option<(usize, Config<usize>)> {
        if self.level.is_some() && self.recheck_due() {
            // When due, between rounds: a failure cuts the level short
            // (the walk back is at its end), so that the search stops
            // building on a result that was interesting by chance.
            self.cancel_ahead(|_| true);
            self.flaky_in_level = self.recheck_fails();
            if self.flaky_in_level.is_some() {
                return None;
            }
        }
        let mut candidates = candidates.map(|c| (c.config, c.if_interesting)).peekable();
        // A follow-up tested ahead is needed only if this round begins
        // with it (its front won); else it holds a worker for nothing.
        let first = candidates.peek().map(|(c, _)| c.clone());
        self.cancel_ahead(|c| first.as_ref() != Some(c));
        let size = self.settings.jobs;
        first_accepted(self, size, &mut candidates)
    }

    fn stopped(&self) -> bool {
        // A level cut short by a failed re-check ends here.
        Reduction::stopped(self) || self.flaky_in_level.is_some()
    }
}

impl<F: FrontEnd> Hierarchy for Reduction<'_, F> {
    fn level_count(&self) -> usize {
        self.front_end.level_count()
    }

    fn enter(&mut self, level: usize) -> Vec<u64> {
        if level == 0 {
            self.sweep += 1;
        }
        let name = self.front_end.level(level).name;
        // Configurations of another level mean nothing here.
        self.cancel_ahead(|_| true);
        let t = Instant::now();
        let weights = match pipeline::count(&*self.front_end, &self.current.snapshot, level) {
            Ok(weights) => weights,
            Err(e) => {
                self.fatal = Some(anyhow!("{e}"));
                Vec::new()
            }
        };
        self.stats.overhead.count_s += t.elapsed().as_secs_f64();
        self.level = Some(Level {
            index: level,
            name,
            base: self.current.snapshot.clone(),
            base_targets: (0..weights.len()).collect(),
            rejected: Default::default(),
            start_hash: self.current.hash,
            config: (0..weights.len()).collect(),
            steps: Vec::new(),
            weights: weights.clone(),
            run: LevelRun {
                pass: name,
                sweep: self.sweep,
                targets: weights.len(),
                tests: self.stats.tests,
                interesting: self.stats.interesting,
                size_before: self.current.size,
                ..LevelRun::default()
            },
        });
        self.progress.level(name, weights.len());
        weights
    }

    fn resume_at(&mut self) -> Option<usize> {
        self.resume_at.take()
    }

    fn replay(&mut self) -> Vec<Delta<usize>> {
        let Some(level) = &self.level else {
            return Vec::new();
        };
        let Some(earlier) = self.replays.remove(&level.index) else {
            return Vec::new();
        };
        // Only after a walk back to a module older than every one that run
        // accepted, on targets that look the same (their number and
        // weights: the state is the one that run began on, or one that an
        // earlier level left the same way, its targets index for index).
        let version = self.current.snapshot.version;
        let discarded = earlier.steps.iter().all(|&(v, _)| v > version);
        if !discarded || earlier.weights != level.weights {
            return Vec::new();
        }
        let steps: Vec<Delta<usize>> = earlier
            .steps
            .into_iter()
            .filter(|(version, _)| !self.distrusted.contains(version))
            .map(|(_, removal)| removal)
            .collect();
        if let Some(level) = self.level.as_mut() {
            level.run.replayed = steps.len();
        }
        steps
    }

    fn fingerprint(&self) -> Option<u64> {
        let hash = blake3::hash(&self.current.output);
        Some(u64::from_le_bytes(
            hash.as_bytes()[..8].try_into().expect("8 bytes"),
        ))
    }

    fn finish_level(&mut self, kept: &Config<usize>) -> bool {
        // The judge has committed every accepted candidate already.
        let Some(mut level) = self.level.take() else {
            return false;
        };
        level.run.kept = kept.len();
        level.run.tests = self.stats.tests - level.run.tests;
        level.run.interesting = self.stats.interesting - level.run.interesting;
        level.run.size_after = self.current.size;
        if !level.steps.is_empty() {
            let replay = LevelReplay {
                weights: std::mem::take(&mut level.weights),
                steps: std::mem::take(&mut level.steps),
            };
            self.replays.insert(level.index, replay);
        }
        self.stats.levels.push(level.run);
        let changed = self.current.hash != level.start_hash;
        // A level cut short by a failed re-check did not end 1-minimal.
        let cut_short = self.flaky_in_level.take();
        let settled =
            cut_short.is_none() && Arc::ptr_eq(&level.base.bytes, &self.current.snapshot.bytes);
        self.front_end
            .level_finished(level.index, &self.current.snapshot, settled);
        let failed = match cut_short {
            Some(status) => Some((status, true)),
            None if changed && self.recheck_due() => self.recheck_fails().map(|s| (s, false)),
            None => None,
        };
        if let Some((status, cut_short)) = failed {
            self.recover_from_flaky(status, level.name, cut_short);
            // Back to a module an earlier level produced (or the input):
            // the levels after that one run again on it.
            let version = self.current.snapshot.version;
            let from = self.produced_by.get(&version).map_or(0, |&p| p + 1);
            if from <= level.index {
                self.resume_at = Some(from);
            }
        }
        if changed && self.settings.display == Display::Verbose {
            self.progress.println(&format!(
                "whittle: {}: {} {} left",
                level.name,
                self.current.size,
                self.front_end.size_unit()
            ));
        }
        changed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rechecks_follow_the_schedule_unless_the_flakiness_is_unexplained() {
        let flaky = |fill_checked, confirm_raised| Flakiness {
            found: true,
            fill_checked,
            confirm_raised,
        };
        let sound = Flakiness {
            found: false,
            fill_checked: false,
            confirm_raised: false,
        };
        assert!(!sound.unexplained());
        // Found by the fill check alone: it now checks every candidate.
        assert!(!flaky(true, false).unexplained());
        // Runs that disagreed without the fill explaining it (before or
        // after the fill check was on), or no fill check at all.
        assert!(flaky(true, true).unexplained());
        assert!(flaky(false, true).unexplained());
        assert!(flaky(false, false).unexplained());

        // A re-check of one run and its three fill runs.
        assert_eq!(recheck_interval(100, 4, false), 100);
        assert_eq!(recheck_interval(10, 4, false), 40);
        assert_eq!(recheck_interval(100, 4, true), 0);
        assert_eq!(recheck_interval(0, 4, false), 0);
    }
}
