//! The lit oracle (`--lit TEST`): the test's own RUN lines are the
//! interestingness test. A candidate is interesting when the RUN lines,
//! with the candidate as `%s`, fail at the same line and the same way as
//! they do on the original test (the same crash signature, or the same exit
//! statuses of the failing pipeline's commands).
//!
//! RUN lines run one by one under `bash -o pipefail` (lit's default shell
//! semantics) in the worker's scratch directory, with whittle's LLVM's tools first
//! on PATH and lit's substitutions: `%s` (the candidate; the original test
//! in a FileCheck command, which reads its CHECK lines from it), `%S` and
//! `%p` (the test's directory), `%t` (a scratch file), `%T` (the scratch
//! directory), `%%`.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use std::sync::Arc;

use anyhow::{bail, Context as _, Result};
use regex::Regex;
use serde::{Deserialize, Serialize};
use whittle_reducer::{Cancel, Oracle, Outcome, Verdict};

use super::command::llvm_bin_dir;
use super::env::TestEnv;
use super::process::{Ended, ProcessOutcome, TestCommand};
use super::signature::{Mode, Signature};

/// A lit test's RUN lines and the comment lines that make it a test.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct LitTest {
    pub path: PathBuf,
    /// RUN lines, continuations joined, substitutions not yet applied.
    pub run_lines: Vec<String>,
    /// The lines a reduced copy of the test must keep: RUN lines, lit
    /// directives (REQUIRES, UNSUPPORTED, XFAIL) and FileCheck directives of
    /// the prefixes the RUN lines use.
    pub directives: Vec<String>,
}

static CHECK_PREFIXES: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"--?check-prefix(?:es)?[= ]([A-Za-z0-9_,-]+)").unwrap());

impl LitTest {
    pub fn read(path: &Path) -> Result<LitTest> {
        let text = fs::read_to_string(path)
            .with_context(|| format!("cannot read '{}'", path.display()))?;
        let mut run_lines = Vec::new();
        let mut pending: Option<String> = None;
        for line in text.lines() {
            let Some(at) = line.find("RUN:") else {
                continue;
            };
            let body = line[at + 4..].trim();
            let joined = match pending.take() {
                Some(mut p) => {
                    p.push(' ');
                    p.push_str(body);
                    p
                }
                None => body.to_string(),
            };
            match joined.strip_suffix('\\') {
                Some(rest) => pending = Some(rest.trim_end().to_string()),
                None => run_lines.push(joined),
            }
        }
        if let Some(p) = pending {
            run_lines.push(p);
        }
        if run_lines.is_empty() {
            bail!("'{}' has no RUN lines", path.display());
        }
        let mut prefixes: Vec<String> = vec!["CHECK".into()];
        for line in &run_lines {
            for c in CHECK_PREFIXES.captures_iter(line) {
                prefixes.extend(c[1].split(',').map(String::from));
            }
        }
        let directive = Regex::new(&format!(
            r"\b(RUN|REQUIRES|UNSUPPORTED|XFAIL|ALLOW_RETRIES|{})(-NEXT|-SAME|-NOT|-DAG|-LABEL|-EMPTY|-COUNT-\d+)?:",
            prefixes
                .iter()
                .map(|p| regex::escape(p))
                .collect::<Vec<_>>()
                .join("|")
        ))?;
        let directives = text
            .lines()
            .filter(|l| {
                let t = l.trim_start();
                (t.starts_with(';') || t.starts_with('#') || t.starts_with("//"))
                    && directive.is_match(t)
            })
            .map(String::from)
            .collect();
        Ok(LitTest {
            path: std::path::absolute(path)?,
            run_lines,
            directives,
        })
    }

    /// The test with other RUN lines: its directives keep their comment
    /// leader and place, the new RUN lines standing where the first of the
    /// old ones stood.
    pub fn with_run_lines(mut self, lines: Vec<String>) -> LitTest {
        let is_run = |d: &String| d.contains("RUN:");
        let at = self.directives.iter().position(is_run).unwrap_or(0);
        let leader = self
            .directives
            .get(at)
            .and_then(|d| d.find("RUN:").map(|i| d[..i].to_string()))
            .unwrap_or_else(|| "; ".to_string());
        let mut directives: Vec<String> = self.directives[..at]
            .iter()
            .filter(|d| !is_run(d))
            .cloned()
            .collect();
        directives.extend(lines.iter().map(|l| format!("{leader}RUN: {l}")));
        directives.extend(self.directives[at..].iter().filter(|d| !is_run(d)).cloned());
        self.directives = directives;
        self.run_lines = lines;
        self
    }

