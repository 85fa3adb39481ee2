//! The candidate pipeline, the same for every front end: build a candidate
//! from a snapshot (read it, apply the level's pass to the targets not
//! kept), verify it, serialize and hash it, then judge it: identical to the
//! current module (accepted without a test), tested before (the cache), or
//! run through the oracle. A kept candidate's state is serialized only when
//! the judge asks for it.

use std::collections::HashMap;
use std::fs;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use anyhow::Result;
use crossbeam_channel::RecvTimeoutError;

use crate::cache::VerdictCache;
use crate::frontend::{FillVariant, FrontEnd, Kept, Snapshot};
use crate::limit::Limit;
use crate::memo::{IndexedModule, ItemIndex, Refused};
use crate::oracle::{Cancel, InfrastructureFailure, Oracle, Outcome};
use crate::pass::{PassInfo, Targets};
use crate::Verdict;

/// One candidate to evaluate: `base` with `level`'s pass applied to the
/// targets `keep` says to keep (no level: `base` as it is).
pub struct Job {
    pub id: u64,
    pub base: Snapshot,
    pub level: Option<usize>,
    pub keep: Arc<Vec<bool>>,
    /// Hash of the current module's test bytes: a candidate identical to it
    /// is accepted without a test.
    pub current_hash: Option<blake3::Hash>,
    /// The current module's size, and the length of its test bytes: a
    /// candidate larger than it is no progress for a pass that must not
    /// grow the module, nor is one of the same size whose bytes are no
    /// shorter (a rewrite that only moves things around, or adds
    /// attributes another pass will take away again); neither is tested.
    pub current_size: u64,
    pub current_bytes: u64,
    /// The current module's items, when they are known (only with the
    /// change memory on): a candidate changing one of them has a key
    /// ([`crate::memo`]).
    pub current_items: Option<Arc<IndexedModule>>,
    /// Test even if the content was tested before (the input and final
    /// checks).
    pub force_test: bool,
    /// When the candidate's fill variants run ([`Shared::fill_all`] makes
    /// `No` mean `IfInteresting`).
    pub fill: Fill,
    pub cancel: Arc<Cancel>,
}

/// When a job runs the test on its candidate's fill variants
/// ([`FrontEnd::fill_variants`]), and what their verdicts must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fill {
    No,
    /// After an interesting verdict, which stands only if every variant
    /// tests interesting too.
    IfInteresting,
    /// Whatever the verdict, until two variants disagree (a re-check: a
    /// disagreement proves the verdict depends on memory read before it is
    /// written, whatever the test; variants that agree with each other and
    /// not with the module may only mean the test does not take them for
    /// it, as a crash in code the fill changes would not).
    Always,
}

/// What happened to a candidate.
pub enum Evaluation {
    /// The verifier rejected it; the message is its complaint.
    Invalid(String),
    /// Valid, but the oracle cannot judge it ([`FrontEnd::judgeable`]).
    Unjudgeable(String),
    /// Identical to the current module.
    Unchanged,
    /// Larger than the current module (or as large and no shorter), from a
    /// pass that must not grow it: no progress, so not tested.
    Grew,
    /// Tested before; the verdict is reused.
    Cached(Verdict),
    /// Not tested: the same change of the same item was tested not
    /// interesting before ([`crate::memo`]).
    Presumed,
    Tested(Box<Outcome>),
    /// Stopped before a test ran.
    Cancelled,
    /// The test could not be run, the snapshot could not be read back, or
    /// scratch files could not be written.
    Failed(String),
    /// The executor could not bring back a verdict, retries included
    /// ([`InfrastructureFailure`]): not a verdict, not cached.
    Infrastructure(String),
}

impl Evaluation {
    pub fn verdict(&self) -> Verdict {
        match self {
            Evaluation::Unchanged => Verdict::Interesting,
            Evaluation::Cached(v) => *v,
            Evaluation::Presumed => Verdict::NotInteresting,
            Evaluation::Tested(o) => o.verdict,
            _ => Verdict::Unresolved,
        }
    }
}

