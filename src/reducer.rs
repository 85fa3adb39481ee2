//! One reduction of an LLVM module: the passes are the levels of an HDD
//! hierarchy, every candidate is verified, serialized and judged, and the
//! best module so far is always on disk.
//!
//! Candidates of a level are built from the module as it was when the level
//! started (its *base*), so a target index means the same thing for every
//! candidate of the level, whatever was accepted meanwhile.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context as _, Result};
use inkwell::module::Module;

use crate::dd::{hdd, Config, DDMin, HddOptions, Hierarchy, Judge, Policy, Verdict, Wdd};
use crate::llvm::{self, ir, Format};
use crate::oracle::Oracle;
use crate::passes::{Pass, Targets};

/// The inner minimizer of each level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PolicyKind {
    /// Weighted delta debugging: chunks of equal instruction count.
    Wdd,
    /// ddmin: chunks of equal target count.
    DDMin,
}

/// How a reduction runs.
#[derive(Clone)]
pub struct Settings {
    pub passes: Vec<&'static Pass>,
    pub policy: PolicyKind,
    /// Sweeps over all passes at most.
    pub max_pass_iterations: usize,
    /// Treat a candidate that fails the verifier as a hard error.
    pub abort_on_invalid: bool,
    /// Format of the files handed to the test.
    pub tmp_format: Format,
    pub output: PathBuf,
    pub output_format: Format,
    /// Print a line per pass as it finishes.
    pub progress: bool,
}

/// Counts for one pass.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PassStats {
    pub tests: u64,
    pub interesting: u64,
    pub invalid: u64,
}

/// What a reduction did.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    /// Runs of the user's test (including the initial check).
    pub tests: u64,
    pub interesting: u64,
    pub not_interesting: u64,
    /// Candidates the verifier rejected (Unresolved; never tested).
    pub invalid: u64,
    /// Candidates identical to the current module (accepted, never tested).
    pub unchanged: u64,
    /// Candidates tested before (verdict reused, not tested again).
    pub cache_hits: u64,
    pub test_time: Duration,
    pub total_time: Duration,
    pub sweeps: usize,
    pub instructions_before: u64,
    pub instructions_after: u64,
    pub bytes_before: u64,
    pub bytes_after: u64,
    /// Per pass, in registry order of first use.
    pub passes: Vec<(&'static str, PassStats)>,
}

impl Stats {
    fn pass(&mut self, name: &'static str) -> &mut PassStats {
        if let Some(i) = self.passes.iter().position(|(n, _)| *n == name) {
            return &mut self.passes[i].1;
        }
        self.passes.push((name, PassStats::default()));
        &mut self.passes.last_mut().unwrap().1
    }

    /// The human summary printed at the end of a run.
    pub fn summary(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "instructions: {} -> {}   bytes: {} -> {}",
            self.instructions_before, self.instructions_after, self.bytes_before, self.bytes_after
        );
        let _ = writeln!(
            s,
            "oracle calls: {} (interesting {}, not interesting {}); unresolved (verifier rejected, not tested): {}; unchanged: {}; cache hits: {}",
            self.tests, self.interesting, self.not_interesting, self.invalid, self.unchanged, self.cache_hits
        );
        let whittle = self.total_time.saturating_sub(self.test_time);
        let _ = writeln!(
            s,
            "time: {:.2}s (tests {:.2}s, whittle {:.2}s), {} sweep{}",
            self.total_time.as_secs_f64(),
            self.test_time.as_secs_f64(),
            whittle.as_secs_f64(),
            self.sweeps,
            if self.sweeps == 1 { "" } else { "s" }
        );
        let per_pass: Vec<String> = self
            .passes
            .iter()
            .filter(|(_, p)| p.tests + p.invalid > 0)
            .map(|(n, p)| {
                format!(
                    "{n} {}/{}{}",
                    p.interesting,
                    p.tests,
                    if p.invalid > 0 {
                        format!(" ({} invalid)", p.invalid)
                    } else {
                        String::new()
                    }
                )
            })
            .collect();
        if !per_pass.is_empty() {
            let _ = writeln!(s, "per pass (interesting/tests): {}", per_pass.join(", "));
        }
        s
    }
}

