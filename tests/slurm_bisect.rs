//! `whittle bisect --executor=slurm` against a real cluster: the same
//! bisection run here and on the cluster names the same culprit, captures
//! the same culprit's input, and writes byte-identical reduced output and
//! lit test; its probes and its reduction ran as Slurm steps. An opt
//! middle-end crash (the planted bug of `lit/Inputs/bisect-plugin.cpp`,
//! built here as the lit suite builds it) and an llc machine pass, whose
//! culprit's input is MIR; then each other way to say what fails: a
//! miscompilation with no reference (`--mr`), a debug-counter search
//! (`--counters`) and a failing lit test (`--lit`).
//!
//! They need a cluster that answers `sinfo` (`cargo xtask test` starts the
//! one of `scripts/local-slurm.sh` when none does), and fail when none
//! does.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

mod cluster;

use cluster::{cluster, with_the_llvm22_build};

const WHITTLE: &str = env!("CARGO_BIN_EXE_whittle");
/// The bin directory of the LLVM whittle was built against.
const LLVM_BIN: &str = concat!(env!("WHITTLE_LLVM_PREFIX"), "/bin");

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The pass plugin with planted bugs, built against this build's LLVM as
/// `lit/lit.cfg.py` builds it (again only when its source is newer), once
/// for all the tests of this file, which run at once.
fn bisect_plugin() -> PathBuf {
    static PLUGIN: OnceLock<PathBuf> = OnceLock::new();
    PLUGIN.get_or_init(build_bisect_plugin).clone()
}

fn build_bisect_plugin() -> PathBuf {
    let source = root().join("lit/Inputs/bisect-plugin.cpp");
    let llvm_config = Path::new(LLVM_BIN).join("llvm-config");
    let config = |args: &[&str]| -> Vec<String> {
        let out = Command::new(&llvm_config).args(args).output().unwrap();
        assert!(out.status.success(), "llvm-config {args:?}");
        String::from_utf8(out.stdout)
            .unwrap()
            .split_whitespace()
            .map(String::from)
            .collect()
    };
    let version = config(&["--version"]).concat();
    let plugin = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("bisect-plugin-{version}.so"));
    let modified = |p: &Path| fs::metadata(p).and_then(|m| m.modified()).ok();
    if modified(&plugin).is_some_and(|built| Some(built) >= modified(&source)) {
        return plugin;
    }
    let partial = plugin.with_extension(format!("{}.partial", std::process::id()));
    let status = Command::new(Path::new(LLVM_BIN).join("clang++"))
        .args(["-shared", "-fPIC", "-O1"])
        .arg(&source)
        .arg("-o")
        .arg(&partial)
        .args(config(&["--cxxflags", "--ldflags"]))
        .args(config(&["--libs"]))
        .status()
        .unwrap();
    assert!(status.success(), "building {}", source.display());
    fs::rename(&partial, &plugin).unwrap();
    plugin
}

/// What a bisection wrote.
#[derive(Debug)]
struct Bisected {
    stats: serde_json::Value,
    /// The summary's culprit line.
    culprit_line: String,
    output: Vec<u8>,
    culprit_input: Vec<u8>,
    lit_test: Vec<u8>,
}

/// Run `whittle bisect ARGS -o DIR/out.EXT --emit-lit DIR/test.EXT` in
/// `dir` (the same paths for every run, so that what the tools print of
/// them is the same), read what it wrote and remove it. With `--lit` the
/// output is the lit test.
fn bisect(dir: &Path, args: &[&str], ext: &str, slurm: bool) -> Bisected {
    let output = dir.join(format!("out.{ext}"));
    let lit_mode = args.contains(&"--lit");
    let lit_test = dir.join(format!("test.{ext}"));
    let json = dir.join("stats.json");
    let mut cmd = Command::new(WHITTLE);
    cmd.current_dir(dir)
        .arg("bisect")
        .args(args)
        .arg("-o")
        .arg(&output)
        .arg("--stats-json")
        .arg(&json);
    if !lit_mode {
        cmd.arg("--emit-lit").arg(&lit_test);
    }
    if slurm {
        cmd.arg("--executor=slurm");
    }
    let out = cmd.output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        out.status.success(),
        "whittle bisect{} failed: {stderr}",
        if slurm { " --executor=slurm" } else { "" }
    );
    let take = |p: &Path| {
        let bytes = fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        fs::remove_file(p).unwrap();
        bytes
    };
    let stats: serde_json::Value = serde_json::from_slice(&take(&json)).unwrap();
    let culprit_input = PathBuf::from(stats["bisect"]["culprit_input"].as_str().unwrap());
    let output = take(&output);
    Bisected {
        culprit_line: stderr
            .lines()
            .find(|l| l.starts_with("  culprit:"))
            .unwrap_or_else(|| panic!("no culprit line: {stderr}"))
            .to_string(),
        culprit_input: take(&culprit_input),
        lit_test: if lit_mode {
            output.clone()
        } else {
            take(&lit_test)
        },
        output,
        stats,
    }
}

