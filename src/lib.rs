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
pub mod clang_crash;
pub mod emit;
pub mod link_set;
pub mod llvm;
pub mod lto;
pub mod mir;
pub mod miscompile;
pub mod mlir;
pub mod oracle;
pub mod plot;
pub mod reduce;
pub mod run_once;
pub mod steps;
pub mod versions;

pub use whittle_reducer as reducer;

/// whittle's version and the LLVM it was built against, as `--version`,
/// the statistics and the emitted tests name them: `0.1.0 (LLVM 22.1.8)`.
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (LLVM ",
    env!("WHITTLE_LLVM_VERSION"),
    ")"
);

/// What `--version` prints: [`VERSION`], then the LLVM's exact version and
/// prefix (and for an LLVM newer than whittle knows, the API level it was
/// built at), then its MLIR or that this build has none.
pub const LONG_VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (LLVM ",
    env!("WHITTLE_LLVM_VERSION"),
    ")\n",
    env!("WHITTLE_LLVM_NOTE"),
    "\n",
    env!("WHITTLE_MLIR_NOTE"),
);

/// The LLVM this build reads, writes and verifies IR with (`22.1.8`).
pub use whittle_llvm_ir::version::LLVM_VERSION;
