//! What the build scripts of whittle's FFI crates share: which LLVM the
//! build is for (the crate's `llvm<major>` feature), where that LLVM and its
//! MLIR are, and how a directory of C++ shim sources is compiled against
//! them.
//!
//! One LLVM per build, chosen by cargo feature as inkwell and llvm-sys do:
//! `llvm22` (the default) or `llvm19`, `llvm20`, `llvm21`. Its prefix is
//! `LLVM_SYS_<major>1_PREFIX` (llvm-sys's variable for that version), else
//! `/usr/lib/llvm-<major>`; MLIR's is `MLIR_SYS_<major>0_PREFIX` (mlir-sys's),
//! else the same prefix. A new LLVM is one more entry in [`SUPPORTED`].
#![forbid(unsafe_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The LLVM major versions whittle builds against, oldest first. 19 and 22
/// are tested; 20 and 21 build from the same sources (no Debian packages to
/// test them here).
pub const SUPPORTED: &[u32] = &[19, 20, 21, 22];

/// The LLVM a build is for.
#[derive(Clone, Debug)]
pub struct Llvm {
    /// Its major version, from the crate's feature.
    pub major: u32,
    /// Its full version, as its `llvm-config --version` says (`22.1.8`).
    pub version: String,
    /// Its installation prefix (`bin/`, `lib/`, `include/`).
    pub prefix: PathBuf,
}

