//! Running clang (and opt, llc) once, with a time limit, and what its
//! failure was: a crash signature, or none.

use std::path::Path;
use std::time::Duration;

use anyhow::Result;

use crate::oracle::process::Ended;
use crate::oracle::signature::{Mode, Signature};
use crate::run_once::run_once;

/// How a run ended, what it said on stderr, and its crash signature.
#[derive(Debug)]
pub struct Run {
    pub ended: Ended,
    pub stderr: String,
    pub signature: Option<Signature>,
}

impl Run {
    /// Whether it is the crash `original` (same signature, in auto mode).
    pub fn same_crash(&self, original: &Signature) -> bool {
        self.signature
            .as_ref()
            .is_some_and(|s| original.matches(s, Mode::Auto))
    }

    /// Whether it is the crash `original`, seen through another tool: a
    /// fatal error is `error in backend: M` with exit status 70 from clang
    /// and `LLVM ERROR: M`, aborting, from opt or llc.
    pub fn same_crash_in_another_tool(&self, original: &Signature) -> bool {
        let Some(other) = &self.signature else {
            return false;
        };
        match (&original.message, &other.message) {
            // How it ends differs too (exit status 70 from clang -cc1, an
            // abort from opt): the message says which crash it is.
            (Some(a), Some(b)) => fatal_text(a) == fatal_text(b),
            _ => original.matches(other, Mode::Auto),
        }
    }

    /// Its first error line, for messages.
    pub fn first_error(&self) -> String {
        self.stderr
            .lines()
            .find(|l| l.contains("error"))
            .unwrap_or("")
            .trim()
            .to_string()
    }
}

/// Run `words` in `cwd`, killed after `timeout` seconds; `input` is the
/// file it reads (masked in the crash message).
pub fn run(words: &[String], cwd: &Path, timeout: Option<f64>, input: &str) -> Result<Run> {
    let f = run_once(words, cwd, None, timeout.map(Duration::from_secs_f64), &[])?;
    let signature = Signature::of(f.ended, &f.stderr, input);
    Ok(Run {
        ended: f.ended,
        stderr: f.stderr,
        signature,
    })
}

/// A fatal error's own words, whichever tool printed them.
fn fatal_text(message: &str) -> &str {
    message
        .trim_start_matches("LLVM ERROR: ")
        .trim_start_matches("error in backend: ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fatal_error_is_the_same_from_clang_and_from_opt() {
        let clang = Signature::of(
            Ended::Exited(70),
            "fatal error: error in backend: boom\n",
            "",
        )
        .unwrap();
        let opt = Run {
            ended: Ended::Signaled(6),
            stderr: "LLVM ERROR: boom\n".into(),
            signature: Signature::of(Ended::Signaled(6), "LLVM ERROR: boom\nStack dump:\n", ""),
        };
        assert!(opt.same_crash_in_another_tool(&clang));
        assert!(!opt.same_crash(&clang));
        let other = Run {
            signature: Signature::of(Ended::Signaled(6), "LLVM ERROR: bang\nStack dump:\n", ""),
            ..opt
        };
        assert!(!other.same_crash_in_another_tool(&clang));
    }
}
