//! whittle: shrink LLVM IR, Machine IR and MLIR test cases that trigger
//! compiler bugs.
//!
//! This crate is the top of the house (see ARCHITECTURE.md): the front ends
//! ([`llvm`], [`mir`], [`mlir`]), the oracles ([`oracle`]), the emitted regression
//! tests ([`emit`]), the `--plot` picture ([`plot`]) and a reduction as a
//! library call ([`reduce`]). Below
//! it: `whittle-reducer` (the candidate pipeline and the traits it drives),
//! `whittle-dd` (the search), `whittle-passes` (the LLVM IR passes) and the
//! two FFI crates, `whittle-llvm-ir` and `whittle-mlir-ir`, the only places
//! with unsafe code.
#![forbid(unsafe_code)]

pub mod bisect;
pub mod emit;
pub mod llvm;
pub mod mir;
pub mod mlir;
pub mod oracle;
pub mod plot;
pub mod reduce;

pub use whittle_reducer as reducer;
