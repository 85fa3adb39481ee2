//! Which LLVM reads what: whittle's own LLVM (the one it was built
//! against, `whittle --version`) against the other LLVMs installed here,
//! so that a version mismatch is told apart from a bad input or a test
//! that is not interesting, and the user hears which whittle to build.
//!
//! Two questions, asked on error paths only: an input whittle's LLVM cannot
//! parse (does another installed LLVM read it?), and a test that rejects
//! whittle's print of the input but accepts the file as given (does another
//! installed LLVM read the input but not whittle's print of it?). An
//! installed LLVM is a Debian/Ubuntu-style prefix `/usr/lib/llvm-<major>`,
//! or one that a build variable `LLVM_SYS_<major>1_PREFIX` names (an LLVM
//! from elsewhere, PyPI's LLVM 23 say); its reader is `llvm-as` (text IR), `llvm-dis` (bitcode), `llc
//! -run-pass=none` (MIR) or `mlir-opt` (MLIR).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use whittle_llvm_ir::version::{build_hint, llvm_major, major_of, LLVM_VERSION};

/// What kind of file is read, and how.
#[derive(Clone, Debug)]
pub enum Reader {
    /// LLVM IR, text or bitcode (told apart by its bytes).
    LlvmIr,
    /// Machine IR, with the target the reduction reads it with.
    Mir { mtriple: Option<String> },
    /// MLIR, as `--allow-unregistered-dialect` says.
    Mlir { allow_unregistered: bool },
}

impl Reader {
    /// What the files are called in messages.
    fn what(&self) -> &'static str {
        match self {
            Reader::LlvmIr => "IR",
            Reader::Mir { .. } => "Machine IR",
            Reader::Mlir { .. } => "MLIR",
        }
    }

    /// The command that reads `file` with the tools in `bin` and fails on
    /// what it cannot read.
    fn command(&self, bin: &Path, file: &Path) -> Command {
        let mut cmd;
        match self {
            Reader::LlvmIr => {
                let bitcode = std::fs::read(file)
                    .map(|b| whittle_llvm_ir::is_bitcode(&b))
                    .unwrap_or(false);
                cmd = Command::new(bin.join(if bitcode { "llvm-dis" } else { "llvm-as" }));
                cmd.arg(file).args(["-o", "-"]);
            }
            Reader::Mir { mtriple } => {
                cmd = Command::new(bin.join("llc"));
                cmd.args(["-run-pass=none", "-o", "-"]);
                if let Some(triple) = mtriple {
                    cmd.arg(format!("-mtriple={triple}"));
                }
                cmd.arg(file);
            }
            Reader::Mlir { allow_unregistered } => {
                cmd = Command::new(bin.join("mlir-opt"));
                if *allow_unregistered {
                    cmd.arg("--allow-unregistered-dialect");
                }
                cmd.arg(file).args(["-o", "-"]);
            }
        }
        cmd.stdin(Stdio::null()).stdout(Stdio::null());
        cmd
    }

    /// Whether the tools in `bin` read `file`: `Err` with the first line of
    /// their complaint when not (`llvm-as: 7:48: error: ...`: the file, a
    /// scratch file, not named), `None` when the tool is not there.
    fn reads(&self, bin: &Path, file: &Path) -> Option<Result<(), String>> {
        let mut command = self.command(bin, file);
        let program = command.get_program().to_owned();
        let out = command.output().ok()?;
        if out.status.success() {
            return Some(Ok(()));
        }
        let stderr = String::from_utf8_lossy(&out.stderr);
        let first = stderr
            .lines()
            .find(|l| l.contains("error"))
            .or_else(|| stderr.lines().next())
            .unwrap_or("")
            .trim();
        let tool = Path::new(&program)
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned());
        let message = first
            .replace(&format!("{}: ", program.to_string_lossy()), "")
            .replace(&format!("{}:", file.display()), "");
        Some(Err(format!("{tool}: {}", message.trim())))
    }
}

/// An LLVM installed here besides whittle's own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Installed {
    pub major: u32,
    pub bin: PathBuf,
    /// The build variable that named it (`LLVM_SYS_231_PREFIX=...`), when
    /// it is not at the default place: building whittle for it needs it too.
    pub named_by: Option<String>,
}

impl Installed {
    /// How to build whittle for this LLVM.
    fn build_hint(&self) -> String {
        match &self.named_by {
            Some(var) => format!("{var} {}", build_hint(self.major)),
            None => build_hint(self.major),
        }
    }
}

