//! whittle: shrink LLVM IR test cases that trigger compiler bugs.
//!
//! The crate is split the way data flows through a run (see ARCHITECTURE.md):
//! [`dd`] is the search engine and knows nothing of LLVM; [`llvm`] loads,
//! mutates, verifies and writes modules; [`passes`] name the reducible parts of
//! a module and know how to remove them validly; [`mlir`] is the MLIR front
//! end (its own passes, through a C++ shim over MLIR's C++ API); [`oracle`] turns a candidate
//! file into a verdict; [`reducer`] ties them together for the CLI.

pub mod dd;
pub mod emit;
pub mod interrupt;
pub mod llvm;
pub mod mlir;
pub mod oracle;
#[path = "../passes/mod.rs"]
pub mod passes;
pub mod reducer;
