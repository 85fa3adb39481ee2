//! What the build scripts of whittle's FFI crates share: where LLVM 22 is
//! and how a directory of C++ shim sources is compiled against it.
#![forbid(unsafe_code)]

use std::path::PathBuf;
use std::process::Command;

/// LLVM 22's prefix (`LLVM_SYS_221_PREFIX` overrides `/usr/lib/llvm-22`).
pub fn llvm_prefix() -> PathBuf {
    println!("cargo:rerun-if-env-changed=LLVM_SYS_221_PREFIX");
    std::env::var("LLVM_SYS_221_PREFIX")
        .unwrap_or_else(|_| "/usr/lib/llvm-22".into())
        .into()
}

/// LLVM's library directory.
pub fn llvm_libdir() -> PathBuf {
    llvm_prefix().join("lib")
}

/// Compile the C++ files of `dir` (sorted) into the static library `name`,
/// with `llvm-config --cxxflags` minus its warning flags (tuned for LLVM's
/// own build).
pub fn compile_shim(dir: &str, name: &str) {
    let config = llvm_prefix().join("bin/llvm-config");
    let out = Command::new(&config)
        .arg("--cxxflags")
        .output()
        .unwrap_or_else(|e| {
            panic!(
                "cannot run {}: {e} (install llvm-22-dev, or set LLVM_SYS_221_PREFIX)",
                config.display()
            )
        });
    let cxxflags = String::from_utf8(out.stdout).expect("llvm-config output is UTF-8");
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
    for flag in cxxflags.split_whitespace().filter(|f| !f.starts_with("-W")) {
        build.flag(flag);
    }
    build.compile(name);
}

/// Let the package's own executables (binaries, tests, benches) find
/// `libMLIR.so`, which is only in LLVM's library directory.
pub fn rpath_to_llvm_libdir() {
    println!(
        "cargo:rustc-link-arg=-Wl,-rpath,{}",
        llvm_libdir().display()
    );
}
