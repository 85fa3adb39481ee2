//! The passes' own tests link LLVM (through whittle-llvm-ir), which may be
//! on no system path: record where it is as their rpath.

fn main() {
    let llvm = whittle_build_support::Llvm::selected();
    whittle_build_support::Llvm::rpath(&llvm.runtime_dirs());
}
