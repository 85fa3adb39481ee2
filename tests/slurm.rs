//! `--executor=slurm` against a real cluster: every oracle and both
//! languages give the local result byte for byte (inside an allocation and
//! outside one); a step whose slurmstepd is killed is retried; a node
//! killed or hung mid-run changes nothing, and a node that comes back is
//! used again; losing every node makes the run stop loudly with its best
//! result on disk; a hung test is timed out on the node; Ctrl-C cancels
//! every step; bad configuration is one clear line.
//!
//! They need a cluster that answers `sinfo`: `cargo xtask test` starts the
//! three-node one of `scripts/local-slurm.sh` (as root) when none does.
//! The fault tests need that very cluster (they kill, stop and restart its
//! daemons). All tests here hold one lock: the fault tests must not run
//! beside the others.
//!
//! `inputs/remove-instructions.{ll,sh}` is the shared benchmark's
//! lit-remove-instructions case (LLVM's llvm-reduce test
//! remove-instructions.ll, Apache-2.0 WITH LLVM-exception, and its oracle
//! in sh).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use nix::sys::signal::{kill, Signal};
use nix::unistd::Pid;

mod cluster;
mod common;

use cluster::{cluster, with_the_llvm22_build};
use common::{
    interrupt, many_functions, script, slow_many_functions, spawn_reduction, stats, verifies,
};

const WHITTLE: &str = env!("CARGO_BIN_EXE_whittle");

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
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
/// came from a test or from the cache can depend on timing at `-j 2` when
/// tests run on nodes: what must agree is how many candidates were judged,
/// and what was accepted in which order.)
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

/// whittle, under `wrapper` (`salloc -n 2`) if given.
fn whittle_under(wrapper: &[&str]) -> Command {
    match wrapper.split_first() {
        Some((program, rest)) => {
            let mut c = Command::new(program);
            c.args(rest).arg(WHITTLE);
            c
        }
        None => Command::new(WHITTLE),
    }
}

/// Run whittle with `args` (`-o OUT --stats-json JSON` added), under
/// `wrapper` (`salloc -n 2`) if given.
fn whittle(wrapper: &[&str], args: &[String], out: &Path, json: &Path) -> Output {
    whittle_under(wrapper)
        .args(args)
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
    let filecheck = common::filecheck();
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
    // Minutes of losing nodes test the executor, which is the same
    // whatever the LLVM.
    if !with_the_llvm22_build("losing nodes") {
        return;
    }
    let _cluster = cluster();
    let state = state_dir();
    let nodes = node_names();
    assert!(
        nodes.len() >= 2 && nodes.iter().all(|n| slurmd_pid_file(&state, n).is_file()),
        "the fault tests stop, kill and restart the nodes of `scripts/local-slurm.sh start --nodes 3` (several nodes, pids in {}); this cluster has {nodes:?}",
        state.display()
    );
    a_killed_step_is_retried_and_the_result_is_right();
    // Long enough for a node to die, be seen down, come back and be used
    // again; the hung node only needs to stop the tests it runs.
    a_node_killed_mid_run_changes_nothing_and_is_used_again_once_back(
        &NodeLossCase::new(120, 15),
        &state,
    );
    a_hung_node_changes_nothing(&NodeLossCase::new(40, 10), &state);
    losing_every_node_stops_the_run_with_the_best_result_on_disk(&state, &nodes);
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

/// The nodes of the cluster, by name.
fn node_names() -> Vec<String> {
    let out = Command::new("sinfo")
        .args(["-h", "-N", "-o", "%N"])
        .output()
        .unwrap();
    let mut nodes: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    nodes.dedup();
    nodes
}

/// Where `scripts/local-slurm.sh` records the pid of `node`'s slurmd.
fn slurmd_pid_file(state: &Path, node: &str) -> PathBuf {
    match state.join(format!("slurmd-{node}.pid")) {
        p if p.is_file() => p,
        _ => state.join("slurmd.pid"),
    }
}

/// `pid` and every process under it.
fn process_tree(pid: i32) -> Vec<i32> {
    let mut all = vec![pid];
    let mut i = 0;
    while i < all.len() {
        let parent = all[i];
        for entry in fs::read_dir("/proc").unwrap().flatten() {
            let Ok(child) = entry.file_name().to_string_lossy().parse::<i32>() else {
                continue;
            };
            let Ok(stat) = fs::read_to_string(entry.path().join("stat")) else {
                continue;
            };
            // The fields after the command's closing parenthesis: state, ppid.
            let ppid = stat
                .rsplit_once(')')
                .and_then(|(_, rest)| rest.split_whitespace().nth(1))
                .and_then(|p| p.parse::<i32>().ok());
            if ppid == Some(parent) && !all.contains(&child) {
                all.push(child);
            }
        }
        i += 1;
    }
    all
}

/// The slurmstepd processes of `jobs` (`slurmstepd: [JOB.STEP]`).
fn stepds_of(jobs: &[String]) -> Vec<i32> {
    let mut pids = Vec::new();
    for entry in fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<i32>() else {
            continue;
        };
        let Ok(cmdline) = fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let cmdline = String::from_utf8_lossy(&cmdline);
        if jobs
            .iter()
            .any(|j| cmdline.starts_with(&format!("slurmstepd: [{j}.")))
        {
            pids.push(pid);
        }
    }
    pids
}

