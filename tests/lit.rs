//! Runs the lit suite in `lit/` against the whittle binary this `cargo test`
//! built, so that one command runs every test. Needs LLVM 22's `lit` and
//! `FileCheck` (`/usr/lib/llvm-22/bin`, or `LLVM_BIN_DIR`).

use std::path::Path;
use std::process::Command;

#[test]
fn lit_suite() {
    let llvm_bin = std::env::var("LLVM_BIN_DIR").unwrap_or_else(|_| "/usr/lib/llvm-22/bin".into());
    let lit = Path::new(&llvm_bin).join("lit");
    assert!(
        lit.exists(),
        "{} not found: install llvm-22-tools (see README.md)",
        lit.display()
    );
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new(&lit)
        .arg("-sv")
        .arg(root.join("lit"))
        .env("WHITTLE", env!("CARGO_BIN_EXE_whittle"))
        .env("LLVM_BIN_DIR", &llvm_bin)
        .env("WHITTLE_LIT_OUTPUT", root.join("target").join("lit"))
        .output()
        .expect("cannot run lit");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "lit failed:\n{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    println!("{text}");
}

/// The suite's own RUN lines follow the rule whittle's emitted tests do:
/// none names /dev/null as an output (run as root, a crashing tool would
/// remove /dev/null itself; `lit/Inputs` holds inputs, not tests).
#[test]
fn no_run_line_of_the_suite_names_dev_null_as_an_output() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("lit");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if !path.is_file() {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        for (n, line) in text.lines().enumerate().filter(|(_, l)| l.contains("RUN:")) {
            checked += 1;
            assert!(
                !whittle::oracle::dev_null::names_dev_null_output(line),
                "{}:{}: {line}",
                path.display(),
                n + 1
            );
        }
    }
    assert!(checked > 100, "only {checked} RUN lines found");
}
