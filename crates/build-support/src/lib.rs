//! What the build scripts of whittle's FFI crates share: which LLVM the
//! build is for (the crate's `llvm<major>` feature), where that LLVM and its
//! MLIR are, how a directory of C++ shim sources is compiled against them,
//! and how the build stops when it cannot be made: one line (`cargo::error`)
//! naming what was found and what to do, never a build that links one LLVM
//! and runs against another.
//!
//! One LLVM per build, chosen by cargo feature as inkwell and llvm-sys do:
//! `llvm22` (the default) or `llvm19` ... `llvm23`. Its prefix is
//! `LLVM_SYS_<major>1_PREFIX` (llvm-sys's variable for that version), else
//! `/usr/lib/llvm-<major>`, else (for an LLVM Debian does not package)
//! where `cargo xtask prereq --llvm <major>` installed it under the target
//! directory; MLIR's is `MLIR_SYS_<major>0_PREFIX` (mlir-sys's), else the
//! same prefix, and a build without MLIR is a build without the MLIR front
//! end. A new LLVM is one more entry in [`SUPPORTED`]; an LLVM newer than
//! all of them (a trunk build) builds with the newest feature, at that
//! version's API level, or stops at the first shim helper that does not
//! compile against it.
#![forbid(unsafe_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The LLVM major versions whittle builds against, oldest first. 19, 22 and
/// 23 are tested; 20 and 21 build from the same sources (no packages to
/// test them here).
pub const SUPPORTED: &[u32] = &[19, 20, 21, 22, 23];

/// The newest LLVM whittle knows: its feature also builds against a newer
/// LLVM, at this version's API level.
pub const NEWEST: u32 = 23;

/// The newest LLVM inkwell 0.11 (and its llvm-sys) has bindings for. A
/// build for a newer LLVM uses these bindings (the C API functions whittle
/// calls are unchanged; the enums it reads cross through the shim, see
/// `crates/llvm-ir/src/ir/kinds.rs`) and links that LLVM itself.
pub const INKWELL_NEWEST: u32 = 22;

/// The oldest LLVM whittle builds for.
const OLDEST: u32 = 19;

/// Stop the build script with `message` as the build's one error line
/// (cargo prints `error: <crate>@<version>: <message>` and stops the build).
pub fn fail(message: &str) -> ! {
    println!("cargo::error={}", message.replace('\n', " "));
    std::process::exit(0)
}

/// The LLVM a build is for.
#[derive(Clone, Debug)]
pub struct Llvm {
    /// Its major version, as its `llvm-config --version` says (newer than
    /// the feature's for a trunk build).
    pub major: u32,
    /// The major version of the feature the build is for: the API level
    /// the sources are compiled at.
    pub api_level: u32,
    /// Its full version, as its `llvm-config --version` says (`22.1.8`,
    /// `24.0.0git`).
    pub version: String,
    /// Its installation prefix (`bin/`, `lib/`, `include/`).
    pub prefix: PathBuf,
}

