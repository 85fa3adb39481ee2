//! Reducer overhead per candidate: what whittle itself spends (read the
//! snapshot, apply the pass, verify, print and hash) to produce one
//! candidate of a large module, without running any test; for LLVM IR and
//! for MLIR, at several module sizes, so that a cost growing faster than the
//! module shows up as a per-unit cost that grows with the size.
//!
//!     cargo bench --bench overhead [-- [--llvm PATH.ll] [--mlir PATH.mlir] [--only llvm|mlir]]
//!
//! The default inputs are the SQLite amalgamation at -O2 (~242,000
//! instructions) from the shared benchmark (`shared/bench/cases/
//! sqlite-O2-slp-avx2/input.ll` in a folder above the repository, from its
//! `make-input.sh`) and the same
//! module imported into MLIR's LLVM dialect (~277,000 operations;
//! `bench/cases-extra/mlir/sqlite-import-slp-avx2/make-input.sh`). The
//! smaller modules are the input's leading top-level items that weigh 1/8,
//! 1/4 and 1/2 of it (the rest deleted by the module-items / top-level
//! pass, with their uses). Each
//! candidate removes every other target of the pass, the most expensive
//! kind (half the module changes). Times are printed, never asserted:
//! compare runs on the same machine.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use whittle_llvm_ir::{self as llvm, ir, Format};
use whittle_mlir_ir::Module as MlirModule;
use whittle_passes::{self as passes, Targets};

const FRACTIONS: [(u32, u32); 4] = [(1, 8), (1, 4), (1, 2), (1, 1)];
const LLVM_PASSES: &[&str] = &[
    "function-bodies",
    "module-items",
    "basic-blocks",
    "instructions",
    "operands-zero",
    "operands-to-args",
    "operands-skip",
];
const MLIR_PASSES: &[&str] = &[
    "top-level",
    "function-results",
    "regions",
    "blocks",
    "block-arguments",
    "ops",
    "attributes",
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .map(PathBuf::from)
    };
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    // The shared benchmark beside the repository (or beside the folder of
    // worktrees it is in).
    let shared = root
        .ancestors()
        .map(|a| a.join("shared/bench"))
        .find(|p| p.exists())
        .unwrap_or_else(|| root.join("../shared/bench"));
    let llvm_path =
        value("--llvm").unwrap_or_else(|| shared.join("cases/sqlite-O2-slp-avx2/input.ll"));
    let mlir_path = value("--mlir")
        .unwrap_or_else(|| root.join("bench/cases-extra/mlir/sqlite-import-slp-avx2/input.mlir"));
    let only = args
        .iter()
        .position(|a| a == "--only")
        .and_then(|i| args.get(i + 1))
        .cloned();
    if only.as_deref() != Some("mlir") {
        if llvm_path.exists() {
            llvm_bench(&llvm_path);
        } else {
            eprintln!(
                "{} not found: generate it with its case's make-input.sh, or pass --llvm PATH.ll",
                llvm_path.display()
            );
        }
    }
    if only.as_deref() != Some("llvm") {
        if mlir_path.exists() {
            mlir_bench(&mlir_path);
        } else {
            eprintln!(
                "{} not found: generate it with its case's make-input.sh, or pass --mlir PATH.mlir",
                mlir_path.display()
            );
        }
    }
}

/// How many leading items weigh `num`/`den` of all of them.
fn leading(weights: &[u64], num: u32, den: u32) -> usize {
    let total: u64 = weights.iter().sum();
    let share = total * u64::from(num) / u64::from(den);
    let mut sum = 0;
    weights
        .iter()
        .take_while(|&&w| {
            sum += w;
            sum <= share
        })
        .count()
}

/// Per-candidate figures of one pass at one module size.
struct Row {
    pass: &'static str,
    units: u64,
    targets: usize,
    count: Duration,
    read: Duration,
    mutate: Duration,
    verify: Duration,
    print: Duration,
}

impl Row {
    /// A pass's row before its candidates are timed.
    fn new(pass: &'static str, units: u64, targets: usize, count: Duration) -> Row {
        Row {
            pass,
            units,
            targets,
            count,
            read: Duration::ZERO,
            mutate: Duration::ZERO,
            verify: Duration::ZERO,
            print: Duration::ZERO,
        }
    }

    fn total(&self) -> Duration {
        self.read + self.mutate + self.verify + self.print
    }

    fn print(&self, unit: &str) {
        let per_k = self.total().as_secs_f64() * 1e6 / self.units.max(1) as f64;
        println!(
            "{:>17} {:>7} {unit}: {:>6} targets (count {:.3}s); per candidate: read {:.3}s, mutate {:.3}s, verify {:.3}s, print+hash {:.3}s = {:.3}s, {per_k:.1} µs per 1000 {unit}",
            self.pass,
            self.units,
            self.targets,
            self.count.as_secs_f64(),
            self.read.as_secs_f64(),
            self.mutate.as_secs_f64(),
            self.verify.as_secs_f64(),
            self.print.as_secs_f64(),
            self.total().as_secs_f64(),
        );
    }
}

/// The per-1000-unit cost at the largest size over the smallest, per pass:
/// about 1 when the work is linear in the module.
fn growth(rows: &[Row], passes: &[&str]) {
    println!("growth of the cost per 1000 units, largest module over smallest (1 = linear):");
    for pass in passes {
        let of: Vec<&Row> = rows.iter().filter(|r| r.pass == *pass).collect();
        let (Some(small), Some(large)) = (of.first(), of.last()) else {
            continue;
        };
        let per = |r: &Row| r.total().as_secs_f64() / r.units.max(1) as f64;
        println!(
            "{pass:>17}: {:.2} ({} -> {} units)",
            per(large) / per(small),
            small.units,
            large.units
        );
    }
}

