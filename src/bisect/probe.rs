//! Probes: the oracle's judgement of a module with the LLVM tool invocation
//! changed (a limit injected, another pipeline), through the oracle
//! machinery (`oracle::build_like`, tests run by the `TestEnv`), each in a
//! scratch directory of its own, the tool's `BISECT:` and `DebugCounter`
//! lines set aside there. With `--executor=slurm` each probe is one srun
//! of the runner ([`SlurmOracle::judge_fetching`]), which brings back the
//! set-aside lines and the files the probe asks for (`Ask::fetch`) into
//! the probe's local scratch directory, where they would be had it run
//! here. A round of probes runs in parallel, up to `-j` at a time; results
//! come back in the order asked, so what a stage concludes does not depend
//! on `-j`. Also the delta-debugging judge the stages that minimize a set
//! (pass invocations, pipeline leaves, counter chunks) share.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use anyhow::{anyhow, Result};
use whittle_dd::{Config, DDMin, Judge, Unit};
use whittle_reducer::{interrupt, Cancel, ExecutorStats, Oracle, Outcome, Verdict};

use super::flags::ToolFlags;
use super::inject::{LitScope, Site};
use super::invocation::Invocation;
use super::search::Probe;
use crate::oracle::env::{Executor, TestEnv, DIVERTED};
use crate::oracle::slurm::SlurmOracle;
use crate::oracle::{self, Built};

/// One probe's result.
pub struct Probed {
    pub probe: Probe,
    pub outcome: Outcome,
    /// The stderr lines set aside (BISECT, DebugCounter), in order.
    pub diverted: String,
    /// Its scratch directory (files the tool wrote there stay).
    pub scratch: PathBuf,
}

/// A probe to make: the tool invocation, the module, which lit RUN lines.
#[derive(Clone, Debug)]
pub struct Ask {
    pub invocation: Invocation,
    pub module: PathBuf,
    pub scope: LitScope,
    /// With --lit: the tool's stderr to the shell, out of any pipe (only
    /// where the lines matter more than the verdict: the count).
    pub stderr_to_shell: bool,
    /// Files the tool writes into the probe's scratch directory (named
    /// relative to it, since the test runs there) that the stage reads.
    pub fetch: Vec<String>,
}

impl Ask {
    pub fn new(invocation: Invocation, module: &Path, scope: LitScope) -> Ask {
        Ask {
            invocation,
            module: module.to_path_buf(),
            scope,
            stderr_to_shell: false,
            fetch: Vec::new(),
        }
    }
}

/// Runs probes against the failure the oracle recorded on the input.
pub struct Prober {
    pub env: Arc<TestEnv>,
    pub recorded: Built,
    pub site: Site,
    /// What the tool under test supports.
    pub flags: ToolFlags,
    pub jobs: usize,
    /// With `--executor=slurm`: where the probes are judged.
    slurm: Option<SlurmOracle>,
    count: AtomicUsize,
    skipped: AtomicUsize,
}

/// Whether a not-interesting outcome means the failure is simply gone (the
/// tool ran cleanly, the relation holds) rather than another failure.
fn clean(outcome: &Outcome) -> bool {
    outcome.status == crate::oracle::process::Ended::Exited(0).describe()
        || outcome.status == oracle::mr::HOLDS
}

/// What an outcome says of the probe.
pub fn classify(outcome: &Outcome) -> Probe {
    match outcome.verdict {
        Verdict::Interesting => Probe::Bad,
        Verdict::NotInteresting if !outcome.timed_out && clean(outcome) => Probe::Good,
        _ => Probe::Skip,
    }
}

impl Prober {
    pub fn new(env: Arc<TestEnv>, recorded: Built, site: Site, jobs: usize) -> Result<Prober> {
        let flags = ToolFlags::probe(&env, &site.invocation)?;
        let slurm = match env.executor() {
            Executor::Local => None,
            Executor::Slurm(settings) => {
                Some(SlurmOracle::new(&recorded, settings.clone(), env.clone())?)
            }
        };
        Ok(Prober {
            slurm,
            env,
            recorded,
            site,
            flags,
            jobs: jobs.max(1),
            count: AtomicUsize::new(0),
            skipped: AtomicUsize::new(0),
        })
    }

    /// Probes made so far.
    pub fn probes(&self) -> usize {
        self.count.load(Ordering::SeqCst)
    }

    /// With `--executor=slurm`: the probes' runs on the cluster so far.
    pub fn executor_stats(&self) -> Option<ExecutorStats> {
        self.slurm.as_ref().and_then(|s| s.executor_stats())
    }

    /// Probes so far that failed another way.
    pub fn skipped(&self) -> usize {
        self.skipped.load(Ordering::SeqCst)
    }

