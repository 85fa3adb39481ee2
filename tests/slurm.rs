//! `--executor=slurm` against a real cluster: every oracle and both
//! languages give the local result byte for byte (inside an allocation and
//! outside one); a step whose slurmstepd is killed is retried; a stopped
//! slurmd makes the run stop loudly with its best result on disk; a hung
//! test is timed out on the node; Ctrl-C cancels every step.
//!
//! They need a cluster that answers `sinfo`: `cargo xtask test` starts the
//! single-node one of `scripts/local-slurm.sh` (as root) when none does.
//! The fault tests need that very cluster (they kill its daemons and start
//! them again). All tests here hold one lock: the fault tests must not run
//! beside the others.
//!
//! `inputs/remove-instructions.{ll,sh}` is the shared benchmark's
//! lit-remove-instructions case (LLVM's llvm-reduce test
//! remove-instructions.ll, Apache-2.0 WITH LLVM-exception, and its oracle
//! in sh).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::{Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

use nix::sys::signal::{kill, Signal};
use nix::unistd::Pid;

mod common;

use common::{
    interrupt, many_functions, script, slow_many_functions, spawn_reduction, stats, verifies,
    LLVM_BIN,
};

const WHITTLE: &str = env!("CARGO_BIN_EXE_whittle");

static CLUSTER: Mutex<()> = Mutex::new(());

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The cluster, to ourselves: fails (never skips) when none answers.
fn cluster() -> MutexGuard<'static, ()> {
    let guard = CLUSTER.lock().unwrap_or_else(|e| e.into_inner());
    let up = Command::new("sinfo")
        .args(["-h", "-o", "%T"])
        .output()
        .map(|o| o.status.success() && !o.stdout.is_empty())
        .unwrap_or(false);
    assert!(
        up,
        "no Slurm cluster answers `sinfo`: start the local one with `scripts/local-slurm.sh start` (as root), or run `cargo xtask test`, which starts it"
    );
    guard
}

/// Where `scripts/local-slurm.sh` keeps its pids.
fn state_dir() -> PathBuf {
    std::env::var_os("WHITTLE_SLURM_STATE")
        .map_or_else(|| PathBuf::from("/run/whittle-slurm"), PathBuf::from)
}