/// Once a test runs on `node`, send `signal` to the node: its slurmd, the
/// slurmstepd of every job on it and every process under those (the
/// runner, the test). Returns the processes signalled.
fn strike_node(state: &Path, node: &str, signal: Signal) -> Vec<i32> {
    let started = Instant::now();
    let (jobs, stepds) = loop {
        let out = Command::new("squeue")
            .args(["-h", "-t", "R", "-o", "%i", "-w", node])
            .output()
            .unwrap();
        let jobs: Vec<String> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(str::to_string)
            .collect();
        // A job whose step has started: its test is running.
        let stepds = stepds_of(&jobs);
        if !stepds.is_empty() {
            break (jobs, stepds);
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no test ran on {node} within a minute"
        );
        thread::sleep(Duration::from_millis(20));
    };
    let slurmd: i32 = fs::read_to_string(slurmd_pid_file(state, node))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    let mut pids = vec![slurmd];
    for stepd in stepds {
        pids.extend(process_tree(stepd));
    }
    for pid in &pids {
        let _ = kill(Pid::from_raw(*pid), signal);
    }
    eprintln!(
        "{signal} to {node}: its slurmd and jobs {jobs:?}, {} processes",
        pids.len()
    );
    pids
}

/// Ask `done` every `every` until it says yes or `within` has passed;
/// whether it said yes.
fn wait_until(within: Duration, every: Duration, mut done: impl FnMut() -> bool) -> bool {
    let started = Instant::now();
    loop {
        if done() {
            return true;
        }
        if started.elapsed() >= within {
            return false;
        }
        thread::sleep(every);
    }
}

/// Wait until Slurm reports `node` in a state `wanted` accepts; the state
/// it reports last.
fn wait_for_state(node: &str, wanted: impl Fn(&str) -> bool, within: Duration) -> String {
    let mut state = String::new();
    wait_until(within, Duration::from_millis(200), || {
        let out = Command::new("sinfo")
            .args(["-h", "-N", "-o", "%T", "-n", node])
            .output()
            .unwrap();
        state = String::from_utf8_lossy(&out.stdout).trim().to_string();
        wanted(&state)
    });
    state
}

/// A reduction slow enough for a node to be lost and come back while it
/// runs, and its local result: each test logs the time and the node it ran
/// on, sleeping first on a node, longer while the case is held (the result
/// does not depend on the tests' speed: the local run that gives the
/// expected output need not wait).
struct NodeLossCase {
    dir: tempfile::TempDir,
    input: PathBuf,
    test: PathBuf,
    local: Vec<u8>,
}

const NODE_LOSS_ARGS: &[&str] = &["-j", "4", "--policy=ddmin", "--timeout=3"];

