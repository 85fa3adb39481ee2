//! Compiles the C++ shim (shim/*.cpp) over MLIR's C++ API, of the LLVM this
//! build is for (its `llvm<major>` feature), and links libMLIR.so, which
//! exports that API (the MLIR C API exists only as static archives: slow to
//! link, a huge binary).

use std::path::Path;

fn main() {
    let llvm = whittle_build_support::Llvm::selected();
    llvm.announce();
    let mlir = llvm.mlir_prefix();
    let include = mlir.join("include");
    if !include.join("mlir/IR/Operation.h").is_file() {
        panic!(
            "MLIR {major}'s headers are not in {}: install libmlir-{major}-dev, or run \
             `cargo xtask prereq --llvm {major}` (when another libmlir-*-dev is installed, which \
             Debian will not install beside it, it unpacks MLIR {major} under target/debian/, \
             where the build finds it), or set MLIR_SYS_{major}0_PREFIX to a prefix that has them",
            include.display(),
            major = llvm.major
        );
    }
    llvm.compile_shim("shim", "whittle_mlir_shim", &[include]);
    let mlir_lib = mlir.join("lib");
    if !Path::new(&mlir_lib).join("libMLIR.so").exists() {
        panic!(
            "{} has no libMLIR.so: install libmlir-{}-dev",
            mlir_lib.display(),
            llvm.major
        );
    }
    println!("cargo:rustc-link-search=native={}", mlir_lib.display());
    println!("cargo:rustc-link-lib=dylib=MLIR");
    // The shim uses LLVM's support library too (libMLIR.so does not export it).
    println!("cargo:rustc-link-search=native={}", llvm.libdir().display());
    println!("cargo:rustc-link-lib=dylib=LLVM");
    whittle_build_support::Llvm::rpath(&[llvm.libdir(), mlir_lib]);
}
