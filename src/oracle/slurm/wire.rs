//! What crosses between whittle and its runner on a node: the request on
//! the runner's stdin (one JSON header line, then the candidate's bytes)
//! and two lines on its stdout: the step line (which job step it is and on
//! which node, said first so that a hung step can be cancelled) and the
//! trailer (the outcome), both tagged with the test's nonce so that output
//! from anything else, or from another test, is never taken for a verdict.

use std::io::BufRead;
use std::path::PathBuf;
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
pub const VERSION: u32 = 1;

/// The first line of a request.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Header {
    pub version: u32,
    /// Unique per attempt.
    pub nonce: String,
    pub oracle: Portable,
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
            env: EnvSpec::default(),
            candidate_name: "candidate.ll".into(),
            candidate_len: 5,
            launch_dir: "/tmp".into(),
        };
        let bytes = encode_request(&header, b"a\nb\0c").unwrap();
        let (back, candidate) = decode_request(&bytes[..]).unwrap();
        assert_eq!(back.nonce, "n1");
        assert_eq!(candidate, b"a\nb\0c");
        // A request cut short is refused, not judged.
        let err = decode_request(&bytes[..bytes.len() - 1]).unwrap_err();
        assert!(err.to_string().contains("4 of its 5 bytes"), "{err}");
        let mut other = header.clone();
        other.version = VERSION + 1;
        let bytes = encode_request(&other, b"a\nb\0c").unwrap();
        assert!(decode_request(&bytes[..]).is_err());
    }
}
