//! Stage 4, the smallest pipeline that still fails on the culprit's input.
//! For opt: the culprit alone, with its parameters and nesting taken from
//! the tool's own `-print-pipeline-passes`; if that does not reproduce
//! (the bug needs state an earlier pass left outside the IR), the expanded
//! pipeline minimized over its leaves with whittle's own ddmin, the nesting
//! kept, under the same oracle. For llc: `-start-before=P -stop-after=P`,
//! then `-start-before=P`; for a machine pass, `llc -run-pass=P` on the
//! MIR input. Each comes with the same pipeline with the culprit skipped,
//! which the reduction uses to keep the failure pinned to the culprit.

use std::path::{Path, PathBuf};

use anyhow::Result;
use whittle_dd::Config;
use whittle_reducer::Cancel;

use super::capture::{self, CulpritInput, Form};
use super::count::{Counted, PassRun};
use super::inject::LitScope;
use super::invocation::{Invocation, Tool};
use super::pipeline::Pipeline;
use super::probe::{Ask, Prober};
use super::search::Probe;
use crate::oracle::process::Ended;

/// The smallest failing pipeline.
#[derive(Clone, Debug)]
pub struct Smallest {
    pub invocation: Invocation,
    /// The module it fails on (the culprit's input, or the input).
    pub module: PathBuf,
    /// How it was found, for the report.
    pub how: String,
    /// The same with the culprit skipped (None: it cannot be).
    pub skip: Option<Invocation>,
    /// For a machine pass: the failure reproduced with `-run-pass` (or
    /// from the pass on) on MIR, which the MIR front end reduces.
    pub mir: bool,
}

/// The pipeline `opt` expands its pass flags into.
fn expanded(prober: &Prober, inv: &Invocation, module: &Path) -> Result<Option<Pipeline>> {
    let query = inv
        .with_flags(&["-print-pipeline-passes".into()])
        .with_output(&["-disable-output".into()]);
    let scratch = prober.env.private_dir("pipeline")?;
    let command = prober.site.standalone(&query, module, &scratch)?;
    let out = prober.env.run(&command, module, &scratch, &Cancel::new())?;
    if out.ended != Ended::Exited(0) {
        return Ok(None);
    }
    let text = out.stdout.text();
    Ok(text
        .lines()
        .find(|l| !l.trim().is_empty())
        .and_then(|l| Pipeline::parse(l).ok()))
}

/// The ways to run the culprit alone, simplest first: the pass as the
/// pipeline prints it (opt nests a function pass itself), in the adaptor
/// its unit calls for, then in each nesting the pipeline has it in.
fn alone(full: &Pipeline, culprit: &PassRun) -> Vec<String> {
    let nested = full.alone(&culprit.pass);
    let mut out: Vec<String> = Vec::new();
    let mut add = |p: String| {
        if !out.contains(&p) {
            out.push(p);
        }
    };
    let leaves: Vec<String> = nested
        .iter()
        .filter_map(|p| p.leaves().first().map(|(_, leaf)| leaf.clone()))
        .collect();
    for leaf in &leaves {
        add(leaf.clone());
        let unit = culprit.unit.as_str();
        if unit.starts_with("loop ") {
            add(format!("function(loop({leaf}))"));
        } else if unit.starts_with('(') {
            add(format!("cgscc({leaf})"));
        } else if unit != "[module]" {
            add(format!("function({leaf})"));
        }
    }
    for p in nested {
        add(p.render());
    }
    out
}

fn passes(pipeline: &Pipeline) -> Vec<String> {
    vec![format!("-passes={}", pipeline.render())]
}

