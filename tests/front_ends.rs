//! Each front end's reduction gives the same output for any -j (LLVM IR,
//! Machine IR, MLIR, on lit inputs where several levels remove something).
//! Apart from tests/runner.rs because these depend on the LLVM whittle is
//! built for (its parser, printer and passes), so every LLVM's round runs
//! them; the runner's own machinery (timeouts, interrupts, flaky tests, the
//! cache) runs once.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod common;

const WHITTLE: &str = env!("CARGO_BIN_EXE_whittle");

fn lit_input(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("lit").join(name)
}

/// Reduce a lit test's input with its own CHECK-INTERESTINGNESS lines as the
/// test, at `-j jobs`.
fn reduce_lit(name: &str, jobs: usize, out: &Path) -> Output {
    reduce_lit_with(name, jobs, out, &[])
}

/// [`reduce_lit`] with more options (`--allow-unregistered-dialect`, ...).
fn reduce_lit_with(name: &str, jobs: usize, out: &Path, extra: &[&str]) -> Output {
    let checks = lit_input(name);
    let input = common::lit_input_for_llvm(name, out.parent().unwrap());
    Command::new(WHITTLE)
        .args([
            "--abort-on-invalid-reduction",
            "-q",
            "-j",
            &jobs.to_string(),
        ])
        .args(extra)
        .arg(format!("--test={}", common::filecheck()))
        .args([
            "--test-arg=--check-prefixes=CHECK-INTERESTINGNESS",
            "--test-arg",
        ])
        .arg(&checks)
        .args(["--test-arg=--input-file"])
        .arg(&input)
        .arg("-o")
        .arg(out)
        .output()
        .unwrap()
}

#[test]
fn output_is_identical_for_any_number_of_jobs() {
    let dir = tempfile::tempdir().unwrap();
    for name in [
        "full-pipeline.ll",
        "eh-funclets.ll",
        "invoke-landingpad.ll",
        "switch.ll",
        "aliases-ifuncs.ll",
        "policy-ddmin.ll",
    ] {
        let mut outputs = Vec::new();
        for jobs in [1, 2, 4] {
            let out = dir.path().join(format!("{name}.j{jobs}"));
            let run = reduce_lit(name, jobs, &out);
            assert!(
                run.status.success(),
                "{name} -j {jobs}: {}",
                String::from_utf8_lossy(&run.stderr)
            );
            outputs.push(fs::read(&out).unwrap());
        }
        assert_eq!(outputs[0], outputs[1], "{name}: -j 1 and -j 2 differ");
        assert_eq!(outputs[0], outputs[2], "{name}: -j 1 and -j 4 differ");
    }
}

/// Operations in an MLIR file, the module included (what the MLIR front end
/// calls its size), counted by parsing it here.
fn mlir_op_count(path: &Path) -> u64 {
    let bytes = fs::read(path).unwrap();
    whittle_mlir_ir::Module::parse(&bytes, &path.display().to_string(), true)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .op_count()
}

#[test]
fn mlir_output_is_identical_for_any_number_of_jobs() {
    if let Some(why) = whittle_mlir_ir::unavailable() {
        eprintln!("note: skipped: {why}");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // The full default sweep (top-level, function-results, regions, blocks,
    // block-arguments, ops, attributes) on inputs where several of those
    // levels remove something.
    for (name, extra) in [
        ("mlir-ops.mlir", &[][..]),
        ("mlir-regions.mlir", &[]),
        ("mlir-operands.mlir", &[]),
        ("mlir-top-level.mlir", &[]),
        ("mlir-attributes.mlir", &[]),
        ("mlir-unregistered.mlir", &["--allow-unregistered-dialect"]),
        ("mlir-blocks.mlir", &["--allow-unregistered-dialect"]),
        (
            "mlir-block-arguments.mlir",
            &["--allow-unregistered-dialect"],
        ),
    ] {
        let before = mlir_op_count(&lit_input(name));
        let mut outputs = Vec::new();
        for jobs in [1, 2, 4] {
            let out = dir.path().join(format!("{name}.j{jobs}.mlir"));
            let run = reduce_lit_with(name, jobs, &out, extra);
            assert!(
                run.status.success(),
                "{name} -j {jobs}: {}",
                String::from_utf8_lossy(&run.stderr)
            );
            let after = mlir_op_count(&out);
            assert!(
                after < before,
                "{name} -j {jobs}: nothing removed ({before} operations before, {after} after)"
            );
            outputs.push(fs::read(&out).unwrap());
        }
        for (i, jobs) in [(1, 2), (2, 4)] {
            assert!(
                outputs[0] == outputs[i],
                "{name}: -j 1 and -j {jobs} differ:\n{}\n--- -j {jobs}:\n{}",
                String::from_utf8_lossy(&outputs[0]),
                String::from_utf8_lossy(&outputs[i])
            );
        }
    }
}

/// Machine instructions in a MIR file, counted by parsing it here.
fn mir_instruction_count(path: &Path) -> u64 {
    let bytes = fs::read(path).unwrap();
    let target = whittle_llvm_ir::mir::Target::default();
    whittle_llvm_ir::mir::Module::parse(&bytes, &path.display().to_string(), &target)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .instruction_count()
}

#[test]
fn mir_output_is_identical_for_any_number_of_jobs() {
    let dir = tempfile::tempdir().unwrap();
    // The full default sweep on X86 and AMDGPU inputs where several levels
    // remove something (the AMDGPU one is LLVM 22's MIR).
    let amdgpu = whittle_llvm_ir::version::llvm_major() >= 22 && common::has_target("AMDGPU");
    for name in [
        "mir-machine-functions.mir",
        "mir-preserve-jump-tables.mir",
        "mir-preserve-function-info.mir",
        "mir-preserve-memory-operands.mir",
    ]
    .into_iter()
    .filter(|n| amdgpu || !n.contains("function-info"))
    {
        let before = mir_instruction_count(&common::lit_input_for_llvm(name, dir.path()));
        let mut outputs = Vec::new();
        for jobs in [1, 2, 4] {
            let out = dir.path().join(format!("{name}.j{jobs}.mir"));
            let run = reduce_lit(name, jobs, &out);
            assert!(
                run.status.success(),
                "{name} -j {jobs}: {}",
                String::from_utf8_lossy(&run.stderr)
            );
            let after = mir_instruction_count(&out);
            assert!(
                after < before,
                "{name} -j {jobs}: nothing removed ({before} before, {after} after)"
            );
            outputs.push(fs::read(&out).unwrap());
        }
        for (i, jobs) in [(1, 2), (2, 4)] {
            assert!(
                outputs[0] == outputs[i],
                "{name}: -j 1 and -j {jobs} differ:\n{}\n--- -j {jobs}:\n{}",
                String::from_utf8_lossy(&outputs[0]),
                String::from_utf8_lossy(&outputs[i])
            );
        }
    }
}
