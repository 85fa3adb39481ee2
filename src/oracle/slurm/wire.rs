//! What crosses between whittle and its runner on a node: the request on
//! the runner's stdin (one JSON header line, then the candidate's bytes)
//! and two lines on its stdout: the step line (which job step it is and on
//! which node, said first so that a hung step can be cancelled) and the
//! trailer (the outcome), both tagged with the test's nonce so that output
//! from anything else, or from another test, is never taken for a verdict.
//! The request may carry a control oracle (the node judges both, as
//! [`crate::oracle::unless::Unless`]) and name files of the test's scratch
//! directory to bring back with the outcome (a bisection's probes read the
//! tool's diverted `BISECT:` lines and the module it printed there).

use std::io::BufRead;
use std::path::{Component, Path, PathBuf};
use std::time::Duration;

use anyhow::{bail, Context as _, Result};
use serde::{Deserialize, Serialize};
use whittle_reducer::{Captured, Outcome, Verdict};

use crate::oracle::env::EnvSpec;
use crate::oracle::Portable;

/// Starts the step line: `whittle-step NONCE JOB.STEP NODE`.
pub const STEP_MARK: &str = "whittle-step";
/// Starts the trailer line: `whittle-trailer NONCE JSON`.
pub const TRAILER_MARK: &str = "whittle-trailer";
/// The request format; a runner refuses any other (an older whittle at the
/// same path on a node).
pub const VERSION: u32 = 2;

/// At most this many bytes of files (as encoded in the trailer) come back
/// with an outcome: the trailer must stay within what whittle reads of the
/// runner's stdout.
pub const FILES_LIMIT: usize = 3 * 1024 * 1024;

/// What one judgement asks of the runner besides the candidate.
#[derive(Clone, Copy, Debug)]
pub struct Job<'a> {
    pub oracle: &'a Portable,
    /// A candidate is interesting when `oracle` says so and this does not.
    pub control: Option<&'a Portable>,
    /// Files of the test's scratch directory to bring back.
    pub fetch: Option<&'a Fetch>,
}

/// Files of the test's scratch directory to bring back with the outcome.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Fetch {
    /// Relative to the scratch directory.
    pub names: Vec<String>,
    /// The candidate's path on whittle's machine. A tool names the module
    /// it read in what it writes (`; ModuleID = '...'`, `source_filename`):
    /// in text files the node's copy of the candidate is named by this path
    /// instead, so that they come back as they would be had the test run
    /// there. Never a path the node writes to.
    pub candidate: String,
}

/// The first line of a request.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Header {
    pub version: u32,
    /// Unique per attempt.
    pub nonce: String,
    pub oracle: Portable,
    /// The control: the runner judges `Unless { oracle, control }`.
    pub control: Option<Portable>,
    /// Files of the test's scratch directory to send back with the
    /// outcome.
    pub fetch: Option<Fetch>,
    /// Time limit and variables; the runner runs tests locally.
    pub env: EnvSpec,
    /// The candidate's file name (`candidate.ll`): tools look at the
    /// extension.
    pub candidate_name: String,
    /// How many bytes follow the header: a short read is a failure, never
    /// a truncated candidate judged.
    pub candidate_len: u64,
    /// The directory whittle was started in (the runner works there when
    /// the node has it, for relative paths in a relation's flags).
    pub launch_dir: PathBuf,
}

/// The request for `candidate`: the header as one JSON line, then the bytes.
pub fn encode_request(header: &Header, candidate: &[u8]) -> Result<Vec<u8>> {
    let mut out = serde_json::to_vec(header)?;
    out.push(b'\n');
    out.extend_from_slice(candidate);
    Ok(out)
}

/// Read a request: its header and exactly `candidate_len` bytes.
pub fn decode_request(mut input: impl BufRead) -> Result<(Header, Vec<u8>)> {
    let mut line = String::new();
    input
        .read_line(&mut line)
        .context("cannot read the request")?;
    let header: Header =
        serde_json::from_str(line.trim_end()).context("malformed request header")?;
    if header.version != VERSION {
        bail!(
            "request version {} (this runner speaks {VERSION}): the whittle binary on this node differs",
            header.version
        );
    }
    let mut candidate = Vec::with_capacity(header.candidate_len as usize);
    input
        .read_to_end(&mut candidate)
        .context("cannot read the candidate")?;
    if candidate.len() as u64 != header.candidate_len {
        bail!(
            "the candidate arrived with {} of its {} bytes",
            candidate.len(),
            header.candidate_len
        );
    }
    Ok((header, candidate))
}