/// The smallest pipeline for a culprit found by the search.
pub fn smallest(
    prober: &Prober,
    input: &Path,
    counted: &Counted,
    culprit: &PassRun,
    captured: &CulpritInput,
) -> Result<Smallest> {
    let inv = &prober.site.invocation;
    let module = &captured.path;
    let on = |i: &Invocation, m: &Path| Ask::new(i.clone(), m, LitScope::Line);
    let limit0 = |i: &Invocation| i.with_flags(&["-opt-bisect-limit=0".into()]);
    match inv.tool {
        Tool::Llc => {
            let level: Vec<String> = inv
                .pipeline_args()
                .into_iter()
                .filter(|a| a.starts_with("-O"))
                .collect();
            let Some(pass) = capture::llc_pass_arg(counted, culprit) else {
                return as_given(prober, input, module);
            };
            if captured.form == Form::Mir {
                // A machine pass: its input is MIR. `-run-pass` runs it
                // alone (its output is MIR); `-start-before` runs it and
                // the rest of the pipeline (to assembly, for oracles that
                // look at it).
                let candidates = [
                    (
                        inv.with_pipeline(&[format!("-run-pass={}", culprit.pass)]),
                        "the culprit alone on its MIR input",
                    ),
                    (
                        inv.with_pipeline(
                            &[level.clone(), vec![format!("-start-before={pass}")]].concat(),
                        ),
                        "the pipeline from the culprit on, on its MIR input",
                    ),
                ];
                let asks: Vec<Ask> = candidates.iter().map(|(i, _)| on(i, module)).collect();
                let found = prober.first_bad(&asks)?;
                let (invocation, how) = match found {
                    Some((i, _)) => (candidates[i].0.clone(), candidates[i].1.to_string()),
                    None => (
                        candidates[0].0.clone(),
                        "the culprit alone on its MIR input, which does not reproduce the failure"
                            .into(),
                    ),
                };
                return Ok(Smallest {
                    skip: Some(limit0(&invocation)),
                    how,
                    invocation,
                    module: module.clone(),
                    mir: true,
                });
            }
            let with = |extra: &[String]| {
                let mut args = level.clone();
                args.extend(extra.iter().cloned());
                inv.with_pipeline(&args)
            };
            let candidates = [
                (
                    with(&[
                        format!("-start-before={pass}"),
                        format!("-stop-after={pass}"),
                    ]),
                    "the culprit alone",
                ),
                (
                    with(&[format!("-start-before={pass}")]),
                    "the pipeline from the culprit on",
                ),
            ];
            let asks: Vec<Ask> = candidates.iter().map(|(i, _)| on(i, module)).collect();
            let results = prober.run_all(&asks)?;
            for ((i, how), r) in candidates.iter().zip(results) {
                if r.probe == Probe::Bad {
                    return Ok(Smallest {
                        invocation: i.clone(),
                        module: module.clone(),
                        how: how.to_string(),
                        skip: Some(limit0(i)),
                        mir: false,
                    });
                }
            }
            as_given(prober, input, module)
        }
        Tool::Opt | Tool::Clang => {
            // clang's IR passes are opt's: the culprit alone runs in opt.
            let opt = match inv.tool {
                Tool::Opt => inv.clone(),
                _ => clang_as_opt(inv),
            };
            let Some(full) = expanded(prober, &opt, module)? else {
                return as_given(prober, input, module);
            };
            let candidates: Vec<Invocation> = alone(&full, culprit)
                .iter()
                .map(|p| opt.with_pipeline(&[format!("-passes={p}")]))
                .collect();
            let asks: Vec<Ask> = candidates.iter().map(|i| on(i, module)).collect();
            if let Some((i, _)) = prober.first_bad(&asks)? {
                return Ok(Smallest {
                    invocation: candidates[i].clone(),
                    module: module.clone(),
                    how: "the culprit alone".into(),
                    skip: Some(limit0(&candidates[i])),
                    mir: false,
                });
            }
            // The expanded pipeline, minimized over its leaves; a subset
            // without the culprit is not worth a probe.
            let culprit_leaves = full.positions_of(&culprit.pass);
            let whole = opt.with_pipeline(&passes(&full));
            if culprit_leaves.is_empty() || prober.run(&on(&whole, module))?.probe != Probe::Bad {
                return as_given(prober, input, module);
            }
            let leaves = full.leaves().len();
            let start: Config<usize> = (0..leaves).collect();
            let ask = |kept: &Config<usize>| {
                culprit_leaves.iter().any(|l| kept.contains(l)).then(|| {
                    on(
                        &opt.with_pipeline(&passes(&full.keep(&|i| kept.contains(&i)))),
                        module,
                    )
                })
            };
            let kept = prober.minimize(start, &ask)?;
            let minimal = full.keep(&|i| kept.contains(&i));
            let without = minimal.keep(&|i| {
                let original = kept.iter().nth(i).copied().unwrap_or(usize::MAX);
                !culprit_leaves.contains(&original)
            });
            let invocation = opt.with_pipeline(&passes(&minimal));
            let skip = if without.is_empty() {
                limit0(&invocation)
            } else {
                opt.with_pipeline(&passes(&without))
            };
            Ok(Smallest {
                how: format!("a minimized pipeline ({} of {leaves} passes)", kept.len()),
                invocation,
                module: module.clone(),
                skip: Some(skip),
                mir: false,
            })
        }
    }
}

