//! An LLVM newer than any whittle knows (a trunk build, `24.0.0git`), as a
//! user meets it: `cargo build --no-default-features --features llvm23`
//! with `LLVM_SYS_231_PREFIX` at its prefix. Faked in front of the LLVM 23
//! this build is for: a prefix whose `llvm-config --version` says
//! `24.0.0git` and whose other answers point at the fake prefix, the rest
//! links to the real one. Either the build works and names that LLVM
//! (`--version`, `--print-delta-passes`) and reduces, or, when a helper of
//! the shim does not compile against its headers (one header changed
//! here, as a trunk commit would change it), it stops with one line naming
//! the LLVM and the helper.
//!
//! Only for a build for the newest LLVM whittle knows (the feature a newer
//! LLVM builds with); each case builds whittle in its own target directory.

use std::fs;
use std::os::unix::fs::{symlink, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const REAL: &str = env!("WHITTLE_LLVM_PREFIX");
const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const NEWER: &str = "24.0.0git";

/// Whether this build is for the newest LLVM whittle knows; else says why
/// the test does nothing.
fn for_the_newest_llvm() -> bool {
    let level: u32 = env!("WHITTLE_LLVM_API_LEVEL").parse().unwrap();
    let newest = whittle_llvm_ir::version::llvm_major() == level && level >= 23;
    if !newest {
        eprintln!("note: skipped: this build is for LLVM {level}, not the newest whittle knows");
    }
    newest
}

/// Link every entry of `from` into `to`, but `except`.
fn link_all(from: &Path, to: &Path, except: &[&str]) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name();
        if !except.iter().any(|e| name == *e) {
            symlink(entry.path(), to.join(&name)).unwrap();
        }
    }
}

/// A prefix at `dir` whose LLVM says it is `24.0.0git`, in front of the
/// real LLVM 23; with `changed`, its `Intrinsic::getOrInsertDeclaration`
/// renamed `getOrInsertIntrinsic` (in every header that names it), as an
/// API change of trunk would: the shim's helper `intrinsicDeclaration`
/// uses it.
fn fake_prefix(dir: &Path, changed: bool) -> PathBuf {
    let real = Path::new(REAL);
    let fake = dir.join("prefix");
    link_all(&real.join("bin"), &fake.join("bin"), &["llvm-config"]);
    let config = fake.join("bin/llvm-config");
    fs::write(
        &config,
        format!(
            "#!/bin/sh\n\
             if [ \"$1\" = --version ]; then echo {NEWER}; exit 0; fi\n\
             out=$('{real}/bin/llvm-config' \"$@\") || exit $?\n\
             printf '%s\\n' \"$out\" | sed 's|{real}|{fake}|g'\n",
            real = real.display(),
            fake = fake.display()
        ),
    )
    .unwrap();
    fs::set_permissions(&config, fs::Permissions::from_mode(0o755)).unwrap();
    symlink(real.join("lib"), fake.join("lib")).unwrap();
    if !changed {
        symlink(real.join("include"), fake.join("include")).unwrap();
        return fake;
    }
    let changed_headers = ["Intrinsics.h", "MatrixBuilder.h"];
    let include = fake.join("include");
    link_all(&real.join("include"), &include, &["llvm"]);
    link_all(&real.join("include/llvm"), &include.join("llvm"), &["IR"]);
    link_all(
        &real.join("include/llvm/IR"),
        &include.join("llvm/IR"),
        &changed_headers,
    );
    for name in changed_headers {
        let header = fs::read_to_string(real.join("include/llvm/IR").join(name)).unwrap();
        let renamed = header.replace("getOrInsertDeclaration(", "getOrInsertIntrinsic(");
        assert_ne!(
            renamed, header,
            "LLVM 23's {name} names Intrinsic::getOrInsertDeclaration"
        );
        fs::write(include.join("llvm/IR").join(name), renamed).unwrap();
    }
    fake
}