/// A stream's capture as it travels.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireCaptured {
    pub head: String,
    pub tail: String,
    pub truncated: bool,
    /// blake3, in hex.
    pub digest: Option<String>,
    pub len: u64,
}

impl From<&Captured> for WireCaptured {
    fn from(c: &Captured) -> Self {
        WireCaptured {
            head: c.head.clone(),
            tail: c.tail.clone(),
            truncated: c.truncated,
            digest: c.digest.map(|d| d.to_hex().to_string()),
            len: c.len,
        }
    }
}

impl WireCaptured {
    fn captured(self) -> Result<Captured> {
        let digest = self
            .digest
            .map(|d| blake3::Hash::from_hex(d.as_bytes()))
            .transpose()
            .context("bad digest")?;
        Ok(Captured {
            head: self.head,
            tail: self.tail,
            truncated: self.truncated,
            digest,
            len: self.len,
        })
    }
}

/// An outcome as it travels: the verdict, how the test ended, whether it
/// timed out, how long it took and its captured output.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WireOutcome {
    /// `interesting`, `not-interesting` or `unresolved`.
    pub verdict: String,
    /// "exit status 1", "timeout", "killed by signal 11 (SIGSEGV)".
    pub status: String,
    pub timed_out: bool,
    pub cancelled: bool,
    pub elapsed_s: f64,
    pub stdout: WireCaptured,
    pub stderr: WireCaptured,
    /// The files the request asked back that the test left.
    #[serde(default)]
    pub files: Vec<WireFile>,
}

impl From<&Outcome> for WireOutcome {
    fn from(o: &Outcome) -> Self {
        WireOutcome {
            verdict: match o.verdict {
                Verdict::Interesting => "interesting",
                Verdict::NotInteresting => "not-interesting",
                Verdict::Unresolved => "unresolved",
            }
            .into(),
            status: o.status.clone(),
            timed_out: o.timed_out,
            cancelled: o.cancelled,
            elapsed_s: o.elapsed.as_secs_f64(),
            stdout: (&o.stdout).into(),
            stderr: (&o.stderr).into(),
            files: Vec::new(),
        }
    }
}

impl WireOutcome {
    pub fn outcome(self) -> Result<Outcome> {
        let verdict = match self.verdict.as_str() {
            "interesting" => Verdict::Interesting,
            "not-interesting" => Verdict::NotInteresting,
            "unresolved" => Verdict::Unresolved,
            other => bail!("unknown verdict '{other}'"),
        };
        if !(self.elapsed_s >= 0.0 && self.elapsed_s.is_finite()) {
            bail!("bad elapsed time {}", self.elapsed_s);
        }
        Ok(Outcome {
            verdict,
            status: self.status,
            timed_out: self.timed_out,
            cancelled: self.cancelled,
            elapsed: Duration::from_secs_f64(self.elapsed_s),
            stdout: self.stdout.captured()?,
            stderr: self.stderr.captured()?,
        })
    }
}

/// A file of the test's scratch directory as it travels back: UTF-8 text
/// as it is (the tools' printed IR, their stderr lines), anything else in
/// hex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireFile {
    /// Relative to the scratch directory.
    pub name: String,
    #[serde(flatten)]
    pub contents: Contents,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Contents {
    Text(String),
    Hex(String),
}

impl WireFile {
    fn new(name: &str, bytes: Vec<u8>) -> WireFile {
        let contents = match String::from_utf8(bytes) {
            Ok(text) => Contents::Text(text),
            Err(e) => Contents::Hex(hex(e.as_bytes())),
        };
        WireFile {
            name: name.to_string(),
            contents,
        }
    }