/// The module a candidate became, when it is kept.
pub struct State {
    pub kept: Kept,
    /// Targets the level's pass counts on the candidate (for rebasing).
    pub targets: usize,
    /// Its size in the front end's unit.
    pub size: u64,
    /// Its items and test bytes, when the front end splits them into
    /// items.
    pub items: Option<Arc<IndexedModule>>,
}

/// Where whittle's own time went for one candidate.
#[derive(Clone, Copy, Debug, Default)]
pub struct Timings {
    pub parse: Duration,
    pub build: Duration,
    pub verify: Duration,
    pub serialize: Duration,
    pub write: Duration,
    /// Waiting for another job's test of the same bytes.
    pub waited: Duration,
    /// The whole job, its test included, the wait not (set by the worker).
    pub busy: Duration,
}

pub struct JobResult {
    pub id: u64,
    pub evaluation: Evaluation,
    /// Hash of the candidate's bytes as handed to the test (once serialized).
    pub hash: Option<blake3::Hash>,
    /// How many bytes the test was handed (once serialized).
    pub bytes: u64,
    /// The key of its change for the change memory, if it has one
    /// ([`crate::memo`]).
    pub key: Option<blake3::Hash>,
    pub state: Option<State>,
    pub timings: Timings,
    /// Whether a candidate was built (read and mutated).
    pub built: bool,
    /// Whether the verdict came from waiting for another job's test of the
    /// same bytes (a follow-up tested ahead).
    pub awaited: bool,
    /// The automatic time limit this job's test was stopped at, if it was.
    pub stopped_at: Option<Duration>,
    /// Runs of the test after its first, to confirm an interesting verdict
    /// (a flaky test: [`Shared::confirm`]), and whether one of them
    /// disagreed (the candidate is then not interesting).
    pub confirmations: u32,
    pub refused_as_flaky: bool,
    /// Runs of the fill variants ([`Job::fill`]), and whether the fill
    /// changed the verdict (two variants disagreed, or one was not
    /// interesting where `IfInteresting` asked for all): the verdict then
    /// depends on memory the candidate reads before writing it, and the
    /// candidate is not interesting. `fill_agreed`: the verdict of every
    /// variant, when they all ran and agreed.
    pub fill_runs: u32,
    pub fill_differs: bool,
    pub fill_agreed: Option<Verdict>,
}

/// What every worker shares.
pub struct Shared<F> {
    pub oracle: Arc<dyn Oracle>,
    pub front_end: Arc<F>,
    /// Verdicts by content hash of tested candidates (interesting ones
    /// only while the test is not found flaky again).
    pub cache: Mutex<VerdictCache>,
    /// Tests under way, by content hash: a job that reaches the same bytes
    /// waits for that verdict instead of running the test twice.
    pub pending: Mutex<HashMap<blake3::Hash, Arc<Pending>>>,
    /// The automatic time limit, when tests have one ([`crate::limit`]).
    pub limit: Option<Limit>,
    /// How many more runs must agree before a candidate the test called
    /// interesting is: `--confirm`, raised when a re-check of the current
    /// result shows the test flaky.
    pub confirm: AtomicU32,
    /// Whether every interesting verdict must survive the fill check: set
    /// once the test is known to be flaky and the input passes the check.
    pub fill_all: AtomicBool,
    /// Whether the change memory is on: without it no module's items are
    /// indexed.
    pub change_memory: bool,
    /// The keys of the changes the search was told are not interesting, in
    /// the order it settled them ([`crate::memo`]; recorded by the run, so
    /// that tests ahead of their turn change nothing).
    pub refused: Refused,
}

/// A test under way, and its verdict once it has one (`Some(None)`: it
/// ended without one, cancelled or failed).
#[derive(Default)]
pub struct Pending {
    verdict: Mutex<Option<Option<Verdict>>>,
    done: Condvar,
}

