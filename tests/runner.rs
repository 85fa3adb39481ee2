//! Running a reduction for real: the same output for any -j, timeouts,
//! interrupts, flaky tests and the verdict cache.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::thread;
use std::time::{Duration, Instant};

mod common;

use common::{
    interrupt, many_functions, script, slow_many_functions, spawn_reduction, stats, verifies,
};

const WHITTLE: &str = env!("CARGO_BIN_EXE_whittle");

fn lit_input(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("lit").join(name)
}

/// Reduce `input` into `output` at `-j 1` with the script `test`, writing
/// `--stats-json` to `stats_json` when given.
fn reduce_j1(test: &Path, input: &Path, output: &Path, stats_json: Option<&Path>) -> Output {
    reduce_j1_with(test, input, output, stats_json, &[])
}

/// [`reduce_j1`] with more options.
fn reduce_j1_with(
    test: &Path,
    input: &Path,
    output: &Path,
    stats_json: Option<&Path>,
    extra: &[&str],
) -> Output {
    reduce_j1_command(test, input, output, stats_json, extra)
        .output()
        .unwrap()
}

/// The command [`reduce_j1_with`] runs, for a caller that sets its
/// environment first.
fn reduce_j1_command(
    test: &Path,
    input: &Path,
    output: &Path,
    stats_json: Option<&Path>,
    extra: &[&str],
) -> Command {
    let mut command = Command::new(WHITTLE);
    command.arg("--test").arg(test).arg("-j1").args(extra);
    if let Some(json) = stats_json {
        command.arg("--stats-json").arg(json);
    }
    command.arg(input).arg("-o").arg(output);
    command
}

#[test]
fn at_j2_follow_ups_are_tested_ahead_and_the_output_and_tests_are_the_same() {
    // A level that keeps halving (one function of 120 is needed): each
    // accepted removal's follow-up runs beside it on the spare worker.
    let dir = tempfile::tempdir().unwrap();
    let (input, test) = slow_many_functions(dir.path(), 120, "0.05");
    let mut outputs = Vec::new();
    let mut ahead = Vec::new();
    let mut tests = Vec::new();
    for jobs in ["1", "2"] {
        let out = dir.path().join(format!("out-j{jobs}.ll"));
        let json = dir.path().join(format!("stats-j{jobs}.json"));
        let run = Command::new(WHITTLE)
            .arg("--test")
            .arg(&test)
            .args(["-j", jobs, "--stats-json"])
            .arg(&json)
            .arg(&input)
            .arg("-o")
            .arg(&out)
            .output()
            .unwrap();
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        outputs.push(fs::read(&out).unwrap());
        let s = stats(&json);
        ahead.push((
            s["tests_ahead"].as_u64().unwrap(),
            s["ahead_used"].as_u64().unwrap(),
        ));
        tests.push((s["tests"].clone(), s["cache_hits"].clone()));
    }
    assert_eq!(outputs[0], outputs[1], "-j 1 and -j 2 differ");
    // A verdict from a test run ahead counts as the test -j 1 runs there.
    assert!(tests[0].0.as_u64().is_some_and(|n| n > 0), "{tests:?}");
    assert_eq!(tests[0], tests[1], "tests and cache hits at -j 1 and -j 2");
    assert_eq!(ahead[0], (0, 0), "nothing runs ahead at -j 1");
    let (tested, used) = ahead[1];
    assert!(
        tested >= 2 && used >= 2,
        "ahead at -j 2: {tested} tested, {used} used"
    );
}

const TWO_FUNCTIONS: &str = "\
define i32 @keep(i32 %x) {
  %a = add i32 %x, 1
  %interesting = mul i32 %a, 3
  ret i32 %interesting
}

define void @noise() {
  ret void
}
";

