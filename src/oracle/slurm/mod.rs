//! The Slurm executor (`--executor=slurm`): each judgement of a candidate
//! is one `srun` of whittle itself in its runner mode (`whittle
//! __run-test`, [`runner`]), a job step inside an allocation or a job of its
//! own outside one ([`srun`]). The candidate's bytes and the oracle (what
//! it runs and what it recorded on the input, [`crate::oracle::Portable`])
//! travel on the runner's stdin; no shared filesystem is assumed. The
//! runner judges with the local executor in node-local scratch and answers
//! with a trailer tagged with the test's nonce ([`wire`]).
//!
//! Anything but a clean answer is an infrastructure failure
//! ([`classify`]): retried up to `--executor-retries` times on other nodes,
//! never a verdict, never cached; the nodes that failed are kept out of
//! later tests while Slurm reports them down or a moment has not passed
//! ([`nodes`]). When the retries run out the judge returns
//! [`InfrastructureFailure`] and the reduction stops with its best result
//! on disk. Before the first test, `srun --test-only` checks that Slurm
//! would run the tests at all ([`srun::preflight`]).

pub mod classify;
pub mod nodes;
pub mod runner;
pub mod srun;
pub mod wire;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant, SystemTime};

use anyhow::{anyhow, bail, Context as _, Result};
use whittle_reducer::{
    interrupt, Cancel, Captured, ExecutorStats, InfrastructureFailure, Oracle, Outcome, Verdict,
};

pub use super::env::SlurmSettings as Settings;
use super::env::TestEnv;
use super::{Built, Portable};
use classify::Classified;
use nodes::{Nodes, Scope};
pub use srun::Allocation;

/// The hidden command-line mode that makes the whittle binary a runner.
pub const RUNNER_MODE: &str = "__run-test";

/// The oracle that sends each judgement to Slurm.
pub struct SlurmOracle {
    /// The built oracle, as the runner rebuilds it.
    oracle: Portable,
    /// A control the node judges too (`with_control`).
    control: Option<Portable>,
    settings: Settings,
    env: Arc<TestEnv>,
    allocation: Option<Allocation>,
    /// This binary: srun starts it on the node (at the same path).
    runner: PathBuf,
    /// Which nodes to keep tests away from, and what each did.
    nodes: Nodes,
    /// The limit of each process of a test (`--timeout`, or what `--mr`
    /// recorded); the automatic limit stands in for it per test.
    timeout: Option<Duration>,
    /// The processes a judgement may run, at most: a test's deadline is
    /// its limit times this, plus the grace period.
    processes: u32,
    runs: AtomicU64,
    infrastructure_failures: AtomicU64,
    retries: AtomicU64,
    tests_retried: AtomicU64,
    cancelled: AtomicU64,
    nonces: AtomicU64,
}

impl SlurmOracle {
    /// Wrap `built` (recorded on the input here) for Slurm, once Slurm
    /// has said it would run the tests as the settings ask.
    pub fn new(built: &Built, settings: Settings, env: Arc<TestEnv>) -> Result<SlurmOracle> {
        let runner = std::env::current_exe().context("cannot find the whittle binary")?;
        let allocation = Allocation::current();
        if allocation.is_none() {
            srun::preflight(&settings.args)?;
        }
        let scope = Scope::of(
            &settings.args,
            allocation
                .as_ref()
                .and_then(|_| std::env::var("SLURM_JOB_NODELIST").ok()),
        );
        let oracle = built.portable();
        let (timeout, processes) = match &oracle {
            // The relation's runs and the trust checks' (repeat, layout,
            // stack patterns, the interpreter): at most this many.
            Portable::Mr { recorded, .. } => (recorded.timeout.or(env.timeout()), 16),
            Portable::Lit { test, .. } => (env.timeout(), test.run_lines.len() as u32),
            _ => (env.timeout(), 1),
        };
        Ok(SlurmOracle {
            timeout,
            processes: processes.max(1),
            oracle,
            control: None,
            nodes: Nodes::new(scope, settings.exclude_failed),
            settings,
            env,
            allocation,
            runner,
            runs: AtomicU64::new(0),
            infrastructure_failures: AtomicU64::new(0),
            retries: AtomicU64::new(0),
            tests_retried: AtomicU64::new(0),
            cancelled: AtomicU64::new(0),
            nonces: AtomicU64::new(0),
        })
    }

