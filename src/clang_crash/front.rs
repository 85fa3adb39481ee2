//! A front-end crash: there is no IR to reduce yet, so C-Vise reduces the
//! preprocessed source, judged by whittle itself (`whittle
//! --clang-crash-check`: the same crash signature, and the source still
//! gets past the preprocessor: no error before the crash, or `-E` passes);
//! then the `-cc1` flags the crash does not
//! need go, and the result is a clang lit test.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use anyhow::{anyhow, bail, Context as _, Result};
use serde::{Deserialize, Serialize};

use super::run::run;
use super::script::Reproducer;
use crate::oracle::process::Ended;
use crate::oracle::signature::{escape_filecheck, filecheck_pattern, Ending, Signature};

/// The hidden first argument of the C-Vise interestingness test.
pub const CHECK_MODE: &str = "--clang-crash-check";

/// What the interestingness test checks, written to a JSON file.
#[derive(Serialize, Deserialize)]
pub struct Check {
    /// The -cc1 command, `%s` where the candidate goes.
    pub command: Vec<String>,
    /// The same with `-E`: the candidate must get past the preprocessor.
    pub preprocess: Vec<String>,
    pub signature: Signature,
    pub timeout: Option<f64>,
    /// A file that gets one byte per clang run (the count of tool runs).
    pub counter: PathBuf,
}

/// `whittle --clang-crash-check CHECK.json FILE`: exit 0 when FILE crashes
/// clang as recorded.
pub fn check_main(args: &[String]) -> i32 {
    let interesting = (|| -> Result<bool> {
        let [spec, file] = args else {
            bail!("usage: whittle {CHECK_MODE} CHECK.json FILE");
        };
        let check: Check = serde_json::from_slice(&std::fs::read(spec)?)?;
        // One byte per clang run: the count of tool runs.
        let count = || -> Result<()> {
            use std::io::Write as _;
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&check.counter)?
                .write_all(b".")?;
            Ok(())
        };
        let file = std::path::absolute(file)?.display().to_string();
        let cwd = std::env::current_dir()?;
        let fill = |words: &[String]| -> Vec<String> {
            words.iter().map(|w| w.replace("%s", &file)).collect()
        };
        count()?;
        let crashed = run(&fill(&check.command), &cwd, check.timeout, &file)?;
        if !crashed.same_crash(&check.signature) {
            return Ok(false);
        }
        // The preprocessor says what it rejects as an error, before any
        // crash: without one, the source got past it (no second run).
        let errors = crashed
            .stderr
            .lines()
            .any(|l| l.contains("error:") && !l.contains("error in backend"));
        if !errors {
            return Ok(true);
        }
        count()?;
        let pre = run(&fill(&check.preprocess), &cwd, check.timeout, &file)?;
        Ok(pre.ended == Ended::Exited(0) || pre.same_crash(&check.signature))
    })();
    match interesting {
        Ok(true) => 0,
        Ok(false) => 1,
        Err(e) => {
            eprintln!("whittle: {CHECK_MODE}: {e:#}");
            2
        }
    }
}

/// What the front-end reduction made.
pub struct Reduced {
    pub source: String,
    pub flags: Vec<String>,
    pub flags_before: usize,
    pub cvise_tests: usize,
    pub flag_tests: usize,
}

/// Flags that only say where this machine keeps things; `%clang_cc1` says
/// its own.
fn is_local(unit: &[String]) -> bool {
    let flag = unit[0].as_str();
    matches!(
        flag,
        "-resource-dir"
            | "-internal-isystem"
            | "-internal-externc-isystem"
            | "-main-file-name"
            | "-o"
    ) || flag.starts_with("-fdebug-compilation-dir")
        || flag.starts_with("-fcoverage-compilation-dir")
}

/// The flags in units: a flag with its value word.
fn units(args: &[String]) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = Vec::new();
    let mut words = args.iter().peekable();
    while let Some(w) = words.next() {
        let takes_value = matches!(w.as_str(), "-mllvm" | "-Xclang" | "-target-feature" | "-x")
            || (w.starts_with('-')
                && !w.contains('=')
                && words.peek().is_some_and(|n| !n.starts_with('-')));
        let mut unit = vec![w.clone()];
        if takes_value {
            if let Some(v) = words.next() {
                unit.push(v.clone());
            }
        }
        out.push(unit);
    }
    out
}