fn local_slurm(action: &str) {
    let out = Command::new(root().join("scripts/local-slurm.sh"))
        .arg(action)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "scripts/local-slurm.sh {action}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The figures that must not depend on where tests ran. (Whether a verdict
/// came from a candidate's own test or from a follow-up tested ahead, a
/// cache hit, depends on timing at `-j 2`: what must agree is how many
/// candidates were judged, and what was accepted in which order.)
const VERDICT_COUNTS: &[&str] = &["invalid", "unchanged", "instructions_after", "bytes_after"];

/// Candidates judged (their own test or a verdict already known) and the
/// settled calls as (pass, size after), in order.
fn judged_and_accepted(s: &serde_json::Value) -> (u64, Vec<(String, u64)>) {
    let judged = s["tests"].as_u64().unwrap() + s["cache_hits"].as_u64().unwrap();
    let settled = s["timeline"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["verdict"] == "interesting" || e["verdict"] == "cached")
        .map(|e| {
            (
                e["pass"].as_str().unwrap().to_string(),
                e["size"].as_u64().unwrap(),
            )
        })
        .collect();
    (judged, settled)
}

/// Run whittle with `args` (`-o OUT --stats-json JSON` added), under
/// `wrapper` (`salloc -n 2`) if given.
fn whittle(wrapper: &[&str], args: &[String], out: &Path, json: &Path) -> Output {
    let mut cmd = match wrapper.split_first() {
        Some((program, rest)) => {
            let mut c = Command::new(program);
            c.args(rest).arg(WHITTLE);
            c
        }
        None => Command::new(WHITTLE),
    };
    cmd.args(args)
        .arg("-o")
        .arg(out)
        .arg("--stats-json")
        .arg(json)
        .output()
        .unwrap()
}

fn must_succeed(what: &str, out: &Output) {
    assert!(
        out.status.success(),
        "{what}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Reduce locally and through Slurm (under `wrapper`) at -j 2; the outputs
/// must be identical and the verdict counts equal. Returns the Slurm run's
/// stats.
fn same_as_local(
    name: &str,
    wrapper: &[&str],
    args: &[String],
    slurm_args: &[&str],
) -> serde_json::Value {
    let dir = tempfile::tempdir().unwrap();
    let mut args = args.to_vec();
    args.extend(["-j".into(), "2".into()]);
    let (local_out, local_json) = (dir.path().join("local"), dir.path().join("local.json"));
    must_succeed(
        &format!("{name}: local"),
        &whittle(&[], &args, &local_out, &local_json),
    );
    args.push("--executor=slurm".into());
    args.extend(slurm_args.iter().map(|s| s.to_string()));
    let (slurm_out, slurm_json) = (dir.path().join("slurm"), dir.path().join("slurm.json"));
    let run = whittle(wrapper, &args, &slurm_out, &slurm_json);
    must_succeed(&format!("{name}: slurm"), &run);
    let (local, slurm) = (fs::read(&local_out).unwrap(), fs::read(&slurm_out).unwrap());
    assert!(
        local == slurm,
        "{name}: the Slurm result differs from the local one:\n{}\n--- slurm:\n{}",
        String::from_utf8_lossy(&local),
        String::from_utf8_lossy(&slurm)
    );
    let (l, s) = (stats(&local_json), stats(&slurm_json));
    for key in VERDICT_COUNTS {
        assert_eq!(
            l[key], s[key],
            "{name}: {key} differs\nlocal {l}\nslurm {s}"
        );
    }
    assert_eq!(
        judged_and_accepted(&l),
        judged_and_accepted(&s),
        "{name}: judged or accepted differently\nlocal {l}\nslurm {s}"
    );
    assert!(l["instructions_after"].as_u64() < l["instructions_before"].as_u64());
    let runs = s["executor"]["runs"].as_u64().unwrap();
    assert!(
        runs >= s["tests"].as_u64().unwrap(),
        "{name}: fewer Slurm runs than tests: {s}"
    );
    assert!(l.get("executor").is_none(), "{name}: {l}");
    s
}

fn no_failures(name: &str, s: &serde_json::Value) {
    assert_eq!(s["executor"]["infrastructure_failures"], 0, "{name}: {s}");
    assert_eq!(s["executor"]["retries"], 0, "{name}: {s}");
}

fn lit(name: &str) -> String {
    root().join("lit").join(name).display().to_string()
}

/// The benchmark case's command line, without the output.
fn bench_case() -> Vec<String> {
    let input = root().join("tests/inputs/remove-instructions.ll");
    let test = root().join("tests/inputs/remove-instructions.sh");
    vec![
        format!("--test={}", test.display()),
        input.display().to_string(),
        "--timeout=60".into(),
    ]
}

#[test]
fn a_bench_case_through_slurm_is_identical_to_local_inside_and_outside_an_allocation() {
    let _cluster = cluster();
    // Outside an allocation each test is a job of its own.
    let s = same_as_local("remove-instructions (jobs)", &[], &bench_case(), &[]);
    no_failures("jobs", &s);
    // Inside one each test is a step; -j defaults to its task count.
    let s = same_as_local(
        "remove-instructions (steps)",
        &["salloc", "-Q", "-n", "2"],
        &bench_case(),
        &[],
    );
    assert_eq!(s["jobs"], 2, "{s}");
    no_failures("steps", &s);
}

#[test]
fn every_oracle_and_both_languages_work_through_slurm() {
    let _cluster = cluster();
    let filecheck = format!("{LLVM_BIN}/FileCheck");
    let cases: Vec<(&str, Vec<String>)> = vec![
        (
            "--crash-cmd",
            vec![
                "--crash-cmd".into(),
                "llc -mtriple=x86_64 %s -o -".into(),
                lit("crash-cmd.ll"),
            ],
        ),
        (
            "--cmd",
            vec![
                "--cmd".into(),
                "opt -passes=instcombine -S %s -o -".into(),
                "--match".into(),
                r"call i32 @llvm\.bswap\.i32\(".into(),
                lit("output-oracle.ll"),
            ],
        ),
        (
            "--lit",
            vec!["--lit".into(), lit("Inputs/failing-check-test.ll")],
        ),
        (
            "--mr",
            vec![
                "--delta-passes=module-items,instructions".into(),
                "--mr".into(),
                "reorder".into(),
                "--mr-tool".into(),
                format!(
                    "{} -passes=instcombine %s",
                    lit("Inputs/order-buggy-opt.py")
                ),
                lit("mr-reorder.ll"),
            ],
        ),
        (
            "MLIR --test",
            vec![
                "--delta-passes=ops".into(),
                format!("--test={filecheck}"),
                "--test-arg=--check-prefixes=CHECK-INTERESTINGNESS".into(),
                format!("--test-arg={}", lit("mlir-ops.mlir")),
                "--test-arg=--input-file".into(),
                lit("mlir-ops.mlir"),
            ],
        ),
    ];
    for (name, args) in cases {
        let mut args = args;
        args.push("--abort-on-invalid-reduction".into());
        let s = same_as_local(name, &[], &args, &[]);
        no_failures(name, &s);
    }
}

/// The whittle runner's ancestor slurmstepd, killed: the step's daemon
/// dies under a running test.
const KILL_MY_STEPD: &str = r#"p=$$
while [ "$p" -gt 1 ]; do
  if [ "$(cat /proc/$p/comm)" = slurmstepd ]; then kill -9 "$p"; break; fi
  p=$(cut -d' ' -f4 /proc/$p/stat)
done"#;

#[test]
fn slurm_faults_are_retried_or_stop_the_run_loudly() {
    let _cluster = cluster();
    let state = state_dir();
    assert!(
        state.join("slurmd.pid").is_file(),
        "the fault tests kill and restart the daemons of `scripts/local-slurm.sh start`, whose pids are not in {}",
        state.display()
    );
    a_killed_step_is_retried_and_the_result_is_right();
    a_stopped_slurmd_stops_the_run_with_the_best_result_on_disk(&state);
}

fn a_killed_step_is_retried_and_the_result_is_right() {
    let dir = tempfile::tempdir().unwrap();
    let case = root().join("tests/inputs/remove-instructions.sh");
    // The fifth test run by Slurm kills its own step's daemon (once): srun
    // then hangs until whittle's deadline (--timeout + --executor-grace)
    // cancels the step, and the test is run again.
    let killer = script(
        dir.path(),
        "kill-step.sh",
        &format!(
            "if [ -n \"$SLURM_JOB_ID\" ]; then\n  n=$(ls {d} | grep -c '^run-'); touch {d}/run-$$\n  if [ \"$n\" -ge 4 ] && mkdir {d}/killed 2>/dev/null; then\n{KILL_MY_STEPD}\n  fi\nfi\nexec {case} \"$@\"",
            d = dir.path().display(),
            case = case.display()
        ),
    );
    let mut args = bench_case();
    args[0] = format!("--test={}", killer.display());
    args[2] = "--timeout=5".into();
    let s = same_as_local("a killed slurmstepd", &[], &args, &["--executor-grace=2"]);
    assert!(dir.path().join("killed").is_dir(), "no step was killed");
    let e = &s["executor"];
    eprintln!("a killed slurmstepd: tests {}, executor {e}", s["tests"]);
    assert!(e["infrastructure_failures"].as_u64() >= Some(1), "{s}");
    assert!(e["retries"].as_u64() >= Some(1), "{s}");
}

/// Wait until `path` holds fewer functions than `functions`.
fn wait_for_fewer(path: &Path, functions: usize) {
    let fewer = || fs::read_to_string(path).is_ok_and(|t| t.matches("define ").count() < functions);
    let started = Instant::now();
    while !fewer() && started.elapsed() < Duration::from_secs(120) {
        thread::sleep(Duration::from_millis(50));
    }
    assert!(fewer(), "no function removed within two minutes");
}

fn a_stopped_slurmd_stops_the_run_with_the_best_result_on_disk(state: &Path) {
    let dir = tempfile::tempdir().unwrap();
    let (input, test) = slow_many_functions(dir.path(), 100, "0.3");
    let (output, json) = (dir.path().join("out.ll"), dir.path().join("stats.json"));
    let child = Command::new(WHITTLE)
        .arg("--test")
        .arg(&test)
        .args([
            "-j",
            "2",
            "--policy=ddmin",
            "--executor=slurm",
            "--timeout=3",
            "--executor-grace=2",
            "--executor-retries=2",
            "--stats-json",
        ])
        .arg(&json)
        .arg(&input)
        .arg("-o")
        .arg(&output)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for_fewer(&output, 101);
    let slurmd: i32 = fs::read_to_string(state.join("slurmd.pid"))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    kill(Pid::from_raw(slurmd), Signal::SIGKILL).unwrap();
    let stopped = Instant::now();
    let out = child.wait_with_output().unwrap();
    let took = stopped.elapsed();
    // Whatever happened, the next tests get their node back.
    local_slurm("start");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(took < Duration::from_secs(120), "took {took:?} to stop");
    let last = err.trim().lines().last().unwrap_or("");
    assert!(
        last.starts_with(
            "whittle: error: the Slurm executor could not run a test: 3 attempts failed"
        ) && last.contains(&format!(
            "the best reduction so far is in '{}'",
            output.display()
        )),
        "{err}"
    );
    assert!(
        err.contains("Stopped early; the best reduction so far"),
        "{err}"
    );
    assert!(verifies(&output));
    let reduced = fs::read_to_string(&output).unwrap();
    assert!(reduced.contains("%interesting = mul"), "{reduced}");
    assert!(reduced.matches("define ").count() < 101, "{reduced}");
    let s = stats(&json);
    eprintln!(
        "a stopped slurmd: stopped {took:?} after the kill, exit {:?}, {} -> {} instructions on disk, executor {}\n  {last}",
        out.status.code(),
        s["instructions_before"],
        s["instructions_after"],
        s["executor"]
    );
    assert!(
        s["executor"]["infrastructure_failures"].as_u64() >= Some(3),
        "{s}"
    );
    // What the stats say is left is what is on disk.
    assert_eq!(s["bytes_after"].as_u64(), Some(reduced.len() as u64), "{s}");
}

#[test]
fn a_hung_test_is_timed_out_on_the_node_as_it_is_locally_with_or_without_timeout() {
    let _cluster = cluster();
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.ll");
    fs::write(
        &input,
        "define i32 @keep(i32 %x) {\n  %a = add i32 %x, 1\n  %interesting = mul i32 %a, 3\n  ret i32 %interesting\n}\n\ndefine void @noise() {\n  ret void\n}\n",
    )
    .unwrap();
    // Removing @noise makes the "compiler" hang forever.
    let test = script(
        dir.path(),
        "hang.sh",
        "grep -q noise \"$1\" || sleep 1000\ngrep -q '%interesting' \"$1\"",
    );
    let args = vec![
        format!("--test={}", test.display()),
        "--timeout=0.5".into(),
        input.display().to_string(),
    ];
    let s = same_as_local("a hung test", &[], &args, &[]);
    assert!(s["timeouts"].as_u64() >= Some(1), "{s}");
    assert_eq!(s["stopped_at_limit"], 0, "{s}");
    no_failures("a hung test", &s);
    // Without --timeout, the automatic limit is sent to the node with the
    // test and stops it there.
    let args = vec![
        format!("--test={}", test.display()),
        input.display().to_string(),
    ];
    let s = same_as_local("a hung test, automatic limit", &[], &args, &[]);
    assert!(s["stopped_at_limit"].as_u64() >= Some(1), "{s}");
    assert_eq!(s["stopped_at_limit"], s["timeouts"], "{s}");
    no_failures("a hung test, automatic limit", &s);
}

/// Jobs and steps of the cluster named like whittle's.
fn whittle_jobs() -> String {
    let mut names = String::new();
    for extra in [&[][..], &["-s"][..]] {
        let out = Command::new("squeue")
            .args(["-h", "-o", "%j"])
            .args(extra)
            .output()
            .unwrap();
        names.push_str(&String::from_utf8_lossy(&out.stdout));
    }
    names
        .lines()
        .filter(|l| l.starts_with("whittle-"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn ctrl_c_cancels_every_step_whittle_started() {
    let _cluster = cluster();
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.ll");
    fs::write(&input, many_functions(100)).unwrap();
    let test = script(
        dir.path(),
        "slow.sh",
        "grep -q '%interesting = mul' \"$1\" && exit 0\nsleep 30\nexit 1",
    );
    let output = dir.path().join("out.ll");
    let args = ["-j", "2", "--executor=slurm", "--timeout=60"];
    let mut child = spawn_reduction(&test, &args, &input, &output);
    // Uninteresting candidates take 30 s: wait until two are running.
    let started = Instant::now();
    while whittle_jobs().lines().count() < 2 && started.elapsed() < Duration::from_secs(60) {
        thread::sleep(Duration::from_millis(100));
    }
    assert!(!whittle_jobs().is_empty(), "no whittle job ever ran");
    thread::sleep(Duration::from_millis(500));
    let (status, err) = interrupt(&mut child, Duration::from_secs(10));
    assert_eq!(status.code(), Some(130), "{err}");
    // scancel is asynchronous: give the controller a moment.
    let mut left = whittle_jobs();
    for _ in 0..50 {
        if left.is_empty() {
            break;
        }
        thread::sleep(Duration::from_millis(200));
        left = whittle_jobs();
    }
    assert!(left.is_empty(), "still queued or running:\n{left}");
}