/// Reduce [`TWO_FUNCTIONS`] at `-j 2` with a test that takes `hang`
/// seconds on a candidate without `@noise` (and no time on the others),
/// with `extra` options; the run's output, its result and its stats.
fn reduce_with_hanging_candidates(
    dir: &Path,
    hang: &str,
    extra: &[&str],
) -> (Output, String, serde_json::Value) {
    let input = dir.join("in.ll");
    fs::write(&input, TWO_FUNCTIONS).unwrap();
    let test = script(
        dir,
        "hang.sh",
        &format!("grep -q noise \"$1\" || sleep {hang}\ngrep -q '%interesting' \"$1\""),
    );
    let json = dir.join("stats.json");
    let out = Command::new(WHITTLE)
        .arg("--test")
        .arg(&test)
        .args(["-j", "2"])
        .args(extra)
        .arg("--stats-json")
        .arg(&json)
        .arg(&input)
        .arg("-o")
        .arg(dir.join("out.ll"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let reduced = fs::read_to_string(dir.join("out.ll")).unwrap();
    (out, reduced, stats(&json))
}

#[test]
fn a_test_that_hangs_is_killed_by_the_timeout_and_the_reduction_finishes() {
    let dir = tempfile::tempdir().unwrap();
    let started = Instant::now();
    // Removing @noise makes the "compiler" hang forever.
    let (_, reduced, s) = reduce_with_hanging_candidates(dir.path(), "1000", &["--timeout", "0.5"]);
    assert!(started.elapsed() < Duration::from_secs(60));
    assert!(s["timeouts"].as_u64().unwrap() >= 1, "{s}");
    // A --timeout replaces the automatic limit.
    assert_eq!(s["stopped_at_limit"].as_u64().unwrap(), 0, "{s}");
    assert!(reduced.contains("@noise") && reduced.contains("%interesting"));
    assert!(!reduced.contains("%a = add"), "{reduced}");
}

#[test]
fn without_timeout_a_hanging_test_is_stopped_at_the_automatic_limit() {
    let dir = tempfile::tempdir().unwrap();
    let started = Instant::now();
    let (out, reduced, s) = reduce_with_hanging_candidates(dir.path(), "1000", &[]);
    assert!(started.elapsed() < Duration::from_secs(60));
    let stopped = s["stopped_at_limit"].as_u64().unwrap();
    assert!(stopped >= 1, "{s}");
    assert_eq!(s["timeouts"].as_u64().unwrap(), stopped, "{s}");
    // The interesting tests take milliseconds: the limit is its floor.
    assert!((0.5..1.0).contains(&s["limit_s"].as_f64().unwrap()), "{s}");
    let summary = String::from_utf8_lossy(&out.stderr);
    assert!(
        summary.contains("at the automatic limit of 0.5"),
        "{summary}"
    );
    assert!(s["timeline"]
        .as_array()
        .unwrap()
        .iter()
        .any(|e| e["verdict"] == "timeout"));
    assert!(reduced.contains("@noise") && reduced.contains("%interesting"));
    assert!(!reduced.contains("%a = add"), "{reduced}");
}

#[test]
fn the_automatic_limit_is_ten_runs_not_ten_confirmed_verdicts() {
    // Every run of the test takes 0.1 s; a candidate without @noise hangs.
    // With --confirm 4 an interesting verdict takes five runs (0.5 s), but
    // the limit stops one run: it must come from one run's time (about
    // 1 s), not from the verdict's (5 s, when the confirmations counted).
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.ll");
    fs::write(&input, TWO_FUNCTIONS).unwrap();
    let test = script(
        dir.path(),
        "slow.sh",
        "sleep 0.1\ngrep -q noise \"$1\" || sleep 1000\ngrep -q '%interesting' \"$1\"",
    );
    let json = dir.path().join("stats.json");
    let output = dir.path().join("out.ll");
    let out = reduce_j1_with(&test, &input, &output, Some(&json), &["--confirm", "4"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let s = stats(&json);
    assert!(s["confirmations"].as_u64().unwrap() >= 4, "{s}");
    assert!(s["stopped_at_limit"].as_u64().unwrap() >= 1, "{s}");
    let limit = s["limit_s"].as_f64().unwrap();
    assert!((0.9..3.5).contains(&limit), "{s}");
}

#[test]
fn no_auto_timeout_lets_slow_tests_run_to_their_end() {
    let dir = tempfile::tempdir().unwrap();
    let (_, reduced, s) = reduce_with_hanging_candidates(dir.path(), "1.5", &["--no-auto-timeout"]);
    assert_eq!(s["stopped_at_limit"].as_u64().unwrap(), 0, "{s}");
    assert_eq!(s["timeouts"].as_u64().unwrap(), 0, "{s}");
    // Without @noise the test is slow but interesting: it is accepted.
    assert!(
        !reduced.contains("@noise") && reduced.contains("%interesting"),
        "{reduced}"
    );
}

#[test]
fn sigint_leaves_a_valid_interesting_best_so_far_at_the_output() {
    let dir = tempfile::tempdir().unwrap();
    let (input, test) = slow_many_functions(dir.path(), 200, "0.2");
    let output = dir.path().join("out.ll");
    let mut child = spawn_reduction(&test, &["-j", "2", "--policy=ddmin"], &input, &output);
    // Wait for an improvement on disk that removed functions (the first
    // one written may remove less than the printer adds, on a slow
    // machine), then interrupt.
    let functions =
        |p: &Path| fs::read_to_string(p).map_or(usize::MAX, |t| t.matches("define ").count());
    let started = Instant::now();
    while functions(&output) >= 201 && started.elapsed() < Duration::from_secs(60) {
        thread::sleep(Duration::from_millis(50));
    }
    assert!(
        functions(&output) < 201,
        "no function removed within a minute"
    );
    thread::sleep(Duration::from_millis(300));
    let (status, err) = interrupt(&mut child, Duration::from_secs(5));
    assert_eq!(status.code(), Some(130), "{err}");
    assert!(
        err.contains("interrupted; the best reduction so far is in"),
        "{err}"
    );
    assert!(verifies(&output));
    let reduced = fs::read_to_string(&output).unwrap();
    assert!(reduced.contains("%interesting = mul"));
    assert!(reduced.len() < fs::read_to_string(&input).unwrap().len());
    // No test process is left behind.
    thread::sleep(Duration::from_millis(200));
    let ps = Command::new("pgrep")
        .arg("-f")
        .arg(test.to_str().unwrap())
        .output()
        .unwrap();
    assert!(
        ps.stdout.is_empty(),
        "tests still running: {}",
        String::from_utf8_lossy(&ps.stdout)
    );
}

#[test]
fn sigint_during_the_final_recheck_ends_the_run_as_interrupted() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.ll");
    fs::write(&input, many_functions(12)).unwrap();
    // Every candidate is tested once (the cache answers repeats); the same
    // content tested a second time is the final re-check, which hangs.
    let d = dir.path().display();
    let test = script(
        dir.path(),
        "test.sh",
        &format!(
            "h=$(cksum < \"$1\")\n\
             if grep -qxF \"$h\" {d}/seen 2>/dev/null; then touch {d}/final; sleep 60; fi\n\
             echo \"$h\" >> {d}/seen\n\
             grep -q '%interesting = mul' \"$1\""
        ),
    );
    let output = dir.path().join("out.ll");
    let json = dir.path().join("stats.json");
    let json_arg = json.to_str().unwrap();
    let args = ["-j1", "--recheck-every", "100000", "--stats-json", json_arg];
    let mut child = spawn_reduction(&test, &args, &input, &output);
    let started = Instant::now();
    while !dir.path().join("final").exists() && started.elapsed() < Duration::from_secs(60) {
        thread::sleep(Duration::from_millis(50));
    }
    assert!(
        dir.path().join("final").exists(),
        "no final re-check within a minute"
    );
    let (status, err) = interrupt(&mut child, Duration::from_secs(5));
    // Not "done": the result was not re-checked.
    assert_eq!(status.code(), Some(130), "{err}");
    assert!(
        err.contains("interrupted; the best reduction so far is in"),
        "{err}"
    );
    let s = stats(&json);
    assert_eq!(s["interrupted"], true, "{s}");
    assert!(s["final_check_interesting"].is_null(), "{s}");
    let reduced = fs::read_to_string(&output).unwrap();
    assert!(reduced.contains("%interesting = mul"), "{reduced}");
    assert_eq!(reduced.matches("define ").count(), 1, "{reduced}");
    assert!(verifies(&output));
}

#[test]
fn a_flaky_test_does_not_corrupt_the_result() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.ll");
    fs::write(&input, many_functions(30)).unwrap();
    // Every third run says "not interesting" whatever the candidate.
    let counter = dir.path().join("count");
    let test = script(
        dir.path(),
        "flaky.sh",
        &format!(
            "n=$(cat {c} 2>/dev/null || echo 0); n=$((n+1)); echo $n > {c}\n[ $((n % 3)) -eq 0 ] && exit 1\ngrep -q '%interesting = mul' \"$1\"",
            c = counter.display()
        ),
    );
    let output = dir.path().join("out.ll");
    let out = reduce_j1(&test, &input, &output, None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(verifies(&output));
    assert!(fs::read_to_string(&output)
        .unwrap()
        .contains("%interesting = mul"));
}

#[test]
fn a_test_that_fails_the_final_recheck_is_reported_as_flaky() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.ll");
    fs::write(&input, TWO_FUNCTIONS).unwrap();
    let counter = dir.path().join("count");
    // First learn how many runs a reduction makes (the last is the re-check)...
    let counting = script(
        dir.path(),
        "count.sh",
        &format!(
            "echo x >> {}\ngrep -q '%interesting' \"$1\"",
            counter.display()
        ),
    );
    let run = |test: &Path| reduce_j1(test, &input, &dir.path().join("out.ll"), None);
    assert!(run(&counting).status.success());
    let total = fs::read_to_string(&counter).unwrap().lines().count();
    fs::remove_file(&counter).unwrap();
    // ...then fail exactly that run.
    let flaky = script(
        dir.path(),
        "last-fails.sh",
        &format!("echo x >> {c}\n[ $(wc -l < {c}) -eq {total} ] && exit 1\ngrep -q '%interesting' \"$1\"", c = counter.display()),
    );
    let out = run(&flaky);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("warning: the test is flaky"), "{err}");
    // The result that failed is kept beside the output, which holds the
    // module accepted before it (every later run passes its re-checks).
    let flaky_result = fs::read_to_string(dir.path().join("out.flaky.ll")).unwrap();
    assert!(flaky_result.contains("%interesting") && !flaky_result.contains("@noise"));
    let reduced = fs::read_to_string(dir.path().join("out.ll")).unwrap();
    assert!(reduced.contains("%interesting") && reduced != flaky_result);
    assert!(verifies(&dir.path().join("out.ll")));
}

#[test]
fn a_test_interesting_on_its_first_run_only_is_reported_as_flaky() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.ll");
    fs::write(&input, TWO_FUNCTIONS).unwrap();
    // Interesting once (the input check), never again: every candidate fails
    // and nothing is accepted, which alone would read as "irreducible".
    let marker = dir.path().join("ran");
    let test = script(
        dir.path(),
        "first-only.sh",
        &format!("[ -e {m} ] && exit 1\ntouch {m}", m = marker.display()),
    );
    let output = dir.path().join("out.ll");
    let json = dir.path().join("stats.json");
    let out = reduce_j1(&test, &input, &output, Some(&json));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("warning: the test is flaky"), "{err}");
    assert!(err.contains("no candidate was interesting"), "{err}");
    // Nothing is lost: the output is the input's module (as printed, after
    // its ModuleID and source_filename lines).
    assert!(fs::read_to_string(&output)
        .unwrap()
        .ends_with(&fs::read_to_string(&input).unwrap()));
    let json = stats(&json);
    assert_eq!(json["final_check_interesting"], serde_json::json!(false));
    assert!(json["input_flaky"].is_string(), "{json}");
}