/// Reduce the source with C-Vise, then the flags.
pub fn reduce(
    rep: &Reproducer,
    signature: &Signature,
    work: &Path,
    jobs: usize,
    timeout: Option<f64>,
) -> Result<Reduced> {
    let cvise = crate::oracle::command::resolve_program("cvise").map_err(|_| {
        anyhow!("the crash is in clang's front end, which whittle reduces with C-Vise, and cvise is not installed (Debian: apt-get install cvise)")
    })?;
    let name = rep
        .source
        .file_name()
        .ok_or_else(|| anyhow!("'{}' names no file", rep.source.display()))?;
    let cvise_dir = work.join("cvise");
    std::fs::create_dir_all(&cvise_dir)?;
    let candidate = cvise_dir.join(name);
    std::fs::copy(&rep.source, &candidate)?;
    let counter = work.join("cvise-tests");
    let check = Check {
        command: rep.command(&[rep.action()], "%s", "/dev/null"),
        preprocess: rep.command(&["-E"], "%s", "/dev/null"),
        signature: signature.clone(),
        timeout,
        counter: counter.clone(),
    };
    let check_path = work.join("check.json");
    std::fs::write(&check_path, serde_json::to_vec(&check)?)?;
    let test = work.join("interesting.sh");
    let me = std::env::current_exe()?;
    std::fs::write(
        &test,
        format!(
            "#!/bin/sh\nexec {} {CHECK_MODE} {} {}\n",
            shell_words::quote(&me.display().to_string()),
            shell_words::quote(&check_path.display().to_string()),
            shell_words::quote(&name.to_string_lossy())
        ),
    )?;
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::set_permissions(&test, std::fs::Permissions::from_mode(0o755))?;
    let log = std::fs::File::create(work.join("cvise.log"))?;
    let mut command = std::process::Command::new(cvise);
    command
        .arg("--n")
        .arg(jobs.max(1).to_string())
        .arg("--tidy")
        .arg(&test)
        // C-Vise takes the file's name only, in its working directory.
        .arg(name)
        .current_dir(&cvise_dir)
        .stdout(log.try_clone()?)
        .stderr(log);
    if let Some(t) = timeout {
        command.arg("--timeout").arg(format!("{}", t.ceil() as u64));
    }
    let status = command.status().context("cannot run cvise")?;
    if !status.success() {
        bail!(
            "cvise failed ({status}); its log is '{}'",
            work.join("cvise.log").display()
        );
    }
    let cvise_tests = std::fs::read(&counter).map_or(0, |b| b.len());
    let source = std::fs::read_to_string(&candidate)?;

    // The flags: the local ones go if the crash does without them, then
    // the rest by halves, as ddmin does.
    let flag_tests = AtomicUsize::new(0);
    let target = candidate.display().to_string();
    let still = |units: &[Vec<String>]| -> Result<bool> {
        flag_tests.fetch_add(1, Ordering::Relaxed);
        let mut words = vec![rep.clang.clone(), "-cc1".into()];
        words.extend(units.iter().flatten().cloned());
        words.extend(["-o".into(), "/dev/null".into(), target.clone()]);
        Ok(run(&words, &cvise_dir, timeout, &target)?.same_crash(signature))
    };
    let all = units(&rep.args);
    let flags_before = all.len();
    let mut kept: Vec<Vec<String>> = all.iter().filter(|u| !is_local(u)).cloned().collect();
    if !still(&kept)? {
        kept = all.clone();
    }
    let mut chunk = kept.len().div_ceil(2).max(1);
    loop {
        let mut at = 0;
        while at < kept.len() {
            let end = (at + chunk).min(kept.len());
            let without: Vec<Vec<String>> =
                kept[..at].iter().chain(&kept[end..]).cloned().collect();
            if still(&without)? {
                kept = without;
            } else {
                at = end;
            }
        }
        if chunk == 1 {
            break;
        }
        chunk = chunk.div_ceil(2);
    }
    Ok(Reduced {
        source,
        flags: kept.into_iter().flatten().collect(),
        flags_before,
        cvise_tests,
        flag_tests: flag_tests.into_inner(),
    })
}

