//! Running one test process: its own process group (so that everything it
//! starts can be killed at once), a time limit, cancellation from another
//! thread, and bounded capture of its output.

use std::io::{self, Read};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

use crate::interrupt;

/// How much of a test's stdout and stderr is kept (the end of each).
pub const OUTPUT_TAIL_BYTES: usize = 8192;

/// Lets another thread stop a running test: its whole process group is
/// killed at once, and a test not started yet never starts.
#[derive(Debug, Default)]
pub struct Cancel {
    cancelled: AtomicBool,
    /// The process group of the running test, if one is running.
    group: Mutex<Option<i32>>,
}

impl Cancel {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::SeqCst);
        if let Some(group) = *self.group.lock().unwrap() {
            kill_group(group);
        }
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::SeqCst)
    }
}

fn kill_group(group: i32) {
    // SAFETY: killpg only sends a signal; a stale group id at worst fails
    // with ESRCH.
    unsafe {
        libc::killpg(group, libc::SIGKILL);
    }
}

/// A command to run with the candidate appended.
#[derive(Clone, Debug)]
pub struct TestCommand {
    pub program: PathBuf,
    pub args: Vec<String>,
    pub env: Vec<(String, String)>,
    /// Working directory (default: inherited).
    pub cwd: Option<PathBuf>,
    pub timeout: Option<Duration>,
}

/// How a test process ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    Exited(i32),
    Signaled(i32),
    TimedOut,
    Cancelled,
}

impl Ended {
    pub fn describe(self) -> String {
        match self {
            Ended::Exited(code) => format!("exit status {code}"),
            Ended::Signaled(sig) => format!(
                "killed by signal {sig}{}",
                signal_name(sig)
                    .map(|n| format!(" ({n})"))
                    .unwrap_or_default()
            ),
            Ended::TimedOut => "timeout".to_string(),
            Ended::Cancelled => "cancelled".to_string(),
        }
    }

    fn from_status(status: ExitStatus) -> Ended {
        match (status.code(), status.signal()) {
            (Some(code), _) => Ended::Exited(code),
            (None, Some(sig)) => Ended::Signaled(sig),
            _ => Ended::Exited(-1),
        }
    }
}

fn signal_name(sig: i32) -> Option<&'static str> {
    Some(match sig {
        libc::SIGILL => "SIGILL",
        libc::SIGABRT => "SIGABRT",
        libc::SIGFPE => "SIGFPE",
        libc::SIGKILL => "SIGKILL",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGBUS => "SIGBUS",
        libc::SIGTERM => "SIGTERM",
        libc::SIGTRAP => "SIGTRAP",
        _ => return None,
    })
}

/// What a test process did.
#[derive(Clone, Debug)]
pub struct ProcessOutcome {
    pub ended: Ended,
    pub stdout_tail: String,
    pub stderr_tail: String,
    pub elapsed: Duration,
}

/// Run `command` with `candidate` as its last argument. Returns an error
/// only when the process cannot be started.
pub fn run(command: &TestCommand, candidate: &Path, cancel: &Cancel) -> io::Result<ProcessOutcome> {
    let started = Instant::now();
    let mut cmd = Command::new(&command.program);
    cmd.args(&command.args)
        .arg(candidate)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    for (k, v) in &command.env {
        cmd.env(k, v);
    }
    if let Some(dir) = &command.cwd {
        cmd.current_dir(dir);
    }
    let cancelled = || ProcessOutcome {
        ended: Ended::Cancelled,
        stdout_tail: String::new(),
        stderr_tail: String::new(),
        elapsed: started.elapsed(),
    };
    let mut child = {
        let mut group = cancel.group.lock().unwrap();
        if cancel.is_cancelled() || interrupt::requested() {
            return Ok(cancelled());
        }
        let child = cmd.spawn()?;
        *group = Some(child.id() as i32);
        child
    };
    let group = child.id() as i32;
    let stdout = spawn_tail_reader(child.stdout.take());
    let stderr = spawn_tail_reader(child.stderr.take());
    let ended = wait(
        &mut child,
        group,
        command.timeout.map(|t| started + t),
        cancel,
    );
    // Whatever the test left running in its group goes too (it would also
    // keep the output pipes open).
    kill_group(group);
    *cancel.group.lock().unwrap() = None;
    let stdout_tail = stdout.join().unwrap_or_default();
    let stderr_tail = stderr.join().unwrap_or_default();
    Ok(ProcessOutcome {
        ended,
        stdout_tail,
        stderr_tail,
        elapsed: started.elapsed(),
    })
}

