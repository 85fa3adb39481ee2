//! Several modules reduced together (`whittle --test=link.sh a.bc b.bc
//! c.ll -o DIR`): the modules of a failing link, the test run as `TEST
//! [TEST-ARG]... MODULE...` in the order given. The set is reduced in
//! stages, each judged by the test on the whole set: whole modules dropped
//! (ddmin over the modules), the modules merged into one (`llvm-link`)
//! where the failure survives it, then each module reduced in turn by a
//! whittle reduction of that module whose test runs the user's on the set
//! with the candidate in the module's place, round after round until one
//! changes nothing. A module's candidate that leaves another module's
//! reference dangling makes the link fail otherwise, which the test does
//! not call interesting; a definition another module uses is kept or, by
//! the passes that delete bodies, turned into a declaration. The set on
//! disk (`DIR`, one file per module, named as the input) is always the
//! best so far: every file is written atomically, and the module under
//! reduction is the reduction's output.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use anyhow::{anyhow, bail, Context as _, Result};
use serde_json::json;
use whittle_reducer::{Cancel, Stats, Verdict};

use crate::llvm::{self, Formats};
use crate::oracle::env::TestEnv;
use crate::oracle::process::{Ended, TestCommand};
use crate::oracle::{Built, Spec as OracleSpec};
use crate::reduce::RunSpec;

/// How many rounds over the modules at most.
const MAX_ROUNDS: usize = 4;

/// A module's reduction, as the CLI runs and reports it.
pub type Reducer<'a> = &'a dyn Fn(RunSpec) -> Result<Stats>;

/// One module of the set.
#[derive(Clone, Debug)]
pub struct Module {
    /// Its name in the output directory (the input's file name).
    pub name: String,
    /// Its place in the link (see [`command_for`]).
    pub slot: usize,
    pub input: PathBuf,
    pub instructions_before: u64,
    pub instructions_after: Option<u64>,
}

/// What a link-set reduction did.
#[derive(Debug)]
pub struct Report {
    pub modules: Vec<Module>,
    /// Names of the modules dropped whole.
    pub dropped: Vec<String>,
    /// The modules were merged into this one.
    pub merged: Option<String>,
    /// Tests of the set stages (checking, dropping, merging).
    pub set_tests: u64,
    /// Tests of the modules' reductions.
    pub module_tests: u64,
    pub rounds: usize,
    pub output: PathBuf,
    /// `--emit-lit`: the regression test (checked under lit).
    pub lit_test: Option<PathBuf>,
    pub wall_s: f64,
}

impl Report {
    pub fn summary(&self) -> String {
        let mut s = String::new();
        for m in &self.modules {
            let state = if self.dropped.contains(&m.name) {
                "dropped".to_string()
            } else if self.merged.is_some() {
                "merged".to_string()
            } else {
                match m.instructions_after {
                    Some(after) => format!("{} -> {after} instructions", m.instructions_before),
                    None => format!("{} instructions", m.instructions_before),
                }
            };
            s += &format!("{}: {state}\n", m.name);
        }
        if let Some(m) = &self.merged {
            s += &format!("merged into one module: {m} (the failure survives llvm-link)\n");
        }
        s += &format!(
            "tests: {} ({} on the set, {} in the modules' reductions); {} round{}; {:.1} s\n",
            self.set_tests + self.module_tests,
            self.set_tests,
            self.module_tests,
            self.rounds,
            if self.rounds == 1 { "" } else { "s" },
            self.wall_s
        );
        s += &format!("output: '{}'", self.output.display());
        if let Some(t) = &self.lit_test {
            s += &format!("; regression test: '{}' (passes under lit)", t.display());
        }
        s
    }

    pub fn json(&self) -> serde_json::Value {
        json!({
            "whittle_version": crate::VERSION,
            "llvm_version": crate::LLVM_VERSION,
            "modules": self.modules.iter().map(|m| json!({
                "name": m.name,
                "input": m.input,
                "instructions_before": m.instructions_before,
                "instructions_after": m.instructions_after,
                "dropped": self.dropped.contains(&m.name),
            })).collect::<Vec<_>>(),
            "merged": self.merged,
            "set_tests": self.set_tests,
            "module_tests": self.module_tests,
            "tests": self.set_tests + self.module_tests,
            "rounds": self.rounds,
            "output": self.output,
            "lit_test": self.lit_test,
            "wall_s": self.wall_s,
        })
    }
}

