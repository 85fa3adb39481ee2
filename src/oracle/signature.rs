//! Crash signatures: how a failing compiler ended, the message it died with
//! (`LLVM ERROR:`, a failed assertion, `UNREACHABLE executed`), and the top
//! frames of its stack dump. Two failures are "the same crash" when their
//! signatures agree under a [`Mode`]; that keeps a reduction from sliding
//! into a different bug.

use std::fmt;
use std::sync::LazyLock;

use regex::Regex;
use serde::{Deserialize, Serialize};

use super::process::Ended;

/// How a crashing process ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ending {
    Signal(i32),
    /// A non-zero exit with a crash message (LLVM's `report_fatal_error`
    /// exits with status 1 when it does not abort).
    Exit(i32),
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Signal(s) => write!(f, "{}", Ended::Signaled(*s).describe()),
            Ending::Exit(c) => write!(f, "exit status {c}"),
        }
    }
}

/// What identifies a crash.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Signature {
    pub ending: Ending,
    /// The crash message, normalized (addresses, DAG node and value numbers,
    /// the candidate's path masked).
    pub message: Option<String>,
    /// The crash message as printed (for writing CHECK lines).
    pub raw_message: Option<String>,
    /// Function names of the top stack frames, below the signal and abort
    /// plumbing, innermost first.
    pub frames: Vec<String>,
}

/// Which parts of a signature must agree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    /// The message if the original crash had one, else the top 3 frames, else
    /// just how it ended.
    Auto,
    /// How it ended and the message.
    Message,
    /// How it ended and the top N frames.
    Frames(usize),
    /// Any crash.
    Any,
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mode::Auto => write!(f, "auto"),
            Mode::Message => write!(f, "message"),
            Mode::Frames(n) => write!(f, "frames:{n}"),
            Mode::Any => write!(f, "any"),
        }
    }
}

impl Mode {
    /// Parse `auto`, `message`, `frames:N` or `any`.
    pub fn parse(text: &str) -> Result<Mode, String> {
        match text {
            "auto" => Ok(Mode::Auto),
            "message" => Ok(Mode::Message),
            "any" => Ok(Mode::Any),
            _ => match text.strip_prefix("frames:").map(str::parse::<usize>) {
                Some(Ok(n)) if n > 0 => Ok(Mode::Frames(n)),
                _ => Err(format!(
                    "'{text}' is not a signature mode (auto, message, frames:N with N > 0, any)"
                )),
            },
        }
    }
}

/// Frames of the crash-reporting machinery itself, never part of a
/// signature.
const PLUMBING: &[&str] = &[
    "llvm::sys::PrintStackTrace",
    "llvm::sys::RunSignalHandlers",
    "SignalHandler",
    "llvm::sys::RunInterruptHandlers",
    "gsignal",
    "raise",
    "abort",
    "__assert_fail",
    "__assert_fail_base",
    "llvm::report_fatal_error",
    "llvm::llvm_unreachable_internal",
    "llvm::CrashRecoveryContext",
    "__libc_start",
    "_start",
    "pthread_kill",
];

static STACK_FRAME: LazyLock<Regex> = LazyLock::new(|| {
    // `4  libLLVM.so.22.1 0x00007f49ca82d849 llvm::Foo::bar(int) + 457` (dladdr)
    // `#4 0x00007f49ca82d849 llvm::Foo::bar(int) /src/Foo.cpp:12:3` (symbolized)
    Regex::new(r"^\s*#?\d+\s+(?:\S+\s+)?0x[0-9a-fA-F]+\s+(.*?)\s*$").unwrap()
});
/// A FileCheck pattern for a crash message as printed on `input`: literal
/// text with what [`normalize`] masks turned into regular expressions.
pub fn filecheck_pattern(raw_message: &str, input: &str) -> String {
    let masks: [(&Regex, &str); 3] = [
        (&HEX, "0x{{[0-9a-fA-F]+}}"),
        (&DAG_NODE, "t{{[0-9]+}}"),
        (&VALUE_NUMBER, "%{{[0-9]+}}"),
    ];
    // Cut the message into literal pieces and masked pieces, left to right.
    let mut out = String::new();
    let mut rest = raw_message.trim();
    loop {
        let next = masks
            .iter()
            .filter_map(|(re, pattern)| re.find(rest).map(|m| (m.start(), m.end(), *pattern)))
            .chain(
                (!input.is_empty())
                    .then(|| rest.find(input).map(|at| (at, at + input.len(), "{{.*}}")))
                    .flatten(),
            )
            .min_by_key(|&(start, _, _)| start);
        match next {
            Some((start, end, pattern)) => {
                out.push_str(&escape_filecheck(&rest[..start]));
                out.push_str(pattern);
                rest = &rest[end..];
            }
            None => {
                out.push_str(&escape_filecheck(rest));
                return out;
            }
        }
    }
}

