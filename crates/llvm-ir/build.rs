//! Compiles the C++ shim (shim/*.cpp): the few LLVM C++ operations the C API
//! lacks, against the LLVM this build is for (its `llvm<major>` feature), the
//! same one inkwell links, or, for an LLVM newer than inkwell's bindings,
//! the one this script links.

fn main() {
    let llvm = whittle_build_support::Llvm::selected();
    llvm.announce();
    llvm.compile_shim("shim", "whittle_llvm_shim", &[]);
    llvm.link_llvm();
    // This crate's own tests.
    whittle_build_support::Llvm::rpath(&llvm.runtime_dirs());
}
