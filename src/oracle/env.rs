//! The test environment: everything about *how* a test runs that is the
//! same for every oracle, built once from the command line and handed to
//! each of them. The time limit, the environment variables (LLVM's crash
//! reports and stack symbolization off unless `--preserve-debug-environment`),
//! the scratch directory tree (a private directory per worker, which is
//! also the test's working directory and `TMPDIR`; kept with
//! `--save-temps`), and the one call that runs a test's process (with, for
//! a bisection, the tool's `BISECT:` lines set aside in a file of the
//! test's scratch directory).
//!
//! It also says where tests run ([`Executor`]): here (`--executor=local`),
//! or on a Slurm cluster (`--executor=slurm`), where [`super::build`]'s
//! oracle is wrapped so that each judgement is one Slurm step whose runner
//! judges the candidate with this same environment on the node.

use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context as _, Result};
use regex::Regex;
use serde::{Deserialize, Serialize};
use whittle_reducer::Cancel;

use super::process::{self, Divert, ProcessOutcome, TestCommand};

/// The file of a test's scratch directory that receives the stderr lines
/// [`EnvSpec::divert_stderr`] sets aside.
pub const DIVERTED: &str = "whittle-diverted-stderr";

/// Where tests run (`--executor`).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub enum Executor {
    /// On this machine (the default).
    #[default]
    Local,
    /// One Slurm job step (or job) per judgement.
    Slurm(SlurmSettings),
}

/// What the command line says about the Slurm executor (`--executor-*`);
/// defined here, with the other settings of how tests run, so that the
/// executor (`super::slurm`) depends on the environment and not back.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SlurmSettings {
    /// `--executor-arg`: passed to every srun.
    pub args: Vec<String>,
    /// `--executor-retries`: runs after the first when Slurm fails.
    pub retries: u32,
    /// `--executor-grace`: how long past the test's own time limit a step
    /// may take (starting, staging, answering) before it counts as hung.
    pub grace: Duration,
    /// `--executor-exclude-failed`: retry away from a node that failed.
    pub exclude_failed: bool,
}

impl Default for SlurmSettings {
    fn default() -> Self {
        SlurmSettings {
            args: Vec::new(),
            retries: 3,
            grace: Duration::from_secs(30),
            exclude_failed: false,
        }
    }
}

/// What the command line says about running tests. It travels to a
/// cluster node with each test (the runner there runs tests locally).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct EnvSpec {
    /// `--timeout`: a test (and everything it started) is killed after this.
    pub timeout: Option<Duration>,
    /// `--preserve-debug-environment`: keep LLVM's crash reports and stack
    /// symbolization in the tests' environment.
    pub preserve_debug_environment: bool,
    /// `--save-temps`: keep the scratch directory at the end.
    pub save_temps: bool,
    /// Lines of every test process's stderr that go to the file
    /// [`DIVERTED`] of the test's scratch directory instead of to its
    /// oracle (a bisection's `BISECT:` and `DebugCounter` lines; on a
    /// cluster node too, whose runner sends the file back).
    #[serde(default, with = "pattern")]
    pub divert_stderr: Option<Regex>,
    /// `--executor`: where tests run.
    pub executor: Executor,
}

