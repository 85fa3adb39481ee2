//! The Debian packages whittle's demo and tests need, and installing the
//! missing ones: ask `dpkg-query` which are installed, say on stderr which are
//! missing and why, then `apt-get update` once and `apt-get install -y` them
//! (noninteractive, through `sudo` when not root).
//!
//! What is needed is a list of [`Group`]s, one line each: a set of packages
//! and why they are needed. A new need (say, a service some tests start) is one
//! more line in [`TEST`] (and in [`DEMO`] if the demo needs it too).

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Packages needed for one reason, and files they must have put in place.
#[derive(Debug, Clone, Copy)]
pub struct Group {
    /// Debian package names.
    pub packages: &'static [&'static str],
    /// Why they are needed, as said when installing them.
    pub why: &'static str,
    /// Files that must exist once the packages are installed, each with the
    /// package that ships it.
    pub provides: &'static [(&'static str, &'static str)],
}

impl Group {
    /// `packages`, needed for `why`.
    pub const fn new(packages: &'static [&'static str], why: &'static str) -> Self {
        Self {
            packages,
            why,
            provides: &[],
        }
    }

    /// The same group, which must also have put `files` (path, package) in place.
    pub const fn providing(self, files: &'static [(&'static str, &'static str)]) -> Self {
        Self {
            provides: files,
            ..self
        }
    }
}

/// LLVM 22: the libraries whittle links against, `llc`/`opt`/`FileCheck`/`lit`
/// for the example and the tests, clang and MLIR for the C and MLIR tests.
#[rustfmt::skip]
pub const LLVM_22: Group = Group::new(
    &["llvm-22-dev", "llvm-22-tools", "clang-22", "libmlir-22-dev", "mlir-22-tools"],
    "LLVM 22, which whittle links and tests against",
)
.providing(&[("/usr/lib/llvm-22/bin/lit", "llvm-22-tools")]);

/// Slurm: the Slurm executor's tests run against a single-node cluster
/// (`scripts/local-slurm.sh`), which needs the daemons, the client commands
/// and munge.
#[rustfmt::skip]
pub const SLURM: Group = Group::new(
    &["slurmctld", "slurmd", "slurm-client", "munge"],
    "Slurm, a single-node cluster the Slurm executor's tests run against",
)
.providing(&[("/usr/bin/srun", "slurm-client"), ("/usr/sbin/slurmd", "slurmd")]);

/// What `cargo xtask demo` needs: building whittle and running `llc`.
pub const DEMO: &[Group] = &[LLVM_22];

/// What `cargo xtask test` needs, one group a line: a new one is
/// `Group::new(&["pkg", ...], "what it is, which the ... tests need"),`.
#[rustfmt::skip]
pub const TEST: &[Group] = &[
    LLVM_22,
    SLURM,
];

/// A package to install and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Missing {
    pub package: &'static str,
    pub why: &'static str,
}

/// The format given to `dpkg-query -W -f`: one `NAME<TAB>STATUS` line per
/// package it knows (packages it has never heard of only get a complaint on
/// stderr).
pub const DPKG_FORMAT: &str = "${Package}\t${Status}\n";

/// Whether a dpkg `Status` field (`want flag status`) says the package is
/// installed: `install ok installed`, or `hold ok installed` for one pinned at
/// its version.
pub fn status_is_installed(status: &str) -> bool {
    matches!(status.trim(), "install ok installed" | "hold ok installed")
}

/// The installed packages according to `dpkg-query -W -f=DPKG_FORMAT`'s
/// stdout. Architecture qualifiers (`libfoo:amd64`) are dropped.
pub fn installed_from_dpkg_output(stdout: &str) -> HashSet<&str> {
    stdout
        .lines()
        .filter_map(|line| line.split_once('\t'))
        .filter(|(_, status)| status_is_installed(status))
        .map(|(name, _)| name.trim().split(':').next().unwrap_or_default())
        .collect()
}

