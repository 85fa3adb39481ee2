//! The LLVM tool invocation inside an oracle, and the oracle with that
//! invocation changed: bisection flags injected right after the program
//! (`-opt-bisect-limit=N`; `-mllvm -opt-bisect-limit=N` for clang), the
//! pipeline replaced, the output redirected. The invocation is the whole
//! command of `--crash-cmd` and `--cmd`, the first `opt`, `llc` or `clang`
//! of the failing RUN line of `--lit`, and the optimizer of `--mr
//! opt-equivalence`.

use std::path::Path;

use anyhow::{bail, Result};

use super::invocation::{Invocation, Tool};
use super::lit_line::{self, ToolCommand};
use crate::oracle::{self, lit::LitTest, process::TestCommand, Built, LitRewrite};

/// Where the invocation sits in the oracle.
#[derive(Clone, Debug)]
enum Place {
    /// `--crash-cmd`, `--cmd`: it is the command.
    Command,
    /// `--lit`: a command of a RUN line.
    Lit(LitSite),
    /// `--mr opt-equivalence`: the optimizer; the words are its flags.
    Mr,
}

#[derive(Clone, Debug)]
struct LitSite {
    test: LitTest,
    /// The failing RUN line.
    line: usize,
    /// Its tool command.
    command: ToolCommand,
}

/// How a changed lit test runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LitScope {
    /// Every RUN line, on the test itself.
    Test,
    /// Only the failing RUN line, on another module (`%s`), FileCheck
    /// still reading the test.
    Line,
}

/// The oracle's LLVM tool invocation, and how to put a changed one back.
#[derive(Clone, Debug)]
pub struct Site {
    pub invocation: Invocation,
    place: Place,
    spec: oracle::Spec,
}

impl Site {
    /// What can be said of `spec` before its oracle is built: whether it is
    /// an oracle whittle can bisect at all.
    pub fn precheck(spec: &oracle::Spec) -> Result<()> {
        match spec {
            oracle::Spec::Lit { .. } => Ok(()),
            _ => Site::find_unrecorded(spec).map(|_| ()),
        }
    }

    fn find_unrecorded(spec: &oracle::Spec) -> Result<(Invocation, Place)> {
        Ok(match spec {
            oracle::Spec::Script { .. } => bail!(
                "whittle bisect cannot see into a --test script: give the failing command with --crash-cmd, --cmd/--match, --lit or --mr opt-equivalence"
            ),
            oracle::Spec::Crash { command, .. } | oracle::Spec::Output { command, .. } => {
                let words = shell_words::split(command)?;
                let Some(tool) = words.first().and_then(|w| Tool::of(w)) else {
                    bail!(
                        "the command '{command}' does not run opt, llc or clang: there is no pass pipeline to bisect"
                    );
                };
                (Invocation { tool, words }, Place::Command)
            }
            oracle::Spec::Mr(mr) => {
                if mr.relation != "opt-equivalence" {
                    bail!(
                        "whittle bisect works with --mr opt-equivalence (the passes of its optimizer), not --mr {}",
                        mr.relation
                    );
                }
                let mut words = vec![mr.opt.clone().unwrap_or_else(|| "opt".into())];
                if mr.pipeline.starts_with('-') {
                    words.extend(mr.pipeline.split_whitespace().map(String::from));
                } else {
                    words.push(format!("-passes={}", mr.pipeline));
                }
                (
                    Invocation {
                        tool: Tool::Opt,
                        words,
                    },
                    Place::Mr,
                )
            }
            oracle::Spec::Lit { .. } => bail!("a --lit oracle's failing line is known once it is recorded"),
        })
    }

    /// Find the LLVM tool invocation of `spec` (`recorded` is its oracle,
    /// built on the input: for `--lit`, it knows the failing line).
    pub fn find(spec: &oracle::Spec, recorded: &Built) -> Result<Site> {
        let (invocation, place) = match (spec, recorded) {
            (oracle::Spec::Lit { test, .. }, Built::Lit(o)) => {
                let test = LitTest::read(test)?;
                let line = o.failure().line;
                let text = &test.run_lines[line];
                let Some((command, invocation)) = lit_line::find(text) else {
                    bail!(
                        "RUN line {} ({text}) runs no opt, llc or clang: there is no pass pipeline to bisect",
                        line + 1
                    );
                };
                (
                    invocation,
                    Place::Lit(LitSite {
                        test,
                        line,
                        command,
                    }),
                )
            }
            (oracle::Spec::Lit { .. }, _) => bail!("the oracle and its spec disagree"),
            _ => Site::find_unrecorded(spec)?,
        };
        Ok(Site {
            invocation,
            place,
            spec: spec.clone(),
        })
    }

    /// The tool.
    pub fn tool(&self) -> Tool {
        self.invocation.tool
    }

