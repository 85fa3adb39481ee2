//! `whittle miscompile SOURCE... [-- CFLAGS...]`: from a program that
//! misbehaves when optimized to the culprit pass and a reduced regression
//! test. It builds the program at -O0 and at the suspect level and runs
//! both ([`program`]); refuses a program with undefined behaviour the
//! sanitizers see; finds the stage from the IR clang emits before
//! optimizing (the optimizer's output through the unoptimized code
//! generator, or that IR through the optimizing one); then, for the
//! optimizer, finds the functions that must be optimized ([`split`]) and
//! hands the module to `whittle bisect --mr opt-equivalence`, and for the
//! code generator, bisects llc's passes itself ([`backend`]) and reduces
//! under `--mr llc-equivalence`; and writes the reduced module and a
//! regression test with CHECK lines of what the pass or llc produces now
//! ([`checks`]), checked under lit. The CLI provides the bisection and the
//! reduction (it owns their argument parsing) as [`Tools`].

pub mod backend;
pub mod checks;
pub mod program;
pub mod split;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Result};
use serde_json::json;

use crate::bisect;
use crate::emit::{check_with_lit, Comment};
use crate::oracle::env::{EnvSpec, TestEnv};
use crate::oracle::mr::{tool, RunSetup};
use crate::oracle::process::Ended;
pub use crate::steps::Step;
use crate::steps::{total_runs, Counting};
use program::{Behaviour, Build, Level};

/// A miscompile run as the command line describes it.
#[derive(Clone, Debug)]
pub struct Spec {
    pub sources: Vec<PathBuf>,
    pub cflags: Vec<String>,
    /// `-O<n>` given to whittle (else the one in the flags, else -O2).
    pub level: Option<Level>,
    pub run_args: Vec<String>,
    pub stdin: Option<PathBuf>,
    pub expect_output: Option<PathBuf>,
    pub output: Option<PathBuf>,
    pub emit_lit: Option<PathBuf>,
    pub jobs: usize,
    pub timeout: Option<f64>,
    pub save_temps: bool,
    pub quiet: bool,
    pub no_sanitize: bool,
    /// `--executor...` words, passed on to the bisection and reduction.
    pub executor: Vec<String>,
}

/// What the CLI gives: `whittle bisect WORDS...` and `whittle WORDS...`.
pub struct Tools<'a> {
    pub bisect: &'a dyn Fn(&[String]) -> Result<bisect::output::Report>,
    pub reduce: &'a dyn Fn(&[String]) -> Result<u64>,
}

/// Where the miscompilation is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    MiddleEnd,
    BackEnd,
}

impl std::fmt::Display for Stage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Stage::MiddleEnd => "middle end (opt)",
            Stage::BackEnd => "back end (llc)",
        })
    }
}

/// What a miscompile run found and made.
#[derive(Debug)]
pub struct Report {
    pub stage: Stage,
    pub level: String,
    pub unoptimized: String,
    pub optimized: String,
    pub sanitized: String,
    /// Middle end: the functions that must be optimized, of how many.
    pub functions: Option<(Vec<String>, usize)>,
    /// The culprit pass, and the pipeline of the regression test.
    pub culprit: String,
    pub test_command: String,
    pub bisect: Option<bisect::output::Report>,
    pub steps: Vec<Step>,
    /// Instructions of the module before and after the reduction.
    pub sizes: (u64, u64),
    pub output: PathBuf,
    pub lit_test: PathBuf,
    pub temps: Option<PathBuf>,
    pub wall_s: f64,
}

impl Report {
    /// Every run: the steps', the bisection's probes and its reduction's
    /// tests.
    pub fn runs(&self) -> usize {
        total_runs(&self.steps, self.bisect.as_ref())
    }