/// How a set of files is judged: the user's test, run as `TEST
/// [TEST-ARG]... FILE...`, or a command that must crash as it crashed on
/// the input set (`--crash-cmd` with `%s` for the files, in order).
enum Judge {
    Script {
        test: PathBuf,
        args: Vec<String>,
    },
    Crash {
        command: String,
        signature: String,
        matches: Option<String>,
        /// The crash recorded on the input set.
        recorded: Option<Built>,
    },
}

/// The set's judge and its runs.
struct SetTest {
    judge: Judge,
    env: Arc<TestEnv>,
    dir: PathBuf,
    runs: u64,
}

/// A module's place in the link (`%m<slot>` in a crash command; the merged
/// module takes the first place of those it merged) and its file.
type Slotted = (usize, PathBuf);

/// `command` with the modules `files` in their places: where the command
/// has `%m<slot>` placeholders, each gets its module (nothing for a module
/// dropped), else `%s` stands for them all in order. The module at
/// `keep` (an index into `files`) is left as `%s`: the one a reduction
/// changes.
fn command_for(command: &str, files: &[Slotted], keep: Option<usize>) -> String {
    let word = |i: usize, f: &Path| {
        let text = f.display().to_string();
        if keep == Some(i) {
            "%s".to_string()
        } else if text.starts_with("%t/") {
            // A lit test's file: lit substitutes it, unquoted.
            text
        } else {
            shell_words::quote(&text).into_owned()
        }
    };
    let placeholder = regex::Regex::new(r"%m([0-9]+)").unwrap();
    if placeholder.is_match(command) {
        return placeholder
            .replace_all(command, |c: &regex::Captures| {
                let slot: usize = c[1].parse().unwrap_or(usize::MAX);
                files
                    .iter()
                    .enumerate()
                    .find(|(_, (s, _))| *s == slot)
                    .map_or(String::new(), |(i, (_, f))| word(i, f))
            })
            .into_owned();
    }
    let words: Vec<String> = files
        .iter()
        .enumerate()
        .map(|(i, (_, f))| word(i, f))
        .collect();
    command.replacen("%s", &words.join(" "), 1)
}

impl SetTest {
    /// The oracle of a reduction of `files[k]`, the others fixed.
    fn module_oracle(&self, files: &[Slotted], k: usize, wrapper: &Path) -> Result<OracleSpec> {
        Ok(match &self.judge {
            Judge::Script { test, args } => {
                let mut words = vec![test.display().to_string()];
                words.extend(args.iter().cloned());
                let mut line = shell_words::join(&words);
                for (j, (_, f)) in files.iter().enumerate() {
                    line.push(' ');
                    if j == k {
                        line.push_str("\"$1\"");
                    } else {
                        line.push_str(&shell_words::quote(&f.display().to_string()));
                    }
                }
                std::fs::write(wrapper, format!("#!/bin/sh\nexec {line}\n"))?;
                make_executable(wrapper)?;
                OracleSpec::Script {
                    test: wrapper.to_path_buf(),
                    args: Vec::new(),
                    nonzero_interesting: false,
                }
            }
            Judge::Crash {
                command,
                signature,
                matches,
                ..
            } => OracleSpec::Crash {
                command: command_for(command, files, Some(k)),
                signature: signature.clone(),
                matches: matches.clone(),
            },
        })
    }

    fn interesting(&mut self, files: &[Slotted]) -> Result<bool> {
        self.runs += 1;
        match &mut self.judge {
            Judge::Script { test, args } => {
                let mut args = args.clone();
                args.extend(files.iter().map(|(_, f)| f.display().to_string()));
                let command = TestCommand {
                    program: test.clone(),
                    args,
                    substitute: true,
                    ..Default::default()
                };
                let out = self
                    .env
                    .run(&command, Path::new(""), &self.dir, &Cancel::new())?;
                Ok(out.ended == Ended::Exited(0))
            }
            Judge::Crash {
                command,
                signature,
                matches,
                recorded,
            } => {
                let spec = OracleSpec::Crash {
                    command: command_for(command, files, Some(0)),
                    signature: signature.clone(),
                    matches: matches.clone(),
                };
                let Some(like) = recorded else {
                    // The input set: its crash is recorded (an error if
                    // there is none).
                    *recorded = Some(crate::oracle::build(&spec, &files[0].1, &self.env)?);
                    return Ok(true);
                };
                let built = crate::oracle::build_like(&spec, like, &self.env, &files[0].1)?;
                let outcome = built
                    .as_dyn()
                    .judge(&files[0].1, &self.dir, &Cancel::new())?;
                Ok(outcome.verdict == Verdict::Interesting)
            }
        }
    }

