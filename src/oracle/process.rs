//! Running one test process: its own process group (so that everything it
//! starts can be killed at once), a time limit, cancellation from another
//! thread, and bounded capture of its output (with, on request, the lines
//! of stderr matching a pattern diverted whole to a file). This is the one
//! place that starts a test's processes; oracles reach it through
//! [`TestEnv::run`](super::env::TestEnv::run).

use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;
use regex::Regex;
use serde::{Deserialize, Serialize};
use whittle_reducer::{interrupt, Cancel, Captured, Outcome, Stopper, Verdict};

/// How much of each of a test's output streams is kept: the first
/// `HEAD_BYTES` and the last `TAIL_BYTES`.
pub const HEAD_BYTES: usize = 16 * 1024;
pub const TAIL_BYTES: usize = 8 * 1024;

/// Kill a test's whole process group (everything it started).
fn kill_group(group: i32) {
    // A stale group id at worst fails with ESRCH.
    let _ = killpg(Pid::from_raw(group), Signal::SIGKILL);
}

/// A command to run on a candidate. It crosses to a cluster node with its
/// oracle (`--executor=slurm`), hence serde.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct TestCommand {
    pub program: PathBuf,
    pub args: Vec<String>,
    /// Put the candidate where `%s` appears in the arguments instead of
    /// appending it.
    pub substitute: bool,
    pub env: Vec<(String, String)>,
    /// Working directory (default: inherited).
    pub cwd: Option<PathBuf>,
    /// A file to read standard input from (default: none, a pipe closed at
    /// once).
    #[serde(default)]
    pub stdin: Option<PathBuf>,
    pub timeout: Option<Duration>,
    /// Patterns looked for in every line of stdout and stderr.
    #[serde(with = "regex_list")]
    pub watch: Vec<Regex>,
    /// Lines of stderr to set aside (every one of them, however many).
    /// Set where the test runs (a bisection's probes run on this machine),
    /// so it does not travel to a cluster node.
    #[serde(skip)]
    pub divert: Option<Divert>,
}

/// Lines of a test's stderr that go, whole and in order, to a file instead
/// of the capture: the test's oracle never sees them (they are neither
/// kept, nor hashed, nor watched), and whoever asked for them reads the file
/// (`BISECT: running pass ...` lines, hundreds of thousands for a large
/// pipeline, which a bounded capture would cut).
#[derive(Clone, Debug)]
pub struct Divert {
    pub pattern: Regex,
    /// Appended to, so that the processes of one test share it.
    pub file: PathBuf,
}