impl NodeLossCase {
    /// `functions` functions, one in `every` holding what the test looks
    /// for.
    fn new(functions: usize, every: usize) -> NodeLossCase {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("in.ll");
        // ddmin needs hundreds of tests to find them all.
        let mut module = String::new();
        for i in 0..functions {
            let keep = if i % every == 0 {
                "  %m = mul i32 %y, 3\n"
            } else {
                ""
            };
            module.push_str(&format!(
                "define i32 @f{i}(i32 %x) {{\n  %y = add i32 %x, {i}\n{keep}  ret i32 %y\n}}\n\n"
            ));
        }
        fs::write(&input, module).unwrap();
        let test = script(
            dir.path(),
            "slow.sh",
            &format!(
                "if [ -n \"$SLURMD_NODENAME\" ]; then sleep 0.2; if [ -e {0}/hold ]; then sleep 0.8; fi; fi\necho \"$(date +%s.%N) ${{SLURMD_NODENAME:-here}}\" >> {0}/runs.log\n[ \"$(grep -c ' = mul i32' \"$1\")\" -ge {1} ]",
                dir.path().display(),
                functions.div_ceil(every)
            ),
        );
        let output = dir.path().join("local.ll");
        let out = Command::new(WHITTLE)
            .arg("--test")
            .arg(&test)
            .args(NODE_LOSS_ARGS)
            .arg(&input)
            .arg("-o")
            .arg(&output)
            .output()
            .unwrap();
        must_succeed("the node-loss case, locally", &out);
        let local = fs::read(&output).unwrap();
        NodeLossCase {
            dir,
            input,
            test,
            local,
        }
    }

    /// Start the reduction on the cluster.
    fn spawn(&self, name: &str) -> (Child, PathBuf, PathBuf) {
        let _ = fs::remove_file(self.dir.path().join("runs.log"));
        let (output, json) = (
            self.dir.path().join(format!("{name}.ll")),
            self.dir.path().join(format!("{name}.json")),
        );
        let child = Command::new(WHITTLE)
            .arg("--test")
            .arg(&self.test)
            .args(NODE_LOSS_ARGS)
            .args(["--executor=slurm", "--executor-grace=2", "--stats-json"])
            .arg(&json)
            .arg(&self.input)
            .arg("-o")
            .arg(&output)
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        (child, output, json)
    }

    /// The run's result must be the local one; its stats.
    fn check(&self, name: &str, child: Child, output: &Path, json: &Path) -> serde_json::Value {
        let out = child.wait_with_output().unwrap();
        must_succeed(name, &out);
        let got = fs::read(output).unwrap();
        assert!(
            got == self.local,
            "{name}: the result differs from the local one:\n{}\n--- with the node lost:\n{}",
            String::from_utf8_lossy(&self.local),
            String::from_utf8_lossy(&got)
        );
        let s = stats(json);
        let err = String::from_utf8_lossy(&out.stderr);
        let summary = err
            .lines()
            .find(|l| l.contains("executor slurm:"))
            .unwrap_or_default();
        eprintln!("{name}: {}", summary.trim());
        s
    }

    /// Slow the tests on the nodes (a second each instead of 0.2 s), or
    /// let them run at their pace again: a run held lasts however long
    /// Slurm takes to see a node lost and have it back.
    fn hold(&self, held: bool) {
        let marker = self.dir.path().join("hold");
        if held {
            fs::write(marker, "").unwrap();
        } else {
            let _ = fs::remove_file(marker);
        }
    }

    /// When each test ran, and where, as the tests logged it.
    fn runs(&self) -> Vec<(f64, String)> {
        fs::read_to_string(self.dir.path().join("runs.log"))
            .unwrap_or_default()
            .lines()
            .filter_map(|l| {
                let (t, node) = l.split_once(' ')?;
                Some((t.parse().ok()?, node.to_string()))
            })
            .collect()
    }
}

/// The failures the stats put on `node`, and the tests retried.
fn failures_on(s: &serde_json::Value, node: &str) -> (u64, u64) {
    let e = &s["executor"];
    let on_node = e["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["name"] == node)
        .map_or(0, |n| n["failures"].as_u64().unwrap());
    (on_node, e["tests_retried"].as_u64().unwrap())
}

fn seconds_now() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs_f64()
}

