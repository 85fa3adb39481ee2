//! Reducer overhead per candidate: what whittle itself spends (parse,
//! mutate, verify, serialize, write) to produce one candidate of a large
//! module, without running any test.
//!
//!     cargo bench --bench overhead [-- PATH.ll]
//!
//! The default input is the SQLite amalgamation at -O2 (~242,000
//! instructions) from the shared benchmark, `../shared/bench/cases/
//! sqlite-O2-slp-avx2/input.ll`; its `make-input.sh` regenerates it. Times are
//! printed, never asserted: compare runs on the same machine.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use whittle_llvm_ir::{self as llvm, ir, Format};
use whittle_passes::{self as passes, Targets};

fn main() {
    let path = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("../shared/bench/cases/sqlite-O2-slp-avx2/input.ll")
        });
    if !path.exists() {
        eprintln!(
            "{} not found: generate it with its case's make-input.sh, or pass a .ll path",
            path.display()
        );
        return;
    }
    let context = llvm::context();
    let t = Instant::now();
    let (module, _) = llvm::load(&context, &path).expect("input parses");
    println!(
        "input: {} ({} instructions), text parse {:.2}s",
        path.display(),
        ir::instruction_count(&module),
        t.elapsed().as_secs_f64()
    );
    let bitcode = llvm::serialize(&module, Format::Bitcode);
    drop(module);

    // A worker re-reads each new snapshot once, into a fresh context.
    let worker_context = llvm::context();
    let t = Instant::now();
    let base = llvm::parse(&worker_context, &bitcode, "input.ll").unwrap();
    let parse = t.elapsed();
    println!(
        "snapshot parse (once per snapshot per worker): {:.3}s",
        parse.as_secs_f64()
    );

    let scratch = tempfile::tempdir().unwrap();
    let options = passes::PassOptions::default();
    for name in ["module-items", "basic-blocks", "instructions", "operands"] {
        let pass = passes::find(name).unwrap();
        let t = Instant::now();
        let mut counting = Targets::counting();
        (pass.run)(&base, &mut counting, &options);
        let targets = counting.into_weights().len();
        let count = t.elapsed();
        // The most expensive candidates of a level: every other target
        // removed (half the module changes).
        let runs = 3;
        let mut total = [Duration::ZERO; 5];
        for _ in 0..runs {
            let t = Instant::now();
            let fresh = llvm::context();
            let candidate = llvm::parse(&fresh, &bitcode, "input.ll").unwrap();
            total[4] += t.elapsed();
            let t = Instant::now();
            let cloned = ir::clone_module(&base);
            drop(cloned);
            total[0] += t.elapsed();
            let t = Instant::now();
            let keep = |i: usize| i % 2 == 0;
            (pass.run)(&candidate, &mut Targets::selecting(&keep), &options);
            total[1] += t.elapsed();
            let t = Instant::now();
            llvm::verify(&candidate).expect("candidate verifies");
            total[2] += t.elapsed();
            let t = Instant::now();
            let text = llvm::serialize(&candidate, Format::Text);
            let _hash = blake3::hash(&text);
            std::fs::write(scratch.path().join("candidate.ll"), &text).unwrap();
            total[3] += t.elapsed();
            let t = Instant::now();
            drop(candidate);
            drop(fresh);
            total[4] += t.elapsed();
        }
        let per = |d: Duration| d.as_secs_f64() / runs as f64;
        println!(
            "{name:>14}: {targets} targets (counted in {:.3}s); per candidate: copy by bitcode parse (and drop) {:.3}s (by CloneModule {:.3}s), mutate {:.3}s, verify {:.3}s, print+hash+write {:.3}s",
            count.as_secs_f64(),
            per(total[4]),
            per(total[0]),
            per(total[1]),
            per(total[2]),
            per(total[3]),
        );
    }
}
