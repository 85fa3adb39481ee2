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