    fn describe(&self) -> String {
        match &self.judge {
            Judge::Script { test, .. } => format!("run as {} MODULE...", test.display()),
            Judge::Crash { command, .. } => format!("`{command}` does not crash"),
        }
    }
}

fn say(quiet: bool, text: &str) {
    if !quiet {
        eprintln!("whittle: modules: {text}");
    }
}

/// Reduce the modules `inputs` (the first is `base.input`) under `base`'s
/// `--test`, into the directory `output`.
pub fn run(
    base: RunSpec,
    inputs: &[PathBuf],
    output: &Path,
    reduce: Reducer<'_>,
) -> Result<Report> {
    let started = Instant::now();
    let quiet = base.display == whittle_reducer::Display::Quiet;
    let judge = match &base.oracle {
        OracleSpec::Script {
            test,
            args,
            nonzero_interesting: false,
        } => Judge::Script {
            test: std::path::absolute(crate::oracle::command::resolve_program(
                &test.display().to_string(),
            )?)?,
            args: args.clone(),
        },
        OracleSpec::Crash {
            command,
            signature,
            matches,
        } if command.contains("%s") || command.contains("%m") => Judge::Crash {
            command: command.clone(),
            signature: signature.clone(),
            matches: matches.clone(),
            recorded: None,
        },
        _ => bail!(
            "with several modules the oracle is --test (run as TEST [TEST-ARG]... MODULE...) or --crash-cmd with %s for the modules, in order"
        ),
    };
    if base.in_place {
        bail!("--in-place takes one module: with several, -o names a directory for them");
    }
    if base.emit_lit.is_some() && !matches!(base.oracle, OracleSpec::Crash { .. }) {
        bail!("--emit-lit with several modules writes the crash of a link: give it with --crash-cmd (or use whittle lto)");
    }

    // The inputs: each must load and verify, and the names must differ.
    let mut modules = Vec::new();
    let mut names = BTreeSet::new();
    for input in inputs {
        let opened = llvm::open(input, Vec::new(), Default::default(), Formats::default())?;
        let name = input
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .ok_or_else(|| anyhow!("'{}' is not a file name", input.display()))?;
        if !names.insert(name.clone()) {
            bail!("two input modules are named '{name}': the output directory holds them by name");
        }
        modules.push(Module {
            name,
            slot: modules.len(),
            input: std::path::absolute(input)?,
            instructions_before: opened.input.size,
            instructions_after: None,
        });
    }
    if output.is_file() {
        bail!(
            "-o '{}' is a file: with several modules it names a directory",
            output.display()
        );
    }
    std::fs::create_dir_all(output)
        .with_context(|| format!("cannot create the output directory '{}'", output.display()))?;
    let output = std::path::absolute(output)?;
    let env = Arc::new(TestEnv::with_prefix(base.env.clone(), "whittle-modules-")?);
    let mut set = SetTest {
        judge,
        dir: env.private_dir("set")?,
        env,
        runs: 0,
    };

    // The set as given must be interesting (the inputs themselves: the
    // copies are made once it is).
    let given: Vec<Slotted> = modules.iter().map(|m| (m.slot, m.input.clone())).collect();
    if !set.interesting(&given)? {
        bail!(
            "the test does not call the input modules interesting ({})",
            set.describe()
        );
    }
    for m in &modules {
        crate::reducer::write_atomically(&output.join(&m.name), &std::fs::read(&m.input)?)?;
    }
    let mut kept: Vec<usize> = (0..modules.len()).collect();
    let path_in = |modules: &[Module], i: usize| output.join(&modules[i].name);
    let slotted = |modules: &[Module], i: usize| (modules[i].slot, output.join(&modules[i].name));
    let mut dropped = Vec::new();
    let mut merged = None;
    let mut module_tests = 0;
    let mut rounds = 0;
    loop {
        // Whole modules.
        if kept.len() > 1 {
            let before = kept.len();
            let names: Vec<Slotted> = (0..modules.len()).map(|i| slotted(&modules, i)).collect();
            kept = drop_modules(&mut set, &kept, &|i| names[i].clone())?;
            for &i in (0..modules.len()).collect::<Vec<_>>().iter() {
                if !kept.contains(&i) && !dropped.contains(&modules[i].name) {
                    dropped.push(modules[i].name.clone());
                    let _ = std::fs::remove_file(path_in(&modules, i));
                }
            }
            if kept.len() < before {
                say(
                    quiet,
                    &format!("{} of {} modules needed", kept.len(), modules.len()),
                );
            }
        }
        // One module, where the failure survives merging.
        if kept.len() > 1 && merged.is_none() {
            let files: Vec<PathBuf> = kept.iter().map(|&i| path_in(&modules, i)).collect();
            let first_slot = modules[kept[0]].slot;
            let first = &files[0];
            let ext = first
                .extension()
                .map_or("bc".into(), |e| e.to_string_lossy().into_owned());
            let name = format!("merged.{ext}");
            let candidate = set.dir.join(&name);
            if link_modules(&files, &candidate)?
                && set.interesting(&[(first_slot, candidate.clone())])?
            {
                crate::reducer::write_atomically(&output.join(&name), &std::fs::read(&candidate)?)?;
                for f in &files {
                    let _ = std::fs::remove_file(f);
                }
                say(
                    quiet,
                    &format!("the failure survives merging: one module, '{name}'"),
                );
                merged = Some(name.clone());
                let slot = modules[kept[0]].slot;
                modules.push(Module {
                    name,
                    slot,
                    input: candidate,
                    instructions_before: 0,
                    instructions_after: None,
                });
                kept = vec![modules.len() - 1];
                // Its size before is the sum of what it merged.
                let sum = modules[..modules.len() - 1]
                    .iter()
                    .filter(|m| !dropped.contains(&m.name))
                    .map(|m| m.instructions_before)
                    .sum();
                modules.last_mut().unwrap().instructions_before = sum;
            } else {
                say(
                    quiet,
                    "the failure does not survive merging: the modules stay apart",
                );
            }
        }
        if rounds == MAX_ROUNDS {
            break;
        }
        rounds += 1;
        // Each module in turn.
        let mut changed = false;
        for &k in &kept.clone() {
            let file = path_in(&modules, k);
            let before = std::fs::read(&file)?;
            let wrapper = set.dir.join(format!("test-{k}.sh"));
            let files: Vec<Slotted> = kept.iter().map(|&j| slotted(&modules, j)).collect();
            let at = kept.iter().position(|&j| j == k).expect("k is kept");
            let oracle = set.module_oracle(&files, at, &wrapper)?;
            let mut spec = base.clone();
            // What the other modules use of it stays (not renamed,
            // retyped or deleted): a candidate without it could not link.
            let others: Vec<PathBuf> = kept
                .iter()
                .filter(|&&j| j != k)
                .map(|&j| path_in(&modules, j))
                .collect();
            spec.llvm.options.protected.extend(declared_in(&others)?);
            spec.input = file.clone();
            spec.in_place = true;
            spec.output = None;
            spec.oracle = oracle;
            say(
                quiet,
                &format!("round {rounds}: reducing '{}'", modules[k].name),
            );
            let stats = reduce(spec)?;
            module_tests += stats.tests;
            modules[k].instructions_after = Some(crate::llvm::file_instructions(&file)?);
            if std::fs::read(&file)? != before {
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let lit_test = match &base.emit_lit {
        Some(path) => {
            let files: Vec<Slotted> = kept.iter().map(|&i| slotted(&modules, i)).collect();
            let test = split_file_test(&set, &files)?;
            crate::emit::check_with_lit(
                &set.env,
                &test,
                crate::emit::Comment::Semicolon,
                path,
                false,
            )?;
            crate::reducer::write_atomically(path, test.as_bytes())?;
            Some(path.clone())
        }
        None => None,
    };
    Ok(Report {
        lit_test,
        modules,
        dropped,
        merged,
        set_tests: set.runs,
        module_tests,
        rounds,
        output,
        wall_s: started.elapsed().as_secs_f64(),
    })
}

/// A lit test of the link's crash in the form of LLVM's `test/ThinLTO`
/// tests: the modules as text in one file for `split-file`, a RUN line
/// per module making its bitcode the way the reduced file is written
/// (`opt -module-summary` for a ThinLTO module with a summary, `opt
/// -thinlto-bc -thinlto-split-lto-unit` for a split one, `llvm-as`), the
/// link with `not --crash` (or `not`) and CHECK lines of its crash.
fn split_file_test(set: &SetTest, files: &[Slotted]) -> Result<String> {
    let Judge::Crash {
        command,
        signature,
        matches,
        recorded: Some(recorded),
    } = &set.judge
    else {
        bail!("--emit-lit with several modules writes the crash of a link");
    };
    // The crash, once more, on the reduced set.
    let spec = OracleSpec::Crash {
        command: command_for(command, files, Some(0)),
        signature: signature.clone(),
        matches: matches.clone(),
    };
    let Built::Crash(oracle) = crate::oracle::build_like(&spec, recorded, &set.env, &files[0].1)?
    else {
        bail!("the link's oracle is not a crash's");
    };
    let dir = set.env.private_dir("emit")?;
    let out = set
        .env
        .run(oracle.command(), &files[0].1, &dir, &Cancel::new())?;
    let input = files[0].1.display().to_string();
    let crashed = crate::oracle::signature::Signature::of(out.ended, &out.stderr.text(), &input)
        .filter(|s| oracle.signature().matches(s, oracle.mode()))
        .ok_or_else(|| {
            anyhow!("the reduced modules no longer crash the link the same way: no test written")
        })?;
    let mut lines = vec![
        format!(
            "; Reduced by whittle {} from the modules of a failing link: {}",
            crate::VERSION,
            oracle.signature().describe(oracle.mode())
        ),
        "; RUN: rm -rf %t && split-file %s %t".to_string(),
    ];
    let mut in_test = Vec::new();
    let mut sections = String::new();
    let mut taken = BTreeSet::new();
    for (slot, file) in files {
        let stem = file
            .file_stem()
            .map_or("module".into(), |s| s.to_string_lossy().into_owned());
        let mut name = stem.clone();
        let mut n = 1;
        while !taken.insert(name.clone()) {
            n += 1;
            name = format!("{stem}{n}");
        }
        let bytes = std::fs::read(file)?;
        let linked = if whittle_llvm_ir::is_bitcode(&bytes) {
            let shape = whittle_llvm_ir::bitcode::Shape::of(&bytes).map_err(|e| anyhow!(e))?;
            let make = if shape.lto.split() {
                "opt -thinlto-bc -thinlto-split-lto-unit"
            } else if shape.lto.has_summary() {
                "opt -module-summary"
            } else {
                "llvm-as"
            };
            lines.push(format!("; RUN: {make} %t/{name}.ll -o %t/{name}.bc"));
            format!("%t/{name}.bc")
        } else {
            format!("%t/{name}.ll")
        };
        in_test.push((*slot, PathBuf::from(linked)));
        let text = crate::llvm::test_text(file)?;
        sections += &format!(";--- {name}.ll\n{}\n", text.trim_end());
    }
    // The linker by name (lit puts LLVM's tools first on PATH).
    let mut link = command_for(command, &in_test, None);
    let program = link.split_whitespace().next().unwrap_or("").to_string();
    if Path::new(&program).parent() == Some(crate::oracle::command::llvm_bin_dir().as_path()) {
        let name = Path::new(&program)
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        link = link.replacen(&program, &name, 1);
    }
    // The link's output goes beside the modules (%t is their directory).
    let shown = crate::emit::emitted_command(&link.replace(" /dev/null", " %t/link.out"));
    lines.extend(crate::emit::crash_lines(
        &oracle,
        &crashed,
        &shown,
        &input,
        crate::emit::Comment::Semicolon,
    ));
    Ok(lines.join("\n") + "\n\n" + &sections)
}

/// A 1-minimal subset of `kept` whose modules the test still calls
/// interesting (ddmin; the whole set is known to be).
fn drop_modules(
    set: &mut SetTest,
    kept: &[usize],
    path_of: &dyn Fn(usize) -> Slotted,
) -> Result<Vec<usize>> {
    let needed = whittle_dd::ddmin_fallible(kept.len(), |items| {
        let files: Vec<Slotted> = items.iter().map(|&i| path_of(kept[i])).collect();
        set.interesting(&files)
    })?;
    Ok(needed.into_iter().map(|i| kept[i]).collect())
}

/// `llvm-link` `files` into `out`, written the way the first was (bitcode
/// with its summary, or text); false when they do not link.
fn link_modules(files: &[PathBuf], out: &Path) -> Result<bool> {
    let linked = out.with_extension("linked.bc");
    let status = std::process::Command::new(crate::oracle::mr::tool("llvm-link")?)
        .args(files)
        .arg("-o")
        .arg(&linked)
        .stderr(std::process::Stdio::null())
        .status()?;
    if !status.success() {
        return Ok(false);
    }
    let bytes = std::fs::read(&files[0])?;
    let context = whittle_llvm_ir::context();
    let (module, _) = whittle_llvm_ir::load(&context, &linked)?;
    let written = if whittle_llvm_ir::is_bitcode(&bytes) {
        let shape = whittle_llvm_ir::bitcode::Shape::of(&bytes).map_err(|e| anyhow!(e))?;
        whittle_llvm_ir::bitcode::write(&module, &shape).map_err(|e| anyhow!(e))?
    } else {
        whittle_llvm_ir::bitcode::print(&module, false)
    };
    std::fs::write(out, written)?;
    Ok(true)
}

/// The names `files` declare and do not define: what they need from the
/// other modules of the link.
fn declared_in(files: &[PathBuf]) -> Result<BTreeSet<String>> {
    let mut names = BTreeSet::new();
    for f in files {
        let context = whittle_llvm_ir::context();
        let (m, _) = whittle_llvm_ir::load(&context, f)?;
        for function in m.get_functions() {
            if function.count_basic_blocks() == 0 {
                names.insert(function.get_name().to_string_lossy().into_owned());
            }
        }
        for global in m.get_globals() {
            if global.is_declaration() {
                names.insert(global.get_name().to_string_lossy().into_owned());
            }
        }
    }
    Ok(names)
}

fn make_executable(path: &Path) -> Result<()> {
    use std::os::unix::fs::PermissionsExt as _;
    let mut perms = std::fs::metadata(path)?.permissions();
    perms.set_mode(0o755);
    std::fs::set_permissions(path, perms)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slotted(list: &[(usize, &str)]) -> Vec<Slotted> {
        list.iter().map(|(s, p)| (*s, PathBuf::from(p))).collect()
    }

    #[test]
    fn percent_s_stands_for_every_module_in_order() {
        let files = slotted(&[(0, "/w/a.bc"), (2, "/w/c d.bc")]);
        assert_eq!(
            command_for("ld.lld %s -o /dev/null", &files, None),
            "ld.lld /w/a.bc '/w/c d.bc' -o /dev/null"
        );
        assert_eq!(
            command_for("ld.lld %s -o x", &files, Some(1)),
            "ld.lld /w/a.bc %s -o x"
        );
    }

    #[test]
    fn placeholders_put_each_module_in_its_place_and_drop_the_missing() {
        let command = "ld.lld %m0 lib.a --start-lib %m1 %m2 --end-lib -o /dev/null";
        let files = slotted(&[(0, "/w/a.bc"), (2, "/w/c.bc")]);
        assert_eq!(
            command_for(command, &files, Some(0)),
            "ld.lld %s lib.a --start-lib  /w/c.bc --end-lib -o /dev/null"
        );
        // A lit test's files are left for lit to substitute.
        let files = slotted(&[(0, "%t/a.bc"), (1, "%t/b.bc"), (2, "%t/c.bc")]);
        assert_eq!(
            command_for(command, &files, None),
            "ld.lld %t/a.bc lib.a --start-lib %t/b.bc %t/c.bc --end-lib -o /dev/null"
        );
    }
}
