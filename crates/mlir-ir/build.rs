//! Compiles the C++ shim (shim/*.cpp) over MLIR's C++ API, of the LLVM this
//! build is for (its `llvm<major>` feature), and links libMLIR.so, which
//! exports that API (the MLIR C API exists only as static archives: slow to
//! link, a huge binary). An LLVM installed without MLIR builds this crate
//! without the shim (cfg `whittle_mlir` off): every MLIR input then gets
//! one line saying so (`unavailable`).

fn main() {
    let llvm = whittle_build_support::Llvm::selected();
    llvm.announce();
    println!("cargo::rustc-check-cfg=cfg(whittle_mlir)");
    let Some(mlir) = llvm.mlir_prefix() else {
        println!("cargo:rustc-env=WHITTLE_MLIR_PREFIX=");
        println!(
            "cargo:warning=LLVM {} at {} has no MLIR: whittle is built without its MLIR front end",
            llvm.version,
            llvm.prefix.display()
        );
        // This crate's own tests.
        whittle_build_support::Llvm::rpath(&llvm.runtime_dirs());
        return;
    };
    println!("cargo:rustc-cfg=whittle_mlir");
    println!("cargo:rustc-env=WHITTLE_MLIR_PREFIX={}", mlir.display());
    llvm.compile_shim("shim", "whittle_mlir_shim", &[mlir.join("include")]);
    let mlir_lib = mlir.join("lib");
    println!("cargo:rustc-link-search=native={}", mlir_lib.display());
    println!("cargo:rustc-link-lib=dylib=MLIR");
    // The shim uses LLVM's support library too (libMLIR.so does not export it).
    println!("cargo:rustc-link-search=native={}", llvm.libdir().display());
    println!("cargo:rustc-link-lib=dylib=LLVM");
    whittle_build_support::Llvm::rpath(&llvm.runtime_dirs());
}