/// Wait for the test, polling so that a deadline, a cancellation or an
/// interrupt is noticed within a few milliseconds.
fn wait(child: &mut Child, group: i32, deadline: Option<Instant>, cancel: &Cancel) -> Ended {
    let mut pause = Duration::from_micros(200);
    loop {
        match child.try_wait() {
            // A cancelled test is killed from the cancelling thread, so it
            // may already have died of that.
            Ok(Some(_)) if cancel.is_cancelled() || interrupt::requested() => {
                return Ended::Cancelled
            }
            Ok(Some(status)) => return Ended::from_status(status),
            Ok(None) => {}
            Err(_) => return Ended::Exited(-1),
        }
        let stop = if cancel.is_cancelled() || interrupt::requested() {
            Some(Ended::Cancelled)
        } else if deadline.is_some_and(|d| Instant::now() >= d) {
            Some(Ended::TimedOut)
        } else {
            None
        };
        if let Some(ended) = stop {
            kill_group(group);
            let _ = child.wait();
            return ended;
        }
        thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(10));
    }
}

fn spawn_tail_reader(stream: Option<impl Read + Send + 'static>) -> thread::JoinHandle<String> {
    thread::spawn(move || {
        stream
            .map(|s| read_tail(s, OUTPUT_TAIL_BYTES))
            .unwrap_or_default()
    })
}

/// Read a stream to its end, keeping only its last `limit` bytes.
pub fn read_tail(mut stream: impl Read, limit: usize) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str, timeout: Option<Duration>) -> TestCommand {
        TestCommand {
            program: "sh".into(),
            args: vec!["-c".into(), script.into()],
            env: vec![],
            cwd: None,
            timeout,
        }
    }

    #[test]
    fn exit_status_and_output_are_reported() {
        let out = run(
            &sh("echo out; echo err >&2; exit 3", None),
            Path::new("x"),
            &Cancel::new(),
        )
        .unwrap();
        assert_eq!(out.ended, Ended::Exited(3));
        assert_eq!(out.stdout_tail, "out\n");
        assert_eq!(out.stderr_tail, "err\n");
    }

    #[test]
    fn a_signal_is_reported_by_name() {
        let out = run(&sh("kill -SEGV $$", None), Path::new("x"), &Cancel::new()).unwrap();
        assert_eq!(out.ended, Ended::Signaled(libc::SIGSEGV));
        assert_eq!(out.ended.describe(), "killed by signal 11 (SIGSEGV)");
    }

    #[test]
    fn a_test_past_its_deadline_is_killed_with_its_children() {
        // The child sleeps in the background holding stdout open; killing the
        // group is what lets this return.
        let started = Instant::now();
        let out = run(
            &sh("sleep 30 & sleep 30", Some(Duration::from_millis(200))),
            Path::new("x"),
            &Cancel::new(),
        )
        .unwrap();
        assert_eq!(out.ended, Ended::TimedOut);
        assert!(started.elapsed() < Duration::from_secs(10));
    }

    #[test]
    fn cancelling_from_another_thread_stops_the_test() {
        let cancel = std::sync::Arc::new(Cancel::new());
        let c = cancel.clone();
        let t = thread::spawn(move || run(&sh("sleep 30", None), Path::new("x"), &c).unwrap());
        thread::sleep(Duration::from_millis(100));
        cancel.cancel();
        assert_eq!(t.join().unwrap().ended, Ended::Cancelled);
    }

    #[test]
    fn a_cancelled_test_never_starts() {
        let cancel = Cancel::new();
        cancel.cancel();
        let out = run(&sh("exit 0", None), Path::new("x"), &cancel).unwrap();
        assert_eq!(out.ended, Ended::Cancelled);
    }

    #[test]
    fn output_is_bounded() {
        let tail = read_tail(&vec![b'x'; 100_000][..], 4096);
        assert_eq!(tail.len(), 4096);
    }
}
