//! Running clang (and opt, llc) once, with a time limit, and what its
//! failure was: a crash signature, or none.

use std::io::Read as _;
use std::os::unix::process::ExitStatusExt as _;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context as _, Result};

use crate::oracle::process::Ended;
use crate::oracle::signature::{Mode, Signature};

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
    let mut child = Command::new(&words[0])
        .args(&words[1..])
        .current_dir(cwd)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("cannot run '{}'", words[0]))?;
    let mut pipe = child.stderr.take().expect("piped stderr");
    let reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = pipe.read_to_end(&mut text);
        String::from_utf8_lossy(&text).into_owned()
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break Some(status);
        }
        if timeout.is_some_and(|t| started.elapsed() > Duration::from_secs_f64(t)) {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let stderr = reader.join().unwrap_or_default();
    let ended = match status {
        None => Ended::TimedOut,
        Some(s) => match (s.code(), s.signal()) {
            (Some(code), _) => Ended::Exited(code),
            (None, Some(sig)) => Ended::Signaled(sig),
            _ => Ended::Exited(-1),
        },
    };
    let signature = Signature::of(ended, &stderr, input);
    Ok(Run {
        ended,
        stderr,
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
