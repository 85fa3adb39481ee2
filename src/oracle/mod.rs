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

pub mod command;
pub mod crash;
pub mod env;
pub mod lit;
pub mod mr;
pub mod output;
pub mod process;
pub mod script;
pub mod signature;
pub mod unless;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{anyhow, bail, Result};
use regex::Regex;
use whittle_reducer::Oracle;

use crash::CrashOracle;
use env::TestEnv;
use lit::{LitOracle, LitTest};
use mr::{Compare, Exec, LlcEquivalence, MrOracle, OptEquivalence, Relation, Reorder, UserDefined};
use output::OutputOracle;
use script::ScriptOracle;
use signature::Mode as SignatureMode;

/// An oracle as the command line describes it.
#[derive(Clone, Debug)]
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
#[derive(Clone, Debug)]
pub struct LitRewrite {
    pub lines: Vec<String>,
    pub failing: usize,
}

/// A metamorphic oracle as the command line describes it.
#[derive(Clone, Debug, Default)]
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
}

/// A built oracle, with what the command line and the emitted tests need
/// to know of it.
pub enum Built {
    Script(Arc<ScriptOracle>),
    Crash(Arc<CrashOracle>),
    Output(Arc<OutputOracle>),
    Lit(Arc<LitOracle>),
    Mr(Arc<MrOracle>),
}

impl Built {
    pub fn as_dyn(&self) -> Arc<dyn Oracle> {
        match self {
            Built::Mr(o) => o.clone(),
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
            Built::Mr(o) => Some(o.describe()),
        }
    }

    /// With --lit the output is a lit test: its directives, then the module.
    pub fn output_header(&self) -> Option<Vec<u8>> {
        match self {
            Built::Lit(o) => {
                let mut header = o.test().directives.join("\n");
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
            let relation = relation(spec)?;
            let exec = match spec.exec.as_str() {
                "lli" => Exec::Lli,
                "native" => Exec::Native,
                other => bail!("--mr-exec: '{other}' is neither lli nor native"),
            };
            Built::Mr(Arc::new(MrOracle::record(relation, exec, input, env)?))
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
        (Spec::Mr(mr), Built::Mr(like)) => {
            Built::Mr(Arc::new(like.with_relation(relation(mr)?, env, module)?))
        }
        (Spec::Script { .. }, Built::Script(_)) => build(spec, Path::new(""), &env)?,
        _ => bail!("build_like: the spec and the recorded oracle are of different kinds"),
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
