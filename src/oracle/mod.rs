//! The oracles: what makes a candidate interesting. They implement the
//! reducer's [`Oracle`] trait and run their tests through the one test
//! environment ([`env::TestEnv`]).
//!
//! The classic one ([`script::ScriptOracle`]) runs the user's test as
//! `SCRIPT ARG... CANDIDATE` and calls exit status 0 interesting, like
//! llvm-reduce. The others need no script: a crash signature
//! ([`crash`]), a pattern in a command's output ([`output`]), a failing lit
//! test's RUN lines ([`lit`]), a metamorphic relation ([`mr`]). [`build`]
//! makes the one a [`Spec`] describes, recording on the input what a
//! candidate must reproduce; [`build_like`] makes one that judges a changed
//! command (a bisection's probes) against what another recorded.
//! [`unless::Unless`] joins two: interesting when the first oracle says so
//! and the second does not.
//!
//! With `--executor=slurm` a built oracle travels to the cluster's nodes as
//! a [`Portable`] (what it runs and what it recorded on the input) and is
//! rebuilt there by the runner ([`slurm`]), which judges with the local
//! executor.

pub mod command;
pub mod crash;
pub mod dev_null;
pub mod env;
pub mod lit;
pub mod mr;
pub mod output;
pub mod process;
pub mod script;
pub mod signature;
pub mod slurm;
pub mod unless;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{anyhow, bail, Result};
use regex::Regex;
use serde::{Deserialize, Serialize};
use whittle_reducer::Oracle;

use crash::CrashOracle;
use env::TestEnv;
use lit::{LitOracle, LitTest};
use mr::{Compare, Exec, LlcEquivalence, MrOracle, OptEquivalence, Relation, Reorder, UserDefined};
use output::OutputOracle;
use process::TestCommand;
use script::ScriptOracle;
use signature::{Mode as SignatureMode, Signature};

/// An oracle as the command line describes it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Spec {
    /// `--test SCRIPT --test-arg ARG...`.
    Script {
        test: PathBuf,
        args: Vec<String>,
        /// `--mlir-reduce-exit-codes`: a non-zero exit means interesting.
        nonzero_interesting: bool,
    },
    /// `--crash-cmd CMD [--signature MODE] [--match REGEX]`.
    Crash {
        command: String,
        signature: String,
        matches: Option<String>,
    },
    /// `--cmd CMD --match REGEX [--no-match REGEX]`.
    Output {
        command: String,
        matches: Option<String>,
        no_match: Option<String>,
    },
    /// `--lit TEST [--signature MODE]`.
    Lit {
        test: PathBuf,
        signature: String,
        /// RUN lines that replace the test's own (a bisection's), recorded
        /// on the input rather than on the test.
        rewrite: Option<LitRewrite>,
    },
    /// `--mr NAME` and its options.
    Mr(MrSpec),
}

/// A lit test's RUN lines replaced: `lines`, of which `failing` is the one
/// that fails the way the original test's failing line did.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct LitRewrite {
    pub lines: Vec<String>,
    pub failing: usize,
}

/// A metamorphic oracle as the command line describes it.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct MrSpec {
    pub relation: String,
    pub exec: String,
    pub pipeline: String,
    pub opt: Option<String>,
    pub llc: Option<String>,
    pub llc_flags: Vec<String>,
    pub tool: String,
    pub followup: Option<String>,
    pub run: Option<String>,
    pub compare: String,
    /// Flags put right after the program in opt-equivalence's opt
    /// invocation (a bisection's `-opt-bisect-limit=N`).
    pub opt_flags: Vec<String>,
    /// What every run of the program is given.
    #[serde(default)]
    pub program: Box<mr::RunSetup>,
}

