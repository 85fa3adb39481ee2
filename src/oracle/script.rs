//! The llvm-reduce style oracle: run `SCRIPT ARG... CANDIDATE`, exit status 0
//! means interesting.

use std::io::Read;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};

use anyhow::{anyhow, Result};

use super::{Oracle, Outcome};
use crate::dd::Verdict;

/// How much of a test's stderr is kept for messages.
const STDERR_TAIL_BYTES: usize = 4096;

/// Runs the user's interestingness test.
pub struct ScriptOracle {
    program: PathBuf,
    args: Vec<String>,
    /// Keep the debugging environment (crash reports, symbolization) the
    /// tested LLVM tools would otherwise be told to skip.
    preserve_debug_environment: bool,
}

impl ScriptOracle {
    pub fn new(program: impl Into<PathBuf>, args: Vec<String>) -> Self {
        ScriptOracle {
            program: program.into(),
            args,
            preserve_debug_environment: false,
        }
    }

    pub fn preserve_debug_environment(mut self, yes: bool) -> Self {
        self.preserve_debug_environment = yes;
        self
    }
}

impl Oracle for ScriptOracle {
    fn judge(&mut self, candidate: &Path) -> Result<Outcome> {
        let mut cmd = Command::new(&self.program);
        cmd.args(&self.args)
            .arg(candidate)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        if !self.preserve_debug_environment {
            // Crashing LLVM tools would otherwise write crash reports and
            // symbolize stacks on every test: slow, and noise on disk.
            cmd.env("LLVM_DISABLE_CRASH_REPORT", "1")
                .env("LLVM_DISABLE_SYMBOLIZATION", "1");
        }
        let mut child = cmd.spawn().map_err(|e| {
            anyhow!(
                "cannot run interestingness test '{}': {e}",
                self.program.display()
            )
        })?;
        let stderr_tail = read_tail(
            child.stderr.take().expect("stderr is piped"),
            STDERR_TAIL_BYTES,
        );
        let status = child.wait()?;
        let verdict = if status.success() {
            Verdict::Interesting
        } else {
            Verdict::NotInteresting
        };
        Ok(Outcome {
            verdict,
            status: describe(status),
            stderr_tail,
        })
    }
}

/// Read a stream to its end, keeping only its last `limit` bytes.
fn read_tail(mut stream: impl Read, limit: usize) -> String {
    let mut tail: Vec<u8> = Vec::new();
    let mut buf = [0u8; 8192];
    while let Ok(n) = stream.read(&mut buf) {
        if n == 0 {
            break;
        }
        tail.extend_from_slice(&buf[..n]);
        if tail.len() > 2 * limit {
            tail.drain(..tail.len() - limit);
        }
    }
    if tail.len() > limit {
        tail.drain(..tail.len() - limit);
    }
    String::from_utf8_lossy(&tail).into_owned()
}

/// "exit status 1", "killed by signal 11 (SIGSEGV)".
pub fn describe(status: ExitStatus) -> String {
    if let Some(code) = status.code() {
        format!("exit status {code}")
    } else if let Some(sig) = status.signal() {
        format!(
            "killed by signal {sig}{}",
            signal_name(sig)
                .map(|n| format!(" ({n})"))
                .unwrap_or_default()
        )
    } else {
        status.to_string()
    }
}

fn signal_name(sig: i32) -> Option<&'static str> {
    Some(match sig {
        4 => "SIGILL",
        6 => "SIGABRT",
        8 => "SIGFPE",
        9 => "SIGKILL",
        11 => "SIGSEGV",
        15 => "SIGTERM",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_zero_is_interesting() {
        let mut o = ScriptOracle::new("true", vec![]);
        assert_eq!(
            o.judge(Path::new("x.ll")).unwrap().verdict,
            Verdict::Interesting
        );
        let mut o = ScriptOracle::new("false", vec![]);
        let out = o.judge(Path::new("x.ll")).unwrap();
        assert_eq!(out.verdict, Verdict::NotInteresting);
        assert_eq!(out.status, "exit status 1");
    }

    #[test]
    fn the_candidate_is_the_last_argument_and_stderr_is_kept() {
        let mut o = ScriptOracle::new(
            "sh",
            vec!["-c".into(), "echo \"got $0\" >&2; exit 3".into()],
        );
        let out = o.judge(Path::new("cand.ll")).unwrap();
        assert_eq!(out.status, "exit status 3");
        assert_eq!(out.stderr_tail.trim(), "got cand.ll");
    }

    #[test]
    fn a_missing_program_is_an_error() {
        let mut o = ScriptOracle::new("/nonexistent/test.sh", vec![]);
        let err = o.judge(Path::new("x.ll")).unwrap_err().to_string();
        assert!(err.contains("cannot run interestingness test"), "{err}");
    }

    #[test]
    fn stderr_is_bounded() {
        let tail = read_tail(&vec![b'x'; 100_000][..], 4096);
        assert_eq!(tail.len(), 4096);
    }
}
