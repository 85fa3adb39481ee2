//! The llvm-reduce style oracle: run `SCRIPT ARG... CANDIDATE`, exit status 0
//! means interesting.
//!
//! The test runs in a scratch directory private to its worker (so parallel
//! tests cannot clobber each other's files), with `TMPDIR` pointing there
//! too; the program and any argument naming an existing file relative to
//! the directory whittle was started in are made absolute first.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{anyhow, Result};

use super::process::{self, Cancel, Ended, TestCommand};
use super::{Oracle, Outcome};
use crate::dd::Verdict;

/// Runs the user's interestingness test.
pub struct ScriptOracle {
    command: TestCommand,
    shown_program: String,
    /// mlir-reduce's convention: a non-zero exit status is interesting.
    nonzero_interesting: bool,
}

impl ScriptOracle {
    /// `program` is looked up on PATH when it has no `/`.
    pub fn new(program: impl Into<PathBuf>, args: Vec<String>) -> Self {
        let program = program.into();
        let shown_program = program.display().to_string();
        let cwd = std::env::current_dir().unwrap_or_default();
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
        // Crashing LLVM tools would otherwise write crash reports and
        // symbolize stacks on every test: slow, and noise on disk.
        let env = vec![
            ("LLVM_DISABLE_CRASH_REPORT".to_string(), "1".to_string()),
            ("LLVM_DISABLE_SYMBOLIZATION".to_string(), "1".to_string()),
        ];
        ScriptOracle {
            command: TestCommand {
                program,
                args,
                env,
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

    /// Keep the debugging environment (crash reports, symbolization).
    pub fn preserve_debug_environment(mut self, yes: bool) -> Self {
        if yes {
            self.command
                .env
                .retain(|(k, _)| !k.starts_with("LLVM_DISABLE_"));
        }
        self
    }

    /// Kill a test (and everything it started) after `timeout`; it then
    /// counts as not interesting.
    pub fn timeout(mut self, timeout: Option<Duration>) -> Self {
        self.command.timeout = timeout;
        self
    }
}

impl Oracle for ScriptOracle {
    fn judge(&self, candidate: &Path, scratch: &Path, cancel: &Cancel) -> Result<Outcome> {
        let command = self.command.in_scratch(scratch);
        let out = process::run(&command, candidate, cancel).map_err(|e| {
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
        Ok(Outcome::from_process(
            out,
            Verdict::from_interesting(interesting),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judge(o: &ScriptOracle) -> Outcome {
        let dir = tempfile::tempdir().unwrap();
        o.judge(Path::new("cand.ll"), dir.path(), &Cancel::new())
            .unwrap()
    }

    #[test]
    fn exit_zero_is_interesting() {
        assert_eq!(
            judge(&ScriptOracle::new("true", vec![])).verdict,
            Verdict::Interesting
        );
        let out = judge(&ScriptOracle::new("false", vec![]));
        assert_eq!(out.verdict, Verdict::NotInteresting);
        assert_eq!(out.status, "exit status 1");
    }

    #[test]
    fn mlir_reduce_convention_inverts_the_exit_status() {
        let o = ScriptOracle::new("false", vec![]).nonzero_interesting(true);
        assert_eq!(judge(&o).verdict, Verdict::Interesting);
        let o = ScriptOracle::new("true", vec![]).nonzero_interesting(true);
        assert_eq!(judge(&o).verdict, Verdict::NotInteresting);
        let o = ScriptOracle::new("sh", vec!["-c".into(), "kill -9 $$".into()])
            .nonzero_interesting(true);
        assert_eq!(judge(&o).verdict, Verdict::NotInteresting);
    }

    #[test]
    fn the_candidate_is_the_last_argument_and_stderr_is_kept() {
        let o = ScriptOracle::new(
            "sh",
            vec!["-c".into(), "echo \"got $0\" >&2; exit 3".into()],
        );
        let out = judge(&o);
        assert_eq!(out.status, "exit status 3");
        assert_eq!(out.stderr.text().trim(), "got cand.ll");
    }

    #[test]
    fn the_test_runs_in_its_scratch_directory_with_llvm_debugging_off() {
        let o = ScriptOracle::new(
            "sh",
            vec![
                "-c".into(),
                "pwd >&2; echo $TMPDIR $LLVM_DISABLE_CRASH_REPORT >&2".into(),
            ],
        );
        let dir = tempfile::tempdir().unwrap();
        let out = o
            .judge(Path::new("c.ll"), dir.path(), &Cancel::new())
            .unwrap();
        let canonical = dir.path().canonicalize().unwrap();
        let text = out.stderr.text();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(Path::new(lines[0]).canonicalize().unwrap(), canonical);
        assert_eq!(lines[1], format!("{} 1", dir.path().display()));
        let o = ScriptOracle::new(
            "sh",
            vec![
                "-c".into(),
                "echo ${LLVM_DISABLE_CRASH_REPORT:-unset} >&2".into(),
            ],
        )
        .preserve_debug_environment(true);
        assert_eq!(judge(&o).stderr.text().trim(), "unset");
    }

    #[test]
    fn a_missing_program_is_an_error() {
        let o = ScriptOracle::new("/nonexistent/test.sh", vec![]);
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
        let o = ScriptOracle::new("sh", vec!["-c".into(), "sleep 30".into()])
            .timeout(Some(Duration::from_millis(100)));
        let out = judge(&o);
        assert!(out.timed_out);
        assert_eq!(out.verdict, Verdict::NotInteresting);
    }
}