    /// The RUN line `line` with lit's substitutions for `candidate`.
    pub fn substitute(&self, line: &str, candidate: &Path, scratch: &Path) -> String {
        let dir = self
            .path
            .parent()
            .unwrap_or(Path::new("."))
            .display()
            .to_string();
        let original = self.path.display().to_string();
        let candidate = candidate.display().to_string();
        let temp = scratch.join("t").display().to_string();
        let scratch = scratch.display().to_string();
        split_commands(line)
            .into_iter()
            .map(|(segment, separator)| {
                let source = if is_filecheck(&segment) {
                    &original
                } else {
                    &candidate
                };
                let mut out = String::new();
                let mut chars = segment.chars().peekable();
                while let Some(c) = chars.next() {
                    if c != '%' {
                        out.push(c);
                        continue;
                    }
                    match chars.peek().copied() {
                        Some('%') => out.push('%'),
                        Some('s') => out.push_str(source),
                        Some('S') | Some('p') => out.push_str(&dir),
                        Some('t') => out.push_str(&temp),
                        Some('T') => out.push_str(&scratch),
                        _ => {
                            out.push('%');
                            continue;
                        }
                    }
                    chars.next();
                }
                // A crashing tool deletes its output file; as root that could
                // be /dev/null itself.
                out = super::dev_null::redirect_line(&out, &format!("{temp}.devnull"));
                out + &separator
            })
            .collect()
    }
}

/// Split a shell line at `|`, `&&`, `||` and `;` outside quotes, keeping the
/// separators.
pub(crate) fn split_commands(line: &str) -> Vec<(String, String)> {
    let mut parts = Vec::new();
    let mut current = String::new();
    let mut quote: Option<char> = None;
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '\'' || c == '"' => quote = Some(c),
            None if c == '|' || c == ';' || (c == '&' && chars.get(i + 1) == Some(&'&')) => {
                let double = chars.get(i + 1) == Some(&c);
                let sep: String = if double {
                    format!("{c}{c}")
                } else {
                    c.to_string()
                };
                parts.push((std::mem::take(&mut current), sep.clone()));
                i += sep.len();
                continue;
            }
            None => {}
        }
        current.push(c);
        i += 1;
    }
    parts.push((current, String::new()));
    parts
}

/// Whether a command runs FileCheck (after `not`, env assignments).
fn is_filecheck(segment: &str) -> bool {
    let words = shell_words::split(segment).unwrap_or_default();
    words
        .iter()
        .find(|w| *w != "not" && !w.starts_with("--") && !w.contains('='))
        .is_some_and(|w| Path::new(w).file_name().is_some_and(|n| n == "FileCheck"))
}

/// How a RUN line failed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Failure {
    /// Index of the first failing RUN line.
    pub line: usize,
    /// Its crash signature, when a tool crashed.
    pub crash: Option<Signature>,
    /// The exit statuses of the failing pipeline's commands.
    pub statuses: String,
    /// For a failure without a crash: the first diagnostic with a location
    /// (FileCheck's `file:line:col: error: ...`, which says which check
    /// failed), the candidate's path masked.
    pub detail: Option<String>,
    pub ended: Ended,
}

const STATUS_MARK: &str = "whittle-pipestatus:";

static LOCATED_ERROR: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(\S+):(\d+):(\d+): error: (.*)$").unwrap());

/// The first `file:line:col: error: message` in `stderr` (a FileCheck
/// failure names the check file, which is always the original test, and
/// the failing directive's line), a candidate's path masked.
fn located_error(stderr: &str, candidate: &Path, original: &Path) -> Option<String> {
    let candidate = candidate.to_string_lossy();
    let masked = candidate != original.to_string_lossy();
    stderr
        .lines()
        .find_map(|l| LOCATED_ERROR.captures(l.trim()))
        .map(|c| {
            let file = if masked && c[1] == *candidate {
                "<input>"
            } else {
                &c[1]
            };
            format!("{file}:{}:{}: error: {}", &c[2], &c[3], &c[4])
        })
}

