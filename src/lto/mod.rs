//! `whittle lto`: the forms a failing link reaches a compiler engineer in,
//! made into a crash command over its bitcode modules for a link-set
//! reduction ([`crate::link_set`]). From an `ld.lld --reproduce` tarball
//! (its `response.txt` and the files it names) or from a link command
//! (`clang -flto=thin -fuse-ld=lld a.o b.o -o prog`, `ld.lld ...`): the
//! bitcode among the inputs becomes the modules (`%m<i>` in the command),
//! bitcode members of archives too (the archive's other members stay in an
//! archive of their own, the bitcode ones are given between
//! `--start-lib`/`--end-lib`, which lld loads as it loads an archive's
//! members); native objects and the other options stay as they are, the
//! output goes to /dev/null (a private file per test).

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{anyhow, bail, Context as _, Result};

use crate::oracle::mr::tool;

/// A failing link, ready for a link-set reduction.
#[derive(Debug)]
pub struct Link {
    /// The link with `%m<i>` where module i goes.
    pub command: String,
    /// The bitcode modules, in link order.
    pub modules: Vec<PathBuf>,
    /// What it came from, for the summary.
    pub origin: String,
}

const ARCHIVE: &[u8] = b"!<arch>\n";

/// The first bytes of `path` (none if it cannot be read).
fn head(path: &Path) -> Vec<u8> {
    use std::io::Read as _;
    let mut head = Vec::with_capacity(8);
    if let Ok(f) = std::fs::File::open(path) {
        let _ = f.take(8).read_to_end(&mut head);
    }
    head
}

/// Whether `path` is a bitcode file (plain or wrapped).
pub fn is_bitcode(path: &Path) -> bool {
    whittle_llvm_ir::is_bitcode(&head(path))
}

/// The link an `ld.lld --reproduce` tarball records, unpacked under `work`.
pub fn from_tarball(tarball: &Path, work: &Path) -> Result<Link> {
    if !tarball.is_file() {
        bail!("'{}' is not a file", tarball.display());
    }
    let unpacked = work.join("reproduce");
    std::fs::create_dir_all(&unpacked)?;
    let out = Command::new("tar")
        .arg("-xf")
        .arg(tarball)
        .arg("-C")
        .arg(&unpacked)
        .output()
        .context("cannot run tar")?;
    if !out.status.success() {
        bail!(
            "'{}' is not a tar archive: {}",
            tarball.display(),
            String::from_utf8_lossy(&out.stderr)
                .lines()
                .next()
                .unwrap_or("")
        );
    }
    let response = std::fs::read_dir(&unpacked)?
        .filter_map(|e| e.ok())
        .map(|e| e.path().join("response.txt"))
        .find(|p| p.is_file())
        .ok_or_else(|| {
            anyhow!(
                "'{}' has no response.txt: not a tarball ld.lld --reproduce wrote",
                tarball.display()
            )
        })?;
    let root = response.parent().expect("in a directory").to_path_buf();
    let text = std::fs::read_to_string(&response)?;
    let mut words = shell_words::split(&text.replace('\n', " "))
        .map_err(|e| anyhow!("{}: {e}", response.display()))?;
    // The paths inside the tarball are relative to its root (`--chroot .`).
    if let Some(i) = words.iter().position(|w| w == "--chroot") {
        words.drain(i..(i + 2).min(words.len()));
    }
    let linker = tool("ld.lld")?.display().to_string();
    let mut all = vec![linker];
    all.extend(words);
    let link = from_words(&all, &root, work)?;
    Ok(Link {
        origin: format!("ld.lld --reproduce tarball '{}'", tarball.display()),
        ..link
    })
}

/// The link `words` (run in the current directory) describes.
pub fn from_command(words: &[String], work: &Path) -> Result<Link> {
    if words.is_empty() {
        bail!("no link command: whittle lto -- clang -flto=thin -fuse-ld=lld a.o b.o -o prog");
    }
    let link = from_words(words, &std::env::current_dir()?, work)?;
    Ok(Link {
        origin: format!("the link `{}`", shell_words::join(words)),
        ..link
    })
}