    pub fn summary(&self) -> String {
        let mut s = format!(
            "program: -O0 {}; {} {}\nsanitizers: {}\nstage: {}\n",
            self.unoptimized, self.level, self.optimized, self.sanitized, self.stage
        );
        if let Some((needed, of)) = &self.functions {
            s += &format!(
                "functions that must be optimized: {} of {of} ({})\n",
                needed.len(),
                needed.join(", ")
            );
        }
        s += &format!("culprit: {}\n", self.culprit);
        s += &format!("regression test runs: {}\n", self.test_command);
        let mut per_step: Vec<String> = self
            .steps
            .iter()
            .map(|st| format!("{} {}", st.name, st.runs))
            .collect();
        if let Some(b) = &self.bisect {
            per_step.push(format!("bisect {}", b.probes()));
            if let Some(r) = &b.reduction {
                per_step.push(format!("reduce {}", r.tests));
            }
        }
        s += &format!(
            "module: {} -> {} instructions; runs: {} ({}); {:.1} s\n",
            self.sizes.0,
            self.sizes.1,
            self.runs(),
            per_step.join(", "),
            self.wall_s
        );
        s += &format!(
            "output: '{}'; regression test: '{}' (passes under lit)",
            self.output.display(),
            self.lit_test.display()
        );
        if let Some(t) = &self.temps {
            s += &format!("\ntemporary files kept in '{}'", t.display());
        }
        s
    }

    pub fn json(&self) -> serde_json::Value {
        json!({
            "whittle_version": crate::VERSION,
            "llvm_version": crate::LLVM_VERSION,
            "stage": self.stage,
            "level": self.level,
            "unoptimized": self.unoptimized,
            "optimized": self.optimized,
            "sanitizers": self.sanitized,
            "functions": self.functions.as_ref().map(|(f, of)| json!({"needed": f, "of": of})),
            "culprit": self.culprit,
            "test_command": self.test_command,
            "bisect": self.bisect.as_ref().map(|b| b.json()),
            "steps": self.steps.iter().map(|s| json!({"step": s.name, "runs": s.runs, "seconds": s.seconds})).collect::<Vec<_>>(),
            "runs": self.runs(),
            "instructions_before": self.sizes.0,
            "instructions_after": self.sizes.1,
            "output": self.output,
            "lit_test": self.lit_test,
            "wall_s": self.wall_s,
        })
    }
}

fn say(spec: &Spec, text: &str) {
    if !spec.quiet {
        eprintln!("whittle: miscompile: {text}");
    }
}

fn is_ir(path: &Path) -> bool {
    matches!(path.extension().and_then(|e| e.to_str()), Some("ll" | "bc"))
}

pub fn run(spec: Spec, tools: &Tools<'_>) -> Result<Report> {
    let started = Instant::now();
    if spec.sources.is_empty() {
        bail!("no source given: whittle miscompile SOURCE... [-- CFLAGS...]");
    }
    for s in &spec.sources {
        if !s.is_file() {
            bail!("'{}' is not a file", s.display());
        }
    }
    if let Some(f) = spec.stdin.as_ref().filter(|f| !f.is_file()) {
        bail!("--stdin: '{}' is not a file", f.display());
    }
    if let Some(f) = spec.expect_output.as_ref().filter(|f| !f.is_file()) {
        bail!("--expect-output: '{}' is not a file", f.display());
    }
    let scratch = tempfile::Builder::new()
        .prefix("whittle-miscompile-")
        .tempdir()?;
    match run_in(&spec, tools, scratch.path()) {
        Ok(report) => Ok(Report {
            temps: spec.save_temps.then(|| scratch.keep()),
            wall_s: started.elapsed().as_secs_f64(),
            ..report
        }),
        Err(e) if spec.save_temps => Err(anyhow!(
            "{e:#} (temporary files kept in '{}')",
            scratch.keep().display()
        )),
        Err(e) => Err(e),
    }
}

fn absolute(p: &Path) -> Result<PathBuf> {
    Ok(std::path::absolute(p)?)
}