impl Pending {
    /// The verdict, once the test ends; `None` if it ended without one or
    /// `cancel` was set meanwhile.
    fn wait(&self, cancel: &Cancel) -> Option<Verdict> {
        let mut verdict = self.verdict.lock().unwrap();
        loop {
            if let Some(v) = *verdict {
                return v;
            }
            if cancel.is_cancelled() {
                return None;
            }
            verdict = self
                .done
                .wait_timeout(verdict, Duration::from_millis(50))
                .unwrap()
                .0;
        }
    }
}

/// Registration of a test under way; dropping it publishes the verdict (or
/// its absence) to the waiting jobs and unregisters the test.
struct Running<'a> {
    pending: &'a Mutex<HashMap<blake3::Hash, Arc<Pending>>>,
    hash: blake3::Hash,
    entry: Arc<Pending>,
    verdict: Option<Verdict>,
}

impl Drop for Running<'_> {
    fn drop(&mut self) {
        self.pending.lock().unwrap().remove(&self.hash);
        *self.entry.verdict.lock().unwrap() = Some(self.verdict);
        self.entry.done.notify_all();
    }
}

/// The weights of `level`'s targets in `snapshot`.
pub fn count<F: FrontEnd>(
    front_end: &F,
    snapshot: &Snapshot,
    level: usize,
) -> Result<Vec<u64>, String> {
    if front_end.skip_level(level, snapshot) {
        return Ok(Vec::new());
    }
    let context = front_end.context();
    let module = front_end.read(&context, snapshot)?;
    targets(front_end, &module, level)
}

fn targets<F: FrontEnd>(
    front_end: &F,
    module: &F::Module<'_>,
    level: usize,
) -> Result<Vec<u64>, String> {
    let mut counting = Targets::counting();
    front_end.apply(module, level, &mut counting).map_err(|e| {
        format!(
            "{}: {e} while counting targets",
            front_end.level(level).name
        )
    })?;
    Ok(counting.into_weights())
}