/// The major version named by the crate's `llvm<major>` features (the
/// `CARGO_FEATURE_LLVM<major>` variables cargo gives a build script).
/// Stops the build, saying what to do, when none or several are on.
fn selected_major() -> u32 {
    let on: Vec<u32> = SUPPORTED
        .iter()
        .copied()
        .filter(|major| std::env::var_os(format!("CARGO_FEATURE_LLVM{major}")).is_some())
        .collect();
    match on[..] {
        [major] => major,
        [] => fail(&format!(
            "no LLVM version chosen: build with the default feature `llvm22`, or with \
             `--no-default-features --features llvm<major>` (one of: {})",
            features_list()
        )),
        _ => fail(&format!(
            "several LLVM versions chosen ({}): a build is for one; pass \
             `--no-default-features` with one `--features llvm<major>`",
            on.iter()
                .map(|m| format!("llvm{m}"))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

fn features_list() -> String {
    SUPPORTED
        .iter()
        .map(|m| format!("llvm{m}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The build's environment variable `var`, when set and not empty (and
/// cargo told to build again when it changes).
fn env_path(var: &str) -> Option<PathBuf> {
    println!("cargo:rerun-if-env-changed={var}");
    std::env::var_os(var)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

/// The directories above the build's output directory (the target
/// directory and the workspace among them): where `cargo xtask prereq`
/// puts what Debian does not install.
fn build_ancestors() -> Vec<PathBuf> {
    std::env::var_os("OUT_DIR")
        .map(PathBuf::from)
        .map(|out| out.ancestors().map(Path::to_path_buf).collect())
        .unwrap_or_default()
}

/// Where `cargo xtask prereq --llvm <major>` installs an LLVM Debian does
/// not package, relative to a directory above the build (the target
/// directory): a Python environment holding PyPI's build of it.
pub fn pypi_prefix_under(dir: &Path, major: u32) -> PathBuf {
    dir.join("pypi").join(format!("llvm-{major}"))
}

/// What a prefix's `llvm-config --version` says its LLVM is, read into a
/// major version.
pub fn major_of(version: &str) -> Option<u32> {
    version.split('.').next()?.trim().parse().ok()
}

/// How an LLVM found at a prefix relates to the feature asked for.
#[derive(Debug, PartialEq, Eq)]
pub enum Fit {
    /// The version the feature is for.
    Exact,
    /// Newer than any whittle knows, asked for with the newest feature:
    /// built at that feature's API level.
    Newer,
}

/// Whether LLVM `version` (from a prefix's `llvm-config`) can be built
/// with feature `llvm<feature>`, or the one line that says why not (and
/// what to do); `prefix` and `var` name where it was found and how to
/// point elsewhere.
pub fn fit(feature: u32, version: &str, prefix: &Path, var: &str) -> Result<Fit, String> {
    let Some(found) = major_of(version) else {
        return Err(format!(
            "{}/bin/llvm-config --version says '{version}', which names no LLVM version",
            prefix.display()
        ));
    };
    if found == feature {
        return Ok(Fit::Exact);
    }
    if found < OLDEST {
        return Err(format!(
            "{} is LLVM {version}, older than any whittle builds for ({}); point {var} at LLVM {feature}",
            prefix.display(),
            features_list()
        ));
    }
    if found > NEWEST && feature == NEWEST {
        return Ok(Fit::Newer);
    }
    let hint = if found > NEWEST {
        format!(
            "build with `--no-default-features --features llvm{NEWEST}` (an LLVM newer than {NEWEST} builds at LLVM {NEWEST}'s API level)"
        )
    } else {
        format!("build with `--no-default-features --features llvm{found}`")
    };
    Err(format!(
        "{} is LLVM {version}, but this build is for LLVM {feature} (feature llvm{feature}): point {var} at LLVM {feature}, or {hint}",
        prefix.display()
    ))
}

impl Llvm {
    /// The LLVM this crate is being built for: its feature, its prefix, and
    /// its version as its own `llvm-config` reports it. Stops the build with
    /// what to install or set when that LLVM is not there, or is another
    /// version.
    pub fn selected() -> Llvm {
        let feature = selected_major();
        let var = format!("LLVM_SYS_{feature}1_PREFIX");
        let debian = PathBuf::from(format!("/usr/lib/llvm-{feature}"));
        let prefix = env_path(&var).unwrap_or_else(|| {
            let has_config = |p: &Path| p.join("bin/llvm-config").is_file();
            if has_config(&debian) {
                return debian.clone();
            }
            build_ancestors()
                .iter()
                .map(|dir| pypi_prefix_under(dir, feature))
                .find(|p| has_config(p))
                .unwrap_or(debian.clone())
        });
        let config = prefix.join("bin/llvm-config");
        let version = llvm_config(&config, "--version").unwrap_or_else(|e| {
            let install = if feature > INKWELL_NEWEST {
                format!("run `cargo xtask prereq --llvm {feature}`, which installs it from PyPI")
            } else {
                format!("install llvm-{feature}-dev")
            };
            fail(&format!(
                "LLVM {feature} not found: cannot run {} ({e}); {install}, or set {var} to LLVM {feature}'s prefix",
                config.display()
            ))
        });
        let fit = fit(feature, &version, &prefix, &var).unwrap_or_else(|e| fail(&e));
        let major = major_of(&version).expect("fit read it");
        if fit == Fit::Newer {
            println!(
                "cargo:warning=LLVM {version} at {} is newer than any whittle knows: building at LLVM {feature}'s API level",
                prefix.display()
            );
        }
        Llvm {
            major,
            api_level: feature,
            version,
            prefix,
        }
    }

    /// What `whittle --version` says of this LLVM, in one line: its exact
    /// version and prefix, and for a newer LLVM than whittle knows, the API
    /// level it was built at.
    pub fn note(&self) -> String {
        let mut note = format!("LLVM {} at {}", self.version, self.prefix.display());
        if self.major > self.api_level {
            note.push_str(&format!(
                " (newer than any whittle knows: built at LLVM {}'s API level)",
                self.api_level
            ));
        }
        note
    }

    /// What `whittle --version` says of MLIR, in one line: where it is, or
    /// that this build has none.
    pub fn mlir_note(&self) -> String {
        match self.mlir_prefix() {
            Some(prefix) => format!("MLIR at {}", prefix.display()),
            None => format!(
                "MLIR: none (LLVM {} was installed without it; this whittle refuses .mlir input)",
                self.version
            ),
        }
    }

    /// LLVM's library directory.
    pub fn libdir(&self) -> PathBuf {
        self.prefix.join("lib")
    }

    /// MLIR's prefix, when this LLVM has MLIR: `MLIR_SYS_<major>0_PREFIX`,
    /// else LLVM's when it has MLIR's headers and library, else where `cargo
    /// xtask prereq --llvm <major>` unpacked them (`<target
    /// dir>/debian/mlir-<major>`: Debian will not install two versions'
    /// `libmlir-*-dev` side by side), found from the build's own output
    /// directory upwards. None: this LLVM was installed without MLIR (PyPI's
    /// builds, many distributions' LLVM packages), and whittle is built
    /// without its MLIR front end. A prefix named in the variable that has
    /// no MLIR stops the build.
    pub fn mlir_prefix(&self) -> Option<PathBuf> {
        let var = format!("MLIR_SYS_{}0_PREFIX", self.api_level);
        let has_mlir = |prefix: &Path| {
            prefix.join("include/mlir/IR/Operation.h").is_file()
                && prefix.join("lib/libMLIR.so").exists()
        };
        if let Some(prefix) = env_path(&var) {
            if !has_mlir(&prefix) {
                fail(&format!(
                    "{var}={} has no MLIR (include/mlir/IR/Operation.h and lib/libMLIR.so): \
                     point it at a prefix with MLIR {}'s headers and library, or unset it to build whittle without MLIR",
                    prefix.display(),
                    self.major
                ));
            }
            return Some(prefix);
        }
        if has_mlir(&self.prefix) {
            return Some(self.prefix.clone());
        }
        let unpacked = format!("debian/mlir-{0}/usr/lib/llvm-{0}", self.major);
        build_ancestors()
            .iter()
            .map(|dir| dir.join(&unpacked))
            .find(|prefix| has_mlir(prefix))
    }

    /// Tell the crate which LLVM it is built for: the variables
    /// `WHITTLE_LLVM_VERSION` (`22.1.8`), `WHITTLE_LLVM_PREFIX` and
    /// `WHITTLE_LLVM_API_LEVEL` (the feature's major, below the version's
    /// for a newer LLVM), and the cfgs `llvm_ge_<major>` for every supported
    /// major up to the API level, so that code for newer LLVMs reads
    /// `#[cfg(llvm_ge_20)]`.
    pub fn announce(&self) {
        println!("cargo:rustc-env=WHITTLE_LLVM_VERSION={}", self.version);
        println!(
            "cargo:rustc-env=WHITTLE_LLVM_PREFIX={}",
            self.prefix.display()
        );
        println!("cargo:rustc-env=WHITTLE_LLVM_API_LEVEL={}", self.api_level);
        println!("cargo:rustc-env=WHITTLE_LLVM_NOTE={}", self.note());
        for &major in SUPPORTED {
            println!("cargo::rustc-check-cfg=cfg(llvm_ge_{major})");
            if major <= self.api_level {
                println!("cargo:rustc-cfg=llvm_ge_{major}");
            }
        }
    }

    /// `llvm-config --cxxflags` of this LLVM, with what each build of a shim
    /// needs of it.
    fn cxxflags(&self) -> String {
        let config = self.prefix.join("bin/llvm-config");
        llvm_config(&config, "--cxxflags")
            .unwrap_or_else(|e| fail(&format!("cannot run {}: {e}", config.display())))
    }

    /// The C++ compiler and standard library the shims are built with. An
    /// LLVM built with libc++ (`-stdlib=libc++` in `llvm-config
    /// --cxxflags`, as PyPI's builds are) exports a C++ API in libc++'s
    /// types, so the shims must be compiled with clang and libc++'s headers
    /// and linked with libc++: `$CXX`, else that LLVM's own `clang++`, else
    /// `clang++` on PATH. Otherwise the toolchain cc chooses (g++ and
    /// libstdc++ for Debian's LLVM).
    fn cxx(&self, cxxflags: &str) -> Option<Cxx> {
        if !cxxflags.split_whitespace().any(|f| f == "-stdlib=libc++") {
            return None;
        }
        println!("cargo:rerun-if-env-changed=CXX");
        let compiler = std::env::var_os("CXX")
            .filter(|c| !c.is_empty())
            .map(PathBuf::from)
            .or_else(|| {
                let own = self.prefix.join("bin/clang++");
                own.is_file().then_some(own)
            })
            .or_else(|| which("clang++"))
            .unwrap_or_else(|| {
                fail(&format!(
                    "LLVM {} at {} is built with libc++ (llvm-config --cxxflags says -stdlib=libc++), so whittle's \
                     C++ shim needs clang++ and libc++'s headers: install its clang (`cargo xtask prereq --llvm {}` does) \
                     or set CXX to a clang++ that has them",
                    self.version,
                    self.prefix.display(),
                    self.api_level
                ))
            });
        let libcxx = Command::new(&compiler)
            .args(["-stdlib=libc++", "-print-file-name=libc++.so"])
            .output()
            .ok()
            .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()))
            .filter(|p| p.is_absolute() && p.exists())
            .and_then(|p| p.parent().map(Path::to_path_buf));
        Some(Cxx { compiler, libcxx })
    }

    /// Compile the C++ files of `dir` (sorted) into the static library
    /// `name`, with `llvm-config --cxxflags` minus its warning flags (tuned
    /// for LLVM's own build) and `extra_includes`. When they do not compile,
    /// the build stops with one line: the first error, the helper it is in,
    /// and for an LLVM newer than whittle knows, that this is why.
    pub fn compile_shim(&self, dir: &str, name: &str, extra_includes: &[PathBuf]) {
        let cxxflags = self.cxxflags();
        let cxx = self.cxx(&cxxflags);
        let mut build = cc::Build::new();
        build.cpp(true).warnings(false).cargo_warnings(false);
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| fail(&format!("{dir}: {e}")))
            .map(|e| e.expect("readable directory entry").path())
            .collect();
        files.sort();
        let mut sources = Vec::new();
        for file in &files {
            // Headers too: a changed header recompiles the shim.
            println!("cargo:rerun-if-changed={}", file.display());
            if file.extension().is_some_and(|e| e == "cpp") {
                sources.push(file.clone());
            }
        }
        println!("cargo:rerun-if-changed={dir}");
        let units = unity_units(name, &sources);
        for unit in &units {
            build.file(unit);
        }
        for include in extra_includes {
            build.include(include);
        }
        let flags: Vec<&str> = cxxflags
            .split_whitespace()
            .filter(|f| !f.starts_with("-W"))
            .collect();
        for flag in &flags {
            build.flag(flag);
        }
        if let Some(cxx) = &cxx {
            build.compiler(&cxx.compiler).cpp_link_stdlib("c++");
            if let Some(dir) = &cxx.libcxx {
                println!("cargo:rustc-link-search=native={}", dir.display());
            }
        }
        if build.try_compile(name).is_err() {
            let compiler = build.get_compiler();
            let first = units.iter().find_map(|source| {
                let out = Command::new(compiler.path())
                    .args(compiler.args())
                    .arg("-fsyntax-only")
                    .arg(source)
                    .output()
                    .ok()?;
                first_error(&String::from_utf8_lossy(&out.stderr))
            });
            fail(&self.shim_failure(dir, first));
        }
    }

    /// The one line a shim that does not compile stops the build with.
    fn shim_failure(&self, dir: &str, first: Option<CompileError>) -> String {
        let what = match &first {
            Some(e) => {
                // The compiler names a shim file as the build gave it:
                // relative to the crate.
                let file = std::env::var_os("CARGO_MANIFEST_DIR")
                    .map_or_else(|| e.file.clone(), |dir| Path::new(&dir).join(&e.file));
                let e = CompileError {
                    file,
                    line: e.line,
                    message: e.message.clone(),
                };
                let helper = std::fs::read_to_string(&e.file)
                    .ok()
                    .and_then(|text| enclosing_helper(&text, e.line))
                    .map_or(String::new(), |h| format!("helper `{h}` ("));
                let close = if helper.is_empty() { "" } else { ")" };
                format!(
                    "{helper}{}:{}{close} does not compile: {}",
                    shown_path(&e.file),
                    e.line,
                    e.message
                )
            }
            None => format!("{dir} does not compile (the compiler named no error)"),
        };
        if self.major > self.api_level {
            format!(
                "LLVM {} at {} is newer than any whittle knows (built at LLVM {}'s API level), and the shim's {what}: \
                 its C++ API changed there; build for LLVM {} or port that helper (crates/llvm-ir/shim/compat.h)",
                self.version,
                self.prefix.display(),
                self.api_level,
                self.api_level
            )
        } else {
            format!(
                "whittle's shim against LLVM {} at {}: {what}",
                self.version,
                self.prefix.display()
            )
        }
    }

    /// Link this LLVM's shared library: for a build whose LLVM is newer
    /// than inkwell's bindings, which then do not link it themselves (so
    /// that the library linked is always the one this prefix holds).
    pub fn link_llvm(&self) {
        if self.api_level <= INKWELL_NEWEST {
            return;
        }
        let config = self.prefix.join("bin/llvm-config");
        let libs = llvm_config(&config, "--libs")
            .unwrap_or_else(|e| fail(&format!("cannot run {}: {e}", config.display())));
        println!("cargo:rustc-link-search=native={}", self.libdir().display());
        for lib in libs.split_whitespace().filter_map(|l| l.strip_prefix("-l")) {
            println!("cargo:rustc-link-lib=dylib={lib}");
        }
    }

    /// Where the shared libraries of a build's executables are: LLVM's
    /// library directory, libc++'s when this LLVM is built with it, and
    /// MLIR's when the build has MLIR. None is on a system path.
    pub fn runtime_dirs(&self) -> Vec<PathBuf> {
        let mut dirs = vec![self.libdir()];
        if let Some(Cxx {
            libcxx: Some(dir), ..
        }) = self.cxx(&self.cxxflags())
        {
            dirs.push(dir);
        }
        dirs.extend(self.mlir_prefix().map(|mlir| mlir.join("lib")));
        dirs
    }

    /// Let the package's own executables (binaries, tests, benches; cargo
    /// gives a build script's link arguments to no other package's) find
    /// the shared libraries in `dirs` ([`Llvm::runtime_dirs`]).
    pub fn rpath(dirs: &[PathBuf]) {
        for (i, dir) in dirs.iter().enumerate() {
            if !dirs[..i].contains(dir) {
                println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir.display());
            }
        }
    }
}

/// The translation units a shim's `sources` are compiled as: a few files
/// in the build's output directory, each including several sources
/// (a "unity build"). LLVM's headers, which take most of a shim's compile
/// time, are then parsed once per unit instead of once per source; one unit
/// per job cargo gives the build (at most 4), the sources spread by size.
/// So the sources share a unit's namespace: no two may define the same
/// name at file scope (shared helpers live in a header).
fn unity_units(name: &str, sources: &[PathBuf]) -> Vec<PathBuf> {
    let jobs: usize = std::env::var("NUM_JOBS")
        .ok()
        .and_then(|j| j.parse().ok())
        .unwrap_or(2);
    let count = jobs.clamp(1, 4).min(sources.len()).max(1);
    let mut by_size: Vec<(u64, &PathBuf)> = sources
        .iter()
        .map(|s| (std::fs::metadata(s).map_or(0, |m| m.len()), s))
        .collect();
    by_size.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(b.1)));
    let mut units: Vec<(u64, Vec<&PathBuf>)> = vec![(0, Vec::new()); count];
    for (size, source) in by_size {
        let smallest = units
            .iter_mut()
            .min_by_key(|(total, _)| *total)
            .expect("at least one unit");
        smallest.0 += size;
        smallest.1.push(source);
    }
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    units
        .into_iter()
        .enumerate()
        .filter(|(_, (_, files))| !files.is_empty())
        .map(|(i, (_, mut files))| {
            files.sort();
            let text: String = files
                .iter()
                .map(|f| {
                    let absolute = std::path::absolute(f).unwrap_or_else(|_| f.to_path_buf());
                    format!("#include \"{}\"\n", absolute.display())
                })
                .collect();
            let unit = out.join(format!("{name}-unit{i}.cpp"));
            if std::fs::read_to_string(&unit).ok().as_deref() != Some(text.as_str()) {
                std::fs::write(&unit, text)
                    .unwrap_or_else(|e| fail(&format!("cannot write {}: {e}", unit.display())));
            }
            unit
        })
        .collect()
}

/// The compiler a shim is built with, when it is not cc's default.
struct Cxx {
    compiler: PathBuf,
    /// Where its libc++ is (linked, and the executables' rpath).
    libcxx: Option<PathBuf>,
}

/// `name` on PATH.
fn which(name: &str) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

/// A compiler's first error.
#[derive(Debug, PartialEq, Eq)]
pub struct CompileError {
    pub file: PathBuf,
    pub line: usize,
    pub message: String,
}

/// The first `FILE:LINE:COL: error: MESSAGE` line of a compiler's output.
pub fn first_error(stderr: &str) -> Option<CompileError> {
    stderr.lines().find_map(|line| {
        let (place, message) = line.split_once(": error: ")?;
        let mut parts = place.rsplitn(3, ':');
        let _column = parts.next()?;
        let line_no: usize = parts.next()?.parse().ok()?;
        let file = parts.next()?;
        Some(CompileError {
            file: PathBuf::from(file),
            line: line_no,
            message: message.trim().to_string(),
        })
    })
}

/// The name of the function whose definition holds line `line` (1-based)
/// of `text`: the nearest line at or above it that starts a definition
/// (`type name(`, a return type and a name before the parenthesis, no
/// assignment, call or statement), C++ style.
pub fn enclosing_helper(text: &str, line: usize) -> Option<String> {
    const NOT_TYPES: &[&str] = &[
        "return",
        "if",
        "else",
        "for",
        "while",
        "switch",
        "case",
        "new",
        "delete",
        "throw",
        "using",
        "namespace",
        "class",
        "struct",
        "typedef",
        "do",
        "co_return",
    ];
    let lines: Vec<&str> = text.lines().collect();
    let upto = line.min(lines.len());
    lines[..upto].iter().rev().find_map(|l| {
        let code = l.trim();
        if code.starts_with("//")
            || code.starts_with('*')
            || code.starts_with('#')
            || code.ends_with(';')
        {
            return None;
        }
        let before = &code[..code.find('(')?];
        if before.contains('=') || before.contains('.') || before.contains("->") {
            return None;
        }
        let words: Vec<&str> = before.split_whitespace().collect();
        if words.len() < 2 || NOT_TYPES.contains(&words[0]) {
            return None;
        }
        let last = words.last()?;
        let name: String = last
            .chars()
            .rev()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        (!name.is_empty()).then_some(name)
    })
}

/// A shim file's path as the message shows it: from `crates/` on when it is
/// under it.
fn shown_path(path: &Path) -> String {
    let text = path.display().to_string();
    match text.find("crates/") {
        Some(at) => text[at..].to_string(),
        None => text,
    }
}

/// What `config FLAG` prints, trimmed.
fn llvm_config(config: &Path, flag: &str) -> Result<String, String> {
    let out = Command::new(config)
        .arg(flag)
        .output()
        .map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!(
            "{} {flag} failed ({})",
            config.display(),
            out.status
        ));
    }
    String::from_utf8(out.stdout)
        .map(|s| s.trim().to_string())
        .map_err(|_| "its output is not UTF-8".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str = "/opt/llvm";
    const V: &str = "LLVM_SYS_231_PREFIX";

    #[test]
    fn the_feature_s_own_version_fits() {
        assert_eq!(fit(22, "22.1.8", Path::new(P), V), Ok(Fit::Exact));
        assert_eq!(fit(23, "23.1.4", Path::new(P), V), Ok(Fit::Exact));
    }

    #[test]
    fn a_newer_llvm_builds_with_the_newest_feature_only() {
        assert_eq!(fit(NEWEST, "24.0.0git", Path::new(P), V), Ok(Fit::Newer));
        let err = fit(22, "24.0.0git", Path::new(P), V).unwrap_err();
        assert!(
            err.contains("24.0.0git") && err.contains(&format!("--features llvm{NEWEST}")),
            "{err}"
        );
    }

    #[test]
    fn an_older_or_another_llvm_is_one_line_saying_what_to_do() {
        let err = fit(23, "18.1.8", Path::new(P), V).unwrap_err();
        assert!(
            err.contains("older than any whittle builds for") && err.contains(V),
            "{err}"
        );
        let err = fit(23, "22.1.8", Path::new(P), V).unwrap_err();
        assert!(
            err.contains("but this build is for LLVM 23") && err.contains("--features llvm22"),
            "{err}"
        );
        let err = fit(23, "garbage", Path::new(P), V).unwrap_err();
        assert!(err.contains("names no LLVM version"), "{err}");
        assert!(!err.contains('\n'));
    }

    #[test]
    fn the_first_compiler_error_and_its_helper() {
        let stderr = "In file included from x.cpp:1:\n\
                      /w/crates/llvm-ir/shim/compat.h:12:5: warning: deprecated\n\
                      /w/crates/llvm-ir/shim/cfg.cpp:7:15: error: no member named 'isSingleEdge' in 'llvm::BasicBlockEdge'\n\
                      /w/crates/llvm-ir/shim/cfg.cpp:9:1: error: later\n";
        let e = first_error(stderr).unwrap();
        assert_eq!(e.file, PathBuf::from("/w/crates/llvm-ir/shim/cfg.cpp"));
        assert_eq!(e.line, 7);
        assert!(e.message.starts_with("no member named"));
        let text = "namespace {\n\
                    // A comment: ofEdge(x).\n\
                    struct DeadWeights {\n  \
                      uint64_t ofEdge(BasicBlock *From,\n\
                                      BasicBlock *To) const {\n    \
                        BasicBlockEdge Edge(From, To);\n    \
                        BuildMI(MBB, At, DebugLoc(),\n    \
                        bool Any = any_of(F, [](BasicBlock &BB) {\n    \
                        if (!Edge.isSingleEdge())\n";
        assert_eq!(enclosing_helper(text, 9).as_deref(), Some("ofEdge"));
        assert_eq!(
            enclosing_helper("inline bool f(int x) {\n  return x;\n}\n", 2).as_deref(),
            Some("f")
        );
        assert_eq!(first_error("all good\n"), None);
        assert_eq!(
            shown_path(Path::new("/w/crates/llvm-ir/shim/cfg.cpp")),
            "crates/llvm-ir/shim/cfg.cpp"
        );
    }

    #[test]
    fn pypi_builds_live_under_the_target_directory() {
        assert_eq!(
            pypi_prefix_under(Path::new("/r/target"), 23),
            PathBuf::from("/r/target/pypi/llvm-23")
        );
    }
}
