//! Helpers the runner's, the front ends' and the Slurm executor's
//! integration tests share: test scripts written on the fly, the stats
//! JSON, the LLVM verifier, a module big enough to keep a reduction busy,
//! Ctrl-C sent to a run.

// Each test binary that includes this module uses part of it.
#![allow(dead_code)]

use std::fs;
use std::io::Read;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use nix::sys::signal::{kill, Signal};
use nix::unistd::Pid;

/// The bin directory of the LLVM whittle was built against (its feature).
pub const LLVM_BIN: &str = concat!(env!("WHITTLE_LLVM_PREFIX"), "/bin");

/// FileCheck: the build's LLVM's, else LLVM 22's (PyPI's LLVM 23 has none;
/// it only reads text), as the lit suite finds it.
pub fn filecheck() -> String {
    let own = Path::new(LLVM_BIN).join("FileCheck");
    if own.is_file() {
        own.display().to_string()
    } else {
        "/usr/lib/llvm-22/bin/FileCheck".to_string()
    }
}

/// Whether the build's LLVM has `target` (`llvm-config --targets-built`:
/// PyPI's LLVM 23 has X86 only).
pub fn has_target(target: &str) -> bool {
    let out = Command::new(Path::new(LLVM_BIN).join("llvm-config"))
        .arg("--targets-built")
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .any(|t| t.eq_ignore_ascii_case(target))
}

/// The lit input `name` (written in LLVM 22's syntax) as this build's LLVM
/// reads it (`lit/Inputs/ir-for-llvm.py`), written into `dir`.
pub fn lit_input_for_llvm(name: &str, dir: &Path) -> PathBuf {
    let lit = Path::new(env!("CARGO_MANIFEST_DIR")).join("lit");
    let out = Command::new("python3")
        .arg(lit.join("Inputs/ir-for-llvm.py"))
        .arg(whittle_llvm_ir::version::llvm_major().to_string())
        .arg(lit.join(name))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let path = dir.join(format!("for-llvm-{name}"));
    fs::write(&path, out.stdout).unwrap();
    path
}

/// An executable shell script `dir/name` running `body`.
pub fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    let p = dir.join(name);
    fs::write(&p, format!("#!/bin/sh\n{body}\n")).unwrap();
    fs::set_permissions(&p, fs::Permissions::from_mode(0o755)).unwrap();
    p
}

/// A `--stats-json` file, read.
pub fn stats(path: &Path) -> serde_json::Value {
    serde_json::from_slice(&fs::read(path).unwrap()).unwrap()
}

/// Whether LLVM's verifier accepts the module at `path`.
pub fn verifies(path: &Path) -> bool {
    Command::new(Path::new(LLVM_BIN).join("opt"))
        .args(["-passes=verify", "-disable-output"])
        .arg(path)
        .status()
        .unwrap()
        .success()
}

/// A module big enough that a slow test keeps the reduction busy for a
/// while: `n` functions to remove and `@keep`, whose `%interesting` the
/// tests look for.
pub fn many_functions(n: usize) -> String {
    let mut m = String::new();
    for i in 0..n {
        m.push_str(&format!(
            "define i32 @f{i}(i32 %x) {{\n  %y = add i32 %x, {i}\n  ret i32 %y\n}}\n\n"
        ));
    }
    m.push_str(
        "define i32 @keep(i32 %x) {\n  %interesting = mul i32 %x, 3\n  ret i32 %interesting\n}\n",
    );
    m
}

/// `dir/in.ll` holding [`many_functions`]`(n)`, and `dir/slow.sh`, a test
/// that sleeps `sleep` seconds, then finds `%interesting`: a reduction that
/// runs long enough to be watched, interrupted or compared.
pub fn slow_many_functions(dir: &Path, n: usize, sleep: &str) -> (PathBuf, PathBuf) {
    let input = dir.join("in.ll");
    fs::write(&input, many_functions(n)).unwrap();
    let test = script(
        dir,
        "slow.sh",
        &format!("sleep {sleep}\ngrep -q '%interesting = mul' \"$1\""),
    );
    (input, test)
}

/// Start whittle reducing `input` into `output` with the script `test` and
/// `args`, its stderr piped (for [`interrupt`]).
pub fn spawn_reduction(test: &Path, args: &[&str], input: &Path, output: &Path) -> Child {
    Command::new(env!("CARGO_BIN_EXE_whittle"))
        .arg("--test")
        .arg(test)
        .args(args)
        .arg(input)
        .arg("-o")
        .arg(output)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Send SIGINT to a running whittle (spawned with its stderr piped) and wait
/// for it: its exit status and stderr, after asserting that it stopped
/// within `limit`.
pub fn interrupt(child: &mut Child, limit: Duration) -> (ExitStatus, String) {
    kill(Pid::from_raw(child.id() as i32), Signal::SIGINT).unwrap();
    let interrupted = Instant::now();
    let status = child.wait().unwrap();
    let took = interrupted.elapsed();
    let mut err = String::new();
    child
        .stderr
        .as_mut()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(took < limit, "took {took:?} to stop: {err}");
    (status, err)
}