#[test]
fn an_irreducible_input_is_not_called_flaky() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.ll");
    fs::write(&input, TWO_FUNCTIONS).unwrap();
    // Interesting only as first tested: every candidate fails, the re-run
    // passes.
    let first = dir.path().join("first.ll");
    let test = script(
        dir.path(),
        "exact.sh",
        &format!(
            "[ -e {f} ] || cp \"$1\" {f}\ncmp -s \"$1\" {f}",
            f = first.display()
        ),
    );
    // Re-checks due whenever the result changed: it never does, so the
    // input, tested at the start, is not re-tested during the run.
    let json = dir.path().join("stats.json");
    let out = reduce_j1_with(
        &test,
        &input,
        &dir.path().join("out.ll"),
        Some(&json),
        &["--recheck-every", "0"],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(!err.contains("flaky"), "{err}");
    assert_eq!(stats(&json)["rechecks"], 0);
}

/// A test that is sound on large candidates and flaky on small ones: a
/// candidate with at most `small` instructions tests interesting the first
/// time it is seen, never again (the same content gets "not interesting"
/// on every later run). Its state is kept in `dir/seen`.
fn flaky_when_small(dir: &Path, small: usize) -> PathBuf {
    flaky_when_small_for(dir, small, 1, 0)
}

/// [`flaky_when_small`], a small candidate testing interesting on its first
/// `passes` runs, and one of at most `tiny` instructions on its first only.
fn flaky_when_small_for(dir: &Path, small: usize, passes: usize, tiny: usize) -> PathBuf {
    flaky_unless(
        dir,
        &format!("n=$(grep -c '^  ' \"$1\")\n[ \"$n\" -gt {small} ]"),
        &format!("passes={passes}\n[ \"$n\" -le {tiny} ] && passes=1"),
    )
}

/// A test that finds `%interesting = mul` and is sound while the shell
/// condition `sound` holds; otherwise a candidate tests interesting on its
/// first `$passes` runs (set by the shell lines `passes`), never again.
/// Its state is kept in `dir/seen`.
fn flaky_unless(dir: &Path, sound: &str, passes: &str) -> PathBuf {
    let seen = dir.join("seen");
    fs::create_dir_all(&seen).unwrap();
    script(
        dir,
        "flaky-unless.sh",
        &format!(
            "grep -q '%interesting = mul' \"$1\" || exit 1\n\
             {sound} && exit 0\n\
             {passes}\n\
             sum=$(md5sum < \"$1\" | cut -c1-32)\n\
             echo >> {seen}/$sum\n\
             [ $(wc -l < {seen}/$sum) -le $passes ]",
            seen = seen.display()
        ),
    )
}

fn instruction_lines(path: &Path) -> usize {
    fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| l.starts_with("  "))
        .count()
}