/// Run the RUN lines on `candidate` until one fails.
fn run_test(
    test: &LitTest,
    candidate: &Path,
    env: &TestEnv,
    scratch: &Path,
    cancel: &Cancel,
) -> Result<(Option<Failure>, Option<ProcessOutcome>)> {
    let path = std::env::var("PATH").unwrap_or_default();
    let path = format!("{}:{path}", llvm_bin_dir().display());
    let mut last = None;
    for (i, line) in test.run_lines.iter().enumerate() {
        let script = format!(
            "{}\n__s=(\"${{PIPESTATUS[@]}}\"); echo >&2; echo \"{STATUS_MARK} ${{__s[*]}}\" >&2\nfor __x in \"${{__s[@]}}\"; do [ \"$__x\" -ne 0 ] && exit \"$__x\"; done; exit 0",
            test.substitute(line, candidate, scratch)
        );
        let command = TestCommand {
            program: "bash".into(),
            // The line is substituted already; the candidate, appended, is
            // only the script's $0.
            args: vec!["-o".into(), "pipefail".into(), "-c".into(), script],
            env: vec![("PATH".into(), path.clone())],
            ..Default::default()
        };
        let out = env.run(&command, candidate, scratch, cancel)?;
        if matches!(out.ended, Ended::Cancelled | Ended::TimedOut) {
            return Ok((None, Some(out)));
        }
        if out.ended != Ended::Exited(0) {
            let stderr = out.stderr.text();
            let statuses = stderr
                .lines()
                .rev()
                .find_map(|l| l.strip_prefix(STATUS_MARK))
                .unwrap_or("")
                .trim()
                .to_string();
            // The shell reports a command killed by signal N as status 128+N.
            let first_failure = statuses
                .split_whitespace()
                .filter_map(|x| x.parse::<i32>().ok())
                .find(|&x| x != 0);
            let ended_as = match first_failure {
                Some(x) if x > 128 => Ended::Signaled(x - 128),
                Some(x) => Ended::Exited(x),
                None => out.ended,
            };
            let crash = Signature::of(ended_as, &stderr, &candidate.to_string_lossy());
            let detail = if crash.is_none() {
                located_error(&stderr, candidate, &test.path)
            } else {
                None
            };
            let failure = Failure {
                line: i,
                crash,
                statuses,
                detail,
                ended: out.ended,
            };
            return Ok((Some(failure), Some(out)));
        }
        last = Some(out);
    }
    Ok((None, last))
}

/// Run `test`'s RUN lines on the test itself; the index of the first that
/// fails, if one does.
pub fn first_failing_line(test: &LitTest, env: &TestEnv) -> Result<Option<usize>> {
    let scratch = env.private_dir("lit")?;
    let (failure, _) = run_test(test, &test.path, env, &scratch, &Cancel::new())?;
    Ok(failure.map(|f| f.line))
}

pub struct LitOracle {
    env: Arc<TestEnv>,
    test: LitTest,
    expected: Failure,
    mode: Mode,
}

impl LitOracle {
    /// Run the test on `candidate` (the test itself, for a reduction of the
    /// test) and record how it fails. A test that passes is an error: there
    /// is nothing to reduce.
    pub fn record(
        test: LitTest,
        candidate: &Path,
        env: Arc<TestEnv>,
        mode: Mode,
    ) -> Result<LitOracle> {
        let scratch = env.private_dir("record")?;
        let candidate = &std::path::absolute(candidate)?;
        let (failure, _) = run_test(&test, candidate, &env, &scratch, &Cancel::new())?;
        let Some(expected) = failure else {
            bail!(
                "'{}' passes: every RUN line succeeded, so there is no failure to reduce",
                test.path.display()
            );
        };
        Ok(LitOracle {
            env,
            test,
            expected,
            mode,
        })
    }

    /// An oracle for `test` (other RUN lines) that looks for the failure
    /// this one recorded, at RUN line `line` of `test`.
    pub fn with_test(&self, test: LitTest, line: usize, env: Arc<TestEnv>) -> LitOracle {
        LitOracle {
            env,
            test,
            expected: Failure {
                line,
                ..self.expected.clone()
            },
            mode: self.mode,
        }
    }

    pub fn failure(&self) -> &Failure {
        &self.expected
    }

    pub fn test(&self) -> &LitTest {
        &self.test
    }