impl MrSpec {
    /// The program's interface, which a metamorphic reduction leaves as it
    /// is: `main`, and every name the relation's commands and flags mention
    /// (`--mr-run 'lli --entry-function=run %s'` names `run`). A word is a
    /// name when it could be an LLVM symbol; paths and the commands'
    /// programs are not words of it. A word that names nothing in the
    /// module protects nothing.
    pub fn protected_symbols(&self) -> BTreeSet<String> {
        let mut names = BTreeSet::from(["main".to_string()]);
        let commands = [&self.followup, &self.run, &Some(self.tool.clone())];
        let mut texts: Vec<String> = commands
            .iter()
            .filter_map(|c| c.as_deref())
            .map(|c| {
                // The program is not a name the command gives the module.
                let words = shell_words::split(c).unwrap_or_default();
                words.into_iter().skip(1).collect::<Vec<_>>().join(" ")
            })
            .collect();
        texts.push(self.pipeline.clone());
        texts.extend(self.llc_flags.iter().cloned());
        for text in texts {
            for word in text.split_whitespace().filter(|w| !w.contains('/')) {
                let word = word.replace("%%", "").replace("%s", "").replace("%t", "");
                names.extend(
                    word.split(|c: char| !(c.is_ascii_alphanumeric() || "_.$".contains(c)))
                        .filter(|n| !n.is_empty() && !n.starts_with(|c: char| c.is_ascii_digit()))
                        .map(String::from),
                );
            }
        }
        names
    }
}

/// A built oracle, with what the command line and the emitted tests need
/// to know of it.
pub enum Built {
    Script(Arc<ScriptOracle>),
    Crash(Arc<CrashOracle>),
    Output(Arc<OutputOracle>),
    Lit(Arc<LitOracle>),
    /// The relation as its flags describe it too (a node rebuilds it).
    Mr(Arc<MrOracle>, Box<MrSpec>),
}

/// A built oracle as it travels to a cluster node: what it runs (paths
/// resolved on this machine, where the user gave them) and what it
/// recorded on the input (a crash signature, how a lit test fails, the
/// metamorphic oracle's setup), so that the node judges a candidate as this
/// machine would without recording anything again.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Portable {
    Script {
        command: TestCommand,
        shown: String,
        nonzero_interesting: bool,
    },
    Crash {
        command: TestCommand,
        shown: String,
        expected: Signature,
        mode: SignatureMode,
        must_match: bool,
    },
    Output {
        command: TestCommand,
        shown: String,
        has_no_match: bool,
    },
    Lit {
        test: LitTest,
        expected: lit::Failure,
        mode: SignatureMode,
    },
    Mr {
        spec: MrSpec,
        recorded: mr::Recorded,
    },
}

impl Portable {
    /// The oracle this describes, running its tests in `env`.
    pub fn build(self, env: Arc<TestEnv>) -> Result<Built> {
        Ok(match self {
            Portable::Script {
                command,
                shown,
                nonzero_interesting,
            } => Built::Script(Arc::new(ScriptOracle::from_portable(
                command,
                shown,
                nonzero_interesting,
                env,
            ))),
            Portable::Crash {
                command,
                shown,
                expected,
                mode,
                must_match,
            } => Built::Crash(Arc::new(CrashOracle::from_portable(
                command, shown, expected, mode, must_match, env,
            ))),
            Portable::Output {
                command,
                shown,
                has_no_match,
            } => Built::Output(Arc::new(OutputOracle::from_portable(
                command,
                shown,
                has_no_match,
                env,
            ))),
            Portable::Lit {
                test,
                expected,
                mode,
            } => Built::Lit(Arc::new(LitOracle::from_portable(
                test, expected, mode, env,
            ))),
            Portable::Mr { spec, recorded } => {
                let oracle = MrOracle::from_recorded(
                    relation(&spec)?,
                    exec(&spec)?,
                    (*spec.program).clone(),
                    recorded,
                    env,
                );
                Built::Mr(Arc::new(oracle), Box::new(spec))
            }
        })
    }
}

impl Built {
    /// What travels to a cluster node to judge candidates there.
    pub fn portable(&self) -> Portable {
        match self {
            Built::Script(o) => o.portable(),
            Built::Crash(o) => o.portable(),
            Built::Output(o) => o.portable(),
            Built::Lit(o) => o.portable(),
            Built::Mr(o, spec) => Portable::Mr {
                spec: (**spec).clone(),
                recorded: o.recorded(),
            },
        }
    }

    pub fn as_dyn(&self) -> Arc<dyn Oracle> {
        match self {
            Built::Mr(o, _) => o.clone(),
            Built::Script(o) => o.clone(),
            Built::Crash(o) => o.clone(),
            Built::Output(o) => o.clone(),
            Built::Lit(o) => o.clone(),
        }
    }

