//! Builds the small C++ shims: src/llvm/shim/*.cpp exposes the few LLVM C++
//! operations the C API lacks, against the same LLVM 22 that inkwell links;
//! src/mlir/shim/*.cpp is the MLIR front end's access to MLIR 22's C++ API
//! (libMLIR.so).

use std::path::PathBuf;
use std::process::Command;

fn main() {
    let prefix = std::env::var("LLVM_SYS_221_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into());
    let config = PathBuf::from(&prefix).join("bin/llvm-config");
    let out = Command::new(&config)
        .arg("--cxxflags")
        .output()
        .unwrap_or_else(|e| {
            panic!(
                "cannot run {}: {e} (set LLVM_SYS_221_PREFIX)",
                config.display()
            )
        });
    let cxxflags = String::from_utf8(out.stdout).expect("llvm-config output is UTF-8");
    let flags: Vec<&str> = cxxflags
        .split_whitespace()
        // llvm-config adds -fno-exceptions and a -std; keep them, drop
        // warnings flags tuned for LLVM's own build.
        .filter(|f| !f.starts_with("-W"))
        .collect();
    compile("src/llvm/shim", "whittle_shim", &flags);
    // The MLIR shim links against libMLIR.so (which exports MLIR's C++ API;
    // the MLIR C API exists only as static archives).
    compile("src/mlir/shim", "whittle_mlir_shim", &flags);
    let libdir = PathBuf::from(&prefix).join("lib");
    println!("cargo:rustc-link-search=native={}", libdir.display());
    println!("cargo:rustc-link-lib=dylib=MLIR");
    println!("cargo:rustc-link-arg=-Wl,-rpath,{}", libdir.display());
    println!("cargo:rerun-if-env-changed=LLVM_SYS_221_PREFIX");
}

/// Compile the C++ files of `dir` (sorted) into the static library `name`.
fn compile(dir: &str, name: &str, flags: &[&str]) {
    let mut build = cc::Build::new();
    build.cpp(true).warnings(false);
    let mut sources: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.expect("readable directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "cpp"))
        .collect();
    sources.sort();
    for source in &sources {
        build.file(source);
        println!("cargo:rerun-if-changed={}", source.display());
    }
    println!("cargo:rerun-if-changed={dir}/common.h");
    println!("cargo:rerun-if-changed={dir}");
    for flag in flags {
        build.flag(flag);
    }
    build.compile(name);
}