fn llvm_bench(path: &Path) {
    let context = llvm::context();
    let t = Instant::now();
    let (module, _) = llvm::load(&context, path).expect("input parses");
    println!(
        "LLVM input: {} ({} instructions), text parse {:.2}s",
        path.display(),
        ir::instruction_count(&module),
        t.elapsed().as_secs_f64()
    );
    let options = passes::PassOptions::default();
    let items = passes::find("module-items").unwrap();
    let mut counting = Targets::counting();
    (items.run)(&module, &mut counting, &options);
    let item_weights = counting.into_weights();
    let full = llvm::serialize(&module, Format::Bitcode);
    drop(module);

    let mut rows = Vec::new();
    for (num, den) in FRACTIONS {
        // The first num/den of the module's items.
        let bitcode = if num == den {
            full.clone()
        } else {
            let c = llvm::context();
            let m = llvm::parse(&c, &full, "input.ll").unwrap();
            let cut = leading(&item_weights, num, den);
            let keep = |i: usize| i < cut;
            (items.run)(&m, &mut Targets::selecting(&keep), &options);
            llvm::serialize(&m, Format::Bitcode)
        };
        let c = llvm::context();
        let base = llvm::parse(&c, &bitcode, "input.ll").unwrap();
        let units = ir::instruction_count(&base);
        println!("-- {num}/{den} of the items: {units} instructions");
        for name in LLVM_PASSES {
            let pass = passes::find(name).unwrap();
            let t = Instant::now();
            let mut counting = Targets::counting();
            (pass.run)(&base, &mut counting, &options);
            let targets = counting.into_weights().len();
            let count = t.elapsed();
            let runs = 2;
            let mut row = Row::new(name, units, targets, count);
            for _ in 0..runs {
                let t = Instant::now();
                let fresh = llvm::context();
                let candidate = llvm::parse(&fresh, &bitcode, "input.ll").unwrap();
                row.read += t.elapsed();
                let t = Instant::now();
                let keep = |i: usize| i % 2 == 0;
                (pass.run)(&candidate, &mut Targets::selecting(&keep), &options);
                row.mutate += t.elapsed();
                let t = Instant::now();
                llvm::verify(&candidate).expect("candidate verifies");
                row.verify += t.elapsed();
                let t = Instant::now();
                let text = llvm::serialize(&candidate, Format::Text);
                let _hash = blake3::hash(&text);
                row.print += t.elapsed();
            }
            for d in [
                &mut row.read,
                &mut row.mutate,
                &mut row.verify,
                &mut row.print,
            ] {
                *d /= runs;
            }
            row.print("instructions");
            rows.push(row);
        }
    }
    growth(&rows, LLVM_PASSES);
}

fn mlir_bench(path: &Path) {
    let t = Instant::now();
    let module = MlirModule::load(path, false).expect("input parses");
    println!(
        "MLIR input: {} ({} operations), text parse {:.2}s",
        path.display(),
        module.op_count(),
        t.elapsed().as_secs_f64()
    );
    let mut item_weights = Vec::new();
    module
        .reduce("top-level", None, &mut |w| {
            item_weights.push(w);
            true
        })
        .unwrap();
    let full = module.bytecode().unwrap();
    drop(module);

    let mut rows = Vec::new();
    for (num, den) in FRACTIONS {
        let bytecode = if num == den {
            full.clone()
        } else {
            let m = MlirModule::parse(&full, "input.mlir", false).unwrap();
            let cut = leading(&item_weights, num, den);
            let mut i = 0usize;
            m.reduce("top-level", None, &mut |_| {
                i += 1;
                i <= cut
            })
            .unwrap();
            m.bytecode().unwrap()
        };
        let base = MlirModule::parse(&bytecode, "input.mlir", false).unwrap();
        let units = base.op_count();
        println!("-- {num}/{den} of the items: {units} operations");
        for name in MLIR_PASSES {
            let t = Instant::now();
            let mut targets = 0usize;
            base.reduce(name, None, &mut |_| {
                targets += 1;
                true
            })
            .unwrap();
            let count = t.elapsed();
            let runs = 2;
            let mut row = Row::new(name, units, targets, count);
            for _ in 0..runs {
                let t = Instant::now();
                let candidate = MlirModule::parse(&bytecode, "input.mlir", false).unwrap();
                row.read += t.elapsed();
                let t = Instant::now();
                let mut i = 0usize;
                candidate
                    .reduce(name, None, &mut |_| {
                        i += 1;
                        i % 2 == 1
                    })
                    .unwrap();
                row.mutate += t.elapsed();
                let t = Instant::now();
                // A candidate may fail the verifier; whittle pays for the
                // verification either way.
                let _ = candidate.verify();
                row.verify += t.elapsed();
                let t = Instant::now();
                let text = candidate.print(false).unwrap();
                let _hash = blake3::hash(&text);
                row.print += t.elapsed();
            }
            for d in [
                &mut row.read,
                &mut row.mutate,
                &mut row.verify,
                &mut row.print,
            ] {
                *d /= runs;
            }
            row.print("operations");
            rows.push(row);
        }
    }
    growth(&rows, MLIR_PASSES);
}