/// A reduction of 12 functions with [`flaky_when_small`] (sound above 9
/// instructions, flaky at 9 and below) at `-j 1` with `extra` options.
struct FlakyRun {
    dir: tempfile::TempDir,
    input: PathBuf,
    test: PathBuf,
    output: PathBuf,
    err: String,
    stats: serde_json::Value,
}

fn reduce_flaky_when_small(extra: &[&str]) -> FlakyRun {
    reduce_flaky_when_small_for(1, 0, extra)
}

/// [`reduce_flaky_when_small`] with [`flaky_when_small_for`]'s `passes`
/// and `tiny`.
fn reduce_flaky_when_small_for(passes: usize, tiny: usize, extra: &[&str]) -> FlakyRun {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.ll");
    fs::write(&input, many_functions(12)).unwrap();
    let test = flaky_when_small_for(dir.path(), 9, passes, tiny);
    let output = dir.path().join("out.ll");
    let json = dir.path().join("stats.json");
    let out = reduce_j1_with(&test, &input, &output, Some(&json), extra);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{err}");
    let stats = stats(&json);
    FlakyRun {
        dir,
        input,
        test,
        output,
        err,
        stats,
    }
}

impl FlakyRun {
    /// The output is reduced, valid and sound (above the flaky threshold,
    /// and three fresh runs of the test call it interesting); its size.
    fn sound_result(&self) -> usize {
        let (kept, err) = (instruction_lines(&self.output), &self.err);
        assert!(
            kept > 9 && kept < instruction_lines(&self.input),
            "{kept}: {err}"
        );
        assert!(verifies(&self.output));
        for _ in 0..3 {
            let run = Command::new(&self.test).arg(&self.output).status();
            assert!(run.unwrap().success(), "{err}");
        }
        kept
    }
}

#[test]
fn a_result_that_fails_its_final_recheck_is_walked_back_to_one_that_passes() {
    let run = reduce_flaky_when_small(&[]);
    let (dir, err, s) = (&run.dir, &run.err, &run.stats);
    // The flaky result, small and failing its re-check, is kept aside...
    let flaky = dir.path().join("out.flaky.ll");
    assert!(instruction_lines(&flaky) <= 9, "{err}");
    // ...and the output holds the smallest accepted module that still
    // tests interesting every time: one above the threshold, which the
    // test calls interesting, three runs out of three.
    let kept = run.sound_result();
    assert!(err.contains("warning: the test is flaky"), "{err}");
    assert!(err.contains("out.flaky.ll"), "{err}");
    assert_eq!(s["final_check_interesting"], false, "{s}");
    assert_eq!(s["flaky"]["input"], false, "{s}");
    assert_eq!(s["flaky"]["size"].as_u64(), Some(kept as u64), "{s}");
    assert_eq!(s["instructions_after"].as_u64(), Some(kept as u64), "{s}");
    assert!(s["flaky"]["kept_at"]
        .as_str()
        .unwrap()
        .ends_with("out.flaky.ll"));
    // A run shorter than --recheck-every (60 s) is not re-checked before
    // its end, and confirms nothing.
    assert_eq!(s["rechecks"], 0, "{s}");
    assert_eq!(s["confirmations"], 0, "{s}");
}

#[test]
fn an_executor_that_fails_during_the_walk_back_stops_the_run_with_the_result_on_disk() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.ll");
    fs::write(&input, many_functions(12)).unwrap();
    let test = flaky_when_small(dir.path(), 9);
    // A stand-in for Slurm's srun that runs the runner here, until some
    // content has been tested twice (the final re-check, which fails: the
    // test is flaky): from then on every srun fails as a lost node does.
    // Its pre-flight check (`srun --test-only`) is accepted.
    let bin = dir.path().join("bin");
    fs::create_dir(&bin).unwrap();
    script(
        &bin,
        "srun",
        &format!(
            "[ \"$1\" = --test-only ] && exit 0\n\
             for f in {seen}/*; do\n\
             \x20 [ -e \"$f\" ] && [ $(wc -l < \"$f\") -ge 2 ] && {{ echo 'srun: error: Node failure on node n9' >&2; exit 1; }}\n\
             done\n\
             eval \"mode=\\${{$#}}\"; eval \"runner=\\${{$(($# - 1))}}\"\n\
             exec \"$runner\" \"$mode\"",
            seen = dir.path().join("seen").display()
        ),
    );
    script(&bin, "scancel", "exit 0");
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap());
    let output = dir.path().join("out.ll");
    let json = dir.path().join("stats.json");
    let out = reduce_j1_command(&test, &input, &output, Some(&json), &["--executor=slurm"])
        .env("PATH", path)
        .env_remove("SLURM_JOB_ID")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    // The run stops on the executor's failure: before, every re-test of
    // the walk back "failed", and the run ended normally on the input.
    assert_eq!(out.status.code(), Some(1), "{err}");
    let last = err.trim().lines().last().unwrap_or("");
    assert!(
        last.starts_with("whittle: error: the Slurm executor could not run a test")
            && last.contains("the best reduction so far is in"),
        "{err}"
    );
    // The output holds the reduction, not the input; the flaky result
    // that failed its re-check is kept beside it.
    let kept = instruction_lines(&output);
    assert!(kept < instruction_lines(&input), "{kept}: {err}");
    assert!(fs::read_to_string(&output)
        .unwrap()
        .contains("%interesting = mul"));
    assert!(verifies(&output));
    assert!(dir.path().join("out.flaky.ll").exists(), "{err}");
}

#[test]
fn when_no_accepted_module_passes_the_recheck_the_input_is_the_result() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.ll");
    fs::write(&input, many_functions(3)).unwrap();
    // Flaky on every candidate, the input included (it tests interesting
    // the first time, at the start).
    let test = flaky_when_small(dir.path(), 1000);
    let output = dir.path().join("out.ll");
    let json = dir.path().join("stats.json");
    let out = reduce_j1(&test, &input, &output, Some(&json));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(dir.path().join("out.flaky.ll").exists());
    assert_eq!(
        instruction_lines(&output),
        instruction_lines(&input),
        "{err}"
    );
    let s = stats(&json);
    assert_eq!(s["flaky"]["input"], true, "{s}");
    assert!(err.contains("holds the input"), "{err}");
}