/// `cargo build ARGS` of this workspace for the newest LLVM at `prefix`,
/// in `target`.
fn cargo_build(prefix: &Path, target: &Path, args: &[&str]) -> Output {
    let level = env!("WHITTLE_LLVM_API_LEVEL");
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .current_dir(ROOT)
        .args(["build", "--no-default-features", "--features"])
        .arg(format!("llvm{level}"))
        .args(args)
        .env(format!("LLVM_SYS_{level}1_PREFIX"), prefix)
        .env("CARGO_TARGET_DIR", target)
        // Nothing here is debugged: a build without debug info is faster.
        .env("CARGO_PROFILE_DEV_DEBUG", "0")
        .env_remove("RUSTFLAGS")
        .output()
        .expect("cannot run cargo")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Where this test builds: beside the suite's own build, kept between runs
/// (a build from scratch takes minutes).
///
/// One for both cases: the dependencies built by one serve the other (the
/// crates that look at the prefix build again), and cargo's lock makes them
/// take turns.
fn target_dir() -> PathBuf {
    Path::new(ROOT).join("target").join("newer-llvm")
}

#[test]
fn a_newer_llvm_builds_at_the_newest_api_level_and_says_so() {
    if !for_the_newest_llvm() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let prefix = fake_prefix(dir.path(), false);
    let target = target_dir();
    let out = cargo_build(&prefix, &target, &["--bin", "whittle"]);
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "LLVM {NEWER} at {} is newer than any whittle knows",
            prefix.display()
        )),
        "the build does not warn: {stderr}"
    );
    let whittle = target.join("debug/whittle");
    let version = Command::new(&whittle).arg("--version").output().unwrap();
    let version = text(&version.stdout);
    let level = env!("WHITTLE_LLVM_API_LEVEL");
    assert!(
        version.contains(&format!(
            "LLVM {NEWER} at {} (newer than any whittle knows: built at LLVM {level}'s API level)",
            prefix.display()
        )),
        "{version}"
    );
    let passes = Command::new(&whittle)
        .arg("--print-delta-passes")
        .output()
        .unwrap();
    let passes = text(&passes.stdout);
    assert!(
        passes.contains("(every pass)") && passes.contains(&format!("LLVM {NEWER} is newer")),
        "{passes}"
    );
    // The library it runs with is the real LLVM 23's, not what the fake
    // prefix's llvm-config says: whittle refuses to reduce with it (a trunk
    // build's library says 24.0.0, and whittle runs).
    let input = dir.path().join("in.ll");
    fs::write(
        &input,
        "define i32 @f(i32 %x) {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n",
    )
    .unwrap();
    let run = Command::new(&whittle)
        .args(["--test", "true"])
        .arg(&input)
        .arg("-o")
        .arg(dir.path().join("out.ll"))
        .output()
        .unwrap();
    let err = text(&run.stderr);
    assert!(!run.status.success());
    assert!(
        err.contains(&format!("built for LLVM {NEWER}")) && err.lines().count() == 1,
        "{err}"
    );
}

#[test]
fn a_helper_that_does_not_compile_against_a_newer_llvm_stops_the_build_in_one_line() {
    if !for_the_newest_llvm() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let prefix = fake_prefix(dir.path(), true);
    let out = cargo_build(&prefix, &target_dir(), &["-p", "whittle-llvm-ir"]);
    let stderr = text(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    let errors: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("error: whittle-llvm-ir@"))
        .collect();
    assert_eq!(errors.len(), 1, "{stderr}");
    let line = errors[0];
    for needle in [
        format!("LLVM {NEWER} at {}", prefix.display()),
        "is newer than any whittle knows".to_string(),
        "helper `intrinsicDeclaration` (crates/llvm-ir/shim/compat.h:".to_string(),
        "does not compile".to_string(),
    ] {
        assert!(line.contains(&needle), "{needle:?} not in {line}");
    }
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// The `error: whittle-llvm-ir@...` lines of a build's stderr (the build
/// scripts' `cargo::error`s).
fn build_errors(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter(|l| l.starts_with("error: whittle-"))
        .collect()
}

#[test]
fn a_missing_or_older_llvm_and_two_llvm_features_stop_the_build_in_one_line() {
    if !for_the_newest_llvm() {
        return;
    }
    let level = env!("WHITTLE_LLVM_API_LEVEL");
    let dir = tempfile::tempdir().unwrap();
    // No llvm-config there.
    let missing = dir.path().join("nothing");
    fs::create_dir_all(&missing).unwrap();
    let out = cargo_build(&missing, &target_dir(), &["-p", "whittle-llvm-ir"]);
    let stderr = text(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    let errors = build_errors(&stderr);
    assert!(!errors.is_empty(), "{stderr}");
    assert!(
        errors.iter().all(|l| l.contains(&format!(
            "LLVM {level} not found: cannot run {}",
            missing.join("bin/llvm-config").display()
        )) && l.contains(&format!("LLVM_SYS_{level}1_PREFIX"))),
        "{stderr}"
    );
    // An LLVM older than any whittle builds for.
    let old = dir.path().join("old");
    fs::create_dir_all(old.join("bin")).unwrap();
    let config = old.join("bin/llvm-config");
    fs::write(&config, "#!/bin/sh\necho 18.1.8\n").unwrap();
    fs::set_permissions(&config, fs::Permissions::from_mode(0o755)).unwrap();
    let out = cargo_build(&old, &target_dir(), &["-p", "whittle-llvm-ir"]);
    let stderr = text(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    let errors = build_errors(&stderr);
    assert!(
        !errors.is_empty()
            && errors
                .iter()
                .all(|l| l.contains("is LLVM 18.1.8, older than any whittle builds for")),
        "{stderr}"
    );
    // Two LLVMs at once (the default feature kept).
    let out = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .current_dir(ROOT)
        .args(["build", "-p", "whittle-llvm-ir", "--features"])
        .arg(format!("whittle-llvm-ir/llvm{level}"))
        .env("CARGO_TARGET_DIR", target_dir())
        .output()
        .unwrap();
    let stderr = text(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    let errors = build_errors(&stderr);
    assert!(
        !errors.is_empty()
            && errors.iter().all(|l| l.contains(&format!(
                "several LLVM versions chosen (llvm22, llvm{level})"
            ))),
        "{stderr}"
    );
}