/// Literal text FileCheck would misread (`{{`, `[[`) as regular expressions.
pub fn escape_filecheck(text: &str) -> String {
    text.replace("{{", "{{[{][{]}}").replace("[[", "{{[[][[]}}")
}

static HEX: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"0x[0-9a-fA-F]+").unwrap());
static DAG_NODE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\bt\d+\b").unwrap());
static VALUE_NUMBER: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"%\d+\b").unwrap());

impl Signature {
    /// The signature of a run, or None when it did not crash. `candidate` is
    /// the path of the file the tool read (masked in messages).
    pub fn of(ended: Ended, stderr: &str, candidate: &str) -> Option<Signature> {
        let raw_message = crash_message(stderr);
        let message = raw_message.as_deref().map(|m| normalize(m, candidate));
        let ending = match ended {
            Ended::Signaled(sig) => Ending::Signal(sig),
            Ended::Exited(code)
                if code != 0 && (message.is_some() || stderr.contains("Stack dump:")) =>
            {
                Ending::Exit(code)
            }
            _ => return None,
        };
        Some(Signature {
            ending,
            message,
            raw_message,
            frames: stack_frames(stderr),
        })
    }

    /// Whether `other` is the same crash as `self` (the original) under
    /// `mode`.
    pub fn matches(&self, other: &Signature, mode: Mode) -> bool {
        match self.effective(mode) {
            Mode::Any => true,
            Mode::Message => self.ending == other.ending && self.message == other.message,
            Mode::Frames(n) => {
                let n = n.min(self.frames.len());
                self.ending == other.ending
                    && other.frames.len() >= n
                    && self.frames[..n] == other.frames[..n]
            }
            Mode::Auto => unreachable!("effective() resolves Auto"),
        }
    }

    /// What `mode` means for this signature.
    pub fn effective(&self, mode: Mode) -> Mode {
        match mode {
            Mode::Auto if self.message.is_some() => Mode::Message,
            Mode::Auto if !self.frames.is_empty() => Mode::Frames(3),
            Mode::Auto => Mode::Message,
            m => m,
        }
    }

    /// A one-paragraph description of what a candidate must reproduce.
    pub fn describe(&self, mode: Mode) -> String {
        match self.effective(mode) {
            Mode::Any => format!("any crash (the input: {})", self.ending),
            Mode::Message => match &self.message {
                Some(m) => format!("{}, message \"{m}\"", self.ending),
                None => format!("{}, no message", self.ending),
            },
            Mode::Frames(n) => {
                let n = n.min(self.frames.len());
                format!(
                    "{}, top frames: {}",
                    self.ending,
                    self.frames[..n].join(" <- ")
                )
            }
            Mode::Auto => unreachable!("effective() resolves Auto"),
        }
    }
}

/// The first crash message in `stderr`.
fn crash_message(stderr: &str) -> Option<String> {
    let lines: Vec<&str> = stderr.lines().collect();
    let found = lines.iter().enumerate().find_map(|(i, line)| {
        if let Some(at) = line.find("LLVM ERROR:") {
            Some(line[at..].to_string())
        } else if let Some(at) = line.find("error in backend:") {
            // clang's words for LLVM's fatal error (`fatal error: error in
            // backend: ...`, exit status 70 from -cc1).
            Some(line[at..].to_string())
        } else if let Some(at) = line.find("Assertion `") {
            Some(line[at..].to_string())
        } else if line.contains("UNREACHABLE executed") {
            // The message is the line before: "<reason>\nUNREACHABLE executed at ...".
            let reason = if i > 0 { lines[i - 1].trim() } else { "" };
            let at = line.find("UNREACHABLE").unwrap_or(0);
            Some(format!("{reason} {}", &line[at..]).trim().to_string())
        } else {
            None
        }
    })?;
    Some(found.trim().to_string())
}

/// Mask what varies between runs of the same crash: the input's path,
/// addresses, SelectionDAG node numbers (`t12`), value numbers (`%17`).
fn normalize(message: &str, candidate: &str) -> String {
    let mut m = message.trim().to_string();
    if !candidate.is_empty() {
        m = m.replace(candidate, "<input>");
    }
    let m = HEX.replace_all(&m, "0x?");
    let m = DAG_NODE.replace_all(&m, "t?");
    VALUE_NUMBER.replace_all(&m, "%?").into_owned()
}