    fn bytes(&self) -> Result<Vec<u8>> {
        match &self.contents {
            Contents::Text(text) => Ok(text.clone().into_bytes()),
            Contents::Hex(text) => {
                unhex(text).with_context(|| format!("file '{}' came back garbled", self.name))
            }
        }
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if text.len() % 2 != 0 {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

/// `name` as a path inside a scratch directory: relative, with no `..`;
/// anything else is refused, whichever side it came from.
fn inside(scratch: &Path, name: &str) -> Result<PathBuf> {
    let path = Path::new(name);
    if name.is_empty() || !path.components().all(|c| matches!(c, Component::Normal(_))) {
        bail!("'{name}' is not a file name inside the test's scratch directory");
    }
    Ok(scratch.join(path))
}

/// The files `fetch` names that the test of `candidate` left in `scratch`
/// (those it did not write are not sent), at most [`FILES_LIMIT`] bytes of
/// them.
pub fn collect_files(scratch: &Path, candidate: &Path, fetch: &Fetch) -> Result<Vec<WireFile>> {
    let here = candidate.display().to_string();
    let mut files = Vec::new();
    let mut size = 0;
    for name in &fetch.names {
        let path = inside(scratch, name)?;
        let bytes = match std::fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => return Err(e).with_context(|| format!("cannot read '{}'", path.display())),
        };
        let len = bytes.len();
        let mut file = WireFile::new(name, bytes);
        if let Contents::Text(text) = &mut file.contents {
            *text = text.replace(&here, &fetch.candidate);
        }
        size += serde_json::to_string(&file)?.len();
        if size > FILES_LIMIT {
            bail!(
                "the test's file '{name}' ({len} bytes) is too large to bring back from the node (at most {} MiB of files per test)",
                FILES_LIMIT >> 20
            );
        }
        files.push(file);
    }
    Ok(files)
}

/// Write the files that came back into `scratch`, the local scratch
/// directory of the test, where they would be had it run here.
pub fn write_files(scratch: &Path, files: &[WireFile]) -> Result<()> {
    for file in files {
        let path = inside(scratch, &file.name)?;
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create '{}'", dir.display()))?;
        }
        std::fs::write(&path, file.bytes()?)
            .with_context(|| format!("cannot write '{}'", path.display()))?;
    }
    Ok(())
}

/// What the runner answers: an outcome, or why the test could not be run
/// on the node (a missing program: the same error the local executor
/// gives).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    Outcome(Box<WireOutcome>),
    Error(String),
}

/// The trailer line for `answer` (no newline).
pub fn trailer_line(nonce: &str, answer: &Answer) -> String {
    let json = serde_json::to_string(answer).expect("an answer serializes");
    format!("{TRAILER_MARK} {nonce} {json}")
}

/// The step line (no newline).
pub fn step_line(nonce: &str, step: &str, node: &str) -> String {
    format!("{STEP_MARK} {nonce} {step} {node}")
}

/// Which step ran the test, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// `JOB.STEP` (a job of its own outside an allocation: `JOB.0`).
    pub id: String,
    pub node: String,
}

/// The trailer as found on the runner's stdout.
#[derive(Clone, Debug, PartialEq)]
pub enum Trailer {
    /// No trailer line at all.
    Missing,
    /// A trailer for another test.
    WrongNonce(String),
    /// A trailer line that does not parse; why.
    Malformed(String),
    Found(Answer),
}

/// The step line of `stdout` for `nonce`, if there is one.
pub fn parse_step(line: &str, nonce: &str) -> Option<Step> {
    let mut words = line.trim_end().split(' ');
    if words.next()? != STEP_MARK || words.next()? != nonce {
        return None;
    }
    let id = words.next()?.to_string();
    let node = words.next()?.to_string();
    Some(Step { id, node })
}