/// A pattern as its text, so that it travels with the test.
mod pattern {
    use regex::Regex;
    use serde::{de::Error as _, Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(pattern: &Option<Regex>, s: S) -> Result<S::Ok, S::Error> {
        pattern.as_ref().map(Regex::as_str).serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Regex>, D::Error> {
        Option::<String>::deserialize(d)?
            .map(|text| Regex::new(&text).map_err(D::Error::custom))
            .transpose()
    }
}

/// The environment every test runs in.
pub struct TestEnv {
    spec: EnvSpec,
    /// Removed when the environment is dropped, unless `--save-temps`.
    scratch: PathBuf,
    /// The directory whittle was started in: relative paths in the user's
    /// commands mean paths there.
    launch_dir: PathBuf,
}

impl TestEnv {
    pub fn new(spec: EnvSpec) -> Result<TestEnv> {
        TestEnv::with_prefix(spec, "whittle-")
    }

    /// An environment whose scratch root under `$TMPDIR` is named
    /// `prefix` and a random suffix.
    pub fn with_prefix(spec: EnvSpec, prefix: &str) -> Result<TestEnv> {
        let scratch = tempfile::Builder::new()
            .prefix(prefix)
            .tempdir()
            .context("cannot create a temporary directory")?
            .keep();
        Ok(TestEnv {
            spec,
            scratch,
            launch_dir: std::env::current_dir().unwrap_or_default(),
        })
    }

    pub fn spec(&self) -> &EnvSpec {
        &self.spec
    }

    /// Where tests run (`--executor`).
    pub fn executor(&self) -> &Executor {
        &self.spec.executor
    }

    /// The tests' time limit (`--timeout`).
    pub fn timeout(&self) -> Option<Duration> {
        self.spec.timeout
    }

    pub fn launch_dir(&self) -> &Path {
        &self.launch_dir
    }

    /// The root of the scratch tree (the reducer's workers make their
    /// private directories under it).
    pub fn scratch_root(&self) -> &Path {
        &self.scratch
    }

    /// A fresh private directory under the scratch root, for work outside
    /// the workers (recording how the input fails, checking an emitted
    /// test).
    pub fn private_dir(&self, name: &str) -> Result<PathBuf> {
        let dir = tempfile::Builder::new()
            .prefix(&format!("{name}-"))
            .tempdir_in(&self.scratch)
            .context("cannot create a scratch directory")?;
        Ok(dir.keep())
    }

    /// The variables every test gets on top of whittle's own environment:
    /// a crashing LLVM tool would otherwise write a crash report and
    /// symbolize its stack on every test (slow, and noise on disk).
    fn variables(&self, scratch: &Path) -> Vec<(String, String)> {
        let mut vars = Vec::new();
        if !self.spec.preserve_debug_environment {
            vars.push(("LLVM_DISABLE_CRASH_REPORT".into(), "1".into()));
            vars.push(("LLVM_DISABLE_SYMBOLIZATION".into(), "1".into()));
        }
        vars.push(("TMPDIR".into(), scratch.display().to_string()));
        vars
    }

    /// Run `command` on `candidate` in `scratch` (its working directory
    /// and `TMPDIR`), with the environment's variables and time limit (the
    /// command's own limit, when it has one, wins). Returns an error only
    /// when the process cannot be started.
    pub fn run(
        &self,
        command: &TestCommand,
        candidate: &Path,
        scratch: &Path,
        cancel: &Cancel,
    ) -> io::Result<ProcessOutcome> {
        let mut command = command.clone();
        let mut env = self.variables(scratch);
        env.append(&mut command.env);
        command.env = env;
        command.cwd = Some(scratch.to_path_buf());
        command.timeout = command.timeout.or(self.spec.timeout);
        if let (None, Some(pattern)) = (&command.divert, &self.spec.divert_stderr) {
            command.divert = Some(Divert {
                pattern: pattern.clone(),
                file: scratch.join(DIVERTED),
            });
        }
        process::run(&command, candidate, cancel)
    }

    /// The stderr lines the tests run in `scratch` set aside
    /// ([`EnvSpec::divert_stderr`]), in order.
    pub fn diverted(&self, scratch: &Path) -> Result<String> {
        let path = scratch.join(DIVERTED);
        match std::fs::read(&path) {
            Ok(bytes) => Ok(String::from_utf8_lossy(&bytes).into_owned()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(String::new()),
            Err(e) => Err(e).with_context(|| format!("cannot read '{}'", path.display())),
        }
    }

    /// Where the scratch tree stays after the run (`--save-temps`), if it
    /// does.
    pub fn kept_scratch(&self) -> Option<&Path> {
        self.spec.save_temps.then_some(self.scratch.as_path())
    }
}

impl Drop for TestEnv {
    fn drop(&mut self) {
        if !self.spec.save_temps {
            let _ = std::fs::remove_dir_all(&self.scratch);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> TestCommand {
        TestCommand {
            program: "sh".into(),
            args: vec!["-c".into(), script.into()],
            ..Default::default()
        }
    }

    #[test]
    fn tests_run_in_their_scratch_directory_with_llvm_debugging_off() {
        let env = TestEnv::new(EnvSpec::default()).unwrap();
        let dir = env.private_dir("t").unwrap();
        let out = env
            .run(
                &sh("pwd; echo $TMPDIR $LLVM_DISABLE_CRASH_REPORT $LLVM_DISABLE_SYMBOLIZATION"),
                Path::new("c.ll"),
                &dir,
                &Cancel::new(),
            )
            .unwrap();
        let text = out.stdout.text();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            Path::new(lines[0]).canonicalize().unwrap(),
            dir.canonicalize().unwrap()
        );
        assert_eq!(lines[1], format!("{} 1 1", dir.display()));
    }

    #[test]
    fn the_debug_environment_can_be_preserved() {
        let env = TestEnv::new(EnvSpec {
            preserve_debug_environment: true,
            ..Default::default()
        })
        .unwrap();
        let dir = env.private_dir("t").unwrap();
        let out = env
            .run(
                &sh("echo ${LLVM_DISABLE_CRASH_REPORT:-unset}"),
                Path::new("c.ll"),
                &dir,
                &Cancel::new(),
            )
            .unwrap();
        assert_eq!(out.stdout.text().trim(), "unset");
    }

    #[test]
    fn the_time_limit_applies_unless_the_command_has_its_own() {
        let env = TestEnv::new(EnvSpec {
            timeout: Some(Duration::from_millis(100)),
            ..Default::default()
        })
        .unwrap();
        let dir = env.private_dir("t").unwrap();
        let out = env
            .run(&sh("sleep 30"), Path::new("x"), &dir, &Cancel::new())
            .unwrap();
        assert_eq!(out.ended, process::Ended::TimedOut);
        let mut quick = sh("sleep 0.3; exit 4");
        quick.timeout = Some(Duration::from_secs(20));
        let out = env
            .run(&quick, Path::new("x"), &dir, &Cancel::new())
            .unwrap();
        assert_eq!(out.ended, process::Ended::Exited(4));
    }

    #[test]
    fn the_scratch_tree_is_kept_only_with_save_temps() {
        let env = TestEnv::new(EnvSpec::default()).unwrap();
        let root = env.scratch_root().to_path_buf();
        assert_eq!(env.kept_scratch(), None);
        drop(env);
        assert!(!root.exists());
        let env = TestEnv::new(EnvSpec {
            save_temps: true,
            ..Default::default()
        })
        .unwrap();
        let kept = env.kept_scratch().unwrap().to_path_buf();
        drop(env);
        assert!(kept.is_dir());
        std::fs::remove_dir_all(kept).unwrap();
    }
}