    /// The oracle as it travels to a cluster node: the RUN lines and how
    /// the test failed here (the node does not run it on itself again).
    pub(super) fn portable(&self) -> super::Portable {
        super::Portable::Lit {
            test: self.test.clone(),
            expected: self.expected.clone(),
            mode: self.mode,
        }
    }

    /// The oracle [`LitOracle::portable`] describes, in `env`.
    pub(super) fn from_portable(
        test: LitTest,
        expected: Failure,
        mode: Mode,
        env: Arc<TestEnv>,
    ) -> Self {
        LitOracle {
            env,
            test,
            expected,
            mode,
        }
    }

    /// "RUN line 2 (`opt ... | FileCheck %s`) crashes: <signature>".
    pub fn describe(&self) -> String {
        let e = &self.expected;
        let how = match (&e.crash, &e.detail) {
            (Some(sig), _) => format!("crashes: {}", sig.describe(self.mode)),
            (None, Some(detail)) => format!("fails with exit statuses [{}]: {detail}", e.statuses),
            (None, None) => format!("fails with exit statuses [{}]", e.statuses),
        };
        format!(
            "RUN line {} ({}) {how}",
            e.line + 1,
            self.test.run_lines[e.line]
        )
    }
}

impl Oracle for LitOracle {
    fn judge(&self, candidate: &Path, scratch: &Path, cancel: &Cancel) -> Result<Outcome> {
        let (failure, out) = run_test(&self.test, candidate, &self.env, scratch, cancel)?;
        let same = failure.as_ref().is_some_and(|f| {
            f.line == self.expected.line
                && match (&self.expected.crash, &f.crash) {
                    (Some(want), Some(got)) => want.matches(got, self.mode),
                    (None, None) => {
                        f.statuses == self.expected.statuses && f.detail == self.expected.detail
                    }
                    _ => false,
                }
        });
        let out = out.unwrap_or(ProcessOutcome {
            ended: Ended::Exited(0),
            stdout: Default::default(),
            stderr: Default::default(),
            watched: vec![],
            elapsed: Default::default(),
        });
        Ok(out.into_outcome(Verdict::from_interesting(same)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn test_file(text: &str) -> (tempfile::TempDir, LitTest) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.ll");
        fs::write(&path, text).unwrap();
        let t = LitTest::read(&path).unwrap();
        (dir, t)
    }

    #[test]
    fn run_lines_join_continuations_and_keep_directives() {
        let (_d, t) = test_file(
            "; RUN: opt -S %s \\\n; RUN:   | FileCheck %s --check-prefix=FOO\n; RUN: llc %s -o /dev/null\n; FOO-LABEL: @f\n; CHECK-NOT: bar\n; unrelated: comment\ndefine void @f() {\n  ret void\n}\n",
        );
        assert_eq!(
            t.run_lines,
            [
                "opt -S %s | FileCheck %s --check-prefix=FOO",
                "llc %s -o /dev/null"
            ]
        );
        assert_eq!(t.directives.len(), 5, "{:?}", t.directives);
        assert!(!t.directives.iter().any(|d| d.contains("unrelated")));
    }

    #[test]
    fn percent_s_is_the_original_for_filecheck_and_the_candidate_elsewhere() {
        let (_d, t) = test_file("; RUN: not opt -S %s 2>&1 | not FileCheck %s && echo 100%%\n");
        let line = t.substitute(&t.run_lines[0], Path::new("/w/cand.ll"), Path::new("/w"));
        let original = t.path.display().to_string();
        assert_eq!(
            line,
            format!("not opt -S /w/cand.ll 2>&1 | not FileCheck {original} && echo 100%")
        );
    }

    #[test]
    fn dev_null_outputs_go_to_scratch() {
        let (_d, t) = test_file("; RUN: not --crash llc %s -o /dev/null\n");
        let line = t.substitute(&t.run_lines[0], Path::new("/w/c.ll"), Path::new("/w"));
        assert_eq!(line, "not --crash llc /w/c.ll -o /w/t.devnull");
    }

    #[test]
    fn a_test_without_run_lines_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.ll");
        fs::write(&path, "define void @f() {\n  ret void\n}\n").unwrap();
        assert!(LitTest::read(&path)
            .unwrap_err()
            .to_string()
            .contains("has no RUN lines"));
    }
}