/// The bisection of `input` (named `input.ll` in ARGS) here and on the
/// cluster: the same findings and the same bytes; on the cluster every
/// probe and every test of the reduction was a Slurm run.
fn same_here_and_on_the_cluster(input: &[u8], args: &[&str], ext: &str) -> Bisected {
    let _cluster = cluster();
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("input.ll"), input).unwrap();
    let here = bisect(dir.path(), args, ext, false);
    let there = bisect(dir.path(), args, ext, true);

    for key in [
        "culprit",
        "total_passes",
        "isolated",
        "needed",
        "smallest",
        "pipeline",
        "counters",
        "not_done",
    ] {
        assert_eq!(
            here.stats["bisect"][key], there.stats["bisect"][key],
            "bisect.{key}"
        );
    }
    assert!(here.stats["bisect"]["culprit"].is_object());
    assert_eq!(here.culprit_line, there.culprit_line);
    assert_eq!(
        String::from_utf8_lossy(&here.culprit_input),
        String::from_utf8_lossy(&there.culprit_input),
        "the culprit's input"
    );
    assert_eq!(
        String::from_utf8_lossy(&here.output),
        String::from_utf8_lossy(&there.output),
        "the reduced output"
    );
    assert_eq!(
        String::from_utf8_lossy(&here.lit_test),
        String::from_utf8_lossy(&there.lit_test),
        "the lit test"
    );

    // Here nothing ran on the cluster; there the probes and the reduction
    // did, each probe (and each test) at least one run.
    assert!(here.stats["bisect"]["probe_executor"].is_null());
    assert!(here.stats["reduction"]["executor"].is_null());
    let probes = &there.stats["bisect"]["probe_executor"];
    assert_eq!(probes["name"], "slurm", "{probes}");
    assert!(
        probes["runs"].as_u64().unwrap()
            >= there.stats["bisect"]["probes"]["total"].as_u64().unwrap(),
        "{probes}"
    );
    let reduction = &there.stats["reduction"];
    assert_eq!(reduction["executor"]["name"], "slurm");
    assert!(
        reduction["executor"]["runs"].as_u64().unwrap() >= reduction["tests"].as_u64().unwrap(),
        "{}",
        reduction["executor"]
    );
    there
}

#[test]
fn an_opt_crash_bisects_on_the_cluster_as_it_does_here() {
    let plugin = bisect_plugin();
    let command = format!(
        "opt -load-pass-plugin={} -passes=default<O2> -disable-output %s",
        plugin.display()
    );
    let found = same_here_and_on_the_cluster(
        &fs::read(root().join("lit/bisect-crash.ll")).unwrap(),
        &["-j2", "--crash-cmd", &command, "input.ll"],
        "ll",
    );
    assert_eq!(found.stats["bisect"]["culprit"]["pass"], "wt-crash");
    assert_eq!(found.stats["bisect"]["pipeline"][0], "-passes=wt-crash");
    // The reduction kept what fails with the culprit and not without it.
    assert!(String::from_utf8_lossy(&found.output).contains("call void @wt_crash()"));
}

