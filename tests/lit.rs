//! Runs the lit suite in `lit/` against the whittle binary this `cargo test`
//! built, so that one command runs every test. Its tools (`FileCheck`,
//! `opt`, `llc`, `not`) are those of the LLVM whittle was built against
//! (`LLVM_BIN_DIR` overrides); `lit` itself is that LLVM's when it has one,
//! else LLVM 22's (Debian packages lit with LLVM 22 only) or the one on
//! PATH.

use std::path::Path;
use std::process::Command;

#[test]
fn lit_suite() {
    let llvm_bin = std::env::var("LLVM_BIN_DIR")
        .unwrap_or_else(|_| concat!(env!("WHITTLE_LLVM_PREFIX"), "/bin").into());
    let lit = [
        Path::new(&llvm_bin).join("lit"),
        Path::new("/usr/lib/llvm-22/bin/lit").to_path_buf(),
    ]
    .into_iter()
    .chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()).map(|d| d.join("lit")),
    )
    .find(|p| p.is_file())
    .expect("no lit found: install llvm-22-tools (see README.md)");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new(&lit)
        .arg("-sv")
        .arg(root.join("lit"))
        .env("WHITTLE", env!("CARGO_BIN_EXE_whittle"))
        .env("LLVM_BIN_DIR", &llvm_bin)
        // Beside the build's own target directory (`target/lit`,
        // `target/llvm-19/lit`, ...): each LLVM's suite runs apart.
        .env("WHITTLE_LIT_OUTPUT", lit_output())
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

/// Where the suite's scratch goes: `lit/` in the target directory of the
/// whittle this test runs.
fn lit_output() -> std::path::PathBuf {
    let whittle = Path::new(env!("CARGO_BIN_EXE_whittle"));
    // TARGET/debug/whittle
    whittle
        .parent()
        .and_then(Path::parent)
        .map_or_else(
            || Path::new(env!("CARGO_MANIFEST_DIR")).join("target"),
            Path::to_path_buf,
        )
        .join("lit")
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