/// Reduce `module` with `oracle`, writing the best module so far to
/// `settings.output` after every improvement and at the end.
pub fn run(module: Module<'_>, oracle: &mut dyn Oracle, settings: &Settings) -> Result<Stats> {
    let started = Instant::now();
    let workdir = tempfile::Builder::new()
        .prefix("whittle-")
        .tempdir()
        .context("cannot create a temporary directory")?;
    let candidate_path = workdir
        .path()
        .join(format!("candidate.{}", settings.tmp_format.extension()));

    let bytes = llvm::serialize(&module, settings.tmp_format);
    let mut stats = Stats {
        instructions_before: ir::instruction_count(&module),
        bytes_before: llvm::serialize(&module, settings.output_format).len() as u64,
        ..Stats::default()
    };

    // The input must be interesting to begin with.
    fs::write(&candidate_path, &bytes)
        .with_context(|| format!("cannot write '{}'", candidate_path.display()))?;
    let t = Instant::now();
    let outcome = oracle.judge(&candidate_path)?;
    stats.test_time += t.elapsed();
    stats.tests += 1;
    if outcome.verdict != Verdict::Interesting {
        let tail = outcome.stderr_tail.trim();
        let tail = tail
            .lines()
            .rev()
            .take(3)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect::<Vec<_>>()
            .join(" | ");
        bail!(
            "input isn't interesting: the test ended with {}{}",
            outcome.status,
            if tail.is_empty() {
                String::new()
            } else {
                format!("; its stderr ends: {tail}")
            }
        );
    }
    stats.interesting += 1;

    let mut reduction = Reduction {
        current_hash: blake3::hash(&bytes),
        current: module,
        base: None,
        level_start_hash: blake3::hash(&bytes),
        pass: settings.passes.first().copied(),
        oracle,
        settings,
        stats,
        candidate_path,
        cache: HashMap::new(),
        fatal: None,
    };
    let policy = settings.policy;
    let new_minimizer = move |weights: &[u64]| -> Box<dyn Policy<usize>> {
        match policy {
            PolicyKind::DDMin => Box::new(DDMin::new()),
            PolicyKind::Wdd => Box::new(Wdd::new(weights.iter().copied().enumerate().collect())),
        }
    };
    let report = hdd(
        &mut reduction,
        &new_minimizer,
        HddOptions {
            max_sweeps: settings.max_pass_iterations.max(1),
        },
    );
    if let Some(err) = reduction.fatal.take() {
        return Err(err);
    }
    let mut stats = reduction.stats;
    stats.sweeps = report.sweeps;
    let final_bytes = llvm::serialize(&reduction.current, settings.output_format);
    write_atomically(&settings.output, &final_bytes)?;
    stats.instructions_after = ir::instruction_count(&reduction.current);
    stats.bytes_after = final_bytes.len() as u64;
    stats.total_time = started.elapsed();
    Ok(stats)
}

/// The LLVM module seen as an HDD hierarchy whose levels are passes.
struct Reduction<'ctx, 'r> {
    /// The smallest interesting module so far.
    current: Module<'ctx>,
    current_hash: blake3::Hash,
    /// The module as the current level found it; candidates are built from it.
    base: Option<Module<'ctx>>,
    level_start_hash: blake3::Hash,
    pass: Option<&'static Pass>,
    oracle: &'r mut dyn Oracle,
    settings: &'r Settings,
    stats: Stats,
    candidate_path: PathBuf,
    /// Verdicts of candidates already tested, by content.
    cache: HashMap<blake3::Hash, Verdict>,
    /// An error that must end the run (the test cannot run, or an invalid
    /// candidate under --abort-on-invalid-reduction).
    fatal: Option<anyhow::Error>,
}