/// node2's slurmd and every step on it killed mid-run: the steps it ran
/// are retried elsewhere, the output is the local one, the stats name
/// node2; started again, node2 is used again before the run ends.
fn a_node_killed_mid_run_changes_nothing_and_is_used_again_once_back(
    case: &NodeLossCase,
    state: &Path,
) {
    // Held until node2 has been used again: however long Slurm takes to
    // notice and the node to restart on a loaded machine, the run still
    // has tests to give it.
    case.hold(true);
    let (child, output, json) = case.spawn("killed");
    strike_node(state, "node2", Signal::SIGKILL);
    // Slurm notices (not responding, then down), and the node comes back.
    let seen = wait_for_state("node2", |s| s.ends_with('*'), Duration::from_secs(20));
    local_slurm("start");
    let back = seconds_now();
    eprintln!("node2 was {seen}, back at {back:.1}");
    let on_node2_since_back = || {
        case.runs()
            .into_iter()
            .filter(|(t, node)| *t > back && node == "node2")
            .count()
    };
    wait_until(Duration::from_secs(60), Duration::from_millis(100), || {
        on_node2_since_back() > 0
    });
    case.hold(false);
    let s = case.check("a killed node", child, &output, &json);
    let (failed, retried) = failures_on(&s, "node2");
    assert!(failed >= 1 && retried >= 1, "{s}");
    assert!(
        on_node2_since_back() > 0,
        "node2 ran no test within a minute of coming back (the run held meanwhile): {:?}",
        case.runs().last()
    );
}

/// node2 stopped (SIGSTOP: its slurmd, its steps, their tests) mid-run: the
/// hung steps are retried elsewhere and the output is the local one.
fn a_hung_node_changes_nothing(case: &NodeLossCase, state: &Path) {
    let (child, output, json) = case.spawn("hung");
    let stopped = Stopped {
        pids: strike_node(state, "node2", Signal::SIGSTOP),
        state,
    };
    let s = case.check("a hung node", child, &output, &json);
    let (failed, retried) = failures_on(&s, "node2");
    assert!(failed >= 1 && retried >= 1, "{s}");
    drop(stopped);
}

/// Processes of a node stopped with SIGSTOP: when dropped (an assertion
/// failing included) they go on, and the node's slurmd is started afresh,
/// so that it registers at once rather than at Slurm's next look at a down
/// node.
struct Stopped<'a> {
    pids: Vec<i32>,
    state: &'a Path,
}

impl Drop for Stopped<'_> {
    fn drop(&mut self) {
        for pid in &self.pids {
            let _ = kill(Pid::from_raw(*pid), Signal::SIGCONT);
        }
        if let Some(slurmd) = self.pids.first() {
            let _ = kill(Pid::from_raw(*slurmd), Signal::SIGKILL);
        }
        let _ = fs::remove_file(slurmd_pid_file(self.state, "node2"));
        thread::sleep(Duration::from_millis(200));
        local_slurm("start");
    }
}

/// Wait until `path` holds fewer functions than `functions`.
fn wait_for_fewer(path: &Path, functions: usize) {
    let fewer = || fs::read_to_string(path).is_ok_and(|t| t.matches("define ").count() < functions);
    assert!(
        wait_until(Duration::from_secs(120), Duration::from_millis(50), fewer),
        "no function removed within two minutes"
    );
}

/// Every node's slurmd and steps killed mid-run: the run stops with a
/// clear error and its best result so far, valid, on disk.
fn losing_every_node_stops_the_run_with_the_best_result_on_disk(state: &Path, nodes: &[String]) {
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
    for node in nodes {
        let slurmd: i32 = fs::read_to_string(slurmd_pid_file(state, node))
            .unwrap()
            .trim()
            .parse()
            .unwrap();
        kill(Pid::from_raw(slurmd), Signal::SIGKILL).unwrap();
    }
    let running: Vec<String> = {
        let out = Command::new("squeue")
            .args(["-h", "-o", "%i"])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(str::to_string)
            .collect()
    };
    for stepd in stepds_of(&running) {
        for pid in process_tree(stepd) {
            let _ = kill(Pid::from_raw(pid), Signal::SIGKILL);
        }
    }
    let stopped = Instant::now();
    let out = child.wait_with_output().unwrap();
    let took = stopped.elapsed();
    // Whatever happened, the next tests get their nodes back.
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
        "every node lost: stopped {took:?} after the kill, exit {:?}, {} -> {} instructions on disk, executor {}\n  {last}",
        out.status.code(),
        s["instructions_before"],
        s["instructions_after"],
        s["executor"]
    );
    assert!(
        s["executor"]["infrastructure_failures"].as_u64() >= Some(1),
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
    // Uninteresting candidates take 30 s: wait until two jobs run at once
    // (jobs, not a job and its step: the input's own check, which ends at
    // once, is one job alone).
    let running = || {
        let out = Command::new("squeue")
            .args(["-h", "-t", "R", "-o", "%j"])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter(|l| l.starts_with("whittle-"))
            .count()
    };
    assert!(
        wait_until(Duration::from_secs(60), Duration::from_millis(100), || {
            running() >= 2
        }),
        "no two whittle jobs ran at once within a minute"
    );
    thread::sleep(Duration::from_millis(500));
    let (status, err) = interrupt(&mut child, Duration::from_secs(10));
    assert_eq!(status.code(), Some(130), "{err}");
    // scancel is asynchronous: give the controller a moment.
    let mut left = String::new();
    wait_until(Duration::from_secs(10), Duration::from_millis(200), || {
        left = whittle_jobs();
        left.is_empty()
    });
    assert!(left.is_empty(), "still queued or running:\n{left}");
}