fn run_in(spec: &Spec, tools: &Tools<'_>, work: &Path) -> Result<Report> {
    let sources: Vec<PathBuf> = spec
        .sources
        .iter()
        .map(|s| absolute(s))
        .collect::<Result<_>>()?;
    let input = RunSetup {
        args: spec.run_args.clone(),
        stdin: spec.stdin.as_deref().map(absolute).transpose()?,
        link_flags: Vec::new(),
    };
    let timeout = Duration::from_secs_f64(spec.timeout.unwrap_or(10.0));
    let cxx = sources.iter().any(|s| program::is_cxx(s));
    let build = Build::new(&spec.cflags, spec.level, input.clone(), timeout, cxx)?;
    let level = build.level.clang();
    let stem = sources[0]
        .file_stem()
        .map_or("program".into(), |s| s.to_string_lossy().into_owned());
    let mut steps = Vec::new();

    // 1. The two builds and their behaviour.
    let mut behave = Counting::new("programs");
    let o0 = work.join("prog-O0");
    let on = work.join(format!("prog{level}"));
    for (exe, l) in [(&o0, "-O0"), (&on, level.as_str())] {
        behave.runs += 1;
        if let Err(e) = build.compile(&sources, l, &[], exe, work)? {
            bail!("the program does not build at {l}: {e}");
        }
    }
    behave.runs += 2;
    let unopt = build.run(&o0, work)?;
    if unopt.ended == Ended::TimedOut {
        bail!(
            "the program does not end within {} s at -O0 (--timeout)",
            timeout.as_secs_f64()
        );
    }
    let opt = build.run(&on, work)?;
    let good = match &spec.expect_output {
        Some(f) => {
            let expected = std::fs::read(f)?;
            let ok = |b: &Behaviour| b.stdout == expected;
            match (ok(&unopt), ok(&opt)) {
                (true, false) => unopt.clone(),
                (_, true) => bail!(
                    "the {level} build prints the expected output ({}): nothing to reduce",
                    f.display()
                ),
                (false, false) => bail!(
                    "neither build prints the expected output of '{}' (-O0: {}; {level}: {})",
                    f.display(),
                    unopt.describe(),
                    opt.describe()
                ),
            }
        }
        None => {
            if unopt.same(&opt) {
                bail!(
                    "the program behaves the same at -O0 and {level} ({}): not a miscompilation",
                    unopt.describe()
                );
            }
            unopt.clone()
        }
    };
    let misbehaves = |b: &Behaviour| b.ended != Ended::TimedOut && !b.same(&good);
    steps.push(behave.done());
    say(
        spec,
        &format!("-O0: {}; {level}: {}", unopt.describe(), opt.describe()),
    );

    // 2. Undefined behaviour the sanitizers see.
    let sanitized = if spec.no_sanitize {
        "not run (--no-sanitize)".to_string()
    } else if sources.iter().any(|s| is_ir(s)) {
        "not run (IR input)".to_string()
    } else {
        let mut check = Counting::new("sanitizers");
        let exe = work.join("prog-sanitized");
        check.runs += 1;
        let flags: Vec<String> = [
            "-g",
            "-fsanitize=undefined,address",
            "-fno-sanitize-recover=all",
            "-fno-omit-frame-pointer",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let said = match build.compile(&sources, "-O0", &flags, &exe, work)? {
            Err(e) => format!("not run (the sanitized build fails: {e})"),
            Ok(()) => {
                check.runs += 1;
                let ran = build.run(&exe, work)?;
                if let Some(line) = sanitizer_report(&ran.stderr) {
                    bail!("not a miscompilation: undefined behaviour at {line}");
                }
                "-fsanitize=undefined,address at -O0: no report".to_string()
            }
        };
        steps.push(check.done());
        said
    };

    // 3. The IR before optimization, and the stage.
    let mut stage_step = Counting::new("stage");
    let mut modules = Vec::new();
    for (i, s) in sources.iter().enumerate() {
        if is_ir(s) {
            modules.push(s.clone());
            continue;
        }
        let out = work.join(format!("source{i}.bc"));
        stage_step.runs += 1;
        if let Err(e) = build.emit_ir(s, &out, work)? {
            bail!("clang cannot emit the IR of '{}': {e}", s.display());
        }
        modules.push(out);
    }
    let linked = work.join(format!("{stem}.bc"));
    let mut words = vec![tool("llvm-link")?.display().to_string()];
    words.extend(modules.iter().map(|m| m.display().to_string()));
    words.extend(["-o".into(), linked.display().to_string()]);
    if let Err(e) = program::run_tool(&words, work, timeout * 10)? {
        bail!("the modules do not link: {e}");
    }
    let optimized = work.join(format!("{stem}.opt.bc"));
    stage_step.runs += 1;
    if let Err(e) = build.optimize(&linked, &optimized, work)? {
        bail!("opt fails on the program's IR: {e}");
    }
    let mut through = |module: &Path, llc: &str, tag: &str| -> Result<Behaviour> {
        let exe = work.join(tag);
        stage_step.runs += 2;
        if let Err(e) = build.codegen(module, &[llc.to_string()], &exe, work)? {
            bail!("the program's IR does not build with llc {llc}: {e}");
        }
        build.run(&exe, work)
    };
    let plain = through(&linked, "-O0", "ir-O0")?;
    if misbehaves(&plain) {
        bail!(
            "the IR clang emits misbehaves without optimization ({}): not a miscompilation of {level}",
            plain.describe()
        );
    }
    let llc_level = build.level.llc();
    let (stage, module) = if misbehaves(&through(&optimized, "-O0", "middle")?) {
        (Stage::MiddleEnd, linked.clone())
    } else if misbehaves(&through(&linked, &llc_level, "back")?) {
        (Stage::BackEnd, linked.clone())
    } else if misbehaves(&through(&optimized, &llc_level, "both")?) {
        (Stage::BackEnd, optimized.clone())
    } else {
        bail!(
            "the program misbehaves built by clang {level} but not from its IR through opt {} and llc {llc_level}",
            build.level.opt_pipeline()
        );
    };
    steps.push(stage_step.done());
    say(spec, &format!("stage: {stage}"));

    let output = absolute(&match &spec.output {
        Some(o) => o.clone(),
        None => PathBuf::from(format!("{stem}-reduced.ll")),
    })?;
    let lit_test = absolute(&match &spec.emit_lit {
        Some(o) => o.clone(),
        None => PathBuf::from(format!("{stem}-test.ll")),
    })?;
    let mut shared = vec!["-j".to_string(), spec.jobs.to_string()];
    if let Some(t) = spec.timeout {
        shared.extend(["--timeout".into(), t.to_string()]);
    }
    if spec.quiet {
        shared.push("-q".into());
    }
    if spec.save_temps {
        shared.push("--save-temps".into());
    }
    shared.extend(spec.executor.iter().cloned());
    if !input.args.is_empty() {
        shared.push(format!("--mr-args={}", shell_words::join(&input.args)));
    }
    if let Some(f) = &input.stdin {
        shared.extend(["--mr-stdin".into(), f.display().to_string()]);
    }
    if cxx {
        // The native builds of the metamorphic oracle link with clang.
        let runtime = if spec.cflags.iter().any(|f| f == "-stdlib=libc++") {
            "-lc++"
        } else {
            "-lstdc++"
        };
        shared.push(format!("--mr-link-flags={runtime}"));
    }
    let before_size = crate::llvm::file_instructions(&module)?;
    let programs = format!(
        "the program: -O0 {}; {level} {}",
        unopt.describe(),
        opt.describe()
    );

    let (functions, culprit, test_command, bisected, test) = match stage {
        Stage::MiddleEnd => {
            // 4. The functions that must be optimized.
            let mut split_step = Counting::new("functions");
            let all = split::defined_functions(&module)?;
            let marked = work.join("split.ll");
            let needed = split::minimize(&all, |optimized: &BTreeSet<String>| {
                split_step.runs += 1;
                split::keep_from_optimizer(&module, optimized, &marked)?;
                let out = work.join("split.opt.bc");
                if build.optimize(&marked, &out, work)?.is_err() {
                    return Ok(false);
                }
                let exe = work.join("split");
                if build.codegen(&out, &["-O0".into()], &exe, work)?.is_err() {
                    return Ok(false);
                }
                Ok(misbehaves(&build.run(&exe, work)?))
            })?;
            steps.push(split_step.done());
            split::keep_from_optimizer(&module, &needed, &marked)?;
            say(
                spec,
                &format!(
                    "functions that must be optimized: {} of {}; bisecting",
                    needed.len(),
                    all.len()
                ),
            );
            // 5. The culprit pass and the reduction under it.
            let pipeline = if build.plugins.is_empty() && build.mllvm.is_empty() {
                build.level.opt_pipeline()
            } else {
                build.opt_flags().join(" ")
            };
            // Programs run under lli where they can (a C program: lli's
            // interpreter is one more undefined-behaviour check, and no
            // link per run), natively otherwise (C++, whose runtime lli
            // does not load; an LLVM without lli), and natively too when
            // the misbehaviour does not show under lli.
            let lli = !cxx && tool("lli").is_ok();
            let bisect_with = |exec: &str| {
                let mut words = vec![
                    "--mr".to_string(),
                    "opt-equivalence".into(),
                    "--mr-exec".into(),
                    exec.into(),
                    format!("--mr-pipeline={pipeline}"),
                    marked.display().to_string(),
                    "-o".into(),
                    output.display().to_string(),
                ];
                words.extend(shared.iter().cloned());
                (tools.bisect)(&words)
            };
            let report = if lli {
                match bisect_with("lli") {
                    Err(e)
                        if e.chain()
                            .any(|c| c.is::<crate::oracle::mr::InputNotViolating>()) =>
                    {
                        say(
                            spec,
                            &format!("under lli: {e:#}; running the programs natively"),
                        );
                        bisect_with("native")?
                    }
                    other => other?,
                }
            } else {
                bisect_with("native")?
            };
            let culprit = report
                .culprit
                .as_ref()
                .map(|c| c.to_string())
                .ok_or_else(|| anyhow!("the bisection names no culprit pass"))?;
            let smallest = report
                .smallest
                .clone()
                .ok_or_else(|| anyhow!("the bisection found no pipeline that fails alone"))?;
            let mut opt_words = vec!["opt".to_string()];
            let split_words = shell_words::split(&smallest)?;
            let mut it = split_words.iter().skip(1);
            while let Some(w) = it.next() {
                if w == "-o" {
                    it.next();
                } else if w != "%s" && w != "-S" && !w.starts_with("-o=") {
                    opt_words.push(w.clone());
                }
            }
            let after = run_text(&tool_words(&opt_words, &["-S".into()])?, &output, work)?;
            let command = format!(
                "{} -S < %s | FileCheck %s",
                crate::oracle::command::join(&opt_words)
            );
            let reduced = std::fs::read_to_string(&output)?;
            let reduced_runs = behaviour_pair(&build, &output, &opt_words, work)?;
            let header = [
                format!(
                    "; A miscompilation in {}, found and reduced by whittle {} (whittle miscompile).",
                    culprit,
                    crate::VERSION
                ),
                format!("; {programs}."),
                format!("; This module before the pass: {}; after it: {}.", reduced_runs.0, reduced_runs.1),
                "; The CHECK lines say what the pass produces now (the wrong code).".to_string(),
                format!("; RUN: {command}"),
                String::new(),
            ];
            let test = header.join("\n") + "\n" + &checks::with_ir_checks(&reduced, &after);
            (
                Some((needed.into_iter().collect(), all.len())),
                culprit,
                command,
                Some(report),
                test,
            )
        }
        Stage::BackEnd => {
            let text = work.join(format!("{stem}.back.ll"));
            let words = vec![
                tool("llvm-dis")?.display().to_string(),
                module.display().to_string(),
                "-o".into(),
                text.display().to_string(),
            ];
            if let Err(e) = program::run_tool(&words, work, timeout * 10)? {
                bail!("{e}");
            }
            // 4. The culprit codegen pass, on the whole program.
            let mut search = Counting::new("llc-bisect");
            let found = backend::culprit(&build, &text, &misbehaves, work, &mut search.runs)?;
            steps.push(search.done());
            say(spec, &format!("culprit: {found}; reducing"));
            // 5. The reduction: llc -O0 and the suspect level differ.
            let mut llc_flags = vec![llc_level.clone()];
            llc_flags.extend(build.mllvm.iter().cloned());
            let mut words = vec![
                "--mr".to_string(),
                "llc-equivalence".into(),
                "--mr-llc-flags=-O0".into(),
                format!("--mr-llc-flags={}", llc_flags.join(" ")),
                text.display().to_string(),
                "-o".into(),
                output.display().to_string(),
            ];
            words.extend(shared.iter().cloned());
            let mut reduce_step = Counting::new("reduce");
            reduce_step.runs = (tools.reduce)(&words)? as usize;
            steps.push(reduce_step.done());
            // The pass on the reduced module.
            let mut again = Counting::new("llc-bisect-reduced");
            let reduced_culprit =
                backend::culprit_on_reduced(&build, &output, work, &mut again.runs)?;
            steps.push(again.done());
            let culprit = match &reduced_culprit {
                Some(c) if c.pass == found.pass => c.to_string(),
                Some(c) => format!("{c} (on the whole program: {found})"),
                None => format!("{found} (on the whole program)"),
            };
            let mut llc_words = vec!["llc".to_string(), llc_level.clone()];
            llc_words.extend(build.mllvm.iter().cloned());
            let asm = run_text(
                &tool_words(&llc_words, &["-o".into(), "-".into()])?,
                &output,
                work,
            )?;
            let command = format!(
                "{} < %s | FileCheck %s",
                crate::oracle::command::join(&llc_words)
            );
            let reduced = std::fs::read_to_string(&output)?;
            let (o0_run, on_run) = backend::behaviour_pair(&build, &output, work)?;
            let header = [
                format!(
                    "; A miscompilation in llc {llc_level} ({culprit}), found and reduced by whittle {} (whittle miscompile).",
                    crate::VERSION
                ),
                format!("; {programs}."),
                format!("; This module built by llc -O0: {o0_run}; by llc {llc_level}: {on_run}."),
                "; The CHECK lines say what llc produces now (the wrong code).".to_string(),
                format!("; RUN: {command}"),
                String::new(),
            ];
            let test = header.join("\n") + "\n" + &checks::with_asm_checks(&reduced, &asm);
            (None, culprit, command, None, test)
        }
    };

    // 6. The regression test, checked under lit.
    let env = TestEnv::new(EnvSpec::default())?;
    check_with_lit(&env, &test, Comment::Semicolon, &output, false)?;
    crate::reducer::write_atomically(&lit_test, test.as_bytes())?;
    let after_size = crate::llvm::file_instructions(&output)?;
    Ok(Report {
        stage,
        level,
        unoptimized: unopt.describe(),
        optimized: opt.describe(),
        sanitized,
        functions,
        culprit,
        test_command,
        bisect: bisected,
        steps,
        sizes: (before_size, after_size),
        output,
        lit_test,
        temps: None,
        wall_s: 0.0,
    })
}

/// The first line of a sanitizer's report, where it says what and where.
fn sanitizer_report(stderr: &str) -> Option<String> {
    if let Some(line) = stderr.lines().find(|l| l.contains(": runtime error: ")) {
        let (at, what) = line.split_once(": runtime error: ").unwrap();
        return Some(format!("{}: {}", short_location(at.trim()), what.trim()));
    }
    let error = stderr.lines().find(|l| {
        l.contains("ERROR: AddressSanitizer") || l.contains("ERROR: UndefinedBehaviorSanitizer")
    })?;
    let what = error
        .split_once("ERROR: ")
        .map_or(error, |(_, w)| w)
        .split(" on address")
        .next()
        .unwrap_or("")
        .trim()
        .to_string();
    // The first frame in the program's own code (not the runtime's).
    let frame = stderr
        .lines()
        .filter(|l| l.trim_start().starts_with('#') && l.contains(" in "))
        .map(|l| l.rsplit(' ').next().unwrap_or(""))
        .find(|loc| loc.contains(':') && !loc.contains("compiler-rt") && !loc.contains(".so"));
    Some(match frame {
        Some(loc) => format!("{}: {what}", short_location(loc)),
        None => what,
    })
}

/// `dir/lua.c:812:5` as `lua.c:812:5`.
fn short_location(at: &str) -> String {
    Path::new(at)
        .file_name()
        .map_or(at.to_string(), |n| n.to_string_lossy().into_owned())
}

/// `words` (a tool by name, then its flags) with the tool's path and `more`.
fn tool_words(words: &[String], more: &[String]) -> Result<Vec<String>> {
    let mut out = vec![tool(&words[0])?.display().to_string()];
    out.extend(words[1..].iter().cloned());
    out.extend(more.iter().cloned());
    Ok(out)
}

/// What `words` print for `module` on stdin.
fn run_text(words: &[String], module: &Path, work: &Path) -> Result<String> {
    let out = crate::run_once::run_once(words, work, Some(module), None, &[])?;
    if out.ended != Ended::Exited(0) {
        bail!(
            "{} fails on the reduced module: {}",
            words[0],
            out.stderr.lines().next().unwrap_or("")
        );
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// How the reduced module behaves before and after the culprit pipeline
/// (`opt_words`), each built by llc -O0.
fn behaviour_pair(
    build: &Build,
    module: &Path,
    opt_words: &[String],
    work: &Path,
) -> Result<(String, String)> {
    let after = work.join("reduced.after.bc");
    let mut words = tool_words(opt_words, &[])?;
    words.extend([
        module.display().to_string(),
        "-o".into(),
        after.display().to_string(),
    ]);
    if let Err(e) = program::run_tool(&words, work, build.timeout * 10)? {
        bail!("{e}");
    }
    let o0 = ["-O0".to_string()];
    Ok((
        build.describe_built(module, &o0, &work.join("reduced-before"), work)?,
        build.describe_built(&after, &o0, &work.join("reduced-after"), work)?,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sanitizer_lines_say_where_and_what() {
        let ubsan = "/tmp/x/lua.c:812:5: runtime error: signed integer overflow: 2147483647 + 1 cannot be represented in type 'int'\n";
        assert_eq!(
            sanitizer_report(ubsan).unwrap(),
            "lua.c:812:5: signed integer overflow: 2147483647 + 1 cannot be represented in type 'int'"
        );
        let asan = "=================================================================\n==1==ERROR: AddressSanitizer: stack-buffer-overflow on address 0x7ff at pc 0x5 bp 0x7 sp 0x7\nREAD of size 4 at 0x7ff thread T0\n    #0 0x55d in main /tmp/w/prog.c:7:10\n    #1 0x7f in __libc_start_main (/lib/x86_64-linux-gnu/libc.so.6+0x2)\n";
        assert_eq!(
            sanitizer_report(asan).unwrap(),
            "prog.c:7:10: AddressSanitizer: stack-buffer-overflow"
        );
        assert!(sanitizer_report("hello\n").is_none());
    }
}