/// The step line and the trailer in the runner's stdout. Only the last
/// trailer line counts (the runner writes one, last).
pub fn parse_stdout(stdout: &str, nonce: &str) -> (Option<Step>, Trailer) {
    let step = stdout.lines().find_map(|l| parse_step(l, nonce));
    let Some(line) = stdout.lines().rev().find(|l| l.starts_with(TRAILER_MARK)) else {
        return (step, Trailer::Missing);
    };
    let rest = &line[TRAILER_MARK.len()..];
    let Some(rest) = rest.strip_prefix(' ') else {
        return (step, Trailer::Malformed("no nonce".into()));
    };
    let (got, json) = rest.split_once(' ').unwrap_or((rest, ""));
    if got != nonce {
        return (step, Trailer::WrongNonce(got.to_string()));
    }
    let trailer = match serde_json::from_str::<Answer>(json) {
        Ok(answer) => Trailer::Found(answer),
        Err(e) => Trailer::Malformed(e.to_string()),
    };
    (step, trailer)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome() -> Outcome {
        Outcome {
            verdict: Verdict::NotInteresting,
            status: "exit status 1".into(),
            stdout: Captured::default(),
            stderr: Captured {
                head: "error: x\n".into(),
                tail: String::new(),
                truncated: false,
                digest: Some(blake3::hash(b"error: x\n")),
                len: 9,
            },
            timed_out: false,
            cancelled: false,
            elapsed: Duration::from_millis(1500),
        }
    }

    #[test]
    fn an_outcome_survives_the_trip() {
        let line = trailer_line("n1", &Answer::Outcome(Box::new((&outcome()).into())));
        let stdout = format!("{}\nnoise\n{line}\n", step_line("n1", "12.3", "node7"));
        let (step, trailer) = parse_stdout(&stdout, "n1");
        assert_eq!(
            step,
            Some(Step {
                id: "12.3".into(),
                node: "node7".into()
            })
        );
        let Trailer::Found(Answer::Outcome(wire)) = trailer else {
            panic!("{trailer:?}");
        };
        let back = wire.outcome().unwrap();
        let o = outcome();
        assert_eq!(back.verdict, o.verdict);
        assert_eq!(back.status, o.status);
        assert_eq!(back.stderr, o.stderr);
        assert_eq!(back.elapsed, o.elapsed);
    }

    #[test]
    fn a_missing_trailer_is_missing() {
        let stdout = step_line("n1", "1.0", "a");
        assert_eq!(parse_stdout(&stdout, "n1").1, Trailer::Missing);
        assert_eq!(parse_stdout("", "n1"), (None, Trailer::Missing));
    }

    #[test]
    fn another_tests_trailer_is_not_this_ones() {
        let line = trailer_line("other", &Answer::Error("x".into()));
        assert_eq!(
            parse_stdout(&line, "n1").1,
            Trailer::WrongNonce("other".into())
        );
        // Nor is another test's step line.
        assert_eq!(parse_stdout(&step_line("other", "1.0", "a"), "n1").0, None);
    }

    #[test]
    fn a_cut_or_garbled_trailer_is_malformed() {
        let line = trailer_line("n1", &Answer::Outcome(Box::new((&outcome()).into())));
        let cut = &line[..line.len() - 10];
        assert!(matches!(parse_stdout(cut, "n1").1, Trailer::Malformed(_)));
        assert!(matches!(
            parse_stdout("whittle-trailer", "n1").1,
            Trailer::Malformed(_)
        ));
        let bad_verdict = "whittle-trailer n1 {\"outcome\":{\"verdict\":\"maybe\",\"status\":\"\",\"timed_out\":false,\"cancelled\":false,\"elapsed_s\":0.0,\"stdout\":{\"head\":\"\",\"tail\":\"\",\"truncated\":false,\"digest\":null,\"len\":0},\"stderr\":{\"head\":\"\",\"tail\":\"\",\"truncated\":false,\"digest\":null,\"len\":0}}}";
        let Trailer::Found(Answer::Outcome(wire)) = parse_stdout(bad_verdict, "n1").1 else {
            panic!("parses as JSON");
        };
        assert!(wire.outcome().is_err());
    }

    #[test]
    fn requests_carry_exactly_their_bytes() {
        let header = Header {
            version: VERSION,
            nonce: "n1".into(),
            oracle: Portable::Output {
                command: Default::default(),
                shown: String::new(),
                has_no_match: false,
            },
            control: None,
            fetch: None,
            env: EnvSpec::default(),
            candidate_name: "candidate.ll".into(),
            candidate_len: 5,
            launch_dir: "/tmp".into(),
        };
        let bytes = encode_request(&header, b"a\nb\0c").unwrap();
        let (back, candidate) = decode_request(&bytes[..]).unwrap();
        assert_eq!(back.nonce, "n1");
        assert!(back.control.is_none() && back.env.divert_stderr.is_none());
        assert_eq!(candidate, b"a\nb\0c");
        // A request cut short is refused, not judged.
        let err = decode_request(&bytes[..bytes.len() - 1]).unwrap_err();
        assert!(err.to_string().contains("4 of its 5 bytes"), "{err}");
        // A bisection's probe: its diverted lines' pattern and the files
        // to bring back go to the node; a reduction's control too.
        let mut probe = header.clone();
        probe.env.divert_stderr = Some(regex::Regex::new("^BISECT: ").unwrap());
        probe.control = Some(header.oracle.clone());
        probe.fetch = Some(Fetch {
            names: vec!["culprit-input".into()],
            candidate: "/work/in.ll".into(),
        });
        let (back, _) = decode_request(&encode_request(&probe, b"a\nb\0c").unwrap()[..]).unwrap();
        assert_eq!(back.env.divert_stderr.unwrap().as_str(), "^BISECT: ");
        assert!(matches!(back.control, Some(Portable::Output { .. })));
        assert_eq!(back.fetch.unwrap().names, ["culprit-input"]);
        let mut other = header.clone();
        other.version = VERSION + 1;
        let bytes = encode_request(&other, b"a\nb\0c").unwrap();
        assert!(decode_request(&bytes[..]).is_err());
    }

    fn fetch(names: &[&str]) -> Fetch {
        Fetch {
            names: names.iter().map(|n| n.to_string()).collect(),
            candidate: "/work/input.ll".into(),
        }
    }

    #[test]
    fn files_come_back_as_they_were_left() {
        let node = tempfile::tempdir().unwrap();
        std::fs::write(node.path().join("whittle-diverted-stderr"), "BISECT: x\n").unwrap();
        std::fs::create_dir(node.path().join("sub")).unwrap();
        let binary = [0u8, 0xff, b'B', b'C', 0xc0];
        std::fs::write(node.path().join("sub/out.bc"), binary).unwrap();
        let copy = node.path().join("input.ll");
        let printed = format!("; ModuleID = '{}'\n", copy.display());
        std::fs::write(node.path().join("culprit-input"), printed).unwrap();
        let fetch = fetch(&[
            "whittle-diverted-stderr",
            "sub/out.bc",
            "culprit-input",
            "never-written",
        ]);
        let files = collect_files(node.path(), &copy, &fetch).unwrap();
        assert_eq!(files.len(), 3, "a file the test did not write is not sent");
        assert!(matches!(files[1].contents, Contents::Hex(_)));
        // Through the trailer.
        let mut wire: WireOutcome = (&outcome()).into();
        wire.files = files;
        let line = trailer_line("n1", &Answer::Outcome(Box::new(wire)));
        let Trailer::Found(Answer::Outcome(back)) = parse_stdout(&line, "n1").1 else {
            panic!("{line}");
        };
        let here = tempfile::tempdir().unwrap();
        write_files(here.path(), &back.files).unwrap();
        assert_eq!(
            std::fs::read_to_string(here.path().join("whittle-diverted-stderr")).unwrap(),
            "BISECT: x\n"
        );
        assert_eq!(
            std::fs::read(here.path().join("sub/out.bc")).unwrap(),
            binary
        );
        // The tool named the candidate by its path here, not the node's copy.
        assert_eq!(
            std::fs::read_to_string(here.path().join("culprit-input")).unwrap(),
            "; ModuleID = '/work/input.ll'\n"
        );
        assert!(!here.path().join("never-written").exists());
    }

    #[test]
    fn files_stay_inside_the_scratch_directory() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["../escape", "/etc/passwd", "a/../../b", "", "./x"] {
            let asked = collect_files(dir.path(), Path::new("c.ll"), &fetch(&[name]));
            assert!(asked.is_err(), "{name}");
            let sent = [WireFile::new(name, b"x".to_vec())];
            assert!(write_files(dir.path(), &sent).is_err(), "{name}");
        }
        let garbled = WireFile {
            name: "f".into(),
            contents: Contents::Hex("0g".into()),
        };
        assert!(write_files(dir.path(), &[garbled]).is_err());
    }

    #[test]
    fn files_past_the_limit_are_refused_not_cut() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("small"), "x").unwrap();
        std::fs::write(dir.path().join("big"), vec![b'a'; FILES_LIMIT]).unwrap();
        let both = fetch(&["small", "big"]);
        let c = Path::new("c.ll");
        let err = collect_files(dir.path(), c, &both).unwrap_err().to_string();
        assert!(err.contains("'big'") && err.contains("too large"), "{err}");
        std::fs::write(dir.path().join("big"), vec![b'a'; FILES_LIMIT - 100]).unwrap();
        assert_eq!(collect_files(dir.path(), c, &both).unwrap().len(), 2);
    }
}