    /// Make one probe.
    pub fn run(&self, ask: &Ask) -> Result<Probed> {
        if interrupt::requested() {
            return Err(anyhow!(super::Interrupted));
        }
        let spec = self
            .site
            .spec(&ask.invocation, ask.scope, ask.stderr_to_shell);
        let module = std::path::absolute(&ask.module)?;
        let oracle = oracle::build_like(&spec, &self.recorded, &self.env, &module)?;
        let scratch = self.env.private_dir("probe")?;
        self.count.fetch_add(1, Ordering::SeqCst);
        let cancel = Cancel::new();
        let outcome = match &self.slurm {
            Some(slurm) => {
                let fetch = [&[DIVERTED.to_string()], &ask.fetch[..]].concat();
                slurm.judge_fetching(&oracle, &fetch, &module, &scratch, &cancel)?
            }
            None => oracle.as_dyn().judge(&module, &scratch, &cancel)?,
        };
        if outcome.cancelled || interrupt::requested() {
            return Err(anyhow!(super::Interrupted));
        }
        let probe = classify(&outcome);
        if probe == Probe::Skip {
            self.skipped.fetch_add(1, Ordering::SeqCst);
        }
        Ok(Probed {
            probe,
            diverted: self.env.diverted(&scratch)?,
            outcome,
            scratch,
        })
    }

    /// Make several probes, up to `-j` at a time; the results in the order
    /// asked.
    pub fn run_all(&self, asks: &[Ask]) -> Result<Vec<Probed>> {
        let mut results = Vec::with_capacity(asks.len());
        for batch in asks.chunks(self.jobs) {
            let done: Vec<Result<Probed>> = std::thread::scope(|s| {
                let handles: Vec<_> = batch.iter().map(|a| s.spawn(move || self.run(a))).collect();
                handles
                    .into_iter()
                    .map(|h| {
                        h.join()
                            .unwrap_or_else(|_| Err(anyhow!("a probe thread panicked")))
                    })
                    .collect()
            });
            for d in done {
                results.push(d?);
            }
        }
        Ok(results)
    }

    /// The first of `asks`, in order, whose probe is bad: probed `-j` at a
    /// time, stopping after the batch that has one.
    pub fn first_bad(&self, asks: &[Ask]) -> Result<Option<(usize, Probed)>> {
        for (b, batch) in asks.chunks(self.jobs).enumerate() {
            let results = self.run_all(batch)?;
            if let Some((i, r)) = results
                .into_iter()
                .enumerate()
                .find(|(_, r)| r.probe == Probe::Bad)
            {
                return Ok(Some((b * self.jobs + i, r)));
            }
        }
        Ok(None)
    }

    /// Minimize `start` (which must fail) with ddmin: `ask` makes the probe
    /// of a subset; a subset is kept when its probe is bad. Candidates are
    /// tested `-j` at a time and the first bad one in proposal order wins,
    /// as testing them one by one would choose.
    pub fn minimize<U: Unit + Send + Sync>(
        &self,
        start: Config<U>,
        ask: &(dyn Fn(&Config<U>) -> Option<Ask> + Sync),
    ) -> Result<Config<U>> {
        let mut judge = ParallelJudge {
            prober: self,
            ask,
            error: Mutex::new(None),
        };
        let result = whittle_dd::reduce(start, &mut judge, &mut DDMin::new());
        match judge.error.into_inner().unwrap() {
            Some(e) => Err(e),
            None => Ok(result),
        }
    }
}

/// A ddmin judge that makes its probes `-j` at a time.
struct ParallelJudge<'a, U> {
    prober: &'a Prober,
    /// The probe of a subset; None: not worth a probe (not bad).
    ask: &'a (dyn Fn(&Config<U>) -> Option<Ask> + Sync),
    error: Mutex<Option<anyhow::Error>>,
}

impl<U: Unit + Send + Sync> Judge<U> for ParallelJudge<'_, U> {
    fn first_interesting(
        &mut self,
        candidates: &mut dyn Iterator<Item = Config<U>>,
    ) -> Option<(usize, Config<U>)> {
        let mut position = 0;
        loop {
            let batch: Vec<Config<U>> = (&mut *candidates).take(self.prober.jobs).collect();
            if batch.is_empty() {
                return None;
            }
            let asks: Vec<Option<Ask>> = batch.iter().map(|c| (self.ask)(c)).collect();
            let wanted: Vec<Ask> = asks.iter().flatten().cloned().collect();
            let results = match self.prober.run_all(&wanted) {
                Ok(r) => r,
                Err(e) => {
                    *self.error.lock().unwrap() = Some(e);
                    return None;
                }
            };
            let mut results = results.into_iter();
            for (i, (config, ask)) in batch.into_iter().zip(&asks).enumerate() {
                let bad = ask.is_some() && results.next().is_some_and(|r| r.probe == Probe::Bad);
                if bad {
                    return Some((position + i, config));
                }
            }
            position += asks.len();
        }
    }

    fn stopped(&self) -> bool {
        self.error.lock().unwrap().is_some() || interrupt::requested()
    }
}
