//! Building and running the user's program: clang at two levels, the IR
//! route (`opt`, `llc`, the link), one run with a time limit, and what it
//! did (stdout and how it ended).

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{bail, Result};

use crate::oracle::mr::{tool, RunSetup};
use crate::oracle::process::Ended;
use crate::run_once::run_once;

/// Whether `source` is C++ by its name, as clang decides.
pub fn is_cxx(source: &Path) -> bool {
    matches!(
        source.extension().and_then(|e| e.to_str()),
        Some("cpp" | "cc" | "cxx" | "c++" | "C" | "cp" | "CPP")
    )
}

/// An optimization level as clang takes it (`-O1`, `-O2`, `-O3`, `-Os`,
/// `-Oz`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level(pub char);

impl Level {
    pub fn parse(text: &str) -> Result<Level> {
        let t = text.trim_start_matches("-O");
        match t {
            "1" | "2" | "3" | "s" | "z" => Ok(Level(t.chars().next().unwrap())),
            "" => Ok(Level('2')),
            _ => bail!("-O{t}: not an optimizing level (1, 2, 3, s or z)"),
        }
    }
    pub fn clang(self) -> String {
        format!("-O{}", self.0)
    }
    /// opt's pipeline for it.
    pub fn opt_pipeline(self) -> String {
        format!("default<O{}>", self.0)
    }
    /// llc's level (llc has no size levels: they generate code as -O2).
    pub fn llc(self) -> String {
        match self.0 {
            's' | 'z' => "-O2".into(),
            c => format!("-O{c}"),
        }
    }
}

/// How the program is built: the compiler flags (without `-O`), the level
/// under suspicion, and what of them the LLVM tools need (pass plugins,
/// `-mllvm` options).
#[derive(Clone, Debug)]
pub struct Build {
    pub clang: PathBuf,
    pub cflags: Vec<String>,
    pub level: Level,
    /// `-fpass-plugin=P`: `opt -load-pass-plugin=P`.
    pub plugins: Vec<String>,
    /// `-mllvm X`: X for opt and llc.
    pub mllvm: Vec<String>,
    pub timeout: Duration,
    pub input: RunSetup,
}

impl Build {
    /// Split `flags` into the level, plugins, -mllvm options and the rest;
    /// `cxx`: the program is C++ (built and linked by clang++).
    pub fn new(
        flags: &[String],
        level: Option<Level>,
        input: RunSetup,
        timeout: Duration,
        cxx: bool,
    ) -> Result<Build> {
        let mut cflags = Vec::new();
        let mut found = None;
        let mut plugins = Vec::new();
        let mut mllvm = Vec::new();
        let mut words = flags.iter();
        while let Some(w) = words.next() {
            if let Some(level) = w.strip_prefix("-O") {
                if level == "0" {
                    bail!("-O0 in the flags: give the level that misbehaves (-O1, -O2, -O3, -Os, -Oz)");
                }
                found = Some(Level::parse(w)?);
            } else if let Some(p) = w.strip_prefix("-fpass-plugin=") {
                plugins.push(p.to_string());
                cflags.push(w.clone());
            } else if w == "-mllvm" {
                let Some(option) = words.next() else {
                    bail!("-mllvm without an option");
                };
                mllvm.push(option.clone());
                cflags.extend([w.clone(), option.clone()]);
            } else {
                cflags.push(w.clone());
            }
        }
        Ok(Build {
            clang: tool(if cxx { "clang++" } else { "clang" })?,
            cflags,
            level: level.or(found).unwrap_or(Level('2')),
            plugins,
            mllvm,
            timeout,
            input,
        })
    }

    /// opt's flags selecting the suspect pipeline (plugins first).
    pub fn opt_flags(&self) -> Vec<String> {
        let mut flags: Vec<String> = self
            .plugins
            .iter()
            .map(|p| format!("-load-pass-plugin={p}"))
            .collect();
        flags.extend(self.mllvm.iter().cloned());
        flags.push(format!("-passes={}", self.level.opt_pipeline()));
        flags
    }

    /// The flags of a link (the compiler flags but those that only make
    /// code).
    fn link_flags(&self) -> Vec<String> {
        self.cflags
            .iter()
            .filter(|f| !f.starts_with("-fpass-plugin="))
            .cloned()
            .collect()
    }

    /// clang `level` on the sources into `exe`.
    pub fn compile(
        &self,
        sources: &[PathBuf],
        level: &str,
        extra: &[String],
        exe: &Path,
        cwd: &Path,
    ) -> Result<std::result::Result<(), String>> {
        let mut words = vec![self.clang.display().to_string()];
        words.extend(self.cflags.iter().cloned());
        words.push(level.to_string());
        words.extend(extra.iter().cloned());
        words.extend(sources.iter().map(|s| s.display().to_string()));
        words.extend(["-o".into(), exe.display().to_string(), "-lm".into()]);
        run_tool(&words, cwd, self.timeout * 10)
    }

