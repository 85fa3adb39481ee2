//! Ctrl-C and SIGTERM: a flag that running tests and the reduction loop poll,
//! so that a run stops within about a second with its best result on disk.

use std::sync::atomic::{AtomicBool, Ordering};

static REQUESTED: AtomicBool = AtomicBool::new(false);

/// Install the SIGINT/SIGTERM handler (once per process; later calls are
/// no-ops).
pub fn install() {
    let _ = ctrlc::set_handler(|| REQUESTED.store(true, Ordering::SeqCst));
}

/// Whether the user asked the run to stop.
pub fn requested() -> bool {
    REQUESTED.load(Ordering::SeqCst)
}

/// Ask the run to stop, as a signal would (for tests and embedders).
pub fn request() {
    REQUESTED.store(true, Ordering::SeqCst);
}
