//! The llvm-reduce style oracle: run `SCRIPT ARG... CANDIDATE`, exit status 0
//! means interesting.
//!
//! The test runs in the test environment ([`TestEnv`]): in a scratch
//! directory private to its worker, so parallel tests cannot clobber each
//! other's files. The program and any argument naming an existing file
//! relative to the directory whittle was started in are made absolute
//! first.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{anyhow, Result};
use whittle_reducer::{Cancel, Oracle, Outcome, Verdict};

use super::env::TestEnv;
use super::process::{Ended, TestCommand};
use super::Portable;

/// Runs the user's interestingness test.
pub struct ScriptOracle {
    env: Arc<TestEnv>,
    command: TestCommand,
    shown_program: String,
    /// mlir-reduce's convention: a non-zero exit status is interesting.
    nonzero_interesting: bool,
}

impl ScriptOracle {
    /// `program` is looked up on PATH when it has no `/`.
    pub fn new(program: impl Into<PathBuf>, args: Vec<String>, env: Arc<TestEnv>) -> Self {
        let program = program.into();
        let shown_program = program.display().to_string();
        let cwd = env.launch_dir().to_path_buf();
        let program = if program.components().count() > 1 && program.is_relative() {
            cwd.join(&program)
        } else {
            program
        };
        let args = args
            .into_iter()
            .map(|a| {
                let p = Path::new(&a);
                if !a.starts_with('-') && p.is_relative() && cwd.join(p).exists() {
                    cwd.join(p).display().to_string()
                } else {
                    a
                }
            })
            .collect();
        ScriptOracle {
            env,
            command: TestCommand {
                program,
                args,
                ..Default::default()
            },
            shown_program,
            nonzero_interesting: false,
        }
    }

    /// mlir-reduce's convention instead of llvm-reduce's: the test exits
    /// with a non-zero status when the candidate is interesting (a test
    /// killed by a signal or timed out is not interesting).
    pub fn nonzero_interesting(mut self, yes: bool) -> Self {
        self.nonzero_interesting = yes;
        self
    }

    /// The oracle as it travels to a cluster node (its paths resolved here).
    pub(super) fn portable(&self) -> Portable {
        Portable::Script {
            command: self.command.clone(),
            shown: self.shown_program.clone(),
            nonzero_interesting: self.nonzero_interesting,
        }
    }

    /// The oracle [`ScriptOracle::portable`] describes, in `env`.
    pub(super) fn from_portable(
        command: TestCommand,
        shown: String,
        nonzero_interesting: bool,
        env: Arc<TestEnv>,
    ) -> Self {
        ScriptOracle {
            env,
            command,
            shown_program: shown,
            nonzero_interesting,
        }
    }
}

impl Oracle for ScriptOracle {
    fn judge(&self, candidate: &Path, scratch: &Path, cancel: &Cancel) -> Result<Outcome> {
        let out = self
            .env
            .run(&self.command, candidate, scratch, cancel)
            .map_err(|e| {
                anyhow!(
                    "cannot run interestingness test '{}': {e}",
                    self.shown_program
                )
            })?;
        let interesting = match out.ended {
            Ended::Exited(0) => !self.nonzero_interesting,
            Ended::Exited(_) => self.nonzero_interesting,
            _ => false,
        };
        Ok(out.into_outcome(Verdict::from_interesting(interesting)))
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::oracle::env::EnvSpec;

    fn env(spec: EnvSpec) -> Arc<TestEnv> {
        Arc::new(TestEnv::new(spec).unwrap())
    }

    fn script(program: &str, args: &[&str]) -> ScriptOracle {
        let args = args.iter().map(|a| a.to_string()).collect();
        ScriptOracle::new(program, args, env(EnvSpec::default()))
    }

    fn judge(o: &ScriptOracle) -> Outcome {
        let dir = tempfile::tempdir().unwrap();
        o.judge(Path::new("cand.ll"), dir.path(), &Cancel::new())
            .unwrap()
    }

    #[test]
    fn exit_zero_is_interesting() {
        assert_eq!(judge(&script("true", &[])).verdict, Verdict::Interesting);
        let out = judge(&script("false", &[]));
        assert_eq!(out.verdict, Verdict::NotInteresting);
        assert_eq!(out.status, "exit status 1");
    }

    #[test]
    fn mlir_reduce_convention_inverts_the_exit_status() {
        let o = script("false", &[]).nonzero_interesting(true);
        assert_eq!(judge(&o).verdict, Verdict::Interesting);
        let o = script("true", &[]).nonzero_interesting(true);
        assert_eq!(judge(&o).verdict, Verdict::NotInteresting);
        let o = script("sh", &["-c", "kill -9 $$"]).nonzero_interesting(true);
        assert_eq!(judge(&o).verdict, Verdict::NotInteresting);
    }

    #[test]
    fn the_candidate_is_the_last_argument_and_stderr_is_kept() {
        let out = judge(&script("sh", &["-c", "echo \"got $0\" >&2; exit 3"]));
        assert_eq!(out.status, "exit status 3");
        assert_eq!(out.stderr.text().trim(), "got cand.ll");
    }

    #[test]
    fn a_missing_program_is_an_error() {
        let o = script("/nonexistent/test.sh", &[]);
        let dir = tempfile::tempdir().unwrap();
        let err = o
            .judge(Path::new("x.ll"), dir.path(), &Cancel::new())
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("cannot run interestingness test '/nonexistent/test.sh'"),
            "{err}"
        );
    }

    #[test]
    fn a_timeout_is_not_interesting() {
        let spec = EnvSpec {
            timeout: Some(Duration::from_millis(100)),
            ..Default::default()
        };
        let o = ScriptOracle::new("sh", vec!["-c".into(), "sleep 30".into()], env(spec));
        let out = judge(&o);
        assert!(out.timed_out);
        assert_eq!(out.verdict, Verdict::NotInteresting);
    }
}
