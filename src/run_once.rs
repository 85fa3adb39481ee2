//! Running a tool or a program once, outside the reduction's test
//! environment (clang-crash's probes of clang, miscompile's builds and
//! runs of the program): with a time limit, its stdin from a file or
//! nothing, and how it ended, with what it printed.

use std::io::Read as _;
use std::os::unix::process::ExitStatusExt as _;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context as _, Result};

use crate::oracle::process::Ended;

/// What a run printed and how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finished {
    pub stdout: Vec<u8>,
    pub stderr: String,
    pub ended: Ended,
}

/// Run `words` in `cwd` with the variables `env`, reading `stdin` (or
/// nothing), killed after `timeout` (none: no limit).
pub fn run_once(
    words: &[String],
    cwd: &Path,
    stdin: Option<&Path>,
    timeout: Option<Duration>,
    env: &[(&str, &str)],
) -> Result<Finished> {
    let mut command = Command::new(&words[0]);
    command
        .args(&words[1..])
        .current_dir(cwd)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .envs(env.iter().copied());
    match stdin {
        Some(f) => command.stdin(
            std::fs::File::open(f).with_context(|| format!("cannot read '{}'", f.display()))?,
        ),
        None => command.stdin(Stdio::null()),
    };
    let mut child = command
        .spawn()
        .with_context(|| format!("cannot run '{}'", words[0]))?;
    let mut out_pipe = child.stdout.take().expect("piped stdout");
    let mut err_pipe = child.stderr.take().expect("piped stderr");
    let out_reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = out_pipe.read_to_end(&mut bytes);
        bytes
    });
    let err_reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = err_pipe.read_to_end(&mut bytes);
        String::from_utf8_lossy(&bytes).into_owned()
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break Some(status);
        }
        if timeout.is_some_and(|t| started.elapsed() > t) {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let ended = match status {
        None => Ended::TimedOut,
        Some(s) => match (s.code(), s.signal()) {
            (Some(code), _) => Ended::Exited(code),
            (None, Some(sig)) => Ended::Signaled(sig),
            _ => Ended::Exited(-1),
        },
    };
    Ok(Finished {
        stdout: out_reader.join().unwrap_or_default(),
        stderr: err_reader.join().unwrap_or_default(),
        ended,
    })
}