#[test]
fn an_llc_machine_pass_bisects_on_the_cluster_as_it_does_here() {
    let found = same_here_and_on_the_cluster(
        &fs::read(root().join("lit/bisect-machine-pass.ll")).unwrap(),
        &[
            "-j2",
            "--cmd",
            "llc -O2 %s -o -",
            "--match",
            "movzbl",
            "input.ll",
        ],
        "mir",
    );
    let culprit = &found.stats["bisect"]["culprit"]["pass"];
    assert_eq!(culprit, "x86-fixup-bw-insts");
    // Its input is MIR (llc -stop-before), and so is the result.
    assert!(found.stats["bisect"]["culprit_input"]
        .as_str()
        .unwrap()
        .ends_with(".mir"));
    assert!(String::from_utf8_lossy(&found.culprit_input).contains("\nname: "));
    assert!(String::from_utf8_lossy(&found.lit_test).contains("# RUN: llc"));
}

/// A miscompilation with no reference output (`--mr opt-equivalence`): the
/// metamorphic oracle's two runs of each probe, and the reduction's
/// judgement with and without the culprit, on the nodes.
#[test]
fn a_metamorphic_bisection_runs_on_the_cluster_as_it_does_here() {
    // Which machine runs the probes does not depend on the LLVM: the two
    // cases above cover the other builds.
    if !with_the_llvm22_build("an --mr bisection on the cluster") {
        return;
    }
    let pipeline = format!(
        "-load-pass-plugin={} -passes=default<O2>",
        bisect_plugin().display()
    );
    let found = same_here_and_on_the_cluster(
        &fs::read(root().join("lit/bisect-miscompile.ll")).unwrap(),
        &[
            "-j2",
            "--timeout",
            "5",
            "--mr",
            "opt-equivalence",
            "--mr-pipeline",
            &pipeline,
            "input.ll",
        ],
        "ll",
    );
    assert_eq!(found.stats["bisect"]["culprit"]["pass"], "wt-miscompile");
    assert!(String::from_utf8_lossy(&found.output).contains("@marked_dec("));
}

/// `--counters`: the debug-counter search's probes run on the nodes too,
/// and find the same firing (with an opt that cannot list its counters,
/// both say so alike).
#[test]
fn a_debug_counter_bisection_runs_on_the_cluster_as_it_does_here() {
    // Which machine runs the probes does not depend on the LLVM: the two
    // cases above cover the other builds.
    if !with_the_llvm22_build("a --counters bisection on the cluster") {
        return;
    }
    let command = format!(
        "opt -load-pass-plugin={} -passes=default<O2> -disable-output %s",
        bisect_plugin().display()
    );
    let found = same_here_and_on_the_cluster(
        &fs::read(root().join("lit/bisect-counters.ll")).unwrap(),
        &["-j2", "--counters", "--crash-cmd", &command, "input.ll"],
        "ll",
    );
    assert_eq!(found.stats["bisect"]["culprit"]["pass"], "wt-counted");
}

/// `--lit`: a failing lit test bisected through its RUN line; the output,
/// the test reduced, is the same.
#[test]
fn a_failing_lit_test_bisects_on_the_cluster_as_it_does_here() {
    // Which machine runs the probes does not depend on the LLVM: the two
    // cases above cover the other builds.
    if !with_the_llvm22_build("a --lit bisection on the cluster") {
        return;
    }
    let test = format!(
        "; RUN: opt -load-pass-plugin={} -passes='default<O2>' -S %s | FileCheck %s\n\
         ; CHECK-LABEL: define {{{{.*}}}} @marked_dec(\n\
         ; CHECK: add {{{{.*}}}} %x, -1\n\
         define i32 @marked_dec(i32 %x) noinline {{\n  %y = add i32 %x, -1\n  ret i32 %y\n}}\n\
         define i32 @other(i32 %x) {{\n  %y = mul i32 %x, 7\n  ret i32 %y\n}}\n",
        bisect_plugin().display()
    );
    let found = same_here_and_on_the_cluster(test.as_bytes(), &["-j2", "--lit", "input.ll"], "ll");
    assert_eq!(found.stats["bisect"]["culprit"]["pass"], "wt-miscompile");
    let reduced = String::from_utf8_lossy(&found.output);
    assert!(
        reduced.starts_with("; RUN: opt -passes=wt-miscompile"),
        "{reduced}"
    );
}