    /// The IR clang emits for `source` before optimizing at the suspect
    /// level (so without `optnone`), as bitcode in `out`.
    pub fn emit_ir(
        &self,
        source: &Path,
        out: &Path,
        cwd: &Path,
    ) -> Result<std::result::Result<(), String>> {
        let mut words = vec![self.clang.display().to_string()];
        words.extend(self.cflags.iter().cloned());
        words.extend([
            self.level.clang(),
            "-Xclang".into(),
            "-disable-llvm-passes".into(),
            "-emit-llvm".into(),
            "-c".into(),
            source.display().to_string(),
            "-o".into(),
            out.display().to_string(),
        ]);
        run_tool(&words, cwd, self.timeout * 10)
    }

    /// `opt` at the suspect level on `module` into `out`.
    pub fn optimize(
        &self,
        module: &Path,
        out: &Path,
        cwd: &Path,
    ) -> Result<std::result::Result<(), String>> {
        let mut words = vec![tool("opt")?.display().to_string()];
        words.extend(self.opt_flags());
        words.extend([
            module.display().to_string(),
            "-o".into(),
            out.display().to_string(),
        ]);
        run_tool(&words, cwd, self.timeout * 10)
    }

    /// `llc FLAGS module`, linked into `exe` as clang links.
    pub fn codegen(
        &self,
        module: &Path,
        llc_flags: &[String],
        exe: &Path,
        cwd: &Path,
    ) -> Result<std::result::Result<(), String>> {
        let object = exe.with_extension("o");
        let mut words = vec![tool("llc")?.display().to_string()];
        words.extend(self.mllvm.iter().cloned());
        words.extend(llc_flags.iter().cloned());
        words.extend([
            "-relocation-model=pic".into(),
            "-filetype=obj".into(),
            module.display().to_string(),
            "-o".into(),
            object.display().to_string(),
        ]);
        if let Err(e) = run_tool(&words, cwd, self.timeout * 10)? {
            return Ok(Err(e));
        }
        let mut link = vec![self.clang.display().to_string()];
        link.extend(self.link_flags());
        link.extend([
            object.display().to_string(),
            "-o".into(),
            exe.display().to_string(),
            "-lm".into(),
        ]);
        run_tool(&link, cwd, self.timeout * 10)
    }

    /// How `module` built by `llc FLAGS` into `exe` behaves, in a line (or
    /// why it does not build), for a regression test's comments.
    pub fn describe_built(
        &self,
        module: &Path,
        llc_flags: &[String],
        exe: &Path,
        cwd: &Path,
    ) -> Result<String> {
        Ok(match self.codegen(module, llc_flags, exe, cwd)? {
            Ok(()) => self.run(exe, cwd)?.describe(),
            Err(e) => format!("does not build ({e})"),
        })
    }

    /// Run the program once.
    pub fn run(&self, exe: &Path, cwd: &Path) -> Result<Behaviour> {
        run_program(exe, &self.input, self.timeout, cwd)
    }
}

/// What a run of the program did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Behaviour {
    pub stdout: Vec<u8>,
    pub ended: Ended,
    /// Its stderr (not compared: sanitizer reports are read from it).
    pub stderr: String,
}

impl Behaviour {
    /// Same observable behaviour: stdout and how it ended.
    pub fn same(&self, other: &Behaviour) -> bool {
        self.stdout == other.stdout && self.ended == other.ended
    }

    /// Its output in a line: the first bytes of stdout and how it ended.
    pub fn describe(&self) -> String {
        let text = String::from_utf8_lossy(&self.stdout);
        let mut shown: String = text.chars().take(60).collect();
        if shown.len() < text.len() {
            shown.push_str("...");
        }
        format!("{:?}, {}", shown, self.ended.describe())
    }
}

/// Run `words` (a build tool) in `cwd`; Err(first error line) when it fails.
pub fn run_tool(
    words: &[String],
    cwd: &Path,
    timeout: Duration,
) -> Result<std::result::Result<(), String>> {
    let out = capture(words, cwd, None, timeout)?;
    Ok(match out.ended {
        Ended::Exited(0) => Ok(()),
        ended => Err(format!(
            "{} {}: {}",
            Path::new(&words[0])
                .file_name()
                .map_or(String::new(), |n| n.to_string_lossy().into_owned()),
            ended.describe(),
            out.stderr
                .lines()
                .find(|l| l.contains("error"))
                .or_else(|| out.stderr.lines().find(|l| !l.trim().is_empty()))
                .unwrap_or("")
                .trim()
        )),
    })
}

/// Run the program `exe` with `input`, killed after `timeout`.
pub fn run_program(
    exe: &Path,
    input: &RunSetup,
    timeout: Duration,
    cwd: &Path,
) -> Result<Behaviour> {
    let mut words = vec![exe.display().to_string()];
    words.extend(input.args.iter().cloned());
    capture(&words, cwd, input.stdin.as_deref(), timeout)
}

fn capture(
    words: &[String],
    cwd: &Path,
    stdin: Option<&Path>,
    timeout: Duration,
) -> Result<Behaviour> {
    // A sanitized build's leak check would report the runtime's own.
    let f = run_once(
        words,
        cwd,
        stdin,
        Some(timeout),
        &[("ASAN_OPTIONS", "detect_leaks=0")],
    )?;
    Ok(Behaviour {
        stdout: f.stdout,
        stderr: f.stderr,
        ended: f.ended,
    })
}