impl Reduction<'_, '_> {
    fn evaluate(&mut self, kept: &Config<usize>) -> Verdict {
        let (Some(base), Some(pass)) = (self.base.as_ref(), self.pass) else {
            return Verdict::Unresolved;
        };
        let candidate = ir::clone_module(base);
        let keep = |i: usize| kept.contains(&i);
        (pass.run)(&candidate, &mut Targets::selecting(&keep));
        if let Err(message) = llvm::verify(&candidate) {
            self.stats.invalid += 1;
            self.stats.pass(pass.name).invalid += 1;
            if self.settings.abort_on_invalid {
                let first = message.lines().next().unwrap_or("").to_string();
                self.fatal = Some(anyhow!("pass '{}' produced invalid IR: {first}", pass.name));
            }
            return Verdict::Unresolved;
        }
        let bytes = llvm::serialize(&candidate, self.settings.tmp_format);
        let hash = blake3::hash(&bytes);
        if hash == self.current_hash {
            self.stats.unchanged += 1;
            return Verdict::Interesting;
        }
        if let Some(&verdict) = self.cache.get(&hash) {
            self.stats.cache_hits += 1;
            return verdict;
        }
        if let Err(e) = fs::write(&self.candidate_path, &bytes) {
            self.fatal = Some(anyhow!(
                "cannot write '{}': {e}",
                self.candidate_path.display()
            ));
            return Verdict::Unresolved;
        }
        let t = Instant::now();
        let outcome = match self.oracle.judge(&self.candidate_path) {
            Ok(o) => o,
            Err(e) => {
                self.fatal = Some(e);
                return Verdict::Unresolved;
            }
        };
        self.stats.test_time += t.elapsed();
        self.stats.tests += 1;
        let pass_stats = self.stats.pass(pass.name);
        pass_stats.tests += 1;
        let verdict = outcome.verdict;
        self.cache.insert(hash, verdict);
        if verdict == Verdict::Interesting {
            pass_stats.interesting += 1;
            self.stats.interesting += 1;
            self.current = candidate;
            self.current_hash = hash;
            if let Err(e) = self.save_best() {
                self.fatal = Some(e);
            }
        } else {
            self.stats.not_interesting += 1;
        }
        verdict
    }

    /// Write the current module to the output path (atomically).
    fn save_best(&self) -> Result<()> {
        write_atomically(
            &self.settings.output,
            &llvm::serialize(&self.current, self.settings.output_format),
        )
    }
}

impl Judge<usize> for Reduction<'_, '_> {
    fn first_interesting(
        &mut self,
        candidates: &mut dyn Iterator<Item = Config<usize>>,
    ) -> Option<(usize, Config<usize>)> {
        for (i, kept) in candidates.enumerate() {
            if self.fatal.is_some() {
                return None;
            }
            if self.evaluate(&kept) == Verdict::Interesting {
                return Some((i, kept));
            }
        }
        None
    }

    fn stopped(&self) -> bool {
        self.fatal.is_some()
    }
}

impl Hierarchy for Reduction<'_, '_> {
    fn level_count(&self) -> usize {
        self.settings.passes.len()
    }

    fn enter(&mut self, level: usize) -> Vec<u64> {
        let pass = self.settings.passes[level];
        self.pass = Some(pass);
        self.level_start_hash = self.current_hash;
        let mut targets = Targets::counting();
        (pass.run)(&self.current, &mut targets);
        self.base = Some(ir::clone_module(&self.current));
        targets.into_weights()
    }

    fn commit(&mut self, _kept: &Config<usize>) -> bool {
        // `current` already is the module of the last accepted candidate.
        self.base = None;
        let changed = self.current_hash != self.level_start_hash;
        if changed && self.settings.progress {
            if let Some(pass) = self.pass {
                eprintln!(
                    "whittle: {}: {} instructions left",
                    pass.name,
                    ir::instruction_count(&self.current)
                );
            }
        }
        changed
    }
}

/// Write `bytes` to `path` through a temporary file in the same directory
/// and a rename, so that `path` always holds a complete file.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::Builder::new()
        .prefix(".whittle-")
        .tempfile_in(dir)
        .with_context(|| format!("opening output file: cannot write to '{}'", dir.display()))?;
    tmp.write_all(bytes)
        .with_context(|| format!("writing '{}'", path.display()))?;
    // A fresh temporary file is private (0600); give the result the mode an
    // ordinary new file would have, or the mode of the file it replaces.
    let mode = fs::metadata(path)
        .map(|m| m.permissions())
        .unwrap_or_else(|_| {
            use std::os::unix::fs::PermissionsExt;
            fs::Permissions::from_mode(0o644)
        });
    fs::set_permissions(tmp.path(), mode).ok();
    tmp.persist(path).map_err(|e| {
        anyhow!(
            "opening output file: cannot write '{}': {}",
            path.display(),
            e.error
        )
    })?;
    Ok(())
}