/// The LLVMs under `root` (`root/llvm-<major>/bin`), newest first, but
/// `except`.
fn installed_under(root: &Path, except: u32) -> Vec<Installed> {
    let Ok(entries) = std::fs::read_dir(root) else {
        return Vec::new();
    };
    let mut found: Vec<Installed> = entries
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            let major: u32 = name.strip_prefix("llvm-")?.parse().ok()?;
            let bin = root.join(&name).join("bin");
            (major != except && bin.is_dir()).then_some(Installed {
                major,
                bin,
                named_by: None,
            })
        })
        .collect();
    found.sort_by_key(|o| std::cmp::Reverse(o.major));
    found
}

/// The oldest LLVM whittle builds for.
const OLDEST_BUILDABLE: u32 = 19;

/// The LLVMs that `LLVM_SYS_<major>1_PREFIX` variables of `vars` name
/// (`LLVM_SYS_231_PREFIX` names LLVM 23's prefix), but `except`, each with
/// its variable.
fn named_by_variables(vars: impl Iterator<Item = (String, String)>, except: u32) -> Vec<Installed> {
    vars.filter_map(|(name, value)| {
        let digits = name.strip_prefix("LLVM_SYS_")?.strip_suffix("_PREFIX")?;
        let major: u32 = digits.strip_suffix('1')?.parse().ok()?;
        let bin = Path::new(&value).join("bin");
        // Debian's prefix needs no variable to build with.
        let debian = Path::new(&value) == Path::new(&format!("/usr/lib/llvm-{major}"));
        (major != except && !value.is_empty() && bin.is_dir()).then(|| Installed {
            major,
            bin,
            named_by: (!debian).then(|| format!("{name}={value}")),
        })
    })
    .collect()
}

/// The other LLVMs installed here that whittle builds for, newest first:
/// Debian's, and those the
/// environment's `LLVM_SYS_<major>1_PREFIX` name (which win: a user who set
/// one builds with it).
pub fn others() -> Vec<Installed> {
    let vars = std::env::vars_os()
        .filter_map(|(k, v)| Some((k.into_string().ok()?, v.into_string().ok()?)));
    let mut found = named_by_variables(vars, llvm_major());
    for debian in installed_under(Path::new("/usr/lib"), llvm_major()) {
        if !found.iter().any(|o| o.major == debian.major) {
            found.push(debian);
        }
    }
    // Only the LLVMs whittle builds for: the advice is to build for one.
    found.retain(|o| o.major >= OLDEST_BUILDABLE);
    found.sort_by_key(|o| std::cmp::Reverse(o.major));
    found
}

/// What to add to the parser's complaint about `input`: the LLVM whittle
/// reads with, and which installed LLVMs do read it, with the build
/// command for the newest of them.
pub fn unparsable(reader: &Reader, input: &Path) -> String {
    let others = others();
    let readers: Vec<&Installed> = others
        .iter()
        .filter(|o| matches!(reader.reads(&o.bin, input), Some(Ok(()))))
        .collect();
    let mut note = format!("whittle reads {} with LLVM {LLVM_VERSION}", reader.what());
    match readers.first() {
        Some(newest) => note.push_str(&format!(
            "; LLVM {} reads '{}' (a file from another LLVM?): build whittle for it with `{}`",
            majors(&readers),
            input.display(),
            newest.build_hint()
        )),
        None if !others.is_empty() => note.push_str(&format!(
            "; no other LLVM installed here ({}) reads it either",
            majors(&others.iter().collect::<Vec<_>>())
        )),
        None => {}
    }
    note
}

/// The error for a test that accepts `input` as given but rejects
/// `printed`, whittle's print of it: says so, names whittle's LLVM, the
/// installed LLVMs that read the input but not the print (the test's own
/// LLVM, most likely), and how to build whittle for one. `tail`: the end of
/// the test's stderr on the print.
pub fn print_rejected(reader: &Reader, input: &Path, printed: &Path, tail: &str) -> String {
    let evidence: Vec<(Installed, String)> = others()
        .into_iter()
        .filter_map(|o| {
            if !matches!(reader.reads(&o.bin, input), Some(Ok(()))) {
                return None;
            }
            match reader.reads(&o.bin, printed) {
                Some(Err(complaint)) => Some((o, complaint)),
                _ => None,
            }
        })
        .collect();
    let mut message = format!(
        "the test accepts '{}' as given but rejects whittle's print of it: whittle reads and prints {} with LLVM {LLVM_VERSION}",
        input.display(),
        reader.what()
    );
    match evidence.first() {
        Some((newest, complaint)) => message.push_str(&format!(
            ", which LLVM {}'s tools cannot read (LLVM {}'s {complaint}): build whittle for the LLVM your test runs, e.g. `{}`",
            majors(&evidence.iter().map(|(o, _)| o).collect::<Vec<_>>()),
            newest.major,
            newest.build_hint()
        )),
        None => {
            message.push_str(
                ", and the test may run another LLVM: build whittle for that one (`cargo build --release --no-default-features --features llvm<major>`)",
            );
            if !tail.is_empty() {
                message.push_str(&format!("; on the print its stderr ends: {tail}"));
            }
        }
    }
    message
}

