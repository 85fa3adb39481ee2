//! Commands must never name `/dev/null` as an output file. A crashing LLVM
//! tool removes its output file on the way down, and run as root (CI, a
//! container) with `-o /dev/null` that file is `/dev/null` itself: every
//! later command on the machine that opens it fails. So every command
//! whittle runs and every RUN line it writes (an emitted test, a reduced
//! lit test, a bisection's test) goes through this one rewrite, which
//! points such an output somewhere harmless instead: stdout (`-`) for the
//! oracles' own runs, a lit temporary (`%t`) in a written test.
//!
//! The spellings: `-o /dev/null`, `-o=/dev/null`, `-o/dev/null`,
//! `--output /dev/null`, `--output=/dev/null` (and `--o`, `-output`).
//! Shell redirections (`> /dev/null`, `2>/dev/null`) are left alone: the
//! shell opens /dev/null, nothing removes it.

use std::ops::Range;

const DEV_NULL: &str = "/dev/null";

/// Whether `word` is an output option that takes its value as the next word.
fn is_output_option(word: &str) -> bool {
    matches!(word, "-o" | "--o" | "-output" | "--output")
}

/// What replaces word `i` of `words` (and how many words it covers) when it
/// names /dev/null as an output.
fn rewrite_at(words: &[&str], i: usize, to: &str) -> Option<(usize, Vec<String>)> {
    let word = words[i];
    if is_output_option(word) && words.get(i + 1) == Some(&DEV_NULL) {
        return Some((2, vec![word.to_string(), to.to_string()]));
    }
    if let Some((option, value)) = word.split_once('=') {
        if is_output_option(option) && value == DEV_NULL {
            return Some((1, vec![format!("{option}={to}")]));
        }
    }
    // `-o/dev/null`: the option glued to its value (clang, prefix options).
    if word.strip_prefix("-o") == Some(DEV_NULL) {
        return Some((1, vec!["-o".to_string(), to.to_string()]));
    }
    None
}

/// `args` (a command's words) with every output naming /dev/null pointed
/// at `to` instead.
pub fn redirect_args(args: &[String], to: &str) -> Vec<String> {
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut out = Vec::with_capacity(args.len());
    let mut i = 0;
    while i < words.len() {
        match rewrite_at(&words, i, to) {
            Some((covered, replacement)) => {
                out.extend(replacement);
                i += covered;
            }
            None => {
                out.push(words[i].to_string());
                i += 1;
            }
        }
    }
    out
}

/// A shell line (a RUN line) with every output naming /dev/null pointed at
/// `to` instead; everything else as it was, quoting included.
pub fn redirect_line(line: &str, to: &str) -> String {
    let spans = words(line);
    let texts: Vec<&str> = spans.iter().map(|(_, w)| w.as_str()).collect();
    let mut out = String::with_capacity(line.len());
    let mut copied = 0;
    let mut i = 0;
    while i < spans.len() {
        match rewrite_at(&texts, i, to) {
            Some((covered, replacement)) => {
                let start = spans[i].0.start;
                let end = spans[i + covered - 1].0.end;
                out.push_str(&line[copied..start]);
                out.push_str(&replacement.join(" "));
                copied = end;
                i += covered;
            }
            None => i += 1,
        }
    }
    out.push_str(&line[copied..]);
    out
}

/// Whether a shell line names /dev/null as an output (which no RUN line
/// whittle writes may do).
pub fn names_dev_null_output(line: &str) -> bool {
    redirect_line(line, "-") != line
}

/// The words of a shell line: each one's byte range and its text without
/// quotes. Whitespace and the shell's operators (`|`, `;`, `&`, `<`, `>`,
/// parentheses) outside quotes separate words.
fn words(line: &str) -> Vec<(Range<usize>, String)> {
    let mut words = Vec::new();
    let mut current: Option<(usize, String)> = None;
    let mut quote: Option<char> = None;
    let mut chars = line.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        if let Some(q) = quote {
            if c == q {
                quote = None;
            } else {
                current.get_or_insert_with(|| (at, String::new())).1.push(c);
            }
            continue;
        }
        match c {
            '\'' | '"' => {
                current.get_or_insert_with(|| (at, String::new()));
                quote = Some(c);
            }
            '\\' => {
                let word = current.get_or_insert_with(|| (at, String::new()));
                if let Some((_, escaped)) = chars.next() {
                    word.1.push(escaped);
                }
            }
            c if c.is_whitespace() || "|;&<>()".contains(c) => {
                if let Some((start, text)) = current.take() {
                    words.push((start..at, text));
                }
            }
            c => current.get_or_insert_with(|| (at, String::new())).1.push(c),
        }
    }
    if let Some((start, text)) = current {
        words.push((start..line.len(), text));
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn every_spelling_of_a_dev_null_output_is_redirected() {
        let given = args(&[
            "-O2",
            "-o",
            "/dev/null",
            "%s",
            "-o=/dev/null",
            "-o/dev/null",
            "--output",
            "/dev/null",
            "--output=/dev/null",
            "-output=/dev/null",
        ]);
        assert_eq!(
            redirect_args(&given, "-"),
            args(&[
                "-O2",
                "-o",
                "-",
                "%s",
                "-o=-",
                "-o",
                "-",
                "--output",
                "-",
                "--output=-",
                "-output=-"
            ])
        );
    }

    #[test]
    fn other_uses_of_dev_null_stay() {
        let given = args(&["-x", "/dev/null", "-o", "out.o", "-input=/dev/null"]);
        assert_eq!(redirect_args(&given, "-"), given);
        let line = "llc %s -o out.s 2>/dev/null > /dev/null && cat /dev/null";
        assert_eq!(redirect_line(line, "%t"), line);
        assert!(!names_dev_null_output(line));
    }

    #[test]
    fn a_line_keeps_everything_but_the_output() {
        assert_eq!(
            redirect_line(
                "not --crash llc -O2 %s -o /dev/null 2>&1 | FileCheck %s",
                "%t"
            ),
            "not --crash llc -O2 %s -o %t 2>&1 | FileCheck %s"
        );
        assert_eq!(
            redirect_line(
                "opt '-passes=default<O2>' %s -o=/dev/null;llc -o/dev/null %s",
                "%t"
            ),
            "opt '-passes=default<O2>' %s -o=%t;llc -o %t %s"
        );
        assert_eq!(
            redirect_line("opt %s --output '/dev/null'", "%t"),
            "opt %s --output %t"
        );
        // Quoted, the words are one argument (a script is not looked into).
        let quoted = "sh -c 'llc -o /dev/null'";
        assert_eq!(redirect_line(quoted, "%t"), quoted);
        assert!(names_dev_null_output("; RUN: llc %s -o /dev/null"));
    }
}
