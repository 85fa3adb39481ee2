//! A lit RUN line as a bisection sees it: the first command that runs an
//! LLVM tool (after `not`, `--crash`, `env`, variable settings), its
//! redirections, and the line put back together around a changed
//! invocation of that tool.

use super::invocation::{Invocation, Tool};
use crate::oracle;

/// Where the tool's command is in a RUN line.
#[derive(Clone, Debug)]
pub struct ToolCommand {
    /// The line before the tool's command, with `not`, env settings.
    head: String,
    /// The command's redirections (`2>&1`, `< %s`), kept as written.
    redirects: Vec<String>,
    /// The rest of the line, from the separator after the command.
    tail: String,
}

impl ToolCommand {
    /// The RUN line with `invocation` in place of the command's (with
    /// `stderr_to_shell`, its stderr sent to the shell's, out of any pipe).
    pub fn line_with(&self, invocation: &Invocation, stderr_to_shell: bool) -> String {
        let mut command = format!(
            "{}{}",
            self.head_prefix(),
            oracle::command::join(&invocation.words)
        );
        for r in &self.redirects {
            command.push(' ');
            command.push_str(r);
        }
        if stderr_to_shell {
            // The group's fd 3 is the shell's stderr: the tool's stderr
            // goes there, whatever the command redirected it to.
            command = format!("{{ {command} 2>&3; }} 3>&2");
        }
        format!("{}{command}{}", self.head_segments(), self.tail)
    }

    /// `head` is "<earlier segments><separator> <wrappers> ": the part
    /// before the wrappers, and the wrappers.
    fn head_segments(&self) -> &str {
        &self.head[..self.head.len() - self.head_prefix().len()]
    }

    fn head_prefix(&self) -> &str {
        let at = self.head.rfind(['|', ';', '&']).map_or(0, |i| i + 1);
        let rest = &self.head[at..];
        let trimmed = rest.trim_start();
        &self.head[self.head.len() - trimmed.len()..]
    }
}

/// Split raw shell words, keeping quotes as written.
fn raw_words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut current = String::new();
    let mut quote: Option<char> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match quote {
            Some(q) => {
                current.push(c);
                if c == q {
                    quote = None;
                }
            }
            None if c == '\'' || c == '"' => {
                quote = Some(c);
                current.push(c);
            }
            None if c == '\\' => {
                current.push(c);
                if let Some(n) = chars.next() {
                    current.push(n);
                }
            }
            None if c.is_whitespace() => {
                if !current.is_empty() {
                    words.push(std::mem::take(&mut current));
                }
            }
            None => current.push(c),
        }
    }
    if !current.is_empty() {
        words.push(current);
    }
    words
}

fn unquote(raw: &str) -> String {
    shell_words::split(raw)
        .ok()
        .and_then(|w| w.into_iter().next())
        .unwrap_or_else(|| raw.to_string())
}

/// A redirection operator at the start of a word (`2>&1`, `>`, `<`, `&>`).
fn redirection(raw: &str) -> Option<&str> {
    let digits = raw.trim_start_matches(|c: char| c.is_ascii_digit());
    ["&>>", "&>", ">>", ">&", "<&", ">", "<"]
        .into_iter()
        .find(|op| digits.starts_with(op))
        .map(|op| &digits[op.len()..])
}

/// The first command of a RUN line that runs an LLVM tool: where it is and
/// what it runs.
pub fn find(line: &str) -> Option<(ToolCommand, Invocation)> {
    let segments = crate::oracle::lit::split_commands(line);
    let mut head = String::new();
    for (k, (segment, separator)) in segments.iter().enumerate() {
        let raw = raw_words(segment);
        let wrappers = raw
            .iter()
            .take_while(|w| {
                let w = unquote(w);
                w == "not"
                    || w == "--crash"
                    || w == "env"
                    || (w.contains('=') && !w.starts_with('-'))
            })
            .count();
        let tool = raw.get(wrappers).and_then(|w| Tool::of(&unquote(w)));
        let Some(tool) = tool else {
            head.push_str(segment);
            head.push_str(separator);
            continue;
        };
        let mut words = Vec::new();
        let mut redirects = Vec::new();
        let mut rest = raw[wrappers..].iter();
        while let Some(w) = rest.next() {
            match redirection(w) {
                Some(target) => {
                    let mut r = w.clone();
                    if target.is_empty() && !w.ends_with('&') {
                        if let Some(t) = rest.next() {
                            r.push(' ');
                            r.push_str(t);
                        }
                    }
                    redirects.push(r);
                }
                None => words.push(unquote(w)),
            }
        }
        let leading = &segment[..segment.len() - segment.trim_start().len()];
        head.push_str(leading);
        for w in &raw[..wrappers] {
            head.push_str(w);
            head.push(' ');
        }
        let trailing = &segment[segment.trim_end().len()..];
        let mut tail = trailing.to_string();
        tail.push_str(separator);
        for (s, sep) in &segments[k + 1..] {
            tail.push_str(s);
            tail.push_str(sep);
        }
        let command = ToolCommand {
            head,
            redirects,
            tail,
        };
        return Some((command, Invocation { tool, words }));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lit_command_keeps_wrappers_and_redirections() {
        let (site, i) = find("llvm-as < %s | not --crash opt -O2 -S 2>&1 | FileCheck %s").unwrap();
        assert_eq!(i.words, ["opt", "-O2", "-S"]);
        assert_eq!(site.redirects, ["2>&1"]);
        let changed = i.with_flags(&["-x".into()]);
        assert_eq!(
            site.line_with(&changed, false),
            "llvm-as < %s | not --crash opt -x -O2 -S 2>&1 | FileCheck %s"
        );
        assert_eq!(
            site.line_with(&changed, true),
            "llvm-as < %s | { not --crash opt -x -O2 -S 2>&1 2>&3; } 3>&2 | FileCheck %s"
        );
        let (site, i) = find("opt -passes='default<O2>' < %s -S").unwrap();
        assert_eq!(i.words, ["opt", "-passes=default<O2>", "-S"]);
        assert_eq!(site.redirects, ["< %s"]);
        assert!(find("FileCheck %s < %t").is_none());
    }
}
