//! whittle's executables link LLVM, and through whittle-mlir-ir libMLIR.so
//! when this LLVM has MLIR (and libc++ when this LLVM is built with it),
//! none of which is on a system path: record their directories as the
//! rpath, and tell the crate which LLVM it is for.

fn main() {
    let llvm = whittle_build_support::Llvm::selected();
    llvm.announce();
    println!("cargo:rustc-env=WHITTLE_MLIR_NOTE={}", llvm.mlir_note());
    whittle_build_support::Llvm::rpath(&llvm.runtime_dirs());
}