/// The packages of `groups` that are not in `installed`, in order, each once
/// (with the reason of the first group that names it).
pub fn missing(groups: &[Group], installed: &HashSet<&str>) -> Vec<Missing> {
    let mut seen = HashSet::new();
    groups
        .iter()
        .flat_map(|g| {
            g.packages.iter().map(move |&package| Missing {
                package,
                why: g.why,
            })
        })
        .filter(|m| !installed.contains(m.package) && seen.insert(m.package))
        .collect()
}

/// What to say before installing `missing`: `installing P1 P2 (why)`, one
/// line per reason, in order.
pub fn announcements(missing: &[Missing]) -> Vec<String> {
    let mut lines: Vec<(Vec<&str>, &str)> = Vec::new();
    for m in missing {
        match lines.iter_mut().find(|(_, why)| *why == m.why) {
            Some((packages, _)) => packages.push(m.package),
            None => lines.push((vec![m.package], m.why)),
        }
    }
    lines
        .into_iter()
        .map(|(packages, why)| format!("installing {} ({why})", packages.join(" ")))
        .collect()
}

/// A command line: program and arguments.
pub type CommandLine = Vec<String>;

/// The commands that install `packages`: `apt-get update`, then a
/// noninteractive `apt-get install -y`, both through `sudo` unless `root`.
/// (`sudo` resets the environment, hence `env DEBIAN_FRONTEND=...` inside it.)
pub fn apt_commands(packages: &[&str], root: bool) -> Vec<CommandLine> {
    let prefix: &[&str] = if root { &[] } else { &["sudo"] };
    let line = |parts: &[&str]| -> CommandLine {
        prefix.iter().chain(parts).map(|s| s.to_string()).collect()
    };
    let mut install = line(&[
        "env",
        "DEBIAN_FRONTEND=noninteractive",
        "apt-get",
        "install",
        "-y",
    ]);
    install.extend(packages.iter().map(|p| p.to_string()));
    vec![line(&["apt-get", "update"]), install]
}

/// Whether this process runs as root, from `id -u` (not root if that fails).
fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .ok()
        .filter(|out| out.status.success())
        .is_some_and(|out| String::from_utf8_lossy(&out.stdout).trim() == "0")
}

/// `name` on `PATH`, if it is there.
pub fn find_in_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

/// The packages of `groups` that are installed (none if `dpkg-query` cannot
/// be run, as on a system without dpkg).
fn query_installed(groups: &[Group]) -> HashSet<String> {
    let packages: Vec<&str> = groups
        .iter()
        .flat_map(|g| g.packages.iter().copied())
        .collect();
    // dpkg-query exits 1 when it does not know some package: its stdout still
    // lists the others.
    match Command::new("dpkg-query")
        .arg("-W")
        .arg(format!("-f={DPKG_FORMAT}"))
        .args(&packages)
        .output()
    {
        Ok(out) => installed_from_dpkg_output(&String::from_utf8_lossy(&out.stdout))
            .into_iter()
            .map(str::to_owned)
            .collect(),
        Err(_) => HashSet::new(),
    }
}

