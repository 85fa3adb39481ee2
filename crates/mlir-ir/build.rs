//! Compiles the C++ shim (shim/*.cpp) over MLIR 22's C++ API and links
//! libMLIR.so, which exports that API (the MLIR C API exists only as static
//! archives: slow to link, a huge binary).

fn main() {
    whittle_build_support::compile_shim("shim", "whittle_mlir_shim");
    println!(
        "cargo:rustc-link-search=native={}",
        whittle_build_support::llvm_libdir().display()
    );
    println!("cargo:rustc-link-lib=dylib=MLIR");
    // The shim uses LLVM's support library too (libMLIR.so does not export it).
    println!("cargo:rustc-link-lib=dylib=LLVM");
    whittle_build_support::rpath_to_llvm_libdir();
}