/// The major version named by the crate's `llvm<major>` features (the
/// `CARGO_FEATURE_LLVM<major>` variables cargo gives a build script).
/// Panics, saying what to do, when none or several are on.
fn selected_major() -> u32 {
    let on: Vec<u32> = SUPPORTED
        .iter()
        .copied()
        .filter(|major| std::env::var_os(format!("CARGO_FEATURE_LLVM{major}")).is_some())
        .collect();
    match on[..] {
        [major] => major,
        [] => panic!(
            "no LLVM version chosen: build with the default feature `llvm22`, or with \
             `--no-default-features --features llvm19` (one of: {})",
            features_list()
        ),
        _ => panic!(
            "several LLVM versions chosen ({}): a build is for one; pass \
             `--no-default-features` with `--features llvm<major>`",
            on.iter()
                .map(|m| format!("llvm{m}"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

fn features_list() -> String {
    SUPPORTED
        .iter()
        .map(|m| format!("llvm{m}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A prefix from the environment variable `var`, else `default`.
fn prefix_from(var: &str, default: PathBuf) -> PathBuf {
    println!("cargo:rerun-if-env-changed={var}");
    std::env::var_os(var)
        .filter(|v| !v.is_empty())
        .map_or(default, PathBuf::from)
}

impl Llvm {
    /// The LLVM this crate is being built for: its feature, its prefix, and
    /// its version as its own `llvm-config` reports it. Panics with what to
    /// install or set when that LLVM is not there, or is another version.
    pub fn selected() -> Llvm {
        let major = selected_major();
        let var = format!("LLVM_SYS_{major}1_PREFIX");
        let prefix = prefix_from(&var, PathBuf::from(format!("/usr/lib/llvm-{major}")));
        let config = prefix.join("bin/llvm-config");
        let version = llvm_config(&config, "--version").unwrap_or_else(|e| {
            panic!(
                "cannot run {}: {e} (install llvm-{major}-dev, or set {var} to LLVM {major}'s prefix)",
                config.display()
            )
        });
        let found = version
            .split('.')
            .next()
            .and_then(|m| m.parse::<u32>().ok());
        if found != Some(major) {
            panic!(
                "{} is LLVM {version}, but this build is for LLVM {major} (feature llvm{major}): \
                 point {var} at LLVM {major}, or build with `--no-default-features --features llvm<major>`",
                prefix.display()
            );
        }
        Llvm {
            major,
            version,
            prefix,
        }
    }

    /// LLVM's library directory.
    pub fn libdir(&self) -> PathBuf {
        self.prefix.join("lib")
    }

    /// MLIR's prefix: `MLIR_SYS_<major>0_PREFIX`, else LLVM's when it has
    /// MLIR's headers, else where `cargo xtask prereq --llvm <major>`
    /// unpacked them (`<target dir>/debian/mlir-<major>`: Debian will not
    /// install two versions' `libmlir-*-dev` side by side), found from the
    /// build's own output directory upwards; else LLVM's (and the build
    /// says what is missing).
    pub fn mlir_prefix(&self) -> PathBuf {
        let var = format!("MLIR_SYS_{}0_PREFIX", self.major);
        println!("cargo:rerun-if-env-changed={var}");
        if let Some(prefix) = std::env::var_os(&var).filter(|v| !v.is_empty()) {
            return prefix.into();
        }
        let has_mlir = |prefix: &Path| prefix.join("include/mlir/IR/Operation.h").is_file();
        if has_mlir(&self.prefix) {
            return self.prefix.clone();
        }
        let unpacked = format!("debian/mlir-{0}/usr/lib/llvm-{0}", self.major);
        std::env::var_os("OUT_DIR")
            .map(PathBuf::from)
            .iter()
            .flat_map(|out| out.ancestors().map(Path::to_path_buf).collect::<Vec<_>>())
            .map(|dir| dir.join(&unpacked))
            .find(|prefix| has_mlir(prefix))
            .unwrap_or_else(|| self.prefix.clone())
    }

    /// Tell the crate which LLVM it is built for: the variables
    /// `WHITTLE_LLVM_VERSION` (`22.1.8`) and `WHITTLE_LLVM_PREFIX`, and the
    /// cfgs `llvm_ge_<major>` for every supported major up to this one, so
    /// that code for newer LLVMs reads `#[cfg(llvm_ge_20)]`.
    pub fn announce(&self) {
        println!("cargo:rustc-env=WHITTLE_LLVM_VERSION={}", self.version);
        println!(
            "cargo:rustc-env=WHITTLE_LLVM_PREFIX={}",
            self.prefix.display()
        );
        for &major in SUPPORTED {
            println!("cargo::rustc-check-cfg=cfg(llvm_ge_{major})");
            if major <= self.major {
                println!("cargo:rustc-cfg=llvm_ge_{major}");
            }
        }
    }

    /// Compile the C++ files of `dir` (sorted) into the static library
    /// `name`, with `llvm-config --cxxflags` minus its warning flags (tuned
    /// for LLVM's own build) and `extra_includes`.
    pub fn compile_shim(&self, dir: &str, name: &str, extra_includes: &[PathBuf]) {
        let config = self.prefix.join("bin/llvm-config");
        let cxxflags = llvm_config(&config, "--cxxflags")
            .unwrap_or_else(|e| panic!("cannot run {}: {e}", config.display()));
        let mut build = cc::Build::new();
        build.cpp(true).warnings(false);
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{dir}: {e}"))
            .map(|e| e.expect("readable directory entry").path())
            .collect();
        files.sort();
        for file in &files {
            // Headers too: a changed header recompiles the shim.
            println!("cargo:rerun-if-changed={}", file.display());
            if file.extension().is_some_and(|e| e == "cpp") {
                build.file(file);
            }
        }
        println!("cargo:rerun-if-changed={dir}");
        for include in extra_includes {
            build.include(include);
        }
        for flag in cxxflags.split_whitespace().filter(|f| !f.starts_with("-W")) {
            build.flag(flag);
        }
        build.compile(name);
    }

    /// Let the package's own executables (binaries, tests, benches) find
    /// the shared libraries in `dirs` (LLVM's library directory holds
    /// `libMLIR.so`, which is on no system path).
    pub fn rpath(dirs: &[PathBuf]) {
        for (i, dir) in dirs.iter().enumerate() {
            if !dirs[..i].contains(dir) {
                println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir.display());
            }
        }
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