/// Runs `line`, echoing it on stderr first.
fn run(line: &CommandLine) -> Result<(), String> {
    eprintln!("+ {}", line.join(" "));
    let status = Command::new(&line[0])
        .args(&line[1..])
        .status()
        .map_err(|e| format!("cannot run `{}`: {e}", line[0]))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{}` failed ({status})", line.join(" ")))
    }
}

/// Makes sure every package of `groups` is installed, installing the missing
/// ones with apt-get, then that the files they provide are there.
pub fn ensure(groups: &[Group]) -> Result<(), String> {
    let installed = query_installed(groups);
    let installed: HashSet<&str> = installed.iter().map(String::as_str).collect();
    let missing = missing(groups, &installed);
    if !missing.is_empty() {
        let names: Vec<&str> = missing.iter().map(|m| m.package).collect();
        if find_in_path("apt-get").is_none() {
            return Err(format!(
                "apt-get not found: install these Debian packages (or their equivalents) by hand: {}",
                names.join(" ")
            ));
        }
        for line in announcements(&missing) {
            eprintln!("xtask: {line}");
        }
        let root = is_root();
        if !root && find_in_path("sudo").is_none() {
            return Err(format!(
                "not root and sudo not found: as root, run `apt-get install -y {}`",
                names.join(" ")
            ));
        }
        for line in apt_commands(&names, root) {
            run(&line)?;
        }
    }
    for group in groups {
        for &(file, package) in group.provides {
            if !Path::new(file).exists() {
                eprintln!(
                    "xtask: warning: {file} is missing although {package} is installed; the tests that need it will fail"
                );
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOME: Group = Group::new(&["a", "b", "c"], "for A");
    const MORE: Group = Group::new(&["c", "d"], "for D");

    #[test]
    fn dpkg_status_installed_or_not() {
        assert!(status_is_installed("install ok installed"));
        assert!(status_is_installed("hold ok installed\n"));
        assert!(!status_is_installed("deinstall ok config-files"));
        assert!(!status_is_installed("unknown ok not-installed"));
        assert!(!status_is_installed("install reinstreq half-installed"));
        assert!(!status_is_installed(""));
    }

    #[test]
    fn dpkg_output_parsed_into_installed() {
        let out = "llvm-22-dev\tinstall ok installed\n\
                   clang-22\tdeinstall ok config-files\n\
                   libmlir-22-dev:amd64\tinstall ok installed\n\
                   garbage line\n";
        let installed = installed_from_dpkg_output(out);
        assert_eq!(installed, HashSet::from(["llvm-22-dev", "libmlir-22-dev"]));
        assert!(installed_from_dpkg_output("").is_empty());
    }

    #[test]
    fn missing_in_order_once_with_first_reason() {
        let installed = HashSet::from(["b"]);
        let got = missing(&[SOME, MORE], &installed);
        let want = [("a", "for A"), ("c", "for A"), ("d", "for D")]
            .map(|(package, why)| Missing { package, why });
        assert_eq!(got, want);
        let all = HashSet::from(["a", "b", "c", "d"]);
        assert!(missing(&[SOME, MORE], &all).is_empty());
    }

    #[test]
    fn llvm_group_from_real_dpkg_output() {
        let out = "llvm-22-dev\tinstall ok installed\nllvm-22-tools\tinstall ok installed\n";
        let got: Vec<_> = missing(&[LLVM_22], &installed_from_dpkg_output(out))
            .into_iter()
            .map(|m| m.package)
            .collect();
        assert_eq!(got, ["clang-22", "libmlir-22-dev", "mlir-22-tools"]);
    }

    #[test]
    fn the_tests_need_slurm_too() {
        let got: Vec<_> = missing(TEST, &HashSet::from(["llvm-22-dev", "slurmd"]))
            .into_iter()
            .map(|m| m.package)
            .collect();
        assert!(
            got.contains(&"slurmctld") && got.contains(&"munge"),
            "{got:?}"
        );
        assert!(!got.contains(&"slurmd"), "{got:?}");
        assert!(missing(DEMO, &HashSet::new())
            .iter()
            .all(|m| m.package != "slurmd"));
    }

    #[test]
    fn announced_by_reason() {
        let got = announcements(&missing(&[SOME, MORE], &HashSet::from(["b"])));
        assert_eq!(got, ["installing a c (for A)", "installing d (for D)"]);
        assert!(announcements(&[]).is_empty());
    }

    #[test]
    fn apt_commands_as_root() {
        assert_eq!(
            apt_commands(&["x", "y"], true),
            [
                vec!["apt-get", "update"],
                vec![
                    "env",
                    "DEBIAN_FRONTEND=noninteractive",
                    "apt-get",
                    "install",
                    "-y",
                    "x",
                    "y"
                ],
            ]
        );
    }

    #[test]
    fn apt_commands_with_sudo() {
        assert_eq!(
            apt_commands(&["x"], false),
            [
                vec!["sudo", "apt-get", "update"],
                vec![
                    "sudo",
                    "env",
                    "DEBIAN_FRONTEND=noninteractive",
                    "apt-get",
                    "install",
                    "-y",
                    "x"
                ],
            ]
        );
    }

    #[test]
    fn every_group_says_why() {
        for g in DEMO.iter().chain(TEST) {
            assert!(!g.packages.is_empty() && !g.why.is_empty());
        }
    }
}