    /// The oracle with `invocation` instead of the original one. With
    /// `--lit`, `scope` says which RUN lines run, and `stderr_to_shell`
    /// sends the tool's stderr to the shell's (out of a `2>&1` pipe) so
    /// that its BISECT lines can be collected.
    pub fn spec(
        &self,
        invocation: &Invocation,
        scope: LitScope,
        stderr_to_shell: bool,
    ) -> oracle::Spec {
        match (&self.place, &self.spec) {
            (
                Place::Command,
                oracle::Spec::Crash {
                    signature, matches, ..
                },
            ) => oracle::Spec::Crash {
                command: oracle::command::join(&invocation.words),
                signature: signature.clone(),
                matches: matches.clone(),
            },
            (
                Place::Command,
                oracle::Spec::Output {
                    matches, no_match, ..
                },
            ) => oracle::Spec::Output {
                command: oracle::command::join(&invocation.words),
                matches: matches.clone(),
                no_match: no_match.clone(),
            },
            (Place::Mr, oracle::Spec::Mr(mr)) => {
                let pipeline = invocation.pipeline_args();
                let positions = invocation.pipeline_positions();
                let flags = invocation
                    .words
                    .iter()
                    .enumerate()
                    .skip(1)
                    .filter(|(i, _)| !positions.contains(i))
                    .map(|(_, w)| w.clone())
                    .collect();
                let mut mr = mr.clone();
                mr.pipeline = pipeline.join(" ");
                mr.opt_flags = flags;
                oracle::Spec::Mr(mr)
            }
            (
                Place::Lit(site),
                oracle::Spec::Lit {
                    test, signature, ..
                },
            ) => {
                let line = site.command.line_with(invocation, stderr_to_shell);
                let rewrite = match scope {
                    LitScope::Test => {
                        let mut lines = site.test.run_lines.clone();
                        lines[site.line] = line;
                        LitRewrite {
                            lines,
                            failing: site.line,
                        }
                    }
                    LitScope::Line => LitRewrite {
                        lines: vec![line],
                        failing: 0,
                    },
                };
                oracle::Spec::Lit {
                    test: test.clone(),
                    signature: signature.clone(),
                    rewrite: Some(rewrite),
                }
            }
            _ => unreachable!("a site is found from its spec"),
        }
    }

    /// The failing RUN line with `invocation` (for `--lit`).
    pub fn lit_line(&self, invocation: &Invocation) -> Option<String> {
        match &self.place {
            Place::Lit(site) => Some(site.command.line_with(invocation, false)),
            _ => None,
        }
    }

    /// A command that runs `invocation` alone on `input` (a query of the
    /// tool: its pipeline, its debug counters), `scratch` standing for
    /// lit's `%t`.
    pub fn standalone(
        &self,
        invocation: &Invocation,
        input: &Path,
        scratch: &Path,
    ) -> Result<TestCommand> {
        let mut words = invocation.words.clone();
        if let Place::Lit(site) = &self.place {
            let text = oracle::command::join(&words);
            words = shell_words::split(&site.test.substitute(&text, input, scratch))?;
        }
        let shown = input.display().to_string();
        if !words.iter().any(|w| w.contains("%s") || *w == shown) {
            // The tool read its input from stdin, or as the candidate
            // appended to the command.
            words.push("%s".into());
        }
        Ok(TestCommand {
            program: oracle::command::resolve_program(&words[0])?,
            args: words[1..].to_vec(),
            substitute: true,
            ..Default::default()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inv(text: &str) -> Invocation {
        let words = shell_words::split(text).unwrap();
        Invocation {
            tool: Tool::of(&words[0]).unwrap(),
            words,
        }
    }

    #[test]
    fn tools_by_file_name() {
        assert_eq!(Tool::of("opt"), Some(Tool::Opt));
        assert_eq!(Tool::of("/usr/lib/llvm-22/bin/llc"), Some(Tool::Llc));
        assert_eq!(Tool::of("opt-22"), Some(Tool::Opt));
        assert_eq!(Tool::of("clang++-22"), Some(Tool::Clang));
        assert_eq!(Tool::of("FileCheck"), None);
        assert_eq!(Tool::of("optimize"), None);
    }

    #[test]
    fn flags_go_right_after_the_program() {
        let i = inv("opt -O2 %s -o /dev/null");
        let f = vec!["-opt-bisect-limit=5".to_string()];
        assert_eq!(
            i.with_flags(&f).words,
            ["opt", "-opt-bisect-limit=5", "-O2", "%s", "-o", "/dev/null"]
        );
        let c = inv("clang -O2 -c %s");
        assert_eq!(
            c.with_flags(&f).words,
            ["clang", "-mllvm", "-opt-bisect-limit=5", "-O2", "-c", "%s"]
        );
    }

    #[test]
    fn plugins_load_before_the_injected_flags() {
        let i = inv("opt -passes=x -load-pass-plugin=p.so %s");
        assert_eq!(
            i.with_flags(&["-debug-counter=c=1".into()]).words,
            [
                "opt",
                "-load-pass-plugin=p.so",
                "-debug-counter=c=1",
                "-passes=x",
                "%s"
            ]
        );
    }

    #[test]
    fn the_pipeline_is_replaced() {
        let i = inv("opt -passes='default<O2>' -S %s");
        assert_eq!(i.pipeline_args(), ["-passes=default<O2>"]);
        let p = i.with_pipeline(&["-passes=instcombine".into()]);
        assert_eq!(p.words, ["opt", "-passes=instcombine", "-S", "%s"]);
        let i = inv("opt -O3 -passes foo %s");
        assert_eq!(i.pipeline_args(), ["-O3", "-passes", "foo"]);
        let l = inv("llc -O2 -mtriple=x86_64 %s -o -");
        assert_eq!(
            l.with_pipeline(&["-O0".into()]).words,
            ["llc", "-O0", "-mtriple=x86_64", "%s", "-o", "-"]
        );
        assert_eq!(l.value_of("mtriple").as_deref(), Some("x86_64"));
    }

    #[test]
    fn outputs_are_replaced() {
        let i = inv("opt -O2 %s -o /dev/null -disable-output");
        assert_eq!(
            i.with_output(&["-o".into(), "x".into()]).words,
            ["opt", "-O2", "%s", "-o", "x"]
        );
    }
}
