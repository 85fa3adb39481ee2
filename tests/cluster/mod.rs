//! The cluster the Slurm tests (`tests/slurm.rs`, `tests/slurm_bisect.rs`)
//! run against, to one test at a time.

use std::process::Command;
use std::sync::{Mutex, MutexGuard};

static CLUSTER: Mutex<()> = Mutex::new(());

/// The cluster, to ourselves: fails (never skips) when none answers. (Cargo
/// runs one test binary at a time, so a lock per binary is enough.)
pub fn cluster() -> MutexGuard<'static, ()> {
    let guard = CLUSTER.lock().unwrap_or_else(|e| e.into_inner());
    let up = Command::new("sinfo")
        .args(["-h", "-o", "%T"])
        .output()
        .map(|o| o.status.success() && !o.stdout.is_empty())
        .unwrap_or(false);
    assert!(
        up,
        "no Slurm cluster answers `sinfo`: start the local one with `scripts/local-slurm.sh start --nodes 3` (as root) and `eval \"$(scripts/local-slurm.sh env)\"`, or run `cargo xtask test`, which starts it"
    );
    guard
}

/// Whether this build runs `what`, a test of the executor alone, whose
/// outcome does not depend on the LLVM: the default (LLVM 22) build does,
/// once per CI run; another build says it skips it.
pub fn with_the_llvm22_build(what: &str) -> bool {
    if cfg!(not(feature = "llvm22")) {
        eprintln!("skipped: {what} runs with the LLVM 22 build");
        return false;
    }
    true
}
