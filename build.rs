//! whittle's executables link libMLIR.so (through whittle-mlir-ir), which
//! lives only in its LLVM's library directory (or where MLIR was unpacked):
//! record both as their rpath, and tell the crate which LLVM it is for.

fn main() {
    let llvm = whittle_build_support::Llvm::selected();
    llvm.announce();
    whittle_build_support::Llvm::rpath(&[llvm.libdir(), llvm.mlir_prefix().join("lib")]);
}