#[test]
fn a_recheck_during_the_run_finds_a_flaky_test_and_the_run_goes_on_from_a_sound_result() {
    let run = reduce_flaky_when_small(&["--recheck-every", "0"]);
    let (dir, err, s) = (&run.dir, &run.err, &run.stats);
    // The first level that accepted a small candidate is re-checked at its
    // end: the re-check fails, the run walks back and confirms from then on.
    let during = s["flaky_during"].as_array().unwrap();
    assert_eq!(during.len(), 1, "{s}");
    assert!(during[0]["after"].is_string(), "{s}");
    // Found between two rounds of the level that accepted it (the re-check
    // is due at once with --recheck-every 0), which ended there.
    assert_eq!(during[0]["cut_short"], true, "{s}");
    assert!(during[0]["flaky_size"].as_u64().unwrap() <= 9, "{s}");
    assert!(s["rechecks"].as_u64().unwrap() >= 1, "{s}");
    // Confirmed from then on, small candidates are refused on their second
    // run, so the result never needs the final walk back.
    assert!(s["confirmations"].as_u64().unwrap() > 0, "{s}");
    assert!(s["refused_as_flaky"].as_u64().unwrap() > 0, "{s}");
    assert_eq!(s["final_check_interesting"], true, "{s}");
    assert!(s["flaky"].is_null(), "{s}");
    run.sound_result();
    assert!(
        err.contains("warning: the test is flaky: re-run after"),
        "{err}"
    );
    assert!(err.contains("failed a re-check"), "{err}");
    assert!(err.contains("refused as interesting only once"), "{err}");
    assert!(instruction_lines(&dir.path().join("out.flaky.ll")) <= 9);
}

