//! Compiles the C++ shim (shim/*.cpp): the few LLVM C++ operations the C API
//! lacks, against the same LLVM 22 that inkwell links.

fn main() {
    whittle_build_support::compile_shim("shim", "whittle_llvm_shim");
}