    /// Judge with a control on the node: a candidate is interesting when
    /// the oracle says so and `control` (of the same kind, recorded like it)
    /// does not ([`super::unless::Unless`]; a bisection's reduction).
    pub fn with_control(mut self, control: &Built) -> SlurmOracle {
        self.control = Some(control.portable());
        // Its test runs after the oracle's, on the same candidate.
        self.processes *= 2;
        self
    }

    /// Judge `candidate` with `oracle` (of the same kind as this one's: a
    /// bisection's probe, its tool invocation changed) and bring back the
    /// files named in `fetch` (relative to the test's scratch directory)
    /// that its test left on the node, into `scratch`.
    pub fn judge_fetching(
        &self,
        oracle: &Built,
        fetch: &[String],
        candidate: &Path,
        scratch: &Path,
        cancel: &Cancel,
    ) -> Result<Outcome> {
        let oracle = oracle.portable();
        let fetch = wire::Fetch {
            names: fetch.to_vec(),
            candidate: candidate.display().to_string(),
        };
        let job = wire::Job {
            oracle: &oracle,
            control: None,
            fetch: Some(&fetch),
        };
        self.judge_on_cluster(job, candidate, scratch, cancel, None)
    }

    /// What each judgement of this oracle sends.
    fn job(&self) -> wire::Job<'_> {
        wire::Job {
            oracle: &self.oracle,
            control: self.control.as_ref(),
            fetch: None,
        }
    }

    /// A nonce no other attempt of this or any other whittle shares.
    fn nonce(&self) -> String {
        let n = self.nonces.fetch_add(1, Ordering::SeqCst);
        let now = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .unwrap_or_default()
            .as_nanos();
        let seed = format!("{}:{now}:{n}", std::process::id());
        blake3::hash(seed.as_bytes()).to_hex()[..24].to_string()
    }

    /// One srun of the runner on `candidate`, each process of its test
    /// limited to `limit` on the node when given (the automatic limit),
    /// kept away from `exclude`.
    fn attempt(
        &self,
        job: wire::Job<'_>,
        name: &str,
        bytes: &[u8],
        cancel: &Cancel,
        limit: Option<Duration>,
        exclude: &[String],
    ) -> Result<Classified> {
        let nonce = self.nonce();
        let mut env = self.env.spec().clone();
        if limit.is_some() {
            env.timeout = limit;
        }
        let deadline = self
            .timeout
            .or(limit)
            .map(|t| t * self.processes + self.settings.grace);
        let header = wire::Header {
            version: wire::VERSION,
            nonce: nonce.clone(),
            oracle: job.oracle.clone(),
            control: job.control.cloned(),
            fetch: job.fetch.cloned(),
            env,
            candidate_name: name.to_string(),
            candidate_len: bytes.len() as u64,
            launch_dir: self.env.launch_dir().to_path_buf(),
        };
        let request = wire::encode_request(&header, bytes)?;
        let job_name = format!("whittle-{nonce}");
        let args = srun::arguments(
            self.allocation.as_ref(),
            &self.settings.args,
            &job_name,
            exclude,
            &self.runner,
        );
        self.runs.fetch_add(1, Ordering::SeqCst);
        let attempt = srun::run(
            &args,
            request,
            &nonce,
            &job_name,
            self.allocation.is_some(),
            deadline,
            cancel,
        )
        .map_err(|e| anyhow!("cannot run srun: {e} (is Slurm's client installed?)"))?;
        let classified = classify::classify(&attempt, &nonce);
        if !matches!(classified, Classified::Infrastructure { .. }) {
            if let Some(step) = wire::parse_stdout(&attempt.stdout, &nonce).0 {
                self.nodes.answered(&step.node);
            }
        }
        Ok(classified)
    }
}

/// The outcome of a test stopped before its verdict.
fn cancelled(started: Instant) -> Outcome {
    Outcome {
        verdict: Verdict::Unresolved,
        status: "cancelled".into(),
        stdout: Captured::default(),
        stderr: Captured::default(),
        timed_out: false,
        cancelled: true,
        elapsed: started.elapsed(),
    }
}

/// Wait `pause` unless the test is cancelled first; whether it was.
fn pause_unless_cancelled(pause: Duration, cancel: &Cancel) -> bool {
    let until = Instant::now() + pause;
    while Instant::now() < until {
        if cancel.is_cancelled() || interrupt::requested() {
            return true;
        }
        thread::sleep(Duration::from_millis(20));
    }
    false
}

