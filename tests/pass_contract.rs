//! The contract every pass signs (passes/lib.rs, src/mlir/passes.rs): run
//! with every target kept (`Targets::counting()`), a pass leaves the module
//! unchanged, and counting is repeatable (the same targets with the same
//! weights, run after run). The reducer relies on both: a level's count is
//! taken on the module itself, and candidates are numbered by that count.
//!
//! Checked for every LLVM pass over every lit input that parses and
//! verifies, for every MLIR pass over every `.mlir` lit input and for
//! every MIR pass over every `.mir` lit input. Inputs
//! that are broken on purpose (for the error tests) are skipped, but the
//! test insists that most inputs were usable.

use std::fs;
use std::path::{Path, PathBuf};

use whittle::mlir::MlirOptions;
use whittle_llvm_ir::{context, parse, serialize, verify, Format};
use whittle_passes::PassOptions;
use whittle_reducer::Targets;

/// The files of `lit/` and `lit/Inputs/` whose name ends with `.{ext}`,
/// sorted, but the tests lit would not run with this build's LLVM.
fn lit_files(ext: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("lit");
    let mut files = Vec::new();
    for dir in [root.clone(), root.join("Inputs")] {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == ext)
                && for_this_llvm(&fs::read_to_string(&path).unwrap_or_default())
            {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The targets this build's LLVM has (`llvm-config --targets-built`, lower
/// case, as lit's `target-<name>` features).
fn targets_built() -> Vec<String> {
    let config = Path::new(env!("WHITTLE_LLVM_PREFIX")).join("bin/llvm-config");
    let out = std::process::Command::new(config)
        .arg("--targets-built")
        .output()
        .expect("llvm-config runs");
    String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .map(str::to_lowercase)
        .collect()
}

/// Whether a lit test's `REQUIRES:` lines hold for this build's LLVM (the
/// suite's features `llvm-<major>`, `llvm-at-least-<N>`, `target-<name>`,
/// `lli` and `mlir`, as lit.cfg.py sets them; other features are taken as
/// present).
fn for_this_llvm(text: &str) -> bool {
    let major = whittle_llvm_ir::version::llvm_major();
    let targets = targets_built();
    let bin = Path::new(env!("WHITTLE_LLVM_PREFIX")).join("bin");
    text.lines()
        .filter_map(|l| l.split_once("REQUIRES:").map(|(_, f)| f))
        .flat_map(|features| features.split(','))
        .map(str::trim)
        .all(|feature| {
            if let Some(n) = feature.strip_prefix("llvm-at-least-") {
                n.parse::<u32>().is_ok_and(|n| n <= major)
            } else if let Some(n) = feature.strip_prefix("llvm-") {
                n.parse::<u32>().map_or(true, |n| n == major)
            } else if let Some(target) = feature.strip_prefix("target-") {
                targets.iter().any(|t| t == target)
            } else if feature == "lli" {
                bin.join("lli").is_file()
            } else if feature == "mlir" {
                whittle_mlir_ir::prefix().is_some()
            } else {
                true
            }
        })
}

fn name(path: &Path) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// At least this many of `total` inputs must be usable: the broken-on-purpose
/// inputs are few, so most of the suite must take part.
fn floor(total: usize) -> usize {
    total * 3 / 4
}

#[test]
fn every_llvm_pass_leaves_the_module_alone_when_every_target_is_kept() {
    let files = lit_files("ll");
    let options = PassOptions::default();
    let mut usable = 0;
    let mut checked = 0;
    let mut targets = vec![0; whittle_passes::PASSES.len()];
    let mut failures = Vec::new();
    for file in &files {
        let bytes = fs::read(file).unwrap();
        let file = name(file);
        // Does it parse and verify at all? (A fresh context per run below.)
        let valid = {
            let ctx = context();
            let valid = parse(&ctx, &bytes, &file).is_ok_and(|m| verify(&m).is_ok());
            valid
        };
        if !valid {
            continue;
        }
        usable += 1;
        for (p, pass) in whittle_passes::PASSES.iter().enumerate() {
            let pass_name = pass.info.name;
            let ctx = context();
            let module = parse(&ctx, &bytes, &file).unwrap();
            let before = serialize(&module, Format::Text);
            let mut first = Targets::counting();
            (pass.run)(&module, &mut first, &options);
            let first = first.into_weights();
            targets[p] += first.len();
            let after = serialize(&module, Format::Text);
            checked += 1;
            if after != before {
                failures.push(format!(
                    "{pass_name} on {file}: the module changed with every target kept\n{}",
                    first_difference(&before, &after)
                ));
                continue;
            }
            if let Err(e) = verify(&module) {
                failures.push(format!(
                    "{pass_name} on {file}: invalid after counting: {e}"
                ));
                continue;
            }
            let mut second = Targets::counting();
            (pass.run)(&module, &mut second, &options);
            let second = second.into_weights();
            if second != first {
                failures.push(format!(
                    "{pass_name} on {file}: counted {} targets {first:?}, then {} {second:?}",
                    first.len(),
                    second.len()
                ));
            }
            let again = serialize(&module, Format::Text);
            if again != before {
                failures.push(format!(
                    "{pass_name} on {file}: the module changed on the second counting run\n{}",
                    first_difference(&before, &again)
                ));
            }
        }
    }
    assert!(
        usable >= floor(files.len()).max(1),
        "only {usable} of {} LLVM lit inputs parse and verify",
        files.len()
    );
    assert_eq!(checked, usable * whittle_passes::PASSES.len());
    assert_every_pass_had_targets(whittle_passes::PASSES.iter().map(|p| p.info.name), &targets);
    assert!(
        failures.is_empty(),
        "{} of {checked} (pass, input) pairs break the contract:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_mlir_pass_leaves_the_module_alone_when_every_target_is_kept() {
    if let Some(why) = whittle_mlir_ir::unavailable() {
        eprintln!("note: skipped: {why}");
        return;
    }
    let files = lit_files("mlir");
    // `mlir-passes` runs a pipeline; the others ignore it.
    let options = MlirOptions {
        pipeline: Some("canonicalize".to_string()),
    };
    let mut usable = 0;
    let mut checked = 0;
    let mut targets = vec![0; whittle::mlir::PASSES.len()];
    let mut failures = Vec::new();
    for file in &files {
        let bytes = fs::read(file).unwrap();
        let file = name(file);
        match whittle_mlir_ir::Module::parse(&bytes, &file, true) {
            Ok(m) if m.verify().is_ok() => {}
            _ => continue,
        }
        usable += 1;
        for (p, pass) in whittle::mlir::PASSES.iter().enumerate() {
            let pass_name = pass.info.name;
            let module = whittle_mlir_ir::Module::parse(&bytes, &file, true).unwrap();
            let print = |m: &whittle_mlir_ir::Module| {
                m.print(false)
                    .unwrap_or_else(|e| panic!("{pass_name} on {file}: printing: {e}"))
            };
            let before = print(&module);
            checked += 1;
            let mut first = Targets::counting();
            if let Err(e) = pass.run(&module, &mut first, &options) {
                failures.push(format!("{pass_name} on {file}: counting run failed: {e}"));
                continue;
            }
            let first = first.into_weights();
            targets[p] += first.len();
            let after = print(&module);
            if after != before {
                failures.push(format!(
                    "{pass_name} on {file}: the module changed with every target kept\n{}",
                    first_difference(&before, &after)
                ));
                continue;
            }
            if let Err(e) = module.verify() {
                failures.push(format!(
                    "{pass_name} on {file}: invalid after counting: {e}"
                ));
                continue;
            }
            let mut second = Targets::counting();
            if let Err(e) = pass.run(&module, &mut second, &options) {
                failures.push(format!(
                    "{pass_name} on {file}: second counting run failed: {e}"
                ));
                continue;
            }
            let second = second.into_weights();
            if second != first {
                failures.push(format!(
                    "{pass_name} on {file}: counted {} targets {first:?}, then {} {second:?}",
                    first.len(),
                    second.len()
                ));
            }
            let again = print(&module);
            if again != before {
                failures.push(format!(
                    "{pass_name} on {file}: the module changed on the second counting run\n{}",
                    first_difference(&before, &again)
                ));
            }
        }
    }
    assert!(
        usable >= floor(files.len()).max(1),
        "only {usable} of {} MLIR lit inputs parse and verify",
        files.len()
    );
    assert_eq!(checked, usable * whittle::mlir::PASSES.len());
    assert_every_pass_had_targets(whittle::mlir::PASSES.iter().map(|p| p.info.name), &targets);
    assert!(
        failures.is_empty(),
        "{} of {checked} (pass, input) pairs break the contract:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_mir_pass_leaves_the_module_alone_when_every_target_is_kept() {
    use whittle_llvm_ir::mir::{Module, Target};
    let files = lit_files("mir");
    let target = Target::default();
    let mut usable = 0;
    let mut checked = 0;
    let mut targets = vec![0; whittle::mir::PASSES.len()];
    let mut failures = Vec::new();
    for file in &files {
        let bytes = fs::read(file).unwrap();
        let file = name(file);
        match Module::parse(&bytes, &file, &target) {
            Ok(m) if m.verify().is_ok() => {}
            _ => continue,
        }
        usable += 1;
        for (p, pass) in whittle::mir::PASSES.iter().enumerate() {
            let pass_name = pass.info.name;
            let module = Module::parse(&bytes, &file, &target).unwrap();
            let print = |m: &Module| {
                m.print()
                    .unwrap_or_else(|e| panic!("{pass_name} on {file}: printing: {e}"))
            };
            let before = print(&module);
            checked += 1;
            let mut first = Targets::counting();
            if let Err(e) = pass.run(&module, &mut first) {
                failures.push(format!("{pass_name} on {file}: counting run failed: {e}"));
                continue;
            }
            let first = first.into_weights();
            targets[p] += first.len();
            let after = print(&module);
            if after != before {
                failures.push(format!(
                    "{pass_name} on {file}: the module changed with every target kept\n{}",
                    first_difference(&before, &after)
                ));
                continue;
            }
            if let Err(e) = module.verify() {
                failures.push(format!(
                    "{pass_name} on {file}: invalid after counting: {e}"
                ));
                continue;
            }
            let mut second = Targets::counting();
            if let Err(e) = pass.run(&module, &mut second) {
                failures.push(format!(
                    "{pass_name} on {file}: second counting run failed: {e}"
                ));
                continue;
            }
            let second = second.into_weights();
            if second != first {
                failures.push(format!(
                    "{pass_name} on {file}: counted {} targets {first:?}, then {} {second:?}",
                    first.len(),
                    second.len()
                ));
            }
        }
    }
    assert!(
        usable >= floor(files.len()).max(1),
        "only {usable} of {} MIR lit inputs parse and verify",
        files.len()
    );
    assert_eq!(checked, usable * whittle::mir::PASSES.len());
    assert_every_pass_had_targets(whittle::mir::PASSES.iter().map(|p| p.info.name), &targets);
    assert!(
        failures.is_empty(),
        "{} of {checked} (pass, input) pairs break the contract:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Each pass has a lit test of its own, so each must have found targets
/// somewhere; a pass that found none would pass the contract vacuously.
fn assert_every_pass_had_targets<'a>(names: impl Iterator<Item = &'a str>, targets: &[usize]) {
    let idle: Vec<&str> = names
        .zip(targets)
        .filter(|(_, &n)| n == 0)
        .map(|(name, _)| name)
        .collect();
    assert!(idle.is_empty(), "no target in any lit input for: {idle:?}");
}

/// The first line where two printed modules differ, both ways.
fn first_difference(before: &[u8], after: &[u8]) -> String {
    let before = String::from_utf8_lossy(before);
    let after = String::from_utf8_lossy(after);
    let mut a = before.lines();
    let mut b = after.lines();
    for line in 1.. {
        match (a.next(), b.next()) {
            (None, None) => break,
            (x, y) if x == y => {}
            (x, y) => {
                return format!(
                    "  line {line}: before {:?}\n  line {line}: after  {:?}",
                    x.unwrap_or("<end>"),
                    y.unwrap_or("<end>")
                )
            }
        }
    }
    "  (the texts differ only in line endings)".to_string()
}