fn from_words(words: &[String], cwd: &Path, work: &Path) -> Result<Link> {
    let driver = Path::new(&words[0])
        .file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned());
    // clang passes linker options behind -Wl.
    let linker_flag = |flag: &str| {
        if driver.contains("clang") || driver.contains("gcc") || driver == "cc" || driver == "c++" {
            format!("-Wl,{flag}")
        } else {
            flag.to_string()
        }
    };
    let mut out = vec![shell_words::quote(&words[0]).into_owned()];
    let mut modules = Vec::new();
    let mut i = 1;
    while i < words.len() {
        let w = &words[i];
        if w == "-o" && i + 1 < words.len() {
            out.extend(["-o".into(), "/dev/null".into()]);
            i += 2;
            continue;
        }
        let path = cwd.join(w);
        if !w.starts_with('-') && path.is_file() {
            if is_bitcode(&path) {
                out.push(format!("%m{}", modules.len()));
                modules.push(std::path::absolute(&path)?);
            } else if head(&path).starts_with(ARCHIVE) {
                let (bitcode, rest) = split_archive(&path, work, modules.len())?;
                if bitcode.is_empty() {
                    out.push(shell_words::quote(&path.display().to_string()).into_owned());
                } else {
                    if let Some(rest) = rest {
                        out.push(shell_words::quote(&rest.display().to_string()).into_owned());
                    }
                    out.push(linker_flag("--start-lib"));
                    for member in bitcode {
                        out.push(format!("%m{}", modules.len()));
                        modules.push(member);
                    }
                    out.push(linker_flag("--end-lib"));
                }
            } else {
                out.push(shell_words::quote(&path.display().to_string()).into_owned());
            }
        } else {
            out.push(shell_words::quote(w).into_owned());
        }
        i += 1;
    }
    if modules.is_empty() {
        bail!("the link has no bitcode input (nor an archive with bitcode members): nothing for whittle to reduce");
    }
    Ok(Link {
        command: out.join(" "),
        modules,
        origin: String::new(),
    })
}

/// An archive's bitcode members, extracted (each as `ARCHIVE-MEMBER`), and
/// an archive of its other members, if it has any.
fn split_archive(
    archive: &Path,
    work: &Path,
    first: usize,
) -> Result<(Vec<PathBuf>, Option<PathBuf>)> {
    let ar = tool("llvm-ar")?;
    let stem = archive
        .file_name()
        .map_or("archive".into(), |n| n.to_string_lossy().into_owned());
    let dir = work.join(format!("archive-{first}-{stem}"));
    std::fs::create_dir_all(&dir)?;
    let listed = Command::new(&ar).arg("t").arg(archive).output()?;
    if !listed.status.success() {
        bail!("llvm-ar cannot read '{}'", archive.display());
    }
    let extracted = Command::new(&ar)
        .arg("x")
        .arg(std::path::absolute(archive)?)
        .current_dir(&dir)
        .status()?;
    if !extracted.success() {
        bail!("llvm-ar cannot extract '{}'", archive.display());
    }
    let mut bitcode = Vec::new();
    let mut native = Vec::new();
    for member in String::from_utf8_lossy(&listed.stdout).lines() {
        let path = dir.join(member);
        if is_bitcode(&path) {
            let named = work.join(format!("{stem}-{member}"));
            std::fs::rename(&path, &named)?;
            bitcode.push(named);
        } else {
            native.push(path);
        }
    }
    let rest = if native.is_empty() || bitcode.is_empty() {
        None
    } else {
        let rest = work.join(format!("{first}-native-{stem}"));
        let status = Command::new(&ar)
            .arg("rcs")
            .arg(&rest)
            .args(&native)
            .status()?;
        if !status.success() {
            bail!(
                "llvm-ar cannot write an archive of the native members of '{}'",
                archive.display()
            );
        }
        Some(rest)
    };
    Ok((bitcode, rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bitcode_inputs_become_modules_and_the_rest_stays() {
        let dir = tempfile::tempdir().unwrap();
        let cwd = dir.path();
        std::fs::write(cwd.join("a.bc"), b"BC\xC0\xDE rest").unwrap();
        std::fs::write(cwd.join("n.o"), b"\x7fELF").unwrap();
        let words: Vec<String> = ["clang", "-flto=thin", "a.bc", "n.o", "-o", "prog", "-lm"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let link = from_words(&words, cwd, cwd).unwrap();
        assert_eq!(link.modules, vec![cwd.join("a.bc")]);
        let n = cwd.join("n.o").display().to_string();
        assert_eq!(
            link.command,
            format!("clang '-flto=thin' %m0 {n} -o /dev/null -lm")
        );
        let none: Vec<String> = ["ld.lld", "n.o"].iter().map(|s| s.to_string()).collect();
        assert!(from_words(&none, cwd, cwd).is_err());
    }
}