/// clang's invocation as opt's, for its IR passes: the same program
/// directory, no clang flags. (Only the pipeline and the plugins carry
/// over.)
fn clang_as_opt(inv: &Invocation) -> Invocation {
    let program = std::path::Path::new(&inv.words[0]);
    let opt = program.with_file_name("opt").display().to_string();
    let mut words = vec![
        if program.parent().is_some_and(|p| !p.as_os_str().is_empty()) {
            opt
        } else {
            "opt".into()
        },
    ];
    let level = inv
        .words
        .iter()
        .find(|w| w.starts_with("-O"))
        .cloned()
        .unwrap_or("-O0".into());
    words.push(level);
    for w in &inv.words {
        if let Some(plugin) = w.strip_prefix("-fpass-plugin=") {
            words.push(format!("-load-pass-plugin={plugin}"));
        }
    }
    words.push("-disable-output".into());
    words.push("%s".into());
    Invocation {
        tool: Tool::Opt,
        words,
    }
}

/// No smaller pipeline: the command as given, on the culprit's input if it
/// fails there, else on the input.
fn as_given(prober: &Prober, input: &Path, module: &Path) -> Result<Smallest> {
    let inv = &prober.site.invocation;
    let on_culprit = prober.run(&Ask::new(inv.clone(), module, LitScope::Line))?;
    let (module, how) = if on_culprit.probe == Probe::Bad {
        (
            module.to_path_buf(),
            "the command as given, on the culprit's input",
        )
    } else {
        (input.to_path_buf(), "the command as given, on the input")
    };
    Ok(Smallest {
        invocation: inv.clone(),
        module,
        how: how.into(),
        skip: None,
        mir: false,
    })
}

/// The smallest pipeline when the failure needs no skippable pass: `llc
/// -O0`, or the pass the crash names alone in opt, or the command as given;
/// on the input.
pub fn required(
    prober: &Prober,
    input: &Path,
    frame: Option<&(String, String)>,
) -> Result<Smallest> {
    let inv = &prober.site.invocation;
    // The frame names the pass as the crash printed it (a class name
    // before LLVM 20); -passes= takes its pipeline name.
    let frame = frame.map(|(pass, unit)| {
        let mut pass = pass.clone();
        super::count::command_line_names(prober, vec![&mut pass]);
        (pass, unit.clone())
    });
    let candidate = match (inv.tool, frame.as_ref()) {
        (Tool::Llc, _) => Some((inv.with_pipeline(&["-O0".into()]), "llc -O0".to_string())),
        (Tool::Opt, Some((pass, unit))) if !pass.contains(' ') => {
            let nested = match unit.split_whitespace().next() {
                Some("function") => format!("function({pass})"),
                Some("loop") => format!("function(loop({pass}))"),
                Some("cgscc") | Some("SCC") => format!("cgscc({pass})"),
                _ => pass.clone(),
            };
            Some((
                inv.with_pipeline(&[format!("-passes={nested}")]),
                format!("the crashing pass alone ({nested})"),
            ))
        }
        _ => None,
    };
    if let Some((candidate, how)) = candidate {
        if prober
            .run(&Ask::new(candidate.clone(), input, LitScope::Line))?
            .probe
            == Probe::Bad
        {
            return Ok(Smallest {
                invocation: candidate,
                module: input.to_path_buf(),
                how,
                skip: None,
                mir: false,
            });
        }
    }
    Ok(Smallest {
        invocation: inv.clone(),
        module: input.to_path_buf(),
        how: "the command as given".into(),
        skip: None,
        mir: false,
    })
}