/// Reduce `input` with `test` at `-j 1`, re-checking after every change,
/// into `dir/out.ll`: the output's path and the stats.
fn reduce_rechecking_every_change(
    dir: &Path,
    test: &Path,
    input: &Path,
) -> (PathBuf, serde_json::Value) {
    let output = dir.join("out.ll");
    let json = dir.join("stats.json");
    let out = reduce_j1_with(test, input, &output, Some(&json), &["--recheck-every", "0"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    (output, stats(&json))
}

#[test]
fn after_a_walk_back_to_an_earlier_levels_module_the_levels_after_it_run_again() {
    // Sound while all twelve @fN are there (function-bodies only empties
    // them); a module without one of them tests interesting the first
    // time it is seen, never again: module-items' removals are flaky.
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.ll");
    fs::write(&input, many_functions(12)).unwrap();
    let test = flaky_unless(
        dir.path(),
        "[ $(grep -c '@f[0-9]' \"$1\") -ge 12 ]",
        "passes=1",
    );
    let (output, s) = reduce_rechecking_every_change(dir.path(), &test, &input);
    // The re-check after module-items fails and the run goes back to the
    // module function-bodies produced: module-items, the level after it,
    // runs again on it in the same sweep, before the finer levels.
    assert_eq!(s["flaky_during"].as_array().unwrap().len(), 1, "{s}");
    let first_sweep: Vec<&str> = s["levels"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["sweep"] == 1)
        .map(|l| l["pass"].as_str().unwrap())
        .collect();
    let at = first_sweep
        .iter()
        .position(|&p| p == "module-items")
        .unwrap();
    assert_eq!(
        first_sweep.get(at + 1),
        Some(&"module-items"),
        "{first_sweep:?}"
    );
    let result = fs::read_to_string(&output).unwrap();
    assert_eq!(result.matches("@f").count(), 12, "{result}");
}

#[test]
fn after_a_walk_back_to_where_a_level_began_its_later_removals_are_tried_again_first() {
    // One function: eight `%kN` the test needs, eight removable `%xN`
    // between them, then eight removable `%yN` and a `%marker`. Without the
    // marker the test is sound for its first 20 runs, then calls a module
    // interesting only the first time it sees it: `instructions` first
    // removes the last half (the marker with it: a flaky removal), then the
    // `%xN` one by one, until a re-check (after every change here) fails.
    // The run goes back to where `instructions` began (the marker's
    // removal being at fault) and runs the level again there: its removals
    // after the first are tried again first, and pass at once.
    let dir = tempfile::tempdir().unwrap();
    let mut body = String::from("  %interesting = mul i32 %a, 3\n");
    for i in 1..=8 {
        body += &format!("  %k{i} = add i32 %a, {i}\n  %x{i} = sub i32 %a, {i}\n");
    }
    for i in 1..=8 {
        body += &format!("  %y{i} = xor i32 %a, {i}\n");
    }
    let input = dir.path().join("in.ll");
    fs::write(
        &input,
        format!("define i32 @main(i32 %a) {{\n{body}  %marker = add i32 %a, 99\n  ret i32 %interesting\n}}\n"),
    )
    .unwrap();
    let (count, seen) = (dir.path().join("count"), dir.path().join("seen"));
    fs::create_dir_all(&seen).unwrap();
    let test = script(
        dir.path(),
        "flaky-without-marker.sh",
        &format!(
            "grep -q '%interesting = mul' \"$1\" || exit 1\n\
             [ $(grep -c '%k[0-9] = add' \"$1\") -eq 8 ] || exit 1\n\
             grep -q '%marker = ' \"$1\" && exit 0\n\
             n=$(cat {count} 2>/dev/null || echo 0); n=$((n + 1)); echo $n > {count}\n\
             [ $n -le 20 ] && exit 0\n\
             sum=$(md5sum < \"$1\" | cut -c1-32)\n\
             echo >> {seen}/$sum\n\
             [ $(wc -l < {seen}/$sum) -le 1 ]",
            count = count.display(),
            seen = seen.display()
        ),
    );
    let (output, s) = reduce_rechecking_every_change(dir.path(), &test, &input);
    let during = s["flaky_during"].as_array().unwrap();
    assert_eq!(during.len(), 1, "{s}");
    assert_eq!(during[0]["size"], s["instructions_before"], "{s}");
    let runs: Vec<&serde_json::Value> = s["levels"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["pass"] == "instructions" && l["sweep"] == 1)
        .collect();
    let [first, again] = runs[..] else {
        panic!(
            "instructions ran {} times in the first sweep: {s}",
            runs.len()
        );
    };
    assert!(first.get("replayed").is_none(), "{s}");
    // What the first run removed after the marker's removal (the `%xN`).
    let replayed = again["replayed"].as_u64().unwrap();
    assert!(replayed >= 2, "{s}");
    let tests = |l: &serde_json::Value| l["tests"].as_u64().unwrap();
    // Without the replay the second run costs about as much as the first
    // (34 tests against 36 when measured); with it, about half.
    assert!(tests(again) * 3 < tests(first) * 2, "{s}");
    // Sound: the marker kept, every `%xN` and `%yN` gone.
    let result = fs::read_to_string(&output).unwrap();
    assert!(result.contains("%marker"), "{result}");
    assert!(!result.contains("%x") && !result.contains("%y"), "{result}");
    assert!(verifies(&output));
}

#[test]
fn each_further_failed_recheck_doubles_the_confirmations() {
    // Candidates of at most 5 instructions pass their first run only: the
    // first re-check fails. Those of 6 to 9 pass their first three: two
    // confirmations let one through, and the re-check after its level (its
    // fourth run) fails again.
    let run = reduce_flaky_when_small_for(3, 5, &["--recheck-every", "0"]);
    let (err, s) = (&run.err, &run.stats);
    let during = s["flaky_during"].as_array().unwrap();
    assert_eq!(during.len(), 2, "{s}");
    assert!(
        err.contains("only when 2 more runs of the test agree"),
        "{err}"
    );
    assert!(
        err.contains("only when 4 more runs of the test agree"),
        "{err}"
    );
    assert_eq!(s["final_check_interesting"], true, "{s}");
    run.sound_result();
}

#[test]
fn once_the_test_is_flaky_the_final_result_must_pass_three_runs_in_a_row() {
    // Candidates of at most 5 instructions pass their first run only: the
    // first re-check fails, and from then on every interesting verdict is
    // confirmed. Those of 6 to 9 pass their first nine runs, then never
    // again: enough for the confirmations, the re-checks and one final run
    // (the result was 6 instructions, flaky, with a single final run).
    // Three final runs in a row reach the tenth, and the walk back goes to
    // a result above the threshold.
    let run = reduce_flaky_when_small_for(9, 5, &["--recheck-every", "0"]);
    let (err, s) = (&run.err, &run.stats);
    assert!(!s["flaky_during"].as_array().unwrap().is_empty(), "{s}");
    assert_eq!(s["final_check_interesting"], false, "{s}");
    assert!(s["flaky"]["size"].as_u64().unwrap() > 9, "{s}");
    assert!(
        err.contains("re-run on the final result it ended with"),
        "{err}"
    );
    run.sound_result();
}

#[test]
fn confirm_keeps_only_candidates_the_test_calls_interesting_every_time() {
    let run = reduce_flaky_when_small(&["--confirm", "1"]);
    let (dir, s) = (&run.dir, &run.stats);
    // No small candidate is ever accepted: nothing to walk back from.
    assert!(s["refused_as_flaky"].as_u64().unwrap() > 0, "{s}");
    assert!(s["flaky_during"].as_array().unwrap().is_empty(), "{s}");
    assert!(s["flaky"].is_null(), "{s}");
    assert_eq!(s["final_check_interesting"], true, "{s}");
    // One confirmation per interesting test: every kept candidate, and
    // every small one refused.
    assert!(
        s["confirmations"].as_u64() >= s["interesting"].as_u64(),
        "{s}"
    );
    run.sound_result();
    assert!(!dir.path().join("out.flaky.ll").exists());
}

#[test]
fn rechecks_of_a_sound_test_change_nothing_but_the_count_of_runs() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.ll");
    fs::write(&input, many_functions(12)).unwrap();
    let runs = dir.path().join("runs");
    let test = script(
        dir.path(),
        "sound.sh",
        &format!(
            "echo run >> '{}'\ngrep -q '%interesting = mul' \"$1\"",
            runs.display()
        ),
    );
    let count_runs = || fs::read_to_string(&runs).map_or(0, |r| r.lines().count() as u64);
    let (plain, rechecked) = (dir.path().join("plain.ll"), dir.path().join("rechecked.ll"));
    let (plain_json, rechecked_json) = (dir.path().join("plain.json"), dir.path().join("re.json"));
    assert!(reduce_j1(&test, &input, &plain, Some(&plain_json))
        .status
        .success());
    let plain_runs = count_runs();
    let out = reduce_j1_with(
        &test,
        &input,
        &rechecked,
        Some(&rechecked_json),
        &["--recheck-every", "0"],
    );
    assert!(out.status.success());
    assert_eq!(fs::read(&plain).unwrap(), fs::read(&rechecked).unwrap());
    let (p, r) = (stats(&plain_json), stats(&rechecked_json));
    // The re-checks are the only runs more (a module without locals has
    // no fill variants: nothing to try them on the input for).
    let rechecked_runs = count_runs() - plain_runs;
    assert_eq!(
        rechecked_runs,
        plain_runs + r["rechecks"].as_u64().unwrap(),
        "{r}"
    );
    assert_eq!(r["fill_check"], false, "{r}");
    assert_eq!(p["rechecks"], 0, "{p}");
    assert!(r["rechecks"].as_u64().unwrap() >= 1, "{r}");
    assert!(r["flaky_during"].as_array().unwrap().is_empty(), "{r}");
    assert_eq!(p["tests"], r["tests"], "{p} {r}");
    assert_eq!(r["confirmations"], 0, "{r}");
}

#[test]
fn the_fill_check_of_a_sound_test_refuses_nothing() {
    // Locals, a load of one, and a test that only reads the text: the
    // input's filled copies are interesting, so re-checks run the fill check,
    // and their verdicts always agree.
    let dir = tempfile::tempdir().unwrap();
    let input = lit_input("flaky-uninitialised-read.ll");
    let test = script(
        dir.path(),
        "sound.sh",
        "grep -q 'icmp eq i8 %v, -91' \"$1\"",
    );
    let (plain, filled) = (dir.path().join("plain.ll"), dir.path().join("filled.ll"));
    let (plain_json, filled_json) = (dir.path().join("plain.json"), dir.path().join("f.json"));
    assert!(reduce_j1(&test, &input, &plain, Some(&plain_json))
        .status
        .success());
    let out = reduce_j1_with(
        &test,
        &input,
        &filled,
        Some(&filled_json),
        &["--recheck-every", "0"],
    );
    assert!(out.status.success());
    assert_eq!(fs::read(&plain).unwrap(), fs::read(&filled).unwrap());
    let (p, f) = (stats(&plain_json), stats(&filled_json));
    assert!(p.get("fill_check").is_none(), "{p}");
    assert_eq!(f["fill_check"], true, "{f}");
    assert!(f["fill_runs"].as_u64().unwrap() >= 6, "{f}");
    assert_eq!(f["refused_for_fill"], 0, "{f}");
    assert!(f["flaky_during"].as_array().unwrap().is_empty(), "{f}");
    assert_eq!(p["tests"], f["tests"], "{p} {f}");
}

#[test]
fn rechecks_of_a_slow_test_take_a_tenth_of_the_run_at_most() {
    // Each run of the test takes at least 0.3 s, so a re-check does, and
    // the next waits ten times as long, not `--recheck-every`'s second
    // (which the first waits: no re-check has taken any time yet).
    let dir = tempfile::tempdir().unwrap();
    let (input, test) = slow_many_functions(dir.path(), 24, "0.3");
    let (out, json) = (dir.path().join("out.ll"), dir.path().join("s.json"));
    let run = reduce_j1_with(&test, &input, &out, Some(&json), &["--recheck-every", "1"]);
    assert!(run.status.success());
    let s = stats(&json);
    let (rechecks, wall) = (
        s["rechecks"].as_u64().unwrap(),
        s["wall_time_s"].as_f64().unwrap(),
    );
    assert!(wall > 4.0, "{s}");
    assert!(rechecks >= 1, "{s}");
    assert!(
        1.0 + (rechecks - 1) as f64 * 3.0 <= wall,
        "{rechecks} re-checks in {wall} s"
    );
}

#[test]
fn repeated_candidates_are_answered_from_the_cache() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("stats.json");
    let input = lit_input("oracle-count.ll");
    let out = Command::new(WHITTLE)
        .arg(format!("--test={}", common::filecheck()))
        .args([
            "--test-arg=--check-prefixes=CHECK-INTERESTINGNESS",
            "--test-arg",
        ])
        .arg(&input)
        .arg("--test-arg=--input-file")
        .arg(&input)
        .args(["-j1", "-q", "--policy=wdd", "--full-sweeps", "--stats-json"])
        .arg(&json)
        .arg("-o")
        .arg(dir.path().join("out.ll"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let s = stats(&json);
    // Most of the second sweep meets candidates the first one tested
    // (lit/oracle-count.ll explains the counts, for the classic search).
    assert_eq!(s["cache_hits"], 10, "{s}");
    assert_eq!(s["tests"], 19, "{s}");
    assert_eq!(s["final_check_interesting"], true, "{s}");
    let passes = s["passes"].as_array().unwrap();
    assert!(
        passes
            .iter()
            .any(|p| p["name"] == "instructions" && p["tests"] == 4),
        "{s}"
    );
}

/// module-items runs after function-bodies: the functions that still have a
/// body are the ones function-bodies could not empty, which hold the bug,
/// and they are the heaviest targets. The search tries the light ones
/// first (the pass's `heavy_needed` hint), so that each halving of the
/// declarations is one interesting test rather than a failed one (that
/// took `@keep` along) and its complement.
#[test]
fn module_items_spares_the_function_function_bodies_kept() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.ll");
    fs::write(&input, many_functions(63)).unwrap();
    let test = script(dir.path(), "t.sh", "grep -q '%interesting = mul' \"$1\"");
    let json = dir.path().join("stats.json");
    let out = reduce_j1(&test, &input, &dir.path().join("out.ll"), Some(&json));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let output = fs::read_to_string(dir.path().join("out.ll")).unwrap();
    assert!(output.contains("define i32 @keep"), "{output}");
    assert!(!output.contains("@f0"), "{output}");
    let s = stats(&json);
    let module_items = s["passes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "module-items")
        .unwrap()
        .clone();
    // 64 items, @keep the heaviest: six halvings that each remove light
    // declarations only, and one failed test, @keep's own (its certificate;
    // the second sweep's repeats of it are cache hits). Trying @keep first
    // fails at every halving (12 tests here).
    let failed =
        module_items["tests"].as_u64().unwrap() - module_items["interesting"].as_u64().unwrap();
    assert!(failed <= 2, "{module_items}");
    assert!(
        module_items["tests"].as_u64().unwrap() <= 8,
        "{module_items}"
    );
}

/// A module whose test needs nearly all of it, as a semantic test does:
/// every `add` chain and call must stay exactly as written (`dir/needed`),
/// only a global, a dead `mul` per function and a few operands may go.
fn mostly_needed(dir: &Path, functions: usize) -> (PathBuf, PathBuf) {
    let mut module = String::from("@unused = global i32 7\n\n");
    for f in 0..functions {
        module.push_str(&format!("define i32 @f{f}(i32 %x) {{\n"));
        let mut previous = "%x".to_string();
        for k in 0..3 {
            module.push_str(&format!("  %a{k} = add i32 {previous}, {}\n", f * 10 + k));
            previous = format!("%a{k}");
        }
        module.push_str(&format!(
            "  %dead = mul i32 %x, {}\n  ret i32 {previous}\n}}\n\n",
            f + 2
        ));
    }
    module.push_str("define i32 @main() {\n");
    for f in 0..functions {
        module.push_str(&format!("  %r{f} = call i32 @f{f}(i32 {f})\n"));
    }
    module.push_str(&format!("  ret i32 %r{}\n}}\n", functions - 1));
    let needed: Vec<&str> = module
        .lines()
        .filter(|l| l.contains("= add") || l.contains("= call"))
        .map(str::trim)
        .collect();
    fs::write(dir.join("needed"), needed.join("\n") + "\n").unwrap();
    let input = dir.join("in.ll");
    fs::write(&input, &module).unwrap();
    let test = script(
        dir,
        "needs-all.sh",
        &format!(
            "while read -r l; do grep -qF -- \"$l\" \"$1\" || exit 1; done < {}",
            dir.join("needed").display()
        ),
    );
    (input, test)
}

#[test]
fn a_change_refused_before_is_not_tested_again_on_the_same_function() {
    let dir = tempfile::tempdir().unwrap();
    let (input, test) = mostly_needed(dir.path(), 4);
    let run = |name: &str, extra: &[&str]| {
        let (out, json) = (
            dir.path().join(name),
            dir.path().join(format!("{name}.json")),
        );
        let o = reduce_j1_with(&test, &input, &out, Some(&json), extra);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        (fs::read(&out).unwrap(), stats(&json))
    };
    let (remembering, with) = run("with.ll", &[]);
    let (testing_all, without) = run("without.ll", &["--no-change-memory"]);
    // Removing or zeroing a needed instruction of a function the search
    // has not changed since it was refused is not tested again...
    let presumed = with["presumed"].as_u64().unwrap();
    assert!(presumed > 0, "{with}");
    assert_eq!(without["presumed"], 0, "{without}");
    let (tests_with, tests_without) = (
        with["tests"].as_u64().unwrap(),
        without["tests"].as_u64().unwrap(),
    );
    assert!(tests_with < tests_without, "{with}\n{without}");
    // ...and here the search ends on the same module.
    assert_eq!(remembering, testing_all);
    // What it remembers is what the search settled, in its order: tests
    // run ahead of their turn at -j 2 change nothing.
    let out = dir.path().join("j2.ll");
    let o = Command::new(WHITTLE)
        .arg("--test")
        .arg(&test)
        .args(["-j2", "-q"])
        .arg(&input)
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(fs::read(&out).unwrap(), remembering);
    assert!(!String::from_utf8_lossy(&remembering).contains("@unused"));
    assert_eq!(with["final_check_interesting"], true, "{with}");
}

#[test]
fn rechecks_are_due_by_tests_so_the_same_reduction_asks_the_same_tests_at_any_load() {
    // The same reduction with a fast test and a slow one (as on a loaded
    // machine): re-checks come after the same tests (not after the same
    // seconds, which the slow run reaches sooner), so the runs ask the
    // same tests and end the same way.
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.ll");
    let mut module = String::new();
    for i in 0..12 {
        module += &format!(
            "define i32 @f{i}(i32 %x) {{\n  %a = add i32 %x, {i}\n  %b = mul i32 %a, 3\n  ret i32 %b\n}}\n\n"
        );
    }
    module += "define i32 @keep_me(i32 %x) {\n  %y = xor i32 %x, 7\n  ret i32 %y\n}\n";
    std::fs::write(&input, module).unwrap();
    let test = dir.path().join("test.sh");
    std::fs::write(
        &test,
        "#!/bin/sh\n[ -n \"$WT_DELAY\" ] && sleep \"$WT_DELAY\"\ngrep -q 'xor i32' \"$1\"\n",
    )
    .unwrap();
    std::fs::set_permissions(&test, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let run = |tag: &str, delay: Option<&str>, jobs: &str| {
        let output = dir.path().join(format!("{tag}.ll"));
        let json = dir.path().join(format!("{tag}.json"));
        let mut command = Command::new(WHITTLE);
        command
            .arg("--test")
            .arg(&test)
            .arg(jobs)
            .args(["--recheck-every", "3", "--stats-json"])
            .arg(&json)
            .arg(&input)
            .arg("-o")
            .arg(&output);
        if let Some(d) = delay {
            command.env("WT_DELAY", d);
        }
        let out = command.output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        (std::fs::read(&output).unwrap(), stats(&json))
    };
    let (fast, fast_stats) = run("fast", None, "-j1");
    let (slow, slow_stats) = run("slow", Some("0.1"), "-j1");
    assert!(fast_stats["rechecks"].as_u64().unwrap() > 0, "{fast_stats}");
    for key in ["tests", "rechecks", "interesting", "not_interesting"] {
        assert_eq!(
            fast_stats[key], slow_stats[key],
            "{key}: {fast_stats} vs {slow_stats}"
        );
    }
    assert_eq!(fast, slow);
}

#[test]
fn sigint_leaves_the_best_set_of_modules_so_far_in_the_output_directory() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.ll");
    fs::write(&a, common::many_functions(150)).unwrap();
    let b = dir.path().join("b.ll");
    fs::write(
        &b,
        "define i32 @other(i32 %x) {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n",
    )
    .unwrap();
    let test = common::script(
        dir.path(),
        "set.sh",
        "sleep 0.2\ncat \"$@\" | grep -q '%interesting = mul'",
    );
    let out = dir.path().join("out");
    let mut child = Command::new(WHITTLE)
        .arg("--test")
        .arg(&test)
        .args(["-j", "2", "--policy=ddmin"])
        .arg(&a)
        .arg(&b)
        .arg("-o")
        .arg(&out)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let functions =
        |p: &Path| fs::read_to_string(p).map_or(usize::MAX, |t| t.matches("define ").count());
    let started = Instant::now();
    while functions(&out.join("a.ll")) >= 151 && started.elapsed() < Duration::from_secs(60) {
        thread::sleep(Duration::from_millis(50));
    }
    assert!(
        functions(&out.join("a.ll")) < 151,
        "no function removed within a minute"
    );
    let (status, err) = common::interrupt(&mut child, Duration::from_secs(5));
    assert_eq!(status.code(), Some(130), "{err}");
    assert!(
        err.contains("interrupted; the best set of modules so far is in"),
        "{err}"
    );
    // The set on disk verifies and is still interesting.
    let files: Vec<PathBuf> = ["a.ll", "b.ll"]
        .iter()
        .map(|n| out.join(n))
        .filter(|p| p.exists())
        .collect();
    assert!(files.iter().all(|f| verifies(f)), "{files:?}");
    let still = Command::new(&test).args(&files).status().unwrap();
    assert!(still.success());
    // The inputs are untouched.
    assert_eq!(functions(&a), 151);
}