    /// What a candidate must reproduce, said once at the start.
    pub fn describe(&self) -> Option<String> {
        match self {
            Built::Script(_) | Built::Output(_) => None,
            Built::Crash(o) => Some(format!(
                "crash signature (--signature={}): {}",
                o.mode(),
                o.signature().describe(o.mode())
            )),
            Built::Lit(o) => Some(format!("lit failure: {}", o.describe())),
            Built::Mr(o, _) => Some(o.describe()),
        }
    }

    /// What the user must know about how much the oracle can see here
    /// (printed once at the start, as `whittle: note: ...`).
    pub fn notes(&self) -> Vec<String> {
        match self {
            Built::Mr(o, _) => o.notes(),
            _ => Vec::new(),
        }
    }

    /// With --lit the output is a lit test: its directives, then the module.
    /// Its RUN lines send no output to /dev/null (`%t.null` takes it: a
    /// crashing tool removes its output file; `%t` itself may be another
    /// RUN line's file).
    pub fn output_header(&self) -> Option<Vec<u8>> {
        match self {
            Built::Lit(o) => {
                let lines: Vec<String> = o
                    .test()
                    .directives
                    .iter()
                    .map(|d| {
                        if d.contains("RUN:") {
                            dev_null::redirect_line(d, "%t.null")
                        } else {
                            d.clone()
                        }
                    })
                    .collect();
                let mut header = lines.join("\n");
                header.push_str("\n\n");
                Some(header.into_bytes())
            }
            _ => None,
        }
    }
}

/// Build the oracle `spec` describes, recording on `input` what it needs
/// (a crash's signature, how a lit test fails, that a relation is violated).
pub fn build(spec: &Spec, input: &Path, env: &Arc<TestEnv>) -> Result<Built> {
    let env = env.clone();
    let regex = |flag: &str, text: &Option<String>| -> Result<Option<Regex>> {
        text.as_deref()
            .map(|t| Regex::new(t).map_err(|e| anyhow!("{flag}: {e}")))
            .transpose()
    };
    let mode = |text: &str| SignatureMode::parse(text).map_err(|e| anyhow!("--signature: {e}"));
    Ok(match spec {
        Spec::Script {
            test,
            args,
            nonzero_interesting,
        } => Built::Script(Arc::new(
            ScriptOracle::new(test, args.clone(), env).nonzero_interesting(*nonzero_interesting),
        )),
        Spec::Crash {
            command,
            signature,
            matches,
        } => {
            let matches = regex("--match", matches)?;
            let mode = mode(signature)?;
            let command = command::parse(command).map_err(|e| anyhow!("--crash-cmd: {e:#}"))?;
            Built::Crash(Arc::new(CrashOracle::record(
                command, input, env, mode, matches,
            )?))
        }
        Spec::Output {
            command,
            matches,
            no_match,
        } => {
            let matches = regex("--match", matches)?;
            let no_match = regex("--no-match", no_match)?;
            let command = command::parse(command).map_err(|e| anyhow!("--cmd: {e:#}"))?;
            let Some(matches) = matches else {
                bail!(
                    "--cmd needs --match REGEX: the output pattern that makes a candidate interesting"
                );
            };
            Built::Output(Arc::new(OutputOracle::new(command, matches, no_match, env)))
        }
        Spec::Lit {
            test,
            signature,
            rewrite,
        } => {
            let mode = mode(signature)?;
            let test = LitTest::read(test)?;
            let (test, on) = match rewrite {
                Some(r) => (test.with_run_lines(r.lines.clone()), input.to_path_buf()),
                None => {
                    let on = test.path.clone();
                    (test, on)
                }
            };
            Built::Lit(Arc::new(LitOracle::record(test, &on, env, mode)?))
        }
        Spec::Mr(spec) => {
            let oracle = MrOracle::record(
                relation(spec)?,
                exec(spec)?,
                (*spec.program).clone(),
                input,
                env,
            )?;
            Built::Mr(Arc::new(oracle), Box::new(spec.clone()))
        }
    })
}

