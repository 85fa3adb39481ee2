//! A clang crash reproducer (`foo-abc123.sh`, written beside the
//! preprocessed `foo-abc123.c` when clang crashes): its `-cc1` command, the
//! driver arguments its comments record, and the commands derived from it
//! (the same compilation with another action or input, and the `opt`/`llc`
//! flags that stand for its code-generation options).

use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context as _, Result};

/// The `-cc1` compilation a reproducer runs.
#[derive(Clone, Debug)]
pub struct Reproducer {
    /// The clang binary the script runs.
    pub clang: String,
    /// The words after `-cc1`, the source excluded.
    pub args: Vec<String>,
    /// The source the script compiles, where it is.
    pub source: PathBuf,
    /// `# Driver args:` (the command line the user typed), if recorded.
    pub driver_args: Option<String>,
    /// `# Crash reproducer for ...`: the clang that crashed.
    pub clang_version: Option<String>,
}

/// cc1's actions: what it makes of the source.
const ACTIONS: &[&str] = &[
    "-emit-obj",
    "-emit-asm",
    "-S",
    "-emit-llvm",
    "-emit-llvm-bc",
    "-emit-llvm-only",
    "-emit-codegen-only",
    "-fsyntax-only",
    "-E",
];

impl Reproducer {
    /// Read `script`; `source` replaces the file it names (which is looked
    /// for beside the script, as the script runs there).
    pub fn read(script: &Path, source: Option<&Path>) -> Result<Reproducer> {
        let text = std::fs::read_to_string(script)
            .with_context(|| format!("cannot read '{}'", script.display()))?;
        let comment = |prefix: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(prefix))
                .map(|v| v.trim().to_string())
        };
        let line = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .find(|l| l.contains("-cc1"))
            .ok_or_else(|| {
                anyhow!(
                    "'{}' has no -cc1 command: not a clang crash reproducer",
                    script.display()
                )
            })?;
        let words = shell_words::split(line)
            .map_err(|e| anyhow!("'{}': cannot split its -cc1 line: {e}", script.display()))?;
        let Some(cc1) = words.iter().position(|w| w == "-cc1") else {
            bail!(
                "'{}' has no -cc1 command: not a clang crash reproducer",
                script.display()
            );
        };
        if cc1 == 0 || words.len() < cc1 + 2 {
            bail!(
                "'{}': its -cc1 line names no clang or no source",
                script.display()
            );
        }
        let clang = words[cc1 - 1].clone();
        let mut args = words[cc1 + 1..].to_vec();
        let named = args.pop().unwrap_or_default();
        if named.starts_with('-') {
            bail!(
                "'{}': its -cc1 line ends with a flag, not a source",
                script.display()
            );
        }
        let dir = script.parent().unwrap_or(Path::new("."));
        let source = match source {
            Some(s) => s.to_path_buf(),
            None if Path::new(&named).is_absolute() => PathBuf::from(&named),
            None => dir.join(&named),
        };
        if !source.is_file() {
            bail!(
                "the source '{}' is missing{}",
                source.display(),
                if Path::new(&named) == source {
                    String::new()
                } else {
                    format!(
                        " (the script compiles '{named}'; give the source as the second argument)"
                    )
                }
            );
        }
        let source = std::path::absolute(&source)?;
        Ok(Reproducer {
            clang,
            args,
            source,
            driver_args: comment("# Driver args:"),
            clang_version: comment("# Crash reproducer for"),
        })
    }

    /// The value after `flag` in the cc1 words.
    pub fn value(&self, flag: &str) -> Option<&str> {
        let at = self.args.iter().position(|w| w == flag)?;
        self.args.get(at + 1).map(String::as_str)
    }

    /// Every value of a repeated `flag VALUE`.
    fn values(&self, flag: &str) -> Vec<&str> {
        self.args
            .windows(2)
            .filter(|w| w[0] == flag)
            .map(|w| w[1].as_str())
            .collect()
    }

    /// The cc1 words with the action replaced by `action` (plus `extra`),
    /// `source` compiled and the output written to `output`.
    pub fn command(&self, action: &[&str], source: &str, output: &str) -> Vec<String> {
        let mut words = vec![self.clang.clone(), "-cc1".to_string()];
        let mut args = self.args.iter();
        while let Some(w) = args.next() {
            if ACTIONS.contains(&w.as_str()) {
                continue;
            }
            if w == "-o" {
                args.next();
                continue;
            }
            words.push(w.clone());
        }
        words.extend(action.iter().map(|a| a.to_string()));
        words.extend(["-o".to_string(), output.to_string(), source.to_string()]);
        words
    }

    /// The action the reproducer runs (`-emit-obj` if it names none).
    pub fn action(&self) -> &str {
        self.args
            .iter()
            .find(|w| ACTIONS.contains(&w.as_str()))
            .map_or("-emit-obj", String::as_str)
    }

    /// The same compilation on LLVM IR (`%s`), its own language and main
    /// file name dropped; `codegen_only` skips the optimizer.
    pub fn on_ir(&self, codegen_only: bool) -> Vec<String> {
        let mut words = vec![self.clang.clone(), "-cc1".to_string()];
        let mut args = self.args.iter();
        while let Some(w) = args.next() {
            match w.as_str() {
                "-x" | "-main-file-name" | "-o" => {
                    args.next();
                }
                _ => words.push(w.clone()),
            }
        }
        if codegen_only {
            words.push("-disable-llvm-passes".into());
        }
        words.extend(["-x", "ir", "%s", "-o", "/dev/null"].map(String::from));
        words
    }

    /// The optimization level (`2`, `s`, `z`; `0` when none is given).
    pub fn opt_level(&self) -> String {
        self.args
            .iter()
            .rev()
            .find_map(|w| w.strip_prefix("-O"))
            .map(|l| {
                if l.is_empty() {
                    "1".to_string()
                } else {
                    l.to_string()
                }
            })
            .unwrap_or_else(|| "0".to_string())
    }

    /// What the target and code-generation options say to `opt` and `llc`:
    /// `-mcpu`, `-mattr`, `-mllvm` options, and for llc the relocation and
    /// code model, float ABI and frame pointers.
    pub fn llvm_flags(&self, for_llc: bool) -> Vec<String> {
        let mut flags = Vec::new();
        if let Some(cpu) = self.value("-target-cpu") {
            flags.push(format!("-mcpu={cpu}"));
        }
        let features = self.values("-target-feature");
        if !features.is_empty() {
            flags.push(format!("-mattr={}", features.join(",")));
        }
        if for_llc {
            if let Some(model) = self.value("-mrelocation-model") {
                flags.push(format!("-relocation-model={model}"));
            }
            if let Some(abi) = self.value("-mfloat-abi") {
                flags.push(format!("-float-abi={abi}"));
            }
            for w in &self.args {
                if let Some(model) = w.strip_prefix("-mcmodel=") {
                    flags.push(format!("-code-model={model}"));
                } else if let Some(fp) = w.strip_prefix("-mframe-pointer=") {
                    flags.push(format!("-frame-pointer={fp}"));
                } else if w == "-ffunction-sections" {
                    flags.push("-function-sections".into());
                } else if w == "-fdata-sections" {
                    flags.push("-data-sections".into());
                }
            }
        } else {
            for w in &self.args {
                if let Some(plugin) = w.strip_prefix("-fpass-plugin=") {
                    flags.push(format!("-load-pass-plugin={plugin}"));
                }
            }
        }
        // clang's own options behind -mllvm (where its crash reports go)
        // mean nothing to opt and llc.
        flags.extend(
            self.values("-mllvm")
                .into_iter()
                .filter(|o| !o.starts_with("-crash-diagnostics-dir"))
                .map(String::from),
        );
        flags
    }

    /// The `opt` command that runs the optimizer cc1 runs, on `%s`.
    pub fn opt_command(&self, bin: &Path) -> Vec<String> {
        let level = match self.opt_level().as_str() {
            "fast" => "3".to_string(),
            l => l.to_string(),
        };
        let mut words = vec![bin.join("opt").display().to_string()];
        words.extend(self.llvm_flags(false));
        words.push(format!("-passes=default<O{level}>"));
        words.extend(["%s", "-o", "/dev/null"].map(String::from));
        words
    }

    /// The `llc` command that runs the code generator cc1 runs, on `%s`.
    pub fn llc_command(&self, bin: &Path) -> Vec<String> {
        let level = match self.opt_level().as_str() {
            "0" => "0",
            "1" => "1",
            "3" | "fast" => "3",
            _ => "2",
        };
        let mut words = vec![bin.join("llc").display().to_string(), format!("-O{level}")];
        words.extend(self.llvm_flags(true));
        if self.action() == "-emit-obj" {
            words.push("-filetype=obj".into());
        }
        words.extend(["%s", "-o", "/dev/null"].map(String::from));
        words
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCRIPT: &str = r#"# Crash reproducer for Debian clang version 22.1.8 (1~deb12u1)
# Driver args: "-O2" "-c" "mid.c" "-o" "/dev/null"
# Original command:  "/usr/lib/llvm-22/bin/clang" "-cc1" "-triple" "x86_64-pc-linux-gnu" "-O2" "-emit-obj" "-o" "/dev/null" "-x" "c" "mid.c"
 "/usr/lib/llvm-22/bin/clang" "-cc1" "-triple" "x86_64-pc-linux-gnu" "-O2" "-emit-obj" "-main-file-name" "mid.c" "-mrelocation-model" "pic" "-target-cpu" "x86-64" "-target-feature" "+avx2" "-target-feature" "-sse4a" "-mllvm" "-x86-foo=1" "-fpass-plugin=/p/w.so" "-mframe-pointer=all" "-x" "c" "mid-372037.c"
"#;

    fn reproducer() -> (tempfile::TempDir, Reproducer) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("mid-372037.sh"), SCRIPT).unwrap();
        std::fs::write(dir.path().join("mid-372037.c"), "int x;\n").unwrap();
        let r = Reproducer::read(&dir.path().join("mid-372037.sh"), None).unwrap();
        (dir, r)
    }

    #[test]
    fn reads_the_cc1_line_and_finds_the_source_beside_the_script() {
        let (dir, r) = reproducer();
        assert_eq!(r.clang, "/usr/lib/llvm-22/bin/clang");
        assert_eq!(r.source, dir.path().join("mid-372037.c"));
        assert_eq!(r.args[..3], ["-triple", "x86_64-pc-linux-gnu", "-O2"]);
        assert_eq!(
            r.driver_args.as_deref(),
            Some(r#""-O2" "-c" "mid.c" "-o" "/dev/null""#)
        );
        assert_eq!(r.opt_level(), "2");
        assert_eq!(r.action(), "-emit-obj");
    }

    #[test]
    fn code_generation_options_become_opt_and_llc_flags() {
        let (_dir, r) = reproducer();
        let bin = Path::new("/b");
        assert_eq!(
            r.llc_command(bin),
            [
                "/b/llc",
                "-O2",
                "-mcpu=x86-64",
                "-mattr=+avx2,-sse4a",
                "-relocation-model=pic",
                "-frame-pointer=all",
                "-x86-foo=1",
                "-filetype=obj",
                "%s",
                "-o",
                "/dev/null"
            ]
        );
        assert_eq!(
            r.opt_command(bin),
            [
                "/b/opt",
                "-mcpu=x86-64",
                "-mattr=+avx2,-sse4a",
                "-load-pass-plugin=/p/w.so",
                "-x86-foo=1",
                "-passes=default<O2>",
                "%s",
                "-o",
                "/dev/null"
            ]
        );
    }

    #[test]
    fn commands_swap_the_action_and_the_input() {
        let (_dir, r) = reproducer();
        let emit = r.command(&["-emit-llvm", "-disable-llvm-passes"], "/s.c", "/o.ll");
        assert!(!emit.contains(&"-emit-obj".to_string()));
        assert_eq!(
            emit[emit.len() - 5..],
            ["-emit-llvm", "-disable-llvm-passes", "-o", "/o.ll", "/s.c"]
        );
        let ir = r.on_ir(true);
        assert!(!ir.contains(&"-main-file-name".to_string()) && !ir.contains(&"c".to_string()));
        assert_eq!(
            ir[ir.len() - 6..],
            ["-disable-llvm-passes", "-x", "ir", "%s", "-o", "/dev/null"]
        );
    }

    #[test]
    fn a_script_without_cc1_or_source_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("x.sh");
        std::fs::write(&script, "#!/bin/sh\nclang -c x.c\n").unwrap();
        let e = Reproducer::read(&script, None).unwrap_err().to_string();
        assert!(e.contains("has no -cc1 command"), "{e}");
        std::fs::write(&script, SCRIPT).unwrap();
        let e = Reproducer::read(&script, None).unwrap_err().to_string();
        assert!(e.contains("mid-372037.c' is missing"), "{e}");
    }
}