/// Build, verify and judge `job`'s candidate in `scratch`, the calling
/// worker's private directory.
pub fn evaluate<F: FrontEnd>(job: &Job, shared: &Shared<F>, scratch: &Path) -> JobResult {
    let mut result = JobResult {
        id: job.id,
        evaluation: Evaluation::Cancelled,
        hash: None,
        bytes: 0,
        key: None,
        state: None,
        timings: Timings::default(),
        built: false,
        awaited: false,
        stopped_at: None,
        confirmations: 0,
        refused_as_flaky: false,
        fill_runs: 0,
        fill_differs: false,
        fill_agreed: None,
    };
    if job.cancel.is_cancelled() {
        return result;
    }
    let front_end = &*shared.front_end;
    let timings = &mut result.timings;

    let t = Instant::now();
    let context = front_end.context();
    let candidate = match front_end.read(&context, &job.base) {
        Ok(m) => m,
        Err(e) => {
            result.evaluation = Evaluation::Failed(format!("cannot re-read the module: {e}"));
            return result;
        }
    };
    timings.parse += t.elapsed();
    result.built = true;

    let t = Instant::now();
    let pass = job.level.map(|l| (l, front_end.level(l)));
    if let Some((level, info)) = pass {
        let keep = |i: usize| job.keep.get(i).copied().unwrap_or(true);
        if let Err(e) = front_end.apply(&candidate, level, &mut Targets::selecting(&keep)) {
            timings.build += t.elapsed();
            result.evaluation = Evaluation::Invalid(format!("{e} while applying {}", info.name));
            return result;
        }
    }
    timings.build += t.elapsed();
    if pass.is_some_and(|(_, p)| p.must_not_grow) && front_end.size(&candidate) > job.current_size {
        result.evaluation = Evaluation::Grew;
        return result;
    }

    let t = Instant::now();
    let verified = front_end.verify(&candidate);
    timings.verify += t.elapsed();
    if let Err(message) = verified {
        result.evaluation = Evaluation::Invalid(message);
        return result;
    }
    if let Err(message) = front_end.judgeable(&candidate) {
        result.evaluation = Evaluation::Unjudgeable(message);
        return result;
    }

    let t = Instant::now();
    let bytes = match front_end.test_bytes(&candidate) {
        Ok(bytes) => bytes,
        Err(e) => {
            result.evaluation = Evaluation::Invalid(format!("{e} while printing"));
            return result;
        }
    };
    let hash = blake3::hash(&bytes);
    timings.serialize += t.elapsed();
    let grows = |p: &PassInfo| {
        p.must_not_grow
            && job.current_hash != Some(hash)
            && front_end.size(&candidate) == job.current_size
            && bytes.len() as u64 >= job.current_bytes
    };
    if pass.is_some_and(|(_, p)| grows(p)) {
        result.evaluation = Evaluation::Grew;
        return result;
    }
    result.hash = Some(hash);
    result.bytes = bytes.len() as u64;
    let fill = match job.fill {
        Fill::No if shared.fill_all.load(Ordering::Relaxed) => Fill::IfInteresting,
        fill => fill,
    };
    let index = || ItemIndex::new(&bytes, &front_end.items(&bytes)?);
    let mut items = None;
    let key = match &job.current_items {
        Some(current) if !job.force_test && pass.is_some() => {
            items = index();
            items.as_ref().and_then(|c| current.change_key(c, &bytes))
        }
        _ => None,
    };
    result.key = key;
    // An interesting verdict a test ahead of its turn left in the cache
    // must not make the result depend on -j; a not interesting one is a
    // cache hit as ever.
    let refused = key.is_some_and(|k| shared.refused.contains(&k));
    if refused && shared.cache.lock().unwrap().get(&hash) != Some(Verdict::NotInteresting) {
        result.evaluation = Evaluation::Presumed;
        return result;
    }
    let variants = || front_end.fill_variants(&candidate);
    let judged = judge(
        job,
        shared,
        scratch,
        &bytes,
        hash,
        (fill, &variants),
        timings,
    );
    result.evaluation = judged.evaluation;
    result.awaited = judged.awaited;
    result.stopped_at = judged.stopped_at;
    result.confirmations = judged.confirmations;
    result.refused_as_flaky = judged.refused_as_flaky;
    result.fill_runs = judged.fill_runs;
    result.fill_differs = judged.fill_differs;
    result.fill_agreed = judged.fill_agreed;
    let wants_state = result.evaluation.verdict() == Verdict::Interesting
        && !matches!(result.evaluation, Evaluation::Unchanged);
    if !wants_state {
        return result;
    }

    let t = Instant::now();
    // Its bytes are copied only now: it may become the current module.
    let items = items
        .or_else(|| shared.change_memory.then(index).flatten())
        .map(|index| {
            Arc::new(IndexedModule {
                index,
                text: bytes.clone(),
            })
        });
    let kept = front_end.keep(&candidate, &job.base, bytes);
    timings.serialize += t.elapsed();
    let counted = job.level.map(|l| targets(front_end, &candidate, l));
    let (kept, targets) = match (kept, counted) {
        (Ok(kept), None) => (kept, 0),
        (Ok(kept), Some(Ok(weights))) => (kept, weights.len()),
        (Err(e), _) | (_, Some(Err(e))) => {
            // Judged, but it cannot be kept: as if the verifier had said no.
            result.evaluation = Evaluation::Invalid(e);
            result.hash = None;
            return result;
        }
    };
    result.state = Some(State {
        kept,
        targets,
        size: front_end.size(&candidate),
        items,
    });
    result
}