/// Build the oracle `spec` describes without recording anything: it judges
/// candidates (here: `module`) against what `recorded` (built from the same
/// kind of spec) found on its input. A bisection's probes change the
/// command (a flag injected, the pipeline replaced), not what counts as the
/// failure.
pub fn build_like(
    spec: &Spec,
    recorded: &Built,
    env: &Arc<TestEnv>,
    module: &Path,
) -> Result<Built> {
    let env = env.clone();
    Ok(match (spec, recorded) {
        (Spec::Crash { command, .. }, Built::Crash(like)) => {
            let command = command::parse(command).map_err(|e| anyhow!("--crash-cmd: {e:#}"))?;
            Built::Crash(Arc::new(like.with_command(command, env)))
        }
        (Spec::Output { .. }, Built::Output(_)) => build(spec, Path::new(""), &env)?,
        (Spec::Lit { test, rewrite, .. }, Built::Lit(like)) => {
            let mut test = LitTest::read(test)?;
            let mut line = like.failure().line;
            if let Some(r) = rewrite {
                test = test.with_run_lines(r.lines.clone());
                line = r.failing;
            }
            Built::Lit(Arc::new(like.with_test(test, line, env)))
        }
        (Spec::Mr(mr), Built::Mr(like, _)) => Built::Mr(
            Arc::new(like.with_relation(relation(mr)?, env, module)?),
            Box::new(mr.clone()),
        ),
        (Spec::Script { .. }, Built::Script(_)) => build(spec, Path::new(""), &env)?,
        _ => bail!("build_like: the spec and the recorded oracle are of different kinds"),
    })
}

/// How `--mr-exec` runs programs.
fn exec(spec: &MrSpec) -> Result<Exec> {
    Ok(match spec.exec.as_str() {
        "lli" => Exec::Lli,
        "native" => Exec::Native,
        other => bail!("--mr-exec: '{other}' is neither lli nor native"),
    })
}

/// The metamorphic relation `--mr NAME` and its options describe.
fn relation(spec: &MrSpec) -> Result<Box<dyn Relation>> {
    let program = |flag: &str, given: &Option<String>, default: &str| -> Result<PathBuf> {
        let name = given.as_deref().unwrap_or(default);
        command::resolve_program(name).map_err(|e| anyhow!("{flag}: {e:#}"))
    };
    let command = |flag: &str, text: &str| -> Result<process::TestCommand> {
        command::parse(text).map_err(|e| anyhow!("{flag}: {e:#}"))
    };
    Ok(match spec.relation.as_str() {
        "opt-equivalence" => {
            let mut relation =
                OptEquivalence::new(program("--mr-opt", &spec.opt, "opt")?, &spec.pipeline);
            relation.flags = spec.opt_flags.clone();
            Box::new(relation)
        }
        "llc-equivalence" => {
            let flags: Vec<Vec<String>> = match spec.llc_flags.as_slice() {
                [] => vec![vec!["-O0".into()], vec!["-O2".into()]],
                [a, b] => [a, b]
                    .iter()
                    .map(|f| f.split_whitespace().map(String::from).collect())
                    .collect(),
                _ => {
                    bail!("--mr-llc-flags: give it twice (the two ways to compile), or not at all")
                }
            };
            Box::new(LlcEquivalence {
                llc: program("--mr-llc", &spec.llc, "llc")?,
                first: flags[0].clone(),
                second: flags[1].clone(),
            })
        }
        "reorder" => {
            let tool = command("--mr-tool", &spec.tool)?;
            Box::new(Reorder {
                tool: tool.program,
                args: tool.args,
            })
        }
        "user" => {
            let (Some(followup), Some(run)) = (&spec.followup, &spec.run) else {
                bail!("--mr user needs --mr-followup 'CMD %s %t' and --mr-run 'CMD %s'");
            };
            let compare =
                Compare::parse(&spec.compare).map_err(|e| anyhow!("--mr-compare: {e}"))?;
            Box::new(UserDefined {
                followup: command("--mr-followup", followup)?,
                run: command("--mr-run", run)?,
                compare,
            })
        }
        other => bail!(
            "--mr: unknown relation '{other}' (opt-equivalence, llc-equivalence, reorder, user)"
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_protected_interface_is_main_and_the_names_the_commands_mention() {
        let spec = MrSpec {
            relation: "user".into(),
            followup: Some("/opt/my-opt -internalize-public-api-list=run,helper %s -o %t".into()),
            run: Some("lli --entry-function=run %s".into()),
            tool: "opt -S %s".into(),
            ..Default::default()
        };
        let names = spec.protected_symbols();
        for name in ["main", "run", "helper", "entry", "internalize"] {
            assert!(names.contains(name), "{name}: {names:?}");
        }
        // Programs, paths and substitutions name nothing in the module.
        for word in ["lli", "opt", "my", "s", "t", ""] {
            assert!(!names.contains(word), "{word}: {names:?}");
        }
    }
}
