//! Builds the small C++ shim (src/llvm/shim/*.cpp) that exposes the few LLVM
//! C++ operations the C API lacks, against the same LLVM 22 that inkwell links.

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
    let mut build = cc::Build::new();
    build.cpp(true).warnings(false);
    let mut sources: Vec<PathBuf> = std::fs::read_dir("src/llvm/shim")
        .expect("src/llvm/shim exists")
        .map(|e| e.expect("readable directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "cpp"))
        .collect();
    sources.sort();
    for source in &sources {
        build.file(source);
        println!("cargo:rerun-if-changed={}", source.display());
    }
    println!("cargo:rerun-if-changed=src/llvm/shim/common.h");
    println!("cargo:rerun-if-changed=src/llvm/shim");
    for flag in cxxflags.split_whitespace() {
        // llvm-config adds -fno-exceptions and a -std; keep them, drop warnings
        // flags tuned for LLVM's own build.
        if !flag.starts_with("-W") {
            build.flag(flag);
        }
    }
    build.compile("whittle_shim");
    println!("cargo:rerun-if-env-changed=LLVM_SYS_221_PREFIX");
}
