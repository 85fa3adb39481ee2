//! Which LLVM reads what: whittle's own LLVM (the one it was built
//! against, `whittle --version`) against the other LLVMs installed here,
//! so that a version mismatch is told apart from a bad input or a test
//! that is not interesting, and the user hears which whittle to build.
//!
//! Two questions, asked on error paths only: an input whittle's LLVM cannot
//! parse (does another installed LLVM read it?), and a test that rejects
//! whittle's print of the input but accepts the file as given (does another
//! installed LLVM read the input but not whittle's print of it?). An
//! installed LLVM is a Debian/Ubuntu-style prefix `/usr/lib/llvm-<major>`;
//! its reader is `llvm-as` (text IR), `llvm-dis` (bitcode), `llc
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
            (major != except && bin.is_dir()).then_some(Installed { major, bin })
        })
        .collect();
    found.sort_by_key(|o| std::cmp::Reverse(o.major));
    found
}

/// The other LLVMs installed here, newest first.
pub fn others() -> Vec<Installed> {
    installed_under(Path::new("/usr/lib"), llvm_major())
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
            build_hint(newest.major)
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
            build_hint(newest.major)
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