/// What judging a candidate's bytes came to.
struct Judged {
    evaluation: Evaluation,
    /// The verdict came from waiting for a test of the same bytes under way.
    awaited: bool,
    /// The automatic time limit the test was stopped at, if it was.
    stopped_at: Option<Duration>,
    /// Runs after the first that confirmed (or refused) it.
    confirmations: u32,
    refused_as_flaky: bool,
    /// Runs of the fill variants, and what they said.
    fill_runs: u32,
    fill_differs: bool,
    fill_agreed: Option<Verdict>,
}

impl From<Evaluation> for Judged {
    fn from(evaluation: Evaluation) -> Self {
        Judged {
            evaluation,
            awaited: false,
            stopped_at: None,
            confirmations: 0,
            refused_as_flaky: false,
            fill_runs: 0,
            fill_differs: false,
            fill_agreed: None,
        }
    }
}

/// When the fill variants of the candidate under judgement run, and how to
/// make them.
type Variants<'a> = (Fill, &'a dyn Fn() -> Result<Vec<FillVariant>, String>);

/// Judge a verified candidate's test bytes.
fn judge<F: FrontEnd>(
    job: &Job,
    shared: &Shared<F>,
    scratch: &Path,
    bytes: &[u8],
    hash: blake3::Hash,
    variants: Variants<'_>,
    timings: &mut Timings,
) -> Judged {
    if !job.force_test && job.current_hash == Some(hash) {
        return Evaluation::Unchanged.into();
    }
    let running = if job.force_test {
        None
    } else {
        loop {
            if let Some(verdict) = shared.cache.lock().unwrap().get(&hash) {
                return Evaluation::Cached(verdict).into();
            }
            let under_way = {
                let mut pending = shared.pending.lock().unwrap();
                match pending.get(&hash) {
                    Some(p) => Some(p.clone()),
                    None => {
                        let entry = Arc::new(Pending::default());
                        pending.insert(hash, entry.clone());
                        break Some(Running {
                            pending: &shared.pending,
                            hash,
                            entry,
                            verdict: None,
                        });
                    }
                }
            };
            if let Some(p) = under_way {
                let t = Instant::now();
                let verdict = p.wait(&job.cancel);
                timings.waited += t.elapsed();
                // An interesting verdict of a test that began before the
                // test was found flaky is not one: run it here.
                let stale = verdict == Some(Verdict::Interesting)
                    && shared.cache.lock().unwrap().get(&hash).is_none();
                if let Some(verdict) = verdict.filter(|_| !stale) {
                    return Judged {
                        awaited: true,
                        ..Evaluation::Cached(verdict).into()
                    };
                }
                if job.cancel.is_cancelled() {
                    return Evaluation::Cancelled.into();
                }
                // That test ended without a verdict, or a stale one: run
                // it here.
            }
        }
    };
    let judged = run_test(shared, scratch, bytes, hash, variants, &job.cancel, timings);
    if let (Some(mut running), Evaluation::Tested(outcome)) = (running, &judged.evaluation) {
        running.verdict = Some(outcome.verdict);
    }
    judged
}

