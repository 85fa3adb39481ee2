//! whittle's executables link libMLIR.so (through whittle-mlir-ir), which
//! lives only in LLVM 22's library directory: record it as their rpath.

fn main() {
    whittle_build_support::rpath_to_llvm_libdir();
}