/// The configuration Slurm's commands read here.
fn slurm_conf() -> PathBuf {
    let out = Command::new("scontrol")
        .args(["show", "config"])
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| {
            let (key, value) = l.split_once('=')?;
            (key.trim() == "SLURM_CONF").then(|| PathBuf::from(value.trim()))
        })
        .expect("scontrol show config names SLURM_CONF")
}

#[test]
fn bad_configuration_is_one_clear_line_and_nothing_written() {
    let _cluster = cluster();
    let dir = tempfile::tempdir().unwrap();
    let (input, test) = slow_many_functions(dir.path(), 3, "0");
    let before = fs::read(&input).unwrap();
    // A configuration whose controller does not answer: this one, on a
    // port nobody listens on.
    let conf = fs::read_to_string(slurm_conf()).unwrap();
    let dead = dir.path().join("dead.conf");
    let mut text: String = conf
        .lines()
        .filter(|l| !l.starts_with("SlurmctldPort="))
        .map(|l| format!("{l}\n"))
        .collect();
    text.push_str("SlurmctldPort=1\n");
    fs::write(&dead, text).unwrap();
    // (name, whittle's arguments, SLURM_CONF, wrapper, how the one line
    // starts, what else it says).
    type Case<'a> = (
        &'a str,
        Vec<&'a str>,
        Option<&'a Path>,
        &'a [&'a str],
        &'a str,
        &'a str,
    );
    let cases: Vec<Case> = vec![
        (
            "a partition that does not exist",
            vec!["--executor-arg=--partition=no-such-partition"],
            None,
            &[],
            "whittle: error: Slurm refuses to run the tests' jobs with --executor-arg --partition=no-such-partition: srun: error: invalid partition specified: no-such-partition",
            "",
        ),
        (
            "an argument srun rejects",
            vec!["--executor-arg=--no-such-flag"],
            None,
            &[],
            "whittle: error: Slurm refuses to run the tests' jobs with --executor-arg --no-such-flag: srun: unrecognized option '--no-such-flag'",
            "",
        ),
        // Inside an allocation there is no asking first (`--test-only`
        // asks about a new job, not a step): the tests' sruns fail, and
        // the error after the retries names what srun rejected.
        (
            "an argument srun rejects, inside an allocation",
            vec!["--executor-arg=--no-such-flag"],
            None,
            &["salloc", "-Q", "-n", "2"],
            "whittle: error: the Slurm executor could not run a test: ",
            "srun's stderr ends: srun: unrecognized option '--no-such-flag'",
        ),
        (
            "no cluster answers",
            vec![],
            Some(&dead),
            &[],
            "whittle: error: no Slurm cluster answers (srun: ",
            "",
        ),
    ];
    for (name, args, conf, wrapper, expected, also) in cases {
        let output = dir.path().join("out.ll");
        let mut cmd = whittle_under(wrapper);
        cmd.arg("--test")
            .arg(&test)
            .arg("--executor=slurm")
            .args(&args)
            .arg(&input)
            .arg("-o")
            .arg(&output);
        if let Some(conf) = conf {
            cmd.env("SLURM_CONF", conf);
        }
        let started = Instant::now();
        let out = cmd.output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{name}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{name}: {err}");
        assert!(err.starts_with(expected), "{name}: {err}");
        assert!(err.contains(also), "{name}: {err}");
        assert!(!output.exists(), "{name}: wrote {}", output.display());
        assert_eq!(fs::read(&input).unwrap(), before, "{name}");
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "{name}: took {:?}",
            started.elapsed()
        );
    }
}