/// Run the oracle on `bytes` (its verdict cached by `hash`), within the
/// automatic time limit if there is one; an interesting verdict stands only
/// if the [`Shared::confirm`] runs after it agree, and the fill variants
/// (when `fill` asks for them) all get the same verdict.
fn run_test<F: FrontEnd>(
    shared: &Shared<F>,
    scratch: &Path,
    bytes: &[u8],
    hash: blake3::Hash,
    (fill, variants): Variants<'_>,
    cancel: &Cancel,
    timings: &mut Timings,
) -> Judged {
    if cancel.is_cancelled() {
        return Evaluation::Cancelled.into();
    }
    let strictness = shared.cache.lock().unwrap().strictness();
    let t = Instant::now();
    let path = scratch.join(format!(
        "candidate.{}",
        shared.front_end.candidate_extension()
    ));
    let written = fs::write(&path, bytes);
    timings.write += t.elapsed();
    if let Err(e) = written {
        let message = format!("cannot write '{}': {e}", path.display());
        return Evaluation::Failed(message).into();
    }
    let (mut outcome, stopped_at) = match run_once(shared, &path, scratch, cancel) {
        Ok(run) => run,
        Err(evaluation) => return evaluation.into(),
    };
    // What one run took: the automatic limit is set per run, so it learns
    // from one, not from the confirmations and fill runs added below.
    let one_run = outcome.elapsed;
    let (mut confirmations, mut refused_as_flaky) = (0, false);
    if outcome.verdict == Verdict::Interesting {
        let wanted = shared.confirm.load(Ordering::Relaxed);
        while confirmations < wanted {
            let again = match run_once(shared, &path, scratch, cancel) {
                Ok((again, _)) => again,
                Err(evaluation) => return evaluation.into(),
            };
            confirmations += 1;
            outcome.elapsed += again.elapsed;
            if again.verdict != Verdict::Interesting {
                // Interesting once, not again: the candidate is not kept.
                refused_as_flaky = true;
                outcome = Box::new(Outcome {
                    verdict: Verdict::NotInteresting,
                    status: format!(
                        "interesting, then {} when run again to confirm it (a flaky test)",
                        again.status
                    ),
                    elapsed: outcome.elapsed,
                    ..*again
                });
                break;
            }
        }
    }
    let (mut fill_runs, mut fill_differs, mut fill_agreed) = (0, false, None);
    let interesting = outcome.verdict == Verdict::Interesting;
    if fill == Fill::Always || (fill == Fill::IfInteresting && interesting) {
        let variants = match variants() {
            Ok(v) => v,
            Err(e) => return Evaluation::Failed(format!("cannot fill its memory: {e}")).into(),
        };
        let checked = fill_check(shared, &path, scratch, cancel, fill, &variants);
        match checked {
            Err(evaluation) => return evaluation.into(),
            Ok(FillCheck::Agree(verdict, runs, elapsed)) => {
                fill_runs = runs;
                fill_agreed = verdict;
                outcome.elapsed += elapsed;
            }
            Ok(FillCheck::Differ(why, runs, elapsed)) => {
                fill_runs = runs;
                fill_differs = true;
                outcome.verdict = Verdict::NotInteresting;
                outcome.status = if interesting {
                    format!("interesting, but {why}")
                } else {
                    format!("{}, and {why}", outcome.status)
                };
                outcome.elapsed += elapsed;
            }
        }
    }
    if let (Some(limit), Verdict::Interesting) = (&shared.limit, outcome.verdict) {
        limit.interesting(one_run);
    }
    shared
        .cache
        .lock()
        .unwrap()
        .insert(hash, outcome.verdict, strictness);
    Judged {
        evaluation: Evaluation::Tested(outcome),
        awaited: false,
        stopped_at,
        confirmations,
        refused_as_flaky,
        fill_runs,
        fill_differs,
        fill_agreed,
    }
}

/// What the runs of a candidate's fill variants said, how many ran and
/// how long they took.
enum FillCheck {
    /// The same verdict for every fill byte (None: no variants).
    Agree(Option<Verdict>, u32, Duration),
    /// The fill changed the verdict: how.
    Differ(String, u32, Duration),
}