/// Regexes as their source text.
mod regex_list {
    use regex::Regex;
    use serde::{de::Error as _, Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(list: &[Regex], s: S) -> Result<S::Ok, S::Error> {
        let texts: Vec<&str> = list.iter().map(Regex::as_str).collect();
        texts.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Regex>, D::Error> {
        Vec::<String>::deserialize(d)?
            .iter()
            .map(|t| Regex::new(t).map_err(D::Error::custom))
            .collect()
    }
}

/// How a test process ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
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

/// The name of a signal a crashing program dies by, where it has a usual one.
pub fn signal_name(sig: i32) -> Option<&'static str> {
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
    pub stdout: Captured,
    pub stderr: Captured,
    /// For each of the command's `watch` patterns: whether some line of
    /// stdout or stderr matched it (the whole stream is scanned, not only
    /// what is kept).
    pub watched: Vec<bool>,
    pub elapsed: Duration,
}

impl ProcessOutcome {
    /// The outcome of a finished test process, with the verdict an oracle
    /// drew from it (a cancelled run is Unresolved, a timeout not
    /// interesting, whatever `verdict` says).
    pub fn into_outcome(self, verdict: Verdict) -> Outcome {
        let verdict = match self.ended {
            Ended::Cancelled => Verdict::Unresolved,
            Ended::TimedOut => Verdict::NotInteresting,
            _ => verdict,
        };
        Outcome {
            verdict,
            status: self.ended.describe(),
            timed_out: self.ended == Ended::TimedOut,
            cancelled: self.ended == Ended::Cancelled,
            stdout: self.stdout,
            stderr: self.stderr,
            elapsed: self.elapsed,
        }
    }
}

/// Run `command` on `candidate`: the candidate replaces `%s` in the
/// arguments when the command substitutes, else it is appended. Returns an
/// error only when the process cannot be started.
pub(super) fn run(
    command: &TestCommand,
    candidate: &Path,
    cancel: &Cancel,
) -> io::Result<ProcessOutcome> {
    let started = Instant::now();
    let mut cmd = Command::new(&command.program);
    if command.substitute {
        let candidate = candidate.to_string_lossy();
        cmd.args(command.args.iter().map(|a| a.replace("%s", &candidate)));
    } else {
        cmd.args(&command.args).arg(candidate);
    }
    // stdin is a pipe closed at once, not /dev/null: a crashing LLVM tool
    // run as root may have deleted /dev/null (it removes its output file).
    match &command.stdin {
        Some(file) => cmd.stdin(File::open(file)?),
        None => cmd.stdin(Stdio::piped()),
    };
    cmd.stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    for (k, v) in &command.env {
        cmd.env(k, v);
    }
    if let Some(dir) = &command.cwd {
        cmd.current_dir(dir);
    }
    let nothing = |ended| ProcessOutcome {
        ended,
        stdout: Captured::default(),
        stderr: Captured::default(),
        watched: vec![false; command.watch.len()],
        elapsed: started.elapsed(),
    };
    let diverted = match &command.divert {
        Some(d) => Some((
            d.pattern.clone(),
            OpenOptions::new().create(true).append(true).open(&d.file)?,
        )),
        None => None,
    };
    let started_child = cancel.start(interrupt::requested, || {
        let child = cmd.spawn()?;
        let group = child.id() as i32;
        Ok::<_, io::Error>((child, Box::new(move || kill_group(group)) as Stopper))
    });
    let mut child = match started_child {
        None => return Ok(nothing(Ended::Cancelled)),
        Some(spawned) => spawned?,
    };
    let group = child.id() as i32;
    drop(child.stdin.take());
    let watch = Arc::new(command.watch.clone());
    let stdout = spawn_reader(child.stdout.take(), watch.clone(), None);
    let stderr = spawn_reader(child.stderr.take(), watch, diverted);
    let ended = wait(
        &mut child,
        group,
        command.timeout.map(|t| started + t),
        cancel,
    );
    // Whatever the test left running in its group goes too (it would also
    // keep the output pipes open).
    kill_group(group);
    cancel.finished();
    let (stdout, out_hits) = stdout.join().unwrap_or_default();
    let (stderr, err_hits) = stderr.join().unwrap_or_default();
    let watched = (0..command.watch.len())
        .map(|i| {
            out_hits.get(i).copied().unwrap_or(false) || err_hits.get(i).copied().unwrap_or(false)
        })
        .collect();
    Ok(ProcessOutcome {
        ended,
        stdout,
        stderr,
        watched,
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

type ReaderResult = (Captured, Vec<bool>);

fn spawn_reader(
    stream: Option<impl Read + Send + 'static>,
    watch: Arc<Vec<Regex>>,
    divert: Option<(Regex, File)>,
) -> thread::JoinHandle<ReaderResult> {
    thread::spawn(move || {
        let Some(stream) = stream else {
            return ReaderResult::default();
        };
        match divert {
            Some((pattern, file)) => {
                let mut file = BufWriter::new(file);
                let result = read_stream_diverting(
                    stream,
                    &watch,
                    HEAD_BYTES,
                    TAIL_BYTES,
                    Some((&pattern, &mut file)),
                );
                // A lost diverted line would be a wrong count: a write
                // error ends the capture of the diverted lines, which
                // whoever reads them notices as a short file.
                let _ = file.flush();
                result
            }
            None => read_stream(stream, &watch, HEAD_BYTES, TAIL_BYTES),
        }
    })
}

/// Read a stream to its end, keeping its first `head` and last `tail`
/// bytes, and noting which `watch` patterns some line matched.
pub fn read_stream(
    stream: impl Read,
    watch: &[Regex],
    head: usize,
    tail: usize,
) -> (Captured, Vec<bool>) {
    read_stream_diverting(stream, watch, head, tail, None)
}

/// [`read_stream`], with the lines matching a pattern written to `divert`
/// instead of kept, hashed or watched.
pub fn read_stream_diverting(
    stream: impl Read,
    watch: &[Regex],
    head: usize,
    tail: usize,
    mut divert: Option<(&Regex, &mut dyn Write)>,
) -> (Captured, Vec<bool>) {
    let mut reader = BufReader::with_capacity(64 * 1024, stream);
    let mut captured = Captured::default();
    let mut head_bytes: Vec<u8> = Vec::new();
    let mut tail_bytes: Vec<u8> = Vec::new();
    let mut hits = vec![false; watch.len()];
    let mut line: Vec<u8> = Vec::new();
    let mut hasher = blake3::Hasher::new();
    loop {
        line.clear();
        match reader.read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if let Some((pattern, out)) = divert.as_mut() {
            let text = String::from_utf8_lossy(&line);
            if pattern.is_match(text.trim_end_matches(['\n', '\r'])) {
                if out.write_all(&line).is_err() {
                    divert = None;
                }
                continue;
            }
        }
        hasher.update(&line);
        captured.len += line.len() as u64;
        if !watch.is_empty() && hits.iter().any(|h| !h) {
            let text = String::from_utf8_lossy(&line);
            let text = text.trim_end_matches(['\n', '\r']);
            for (hit, re) in hits.iter_mut().zip(watch) {
                *hit = *hit || re.is_match(text);
            }
        }
        let room = head.saturating_sub(head_bytes.len());
        let (to_head, rest) = line.split_at(room.min(line.len()));
        head_bytes.extend_from_slice(to_head);
        if !rest.is_empty() {
            tail_bytes.extend_from_slice(rest);
            if tail_bytes.len() > 2 * tail {
                let cut = tail_bytes.len() - tail;
                tail_bytes.drain(..cut);
                captured.truncated = true;
            }
        }
    }
    if tail_bytes.len() > tail {
        let cut = tail_bytes.len() - tail;
        tail_bytes.drain(..cut);
        captured.truncated = true;
    }
    captured.head = String::from_utf8_lossy(&head_bytes).into_owned();
    captured.tail = String::from_utf8_lossy(&tail_bytes).into_owned();
    captured.digest = Some(hasher.finalize());
    (captured, hits)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str, timeout: Option<Duration>) -> TestCommand {
        TestCommand {
            program: "sh".into(),
            args: vec!["-c".into(), script.into()],
            timeout,
            ..Default::default()
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
        assert_eq!(out.stdout.text(), "out\n");
        assert_eq!(out.stderr.text(), "err\n");
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
    fn output_is_bounded_and_keeps_head_and_tail() {
        let mut input = b"first line\n".to_vec();
        input.extend(std::iter::repeat_n(b"filler line\n", 10_000).flatten());
        input.extend_from_slice(b"last line\n");
        let (captured, _) = read_stream(&input[..], &[], 100, 50);
        assert!(captured.truncated);
        assert!(captured.head.starts_with("first line"));
        assert!(captured.tail.ends_with("last line\n"));
        assert!(captured.head.len() <= 100 && captured.tail.len() <= 50);
    }

    #[test]
    fn watched_patterns_see_every_line() {
        let mut input: Vec<u8> = std::iter::repeat_n(b"noise\n", 50_000)
            .flatten()
            .copied()
            .collect();
        input.extend_from_slice(b"  vpackuswb %ymm0, %ymm1, %ymm2\nnoise\n");
        input.extend(std::iter::repeat_n(b"noise\n", 50_000).flatten());
        let watch = [
            Regex::new(r"^\s*vpackuswb\s").unwrap(),
            Regex::new("never").unwrap(),
        ];
        let (_, hits) = read_stream(&input[..], &watch, 100, 100);
        assert_eq!(hits, vec![true, false]);
    }

    #[test]
    fn diverted_lines_are_all_kept_apart_and_hidden_from_the_capture() {
        let mut input = b"first\n".to_vec();
        for i in 0..200_000 {
            input.extend_from_slice(format!("BISECT: running pass ({i}) x on f\n").as_bytes());
        }
        input.extend_from_slice(b"last\n");
        let pattern = Regex::new("^BISECT: ").unwrap();
        let watch = [Regex::new("BISECT").unwrap()];
        let mut out: Vec<u8> = Vec::new();
        let (captured, hits) =
            read_stream_diverting(&input[..], &watch, 100, 100, Some((&pattern, &mut out)));
        assert_eq!(captured.text(), "first\nlast\n");
        assert!(!captured.truncated);
        assert_eq!(captured.len, 11);
        assert_eq!(hits, vec![false]);
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count(), 200_000);
        assert!(text.ends_with("(199999) x on f\n"));
        // What the oracle sees is what it would see without those lines.
        let (plain, _) = read_stream(&b"first\nlast\n"[..], &[], 100, 100);
        assert_eq!(captured, plain);
    }

    #[test]
    fn a_divert_file_collects_stderr_of_the_process() {
        let dir = tempfile::tempdir().unwrap();
        let mut cmd = sh(
            "echo out; echo 'BISECT: a' >&2; echo err >&2; echo 'BISECT: b' >&2",
            None,
        );
        cmd.divert = Some(Divert {
            pattern: Regex::new("^BISECT: ").unwrap(),
            file: dir.path().join("lines"),
        });
        let out = run(&cmd, Path::new("x"), &Cancel::new()).unwrap();
        assert_eq!(out.stdout.text(), "out\n");
        assert_eq!(out.stderr.text(), "err\n");
        let lines = std::fs::read_to_string(dir.path().join("lines")).unwrap();
        assert_eq!(lines, "BISECT: a\nBISECT: b\n");
    }

    #[test]
    fn the_candidate_replaces_percent_s_when_substituting() {
        let cmd = TestCommand {
            program: "sh".into(),
            args: vec![
                "-c".into(),
                "echo \"[$1]\"".into(),
                "sh".into(),
                "in=%s".into(),
            ],
            substitute: true,
            ..Default::default()
        };
        let out = run(&cmd, Path::new("c.ll"), &Cancel::new()).unwrap();
        assert_eq!(out.stdout.text(), "[in=c.ll]\n");
    }
}