/// The clang lit test: the reduced source under a RUN line of `%clang_cc1`
/// with the flags the crash needs, and the check line of its signature:
/// its message, else its stack frame number `frame` (the caller tries the
/// next when lit does not see that one: `not --crash` turns symbolization
/// off, and a stack dump without it names only the functions a library
/// exports, which depends on how that clang was built).
pub fn lit_test(
    reduced: &Reduced,
    signature: &Signature,
    provenance: &str,
    frame: usize,
) -> String {
    let run = match signature.ending {
        Ending::Signal(_) => "not --crash %clang_cc1",
        Ending::Exit(_) => "not %clang_cc1",
    };
    let flags = crate::oracle::command::join(&reduced.flags);
    let check = match (&signature.raw_message, signature.frames.get(frame)) {
        (Some(message), _) => filecheck_pattern(message, ""),
        (None, Some(frame)) => escape_filecheck(frame),
        (None, None) => "PLEASE submit a bug report".to_string(),
    };
    format!(
        "// {provenance}\n// RUN: {run} {flags}{}%s 2>&1 | FileCheck %s\n// CHECK: {check}\n\n{}",
        if flags.is_empty() { "" } else { " " },
        reduced.source
    )
}

/// Run the clang lit test under LLVM's lit, `%clang_cc1` meaning what it
/// means in clang's own suite; it must pass.
pub fn check_lit_test(test: &str, extension: &str, clang: &str, work: &Path) -> Result<()> {
    let dir = work.join("lit-check");
    std::fs::create_dir_all(&dir)?;
    std::fs::write(dir.join(format!("test.{extension}")), test)?;
    let resource = std::process::Command::new(clang)
        .arg("-print-resource-dir")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default();
    let bin = crate::oracle::command::llvm_bin_dir();
    std::fs::write(
        dir.join("lit.cfg.py"),
        format!(
            "import os\nimport lit.formats\nconfig.name = 'whittle-clang-check'\nconfig.test_format = lit.formats.ShTest(execute_external=False)\nconfig.suffixes = ['.{extension}']\nconfig.test_source_root = os.path.dirname(os.path.abspath(__file__))\nconfig.test_exec_root = config.test_source_root\nconfig.substitutions.append(('%clang_cc1', {:?}))\nconfig.environment['PATH'] = os.pathsep.join([{:?}, os.environ.get('PATH', '')])\n",
            format!("{clang} -cc1 -internal-isystem {resource}/include -nostdsysteminc"),
            bin.display().to_string()
        ),
    )?;
    let lit = crate::oracle::command::lit_program()?;
    let out = std::process::Command::new(lit)
        .arg("-v")
        .arg(&dir)
        .output()
        .context("cannot run lit")?;
    if !out.status.success() {
        let said = String::from_utf8_lossy(&out.stdout);
        let why = said
            .lines()
            .filter(|l| l.contains("error") || l.contains("FAIL"))
            .take(3)
            .collect::<Vec<_>>()
            .join(" | ");
        bail!("the clang lit test does not pass under lit: {why}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_come_in_units_with_their_values() {
        let args: Vec<String> = [
            "-triple",
            "x86_64",
            "-O2",
            "-mllvm",
            "-foo",
            "-target-feature",
            "+avx",
            "-fmath-errno",
            "-ferror-limit",
            "19",
        ]
        .map(String::from)
        .to_vec();
        let u = units(&args);
        assert_eq!(u.len(), 6);
        assert_eq!(u[0], ["-triple", "x86_64"]);
        assert_eq!(u[2], ["-mllvm", "-foo"]);
        assert_eq!(u[3], ["-target-feature", "+avx"]);
        assert_eq!(u[5], ["-ferror-limit", "19"]);
        assert!(is_local(&["-resource-dir".into(), "/r".into()]));
        assert!(!is_local(&u[0]));
    }
}