/// Run each fill variant (written over `path`) until the fill changes the
/// verdict, as `fill` defines it.
fn fill_check<F: FrontEnd>(
    shared: &Shared<F>,
    path: &Path,
    scratch: &Path,
    cancel: &Cancel,
    fill: Fill,
    variants: &[FillVariant],
) -> Result<FillCheck, Evaluation> {
    let (mut runs, mut elapsed) = (0, Duration::ZERO);
    let mut first: Option<(&str, Box<Outcome>)> = None;
    for variant in variants {
        if let Err(e) = fs::write(path, &variant.bytes) {
            let message = format!("cannot write '{}': {e}", path.display());
            return Err(Evaluation::Failed(message));
        }
        let (outcome, _) = run_once(shared, path, scratch, cancel)?;
        runs += 1;
        elapsed += outcome.elapsed;
        let how = &variant.how;
        let why = match &first {
            _ if fill == Fill::IfInteresting && outcome.verdict != Verdict::Interesting => {
                Some(format!(
                    "its verdict depends on memory it reads before writing it ({how} it ended with {})",
                    outcome.status
                ))
            }
            Some((h, o)) if o.verdict != outcome.verdict => Some(format!(
                "its verdict depends on memory it reads before writing it ({h} it ended with {}, {how} {})",
                o.status, outcome.status
            )),
            _ => None,
        };
        if let Some(why) = why {
            return Ok(FillCheck::Differ(why, runs, elapsed));
        }
        first.get_or_insert((how, outcome));
    }
    let agreed = first.map(|(_, o)| o.verdict);
    Ok(FillCheck::Agree(agreed, runs, elapsed))
}

/// One run of the oracle on the candidate at `path`, within the automatic
/// time limit if there is one: its outcome and the limit it was stopped
/// at, or what to make of a run that brought no verdict.
fn run_once<F: FrontEnd>(
    shared: &Shared<F>,
    path: &Path,
    scratch: &Path,
    cancel: &Cancel,
) -> Result<(Box<Outcome>, Option<Duration>), Evaluation> {
    let (judged, stopped_at) = match shared.limit.as_ref().and_then(Limit::current) {
        None => (shared.oracle.judge(path, scratch, cancel), None),
        Some(limit) => {
            let (judged, stopped) = shared
                .oracle
                .judge_limited(path, scratch, cancel, limit)
                .unwrap_or_else(|| judge_within(&*shared.oracle, path, scratch, cancel, limit));
            (judged, stopped.then_some(limit))
        }
    };
    let outcome = match judged {
        Err(e) if e.is::<InfrastructureFailure>() => {
            return Err(Evaluation::Infrastructure(format!("{e:#}")))
        }
        Err(e) => return Err(Evaluation::Failed(format!("{e:#}"))),
        Ok(outcome) => outcome,
    };
    let outcome = match stopped_at {
        // Stopped at the limit, not because its result was no longer
        // needed: a verdict, like a test killed at `--timeout`.
        Some(limit) => Outcome {
            verdict: Verdict::NotInteresting,
            status: format!(
                "stopped at the automatic time limit ({:.2} s)",
                limit.as_secs_f64()
            ),
            timed_out: true,
            cancelled: false,
            ..outcome
        },
        None if outcome.cancelled => return Err(Evaluation::Cancelled),
        None => outcome,
    };
    Ok((Box::new(outcome), stopped_at))
}

/// Judge `path`, stopping the test through `cancel` once it has run for
/// `limit`; also whether it was stopped so (a test that ended on its own as
/// the timer fired keeps its verdict). When no timer thread can be
/// started, the test runs without the limit.
fn judge_within(
    oracle: &dyn Oracle,
    path: &Path,
    scratch: &Path,
    cancel: &Cancel,
    limit: Duration,
) -> (Result<Outcome>, bool) {
    let stopped = AtomicBool::new(false);
    let (finished, done) = crossbeam_channel::bounded::<()>(0);
    std::thread::scope(|scope| {
        let timer = std::thread::Builder::new().name("whittle-limit".into());
        let _ = timer.spawn_scoped(scope, || {
            if let Err(RecvTimeoutError::Timeout) = done.recv_timeout(limit) {
                stopped.store(true, Ordering::SeqCst);
                cancel.cancel();
            }
        });
        let judged = oracle.judge(path, scratch, cancel);
        drop(finished);
        let stopped = stopped.load(Ordering::SeqCst) && matches!(&judged, Ok(o) if o.cancelled);
        (judged, stopped)
    })
}