/// `19, 20` from a list of installed LLVMs.
fn majors(list: &[&Installed]) -> String {
    list.iter()
        .map(|o| o.major.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The major version a tool says it is of (`opt --version`, `clang
/// --version`), if it says.
pub fn tool_major(tool: &Path) -> Option<u32> {
    let out = Command::new(tool)
        .arg("--version")
        .stdin(Stdio::null())
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text
        .lines()
        .find(|l| l.contains("version"))
        .unwrap_or_default();
    major_of(line.split("version").nth(1).unwrap_or(line))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn installed_llvms_are_found_newest_first_without_our_own() {
        let root = tempfile::tempdir().unwrap();
        for name in ["llvm-14", "llvm-22", "llvm-19", "llvm-x", "llvm-16"] {
            std::fs::create_dir_all(root.path().join(name).join("bin")).unwrap();
        }
        std::fs::create_dir_all(root.path().join("llvm-17")).unwrap(); // no bin
        let found = installed_under(root.path(), 16);
        let majors: Vec<u32> = found.iter().map(|o| o.major).collect();
        assert_eq!(majors, [22, 19, 14]);
        assert_eq!(found[1].bin, root.path().join("llvm-19/bin"));
    }

    #[test]
    fn llvms_named_by_build_variables_are_found_with_their_variable() {
        let root = tempfile::tempdir().unwrap();
        let prefix = root.path().join("llvm-23");
        std::fs::create_dir_all(prefix.join("bin")).unwrap();
        let p = prefix.display().to_string();
        let vars = [
            ("LLVM_SYS_231_PREFIX".to_string(), p.clone()),
            ("LLVM_SYS_221_PREFIX".to_string(), p.clone()),
            (
                "LLVM_SYS_191_PREFIX".to_string(),
                "/nonexistent".to_string(),
            ),
            ("LLVM_SYS_23_PREFIX".to_string(), p.clone()),
            ("PATH".to_string(), p.clone()),
        ];
        let found = named_by_variables(vars.into_iter(), 22);
        assert_eq!(found.len(), 1, "{found:?}");
        let debian = [(
            "LLVM_SYS_221_PREFIX".to_string(),
            "/usr/lib/llvm-22".to_string(),
        )];
        for o in named_by_variables(debian.into_iter(), 19) {
            assert_eq!(o.named_by, None);
        }
        assert_eq!(found[0].major, 23);
        assert_eq!(found[0].bin, prefix.join("bin"));
        let hint = found[0].build_hint();
        assert!(
            hint.starts_with(&format!("LLVM_SYS_231_PREFIX={p} "))
                && hint.contains("--features llvm23"),
            "{hint}"
        );
    }

    #[test]
    fn a_missing_reader_is_no_answer() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("m.ll");
        std::fs::write(&file, "").unwrap();
        assert_eq!(Reader::LlvmIr.reads(dir.path(), &file), None);
    }

    #[test]
    fn our_own_llvm_reads_what_it_prints_and_says_why_not_otherwise() {
        let dir = tempfile::tempdir().unwrap();
        let good = dir.path().join("good.ll");
        std::fs::write(&good, "define void @f() {\n  ret void\n}\n").unwrap();
        let bad = dir.path().join("bad.ll");
        std::fs::write(&bad, "define void @f() {\n  ret i32 x\n}\n").unwrap();
        let bin = whittle_llvm_ir::version::default_bin_dir();
        assert_eq!(Reader::LlvmIr.reads(&bin, &good), Some(Ok(())));
        let Some(Err(complaint)) = Reader::LlvmIr.reads(&bin, &bad) else {
            panic!("llvm-as reads a bad file");
        };
        assert!(complaint.contains("error"), "{complaint}");
    }

    #[test]
    fn tool_versions_are_read_from_their_banner() {
        let llc = whittle_llvm_ir::version::default_bin_dir().join("llc");
        assert_eq!(tool_major(&llc), Some(llvm_major()));
        assert_eq!(tool_major(Path::new("/nonexistent/llc")), None);
    }
}