impl SlurmOracle {
    /// Judge `candidate` on the cluster as `job` says, retrying what Slurm
    /// failed, each process of the test limited to `limit` on the node when
    /// given; the files that come back go to `scratch`.
    fn judge_on_cluster(
        &self,
        job: wire::Job<'_>,
        candidate: &Path,
        scratch: &Path,
        cancel: &Cancel,
        limit: Option<Duration>,
    ) -> Result<Outcome> {
        let started = Instant::now();
        let bytes = std::fs::read(candidate)
            .with_context(|| format!("cannot read '{}'", candidate.display()))?;
        let name = candidate
            .file_name()
            .map_or_else(|| "candidate".into(), |n| n.to_string_lossy().into_owned());
        let mut failures: Vec<String> = Vec::new();
        // Where this test failed: its next run goes elsewhere.
        let mut tried: Vec<String> = Vec::new();
        for attempt in 0..=self.settings.retries {
            if attempt > 0 {
                // A transient failure (a node rebooting, a busy controller)
                // gets a moment before the next try.
                let backoff = Duration::from_millis(500 * (1 << (attempt - 1).min(4)));
                if pause_unless_cancelled(backoff, cancel) {
                    return Ok(cancelled(started));
                }
                self.retries.fetch_add(1, Ordering::SeqCst);
                if attempt == 1 {
                    self.tests_retried.fetch_add(1, Ordering::SeqCst);
                }
            }
            let exclude = match self.nodes.avoid(&tried) {
                Ok(exclude) => exclude,
                Err(no_node) => {
                    failures.push(no_node);
                    continue;
                }
            };
            match self.attempt(job, &name, &bytes, cancel, limit, &exclude)? {
                Classified::Verdict(outcome, files) => {
                    wire::write_files(scratch, &files)?;
                    return Ok(*outcome);
                }
                Classified::Error(message) => bail!("{message}"),
                Classified::Cancelled => {
                    self.cancelled.fetch_add(1, Ordering::SeqCst);
                    return Ok(cancelled(started));
                }
                Classified::Infrastructure { reason, node } => {
                    self.infrastructure_failures.fetch_add(1, Ordering::SeqCst);
                    self.nodes.failed(node.as_deref());
                    if let Some(node) = node {
                        let where_ = format!(" (on {node})");
                        if !tried.contains(&node) {
                            tried.push(node);
                        }
                        failures.push(format!("{reason}{where_}"));
                    } else {
                        failures.push(reason);
                    }
                }
            }
        }
        Err(InfrastructureFailure(format!(
            "the Slurm executor could not run a test: {} attempt{} failed (--executor-retries={}); the last: {}",
            failures.len(),
            if failures.len() == 1 { "" } else { "s" },
            self.settings.retries,
            failures.last().map_or("", String::as_str)
        ))
        .into())
    }
}

impl Oracle for SlurmOracle {
    fn judge(&self, candidate: &Path, scratch: &Path, cancel: &Cancel) -> Result<Outcome> {
        self.judge_on_cluster(self.job(), candidate, scratch, cancel, None)
    }

    /// The automatic limit goes to the node with the test, so that the time
    /// a test waits for the cluster does not count against it. A relation
    /// (`--mr`) keeps the per-run limits it recorded on the input.
    fn judge_limited(
        &self,
        candidate: &Path,
        scratch: &Path,
        cancel: &Cancel,
        limit: Duration,
    ) -> Option<(Result<Outcome>, bool)> {
        if matches!(self.oracle, Portable::Mr { .. }) {
            let judged = self.judge_on_cluster(self.job(), candidate, scratch, cancel, None);
            return Some((judged, false));
        }
        let judged = self.judge_on_cluster(self.job(), candidate, scratch, cancel, Some(limit));
        let stopped = matches!(&judged, Ok(o) if o.timed_out && !o.cancelled);
        Some((judged, stopped))
    }

    fn executor_stats(&self) -> Option<ExecutorStats> {
        Some(ExecutorStats {
            name: "slurm".into(),
            runs: self.runs.load(Ordering::SeqCst),
            infrastructure_failures: self.infrastructure_failures.load(Ordering::SeqCst),
            retries: self.retries.load(Ordering::SeqCst),
            cancelled: self.cancelled.load(Ordering::SeqCst),
            tests_retried: self.tests_retried.load(Ordering::SeqCst),
            nodes: self.nodes.stats(),
        })
    }
}