/// Function names of the stack dump's frames, plumbing and nameless frames
/// left out.
fn stack_frames(stderr: &str) -> Vec<String> {
    let Some(start) = stderr.find("Stack dump") else {
        return Vec::new();
    };
    stderr[start..]
        .lines()
        .filter_map(|line| STACK_FRAME.captures(line))
        .map(|c| strip_offset(c.get(1).map_or("", |m| m.as_str())))
        // A frame without a symbol prints its object file (`/lib/x.so` or
        // `(/lib/x.so+0x1f)`): no name to compare.
        .filter(|name| {
            !name.is_empty()
                && !name.starts_with('/')
                && !name.starts_with("0x")
                && !name.starts_with("(/")
        })
        .filter(|name| !PLUMBING.iter().any(|p| name.starts_with(p)))
        .collect()
}

/// `foo(int) + 457` -> `foo(int)`; `foo(int) /src/x.cpp:1:2` -> `foo(int)`.
fn strip_offset(name: &str) -> String {
    let name = match name.rfind(" + ") {
        Some(at) if name[at + 3..].chars().all(|c| c.is_ascii_digit()) => &name[..at],
        _ => name,
    };
    // The object file after the name: ` /src/x.cpp:1:2`, ` (/lib/x.so+0x1f)`.
    let name = match name.find(" /").or_else(|| name.find(" (/")) {
        Some(at) => &name[..at],
        None => name,
    };
    name.trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What llc 22 (release build, symbolization off) prints for a
    /// `report_fatal_error` in type legalization.
    const LLVM_ERROR: &str = "\
LLVM ERROR: Do not know how to split the result of this operator!

PLEASE submit a bug report to https://github.com/llvm/llvm-project/issues/ and include the crash backtrace and instructions to reproduce the bug.
Stack dump:
0.\tProgram arguments: /usr/lib/llvm-22/bin/llc -mtriple=x86_64 /tmp/w/candidate.ll -o -
1.\tRunning pass 'Function Pass Manager' on module '/tmp/w/candidate.ll'.
Stack dump without symbol names (ensure you have llvm-symbolizer in your PATH or set the environment var `LLVM_SYMBOLIZER_PATH` to point to it):
0  libLLVM.so.22.1 0x00007f82c50b8786 llvm::sys::PrintStackTrace(llvm::raw_ostream&, int) + 54
1  libLLVM.so.22.1 0x00007f82c50b5fd3 llvm::sys::RunSignalHandlers() + 131
2  libLLVM.so.22.1 0x00007f82c50b94f4
3  libc.so.6       0x00007f82bfc5a050
5  libc.so.6       0x00007f82bfc59fb2 gsignal + 18
6  libc.so.6       0x00007f82bfc44472 abort + 211
7  libLLVM.so.22.1 0x00007f82c4ff9aa7 llvm::report_fatal_error(llvm::Twine const&, bool) + 423
8  libLLVM.so.22.1 0x00007f82c4ff98f6
11 libLLVM.so.22.1 0x00007f82c592609f llvm::SelectionDAG::LegalizeTypes() + 1423
12 libLLVM.so.22.1 0x00007f82c5a4549e llvm::SelectionDAGISel::CodeGenAndEmitDAG() + 382
13 libLLVM.so.22.1 0x00007f82c5a45058 llvm::SelectionDAGISel::SelectAllBasicBlocks(llvm::Function const&) + 6072
";

    const SEGV: &str = "\
Stack dump:
0.\tProgram arguments: llc -O2 x.ll
Stack dump without symbol names (ensure you have llvm-symbolizer in your PATH or set the environment var `LLVM_SYMBOLIZER_PATH` to point to it):
0  libLLVM.so.22.1 0x00007f49c9eb8786 llvm::sys::PrintStackTrace(llvm::raw_ostream&, int) + 54
1  libLLVM.so.22.1 0x00007f49c9eb5fd3 llvm::sys::RunSignalHandlers() + 131
3  libc.so.6       0x00007f49c4e5a050
4  libLLVM.so.22.1 0x00007f49ca82d849 llvm::SelectionDAG::ReplaceAllUsesWith(llvm::SDNode*, llvm::SDValue const*) + 457
5  libLLVM.so.22.1 0x00007f49ca5e61e8
6  libLLVM.so.22.1 0x00007f49ca5e7000 (anonymous namespace)::DAGCombiner::combine(llvm::SDNode*) + 10
";

    #[test]
    fn clangs_fatal_error_is_a_crash_message() {
        // clang -cc1 with report_fatal_error: exit status 70, no stack dump.
        let stderr = "fatal error: error in backend: wt-crash: the planted bug in @victim\n";
        let s = Signature::of(Ended::Exited(70), stderr, "/tmp/w/x.ll").unwrap();
        assert_eq!(s.ending, Ending::Exit(70));
        assert_eq!(
            s.message.as_deref(),
            Some("error in backend: wt-crash: the planted bug in @victim")
        );
        assert!(Signature::of(Ended::Exited(1), "error: unknown type name 'x'\n", "").is_none());
    }

    #[test]
    fn llvm_error_message_and_frames() {
        let s = Signature::of(Ended::Signaled(6), LLVM_ERROR, "/tmp/w/candidate.ll").unwrap();
        assert_eq!(s.ending, Ending::Signal(6));
        assert_eq!(
            s.message.as_deref(),
            Some("LLVM ERROR: Do not know how to split the result of this operator!")
        );
        assert_eq!(
            s.frames,
            [
                "llvm::SelectionDAG::LegalizeTypes()",
                "llvm::SelectionDAGISel::CodeGenAndEmitDAG()",
                "llvm::SelectionDAGISel::SelectAllBasicBlocks(llvm::Function const&)"
            ]
        );
        assert_eq!(s.effective(Mode::Auto), Mode::Message);
    }

    #[test]
    fn segfault_without_message_uses_frames() {
        let s = Signature::of(Ended::Signaled(11), SEGV, "x.ll").unwrap();
        assert_eq!(s.message, None);
        assert_eq!(
            s.frames[0],
            "llvm::SelectionDAG::ReplaceAllUsesWith(llvm::SDNode*, llvm::SDValue const*)"
        );
        assert_eq!(
            s.frames[1],
            "(anonymous namespace)::DAGCombiner::combine(llvm::SDNode*)"
        );
        assert_eq!(s.effective(Mode::Auto), Mode::Frames(3));
        assert!(s.describe(Mode::Auto).starts_with(
            "killed by signal 11 (SIGSEGV), top frames: llvm::SelectionDAG::ReplaceAllUsesWith"
        ));
    }

    #[test]
    fn different_crashes_do_not_match() {
        let error = Signature::of(Ended::Signaled(6), LLVM_ERROR, "").unwrap();
        let segv = Signature::of(Ended::Signaled(11), SEGV, "").unwrap();
        for mode in [Mode::Auto, Mode::Message, Mode::Frames(1)] {
            assert!(!error.matches(&segv, mode), "{mode:?}");
            assert!(!segv.matches(&error, mode), "{mode:?}");
            assert!(error.matches(&error, mode));
        }
        assert!(error.matches(&segv, Mode::Any));
    }

    #[test]
    fn messages_are_normalized() {
        let a = "LLVM ERROR: Cannot select: t12: i64 = X86ISD::FOO t5, 0x55d0c0ffee00 in %17 of /tmp/a/candidate.ll";
        let b = "LLVM ERROR: Cannot select: t40: i64 = X86ISD::FOO t9, 0x55d0c0ffaa00 in %3 of /tmp/b/candidate.ll";
        let sa = Signature::of(Ended::Exited(1), a, "/tmp/a/candidate.ll").unwrap();
        let sb = Signature::of(Ended::Exited(1), b, "/tmp/b/candidate.ll").unwrap();
        assert_eq!(sa.message, sb.message);
        assert_eq!(sa.ending, Ending::Exit(1));
    }

    #[test]
    fn assertions_and_unreachable() {
        let assert = "opt: /build/llvm/lib/IR/Value.cpp:500: void llvm::Value::doRAUW(): Assertion `New != this' failed.\n";
        let s = Signature::of(Ended::Signaled(6), assert, "").unwrap();
        assert_eq!(
            s.message.as_deref(),
            Some("Assertion `New != this' failed.")
        );
        let unreachable = "Unknown opcode!\nUNREACHABLE executed at /build/X.cpp:12!\n";
        let s = Signature::of(Ended::Signaled(6), unreachable, "").unwrap();
        assert_eq!(
            s.message.as_deref(),
            Some("Unknown opcode! UNREACHABLE executed at /build/X.cpp:12!")
        );
    }

    #[test]
    fn plain_failures_are_not_crashes() {
        assert!(Signature::of(Ended::Exited(1), "error: expected type\n", "").is_none());
        assert!(Signature::of(Ended::Exited(0), "", "").is_none());
        assert!(Signature::of(Ended::TimedOut, "", "").is_none());
    }

    #[test]
    fn filecheck_patterns_mask_what_varies() {
        let raw = "LLVM ERROR: Cannot select: t12: i64 = FOO 0x55d0, %7 in /tmp/w/c.ll [[x]]";
        assert_eq!(
            filecheck_pattern(raw, "/tmp/w/c.ll"),
            "LLVM ERROR: Cannot select: t{{[0-9]+}}: i64 = FOO 0x{{[0-9a-fA-F]+}}, %{{[0-9]+}} in {{.*}} {{[[][[]}}x]]"
        );
    }

    #[test]
    fn modes_parse() {
        assert_eq!(Mode::parse("frames:4"), Ok(Mode::Frames(4)));
        assert!(Mode::parse("frames:0").is_err());
        assert!(Mode::parse("bogus").is_err());
    }
}
