//! The command line's behaviour: every error is one line on stderr and a
//! non-zero exit, the input is never touched without --in-place, and
//! --in-place replaces it with a complete, reduced file.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const WHITTLE: &str = env!("CARGO_BIN_EXE_whittle");

const MODULE: &str = "\
define i32 @keep(i32 %x) {
  %a = add i32 %x, 1
  %interesting = mul i32 %a, 3
  ret i32 %interesting
}

define void @noise() {
  ret void
}
";

/// A scratch directory with an input module and an interestingness test
/// that greps for `%interesting`.
struct Scratch {
    dir: tempfile::TempDir,
}

impl Scratch {
    fn new() -> Scratch {
        let s = Scratch {
            dir: tempfile::tempdir().unwrap(),
        };
        s.write("input.ll", MODULE);
        s.script("test.sh", "grep -q '%interesting = mul' \"$1\"");
        s
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn write(&self, name: &str, text: &str) -> PathBuf {
        let p = self.path(name);
        fs::write(&p, text).unwrap();
        p
    }

    fn script(&self, name: &str, body: &str) -> PathBuf {
        let p = self.write(name, &format!("#!/bin/sh\n{body}\n"));
        fs::set_permissions(&p, fs::Permissions::from_mode(0o755)).unwrap();
        p
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new(WHITTLE)
            .args(args)
            .current_dir(self.dir.path())
            .output()
            .unwrap()
    }

    /// [`Scratch::run`] with LLVM's debugging variables unset in whittle's
    /// own environment: whatever the tests see of them comes from whittle.
    fn run_without_debug_variables(&self, args: &[&str]) -> Output {
        Command::new(WHITTLE)
            .args(args)
            .current_dir(self.dir.path())
            .env_remove("LLVM_DISABLE_CRASH_REPORT")
            .env_remove("LLVM_DISABLE_SYMBOLIZATION")
            .output()
            .unwrap()
    }
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The run failed with exactly one line on stderr containing `needle`.
fn assert_one_line_error(out: &Output, needle: &str) {
    let err = stderr(out);
    assert!(
        !out.status.success(),
        "expected failure, got success; stderr: {err}"
    );
    assert_eq!(err.lines().count(), 1, "error is not one line: {err:?}");
    assert!(err.starts_with("whittle: error: "), "{err}");
    assert!(err.contains(needle), "expected {needle:?} in {err:?}");
}

#[test]
fn reduces_and_leaves_the_input_alone() {
    let s = Scratch::new();
    let out = s.run(&["--test", "./test.sh", "input.ll", "-o", "out.ll"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(fs::read_to_string(s.path("input.ll")).unwrap(), MODULE);
    let reduced = fs::read_to_string(s.path("out.ll")).unwrap();
    assert!(reduced.contains("%interesting = mul"));
    assert!(!reduced.contains("@noise"), "{reduced}");
    let summary = stderr(&out);
    assert!(summary.contains("oracle calls:"), "{summary}");
    assert!(summary.contains("instructions: 4 -> "), "{summary}");
}

#[test]
fn default_output_is_reduced_ll_in_the_working_directory() {
    let s = Scratch::new();
    let out = s.run(&["--test=./test.sh", "input.ll"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(s.path("reduced.ll").exists());
}

#[test]
fn in_place_replaces_the_input_with_the_result() {
    let s = Scratch::new();
    fs::set_permissions(s.path("input.ll"), fs::Permissions::from_mode(0o640)).unwrap();
    let out = s.run(&["--test", "./test.sh", "--in-place", "input.ll"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let reduced = fs::read_to_string(s.path("input.ll")).unwrap();
    assert_ne!(reduced, MODULE);
    assert!(
        reduced.contains("%interesting = mul") && !reduced.contains("@noise"),
        "{reduced}"
    );
    // The replacement keeps the file's mode and leaves no temporary behind.
    let mode = fs::metadata(s.path("input.ll"))
        .unwrap()
        .permissions()
        .mode()
        & 0o777;
    assert_eq!(mode, 0o640);
    let leftovers: Vec<_> = fs::read_dir(s.dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.starts_with(".whittle"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    assert!(!s.path("reduced.ll").exists());
}

#[test]
fn missing_input() {
    let s = Scratch::new();
    assert_one_line_error(
        &s.run(&["--test", "./test.sh", "nope.ll"]),
        "cannot read 'nope.ll'",
    );
}

#[test]
fn unreadable_input() {
    let s = Scratch::new();
    fs::create_dir(s.path("dir.ll")).unwrap();
    assert_one_line_error(
        &s.run(&["--test", "./test.sh", "dir.ll"]),
        "cannot read 'dir.ll'",
    );
}

#[test]
fn empty_input() {
    let s = Scratch::new();
    s.write("empty.ll", "");
    assert_one_line_error(
        &s.run(&["--test", "./test.sh", "empty.ll"]),
        "'empty.ll' is empty",
    );
}

#[test]
fn unparsable_input_reports_line_and_column() {
    let s = Scratch::new();
    s.write("bad.ll", "define i32 @f() {\n  ret i32 %nope\n}\n");
    assert_one_line_error(
        &s.run(&["--test", "./test.sh", "bad.ll"]),
        "bad.ll:2:11: error: use of undefined value '%nope'",
    );
}

#[test]
fn bad_bitcode() {
    let s = Scratch::new();
    fs::write(s.path("bad.bc"), b"BC\xC0\xDEgarbage").unwrap();
    assert_one_line_error(
        &s.run(&["--test", "./test.sh", "bad.bc"]),
        "bad.bc: invalid bitcode",
    );
}

#[test]
fn input_that_fails_the_verifier() {
    let s = Scratch::new();
    s.write(
        "invalid.ll",
        "define i32 @f() {\nentry:\n  %x = add i32 %x, 1\n  ret i32 %x\n}\n",
    );
    assert_one_line_error(
        &s.run(&["--test", "./test.sh", "invalid.ll"]),
        "'invalid.ll' is not valid IR (the verifier says:",
    );
}

#[test]
fn missing_test() {
    let s = Scratch::new();
    assert_one_line_error(
        &s.run(&["--test", "./no-such-test.sh", "input.ll"]),
        "cannot run interestingness test './no-such-test.sh': No such file or directory",
    );
}

#[test]
fn test_without_execute_permission() {
    let s = Scratch::new();
    fs::set_permissions(s.path("test.sh"), fs::Permissions::from_mode(0o644)).unwrap();
    assert_one_line_error(
        &s.run(&["--test", "./test.sh", "input.ll"]),
        "Permission denied",
    );
}

#[test]
fn uninteresting_input_reports_status_and_stderr() {
    let s = Scratch::new();
    s.script("boring.sh", "echo 'no crash here' >&2\nexit 3");
    let out = s.run(&["--test", "./boring.sh", "input.ll"]);
    assert_one_line_error(
        &out,
        "Input isn't interesting! Verify interesting-ness test: it ended with exit status 3",
    );
    assert!(stderr(&out).contains("no crash here"));
    assert!(!s.path("reduced.ll").exists());
}

#[test]
fn output_in_a_missing_directory() {
    let s = Scratch::new();
    let out = s.run(&[
        "--test",
        "./test.sh",
        "input.ll",
        "-o",
        "no/such/dir/out.ll",
    ]);
    assert_one_line_error(
        &out,
        "opening output file: cannot write to directory 'no/such/dir'",
    );
}

#[test]
fn output_that_is_a_directory() {
    let s = Scratch::new();
    fs::create_dir(s.path("outdir")).unwrap();
    assert_one_line_error(
        &s.run(&["--test", "./test.sh", "input.ll", "-o", "outdir"]),
        "opening output file: Is a directory",
    );
}

#[test]
fn output_that_cannot_be_created() {
    let s = Scratch::new();
    // A path under a regular file cannot be created by anyone, root included
    // (which writes into read-only directories at will).
    s.write("plain.txt", "not a directory\n");
    assert_one_line_error(
        &s.run(&["--test", "./test.sh", "input.ll", "-o", "plain.txt/out.ll"]),
        "opening output file: cannot write to directory 'plain.txt': Not a directory",
    );
    assert_eq!(
        fs::read_to_string(s.path("plain.txt")).unwrap(),
        "not a directory\n"
    );
    assert!(!s.path("reduced.ll").exists());
    // A read-only directory stops everyone else.
    if !running_as_root() {
        fs::create_dir(s.path("ro")).unwrap();
        fs::set_permissions(s.path("ro"), fs::Permissions::from_mode(0o555)).unwrap();
        assert_one_line_error(
            &s.run(&["--test", "./test.sh", "input.ll", "-o", "ro/out.ll"]),
            "opening output file: cannot write to directory 'ro'",
        );
    }
}

fn running_as_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .map(|o| o.stdout.starts_with(b"0\n"))
        .unwrap_or(false)
}

#[test]
fn unknown_pass() {
    let s = Scratch::new();
    assert_one_line_error(
        &s.run(&[
            "--test",
            "./test.sh",
            "--delta-passes=instructions,no-such-pass",
            "input.ll",
        ]),
        "unknown pass \"no-such-pass\"",
    );
}

#[test]
fn missing_test_option_and_missing_input() {
    let s = Scratch::new();
    assert_one_line_error(&s.run(&["input.ll"]), "--test option must be specified");
    assert_one_line_error(
        &s.run(&["--test", "./test.sh"]),
        "reduction testcase positional argument must be specified",
    );
}

#[test]
fn unsupported_input_language() {
    let s = Scratch::new();
    assert_one_line_error(
        &s.run(&["-x", "cobol", "--test", "./test.sh", "input.ll"]),
        "the input language is 'ir' (LLVM IR), 'mir' (Machine IR) or 'mlir'",
    );
}

/// A lit test's MIR input.
fn lit_mir(name: &str) -> String {
    fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("lit").join(name)).unwrap()
}

#[test]
fn mir_is_read_by_extension_or_with_x_mir_and_left_alone() {
    let s = Scratch::new();
    let text = lit_mir("mir-instructions.mir");
    s.write("in.mir", &text);
    s.write("in.txt", &text);
    s.script("sub.sh", "grep -q SUB32rr \"$1\"");
    let by_extension = s.run(&["--test", "./sub.sh", "in.mir"]);
    assert!(by_extension.status.success(), "{}", stderr(&by_extension));
    // The default output is reduced.mir, and says what it counted.
    let reduced = fs::read_to_string(s.path("reduced.mir")).unwrap();
    assert!(reduced.contains("SUB32rr") && !reduced.contains("MOV32rm"));
    assert!(stderr(&by_extension).contains("machine instructions: 22 -> "));
    let with_x = s.run(&["-x", "mir", "--test", "./sub.sh", "in.txt", "-o", "x.mir"]);
    assert!(with_x.status.success(), "{}", stderr(&with_x));
    // The same result, but for the IR module's ID: the input's name.
    assert_eq!(
        fs::read_to_string(s.path("x.mir")).unwrap(),
        reduced.replace("; ModuleID = 'in.mir'", "; ModuleID = 'in.txt'")
    );
    assert_eq!(fs::read_to_string(s.path("in.mir")).unwrap(), text);
}

#[test]
fn unparsable_mir_reports_where() {
    let s = Scratch::new();
    s.write(
        "bad.mir",
        &lit_mir("mir-instructions.mir").replace("SUB32rr", "NOT_AN_OPCODE"),
    );
    let out = s.run(&["--test", "./test.sh", "bad.mir"]);
    assert_one_line_error(&out, "bad.mir:");
    assert!(stderr(&out).contains("NOT_AN_OPCODE"), "{}", stderr(&out));
}

#[test]
fn mir_for_a_target_that_does_not_exist() {
    let s = Scratch::new();
    s.write("in.mir", &lit_mir("mir-instructions.mir"));
    assert_one_line_error(
        &s.run(&[
            "--mtriple",
            "nonesuch-unknown-none",
            "--test",
            "./test.sh",
            "in.mir",
        ]),
        "nonesuch",
    );
}

#[test]
fn mir_without_the_ir_section_it_refers_to() {
    let s = Scratch::new();
    // The machine code names an IR value (`%ir.p`) of a module the file
    // does not have.
    let text = "---\nname: f\nbody: |\n  bb.0:\n    $eax = MOV32rm $rdi, 1, $noreg, 0, $noreg :: (load (s32) from %ir.p)\n    RET 0, $eax\n...\n";
    s.write("noir.mir", text);
    let out = s.run(&["--mtriple=x86_64--", "--test", "./test.sh", "noir.mir"]);
    assert_one_line_error(&out, "noir.mir:");
    assert!(stderr(&out).contains("no IR section"), "{}", stderr(&out));
    assert!(!s.path("reduced.mir").exists());
    assert_eq!(fs::read_to_string(s.path("noir.mir")).unwrap(), text);
}

#[test]
fn mir_without_machine_functions_is_refused() {
    let s = Scratch::new();
    let text = "--- |\n  define void @f() {\n    ret void\n  }\n...\n";
    s.write("ir-only.mir", text);
    let out = s.run(&["--test", "./test.sh", "ir-only.mir"]);
    assert_one_line_error(&out, "'ir-only.mir' holds no machine function");
    assert!(!s.path("reduced.mir").exists());
    assert_eq!(fs::read_to_string(s.path("ir-only.mir")).unwrap(), text);
}

#[test]
fn mir_refuses_what_only_llvm_ir_or_mlir_can_do() {
    let s = Scratch::new();
    s.write("in.mir", &lit_mir("mir-instructions.mir"));
    assert_one_line_error(
        &s.run(&["--mr", "opt-equivalence", "in.mir"]),
        "--mr does not work with Machine IR input",
    );
    assert_one_line_error(
        &s.run(&[
            "--delta-passes=operands-zero",
            "--test",
            "./test.sh",
            "in.mir",
        ]),
        "operands-zero",
    );
}

#[test]
fn mir_stats_json_counts_machine_instructions() {
    let s = Scratch::new();
    s.write("in.mir", &lit_mir("mir-instructions.mir"));
    s.script("sub.sh", "grep -q SUB32rr \"$1\"");
    let out = s.run(&[
        "--test",
        "./sub.sh",
        "in.mir",
        "-o",
        "out.mir",
        "--stats-json",
        "stats.json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let stats: serde_json::Value =
        serde_json::from_slice(&fs::read(s.path("stats.json")).unwrap()).unwrap();
    assert_eq!(stats["unit"], "machine instructions");
    assert_eq!(stats["instructions_before"], 22);
    assert!(stats["instructions_after"].as_u64().unwrap() < 22);
    assert_eq!(stats["final_check_interesting"], true);
}

#[test]
fn no_arguments_prints_help() {
    let out = Command::new(WHITTLE).output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("LLVM automatic testcase reducer"));
}

#[test]
fn print_delta_passes_lists_llvm_reduce_names() {
    let out = Command::new(WHITTLE)
        .arg("--print-delta-passes")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    for name in [
        "module-items",
        "function-bodies",
        "basic-blocks",
        "instructions",
        "operands",
        "unreachable-basic-blocks",
    ] {
        assert!(text.contains(name), "{name} missing from {text}");
    }
}

#[test]
fn print_delta_passes_says_what_an_older_llvm_cannot_do() {
    let out = Command::new(WHITTLE)
        .arg("--print-delta-passes")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let major = whittle_llvm_ir::version::llvm_major();
    assert_eq!(text.contains("With LLVM "), major < 22, "{text}");
    assert_eq!(text.contains("code_model stays"), major < 22, "{text}");
}

#[test]
fn version_names_the_llvm() {
    let out = Command::new(WHITTLE).arg("--version").output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    let lines: Vec<&str> = text.lines().collect();
    let llvm = whittle_llvm_ir::version::LLVM_VERSION;
    assert_eq!(
        lines[0],
        format!("whittle {} (LLVM {llvm})", env!("CARGO_PKG_VERSION"))
    );
    assert_eq!(
        lines[1],
        format!("LLVM {llvm} at {}", env!("WHITTLE_LLVM_PREFIX"))
    );
    match whittle_mlir_ir::prefix() {
        Some(mlir) => assert_eq!(lines[2], format!("MLIR at {mlir}")),
        None => assert!(lines[2].starts_with("MLIR: none ("), "{text}"),
    }
    assert_eq!(lines.len(), 3, "{text}");
    // -V: the first line only.
    let out = Command::new(WHITTLE).arg("-V").output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), lines[0]);
}

#[test]
fn mlir_input_to_a_build_without_mlir_is_one_line_and_writes_nothing() {
    if whittle_mlir_ir::prefix().is_some() {
        return;
    }
    let s = Scratch::new();
    s.write("in.mlir", "func.func @f() {\n  return\n}\n");
    let out = s.run(&["--test", "./test.sh", "in.mlir", "-o", "out.mlir"]);
    assert_one_line_error(
        &out,
        "in.mlir: this whittle has no MLIR: it was built for LLVM",
    );
    assert!(stderr(&out).contains("MLIR_SYS_"), "{}", stderr(&out));
    assert!(!s.path("out.mlir").exists() && !s.path("reduced.mlir").exists());
    assert_eq!(
        fs::read_to_string(s.path("in.mlir")).unwrap(),
        "func.func @f() {\n  return\n}\n"
    );
    // -x mlir says the same of any file.
    s.write("in.txt", "module {}\n");
    let out = s.run(&["--test", "./test.sh", "-x", "mlir", "in.txt"]);
    assert_one_line_error(&out, "this whittle has no MLIR");
}

#[test]
fn llvm_reduce_names_select_passes() {
    let s = Scratch::new();
    let out = s.run(&[
        "--test",
        "./test.sh",
        "-delta-passes=functions",
        "input.ll",
        "-o",
        "out.ll",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let reduced = fs::read_to_string(s.path("out.ll")).unwrap();
    // Functions only: @noise goes, @keep's instructions stay.
    assert!(
        !reduced.contains("@noise") && reduced.contains("%a = add"),
        "{reduced}"
    );
}

#[test]
fn abort_on_invalid_reduction_is_accepted_single_dash() {
    let s = Scratch::new();
    let out = s.run(&[
        "-abort-on-invalid-reduction",
        "--test",
        "./test.sh",
        "input.ll",
        "-o",
        "out.ll",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn the_output_is_written_even_when_nothing_could_be_removed() {
    let s = Scratch::new();
    // Everything is needed: the output is the input, printed.
    s.script("all.sh", "grep -q '@noise' \"$1\" && grep -q 'add i32 %x, 1' \"$1\" && grep -q 'mul i32 %a, 3' \"$1\"");
    let out = s.run(&["--test", "./all.sh", "input.ll", "-o", "out.ll"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let reduced = fs::read_to_string(s.path("out.ll")).unwrap();
    assert!(reduced.contains("@noise"));
    assert_valid(&s.path("out.ll"));
}

fn assert_valid(path: &Path) {
    let opt = Path::new(concat!(env!("WHITTLE_LLVM_PREFIX"), "/bin/opt"));
    let status = Command::new(opt)
        .args(["-passes=verify", "-disable-output"])
        .arg(path)
        .status()
        .unwrap();
    assert!(status.success());
}

#[test]
fn one_oracle_at_a_time() {
    let s = Scratch::new();
    assert_one_line_error(
        &s.run(&["--test", "./test.sh", "--crash-cmd", "opt %s", "input.ll"]),
        "give one oracle",
    );
}

#[test]
fn crash_cmd_on_an_input_that_does_not_crash() {
    let s = Scratch::new();
    assert_one_line_error(
        &s.run(&["--crash-cmd", "opt -disable-output %s", "input.ll"]),
        "the command does not crash on the input: it ended with exit status 0",
    );
}

#[test]
fn crash_cmd_with_an_unknown_tool_or_signature_mode() {
    let s = Scratch::new();
    assert_one_line_error(
        &s.run(&["--crash-cmd", "no-such-compiler %s", "input.ll"]),
        "--crash-cmd: cannot find 'no-such-compiler'",
    );
    assert_one_line_error(
        &s.run(&["--crash-cmd", "opt %s", "--signature=frames:x", "input.ll"]),
        "--signature:",
    );
}

#[test]
fn no_match_goes_with_cmd() {
    let s = Scratch::new();
    assert_one_line_error(
        &s.run(&["--test", "./test.sh", "--no-match", "x", "input.ll"]),
        "--no-match goes with --cmd",
    );
}

// --preserve-debug-environment reaches every oracle's commands, not only
// --test's: by default a test runs with LLVM_DISABLE_CRASH_REPORT=1 (and
// LLVM_DISABLE_SYMBOLIZATION=1), with the flag without them. Each test below
// is interesting only when the variable is unset, so it reduces with the
// flag and finds nothing to reduce without it.

#[test]
fn preserve_debug_environment_reaches_lit_run_lines() {
    let s = Scratch::new();
    // Line 1 keeps the mul (the bracket keeps the RUN line itself from
    // matching); line 2 fails only where the crash-report variable is unset.
    s.write(
        "t.ll",
        &format!(
            "; RUN: grep -q '%interesting = mu[l]' %s\n; RUN: test -n \"$LLVM_DISABLE_CRASH_REPORT\"\n\n{MODULE}"
        ),
    );
    let started = std::time::Instant::now();
    let out = s.run_without_debug_variables(&[
        "--preserve-debug-environment",
        "-j1",
        "--lit",
        "t.ll",
        "-o",
        "out.ll",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let reduced = fs::read_to_string(s.path("out.ll")).unwrap();
    assert!(
        reduced.contains("%interesting = mul") && !reduced.contains("@noise"),
        "{reduced}"
    );
    assert!(reduced.contains("; RUN: test -n"), "{reduced}");
    // Without the flag the variable is set: every RUN line passes.
    assert_one_line_error(
        &s.run_without_debug_variables(&["-j1", "--lit", "t.ll", "-o", "out2.ll"]),
        "t.ll' passes: every RUN line succeeded, so there is no failure to reduce",
    );
    assert!(!s.path("out2.ll").exists());
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
}

#[test]
fn preserve_debug_environment_reaches_metamorphic_commands() {
    let s = Scratch::new();
    // The follow-up is the source with a marker line. A run prints 1, except
    // on a follow-up that still has the mul, where it prints the variable:
    // the runs disagree (the relation is violated) only when it is unset.
    let followup = s.script(
        "followup.sh",
        "cp \"$1\" \"$2\" && echo '; follow-up' >> \"$2\"",
    );
    let run = s.script(
        "run.sh",
        "if grep -q '^; follow-up' \"$1\" && grep -q '%interesting = mul' \"$1\"; then\n  echo \"${LLVM_DISABLE_CRASH_REPORT:-unset}\"\nelse\n  echo 1\nfi",
    );
    let followup = format!("{} %s %t", followup.display());
    let run = format!("{} %s", run.display());
    let args = |preserve: bool, output: &'static str| {
        let mut a = vec![
            "-j1",
            "--delta-passes=module-items,instructions",
            "--mr",
            "user",
            "--mr-followup",
            &followup,
            "--mr-run",
            &run,
            "input.ll",
            "-o",
            output,
        ];
        if preserve {
            a.insert(0, "--preserve-debug-environment");
        }
        a.into_iter().map(String::from).collect::<Vec<_>>()
    };
    let started = std::time::Instant::now();
    let with = args(true, "out.ll");
    let out = s.run_without_debug_variables(&with.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(out.status.success(), "{}", stderr(&out));
    let reduced = fs::read_to_string(s.path("out.ll")).unwrap();
    assert!(
        reduced.contains("%interesting = mul") && !reduced.contains("@noise"),
        "{reduced}"
    );
    let without = args(false, "out2.ll");
    assert_one_line_error(
        &s.run_without_debug_variables(&without.iter().map(String::as_str).collect::<Vec<_>>()),
        "the input satisfies --mr user-defined",
    );
    assert!(!s.path("out2.ll").exists());
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
}

// `whittle bisect`: the oracles it can bisect, and its errors.

#[test]
fn bisect_cannot_see_into_a_test_script() {
    let s = Scratch::new();
    let out = s.run(&["bisect", "--test", "./test.sh", "input.ll"]);
    assert_one_line_error(&out, "whittle bisect cannot see into a --test script");
    assert!(stderr(&out).contains("--crash-cmd, --cmd/--match, --lit or --mr opt-equivalence"));
}

#[test]
fn bisect_needs_an_llvm_tool_in_the_command() {
    let s = Scratch::new();
    s.script("crash.sh", "kill -SEGV $$");
    assert_one_line_error(
        &s.run(&["bisect", "--crash-cmd", "./crash.sh %s", "input.ll"]),
        "the command './crash.sh %s' does not run opt, llc or clang: there is no pass pipeline to bisect",
    );
    assert_one_line_error(
        &s.run(&["bisect", "--mr", "reorder", "input.ll"]),
        "whittle bisect works with --mr opt-equivalence",
    );
}

#[test]
fn bisect_takes_the_executor_flags() {
    let s = Scratch::new();
    let crash = [
        "bisect",
        "--crash-cmd",
        "opt -disable-output %s",
        "input.ll",
    ];
    // The executor flags are run flags: bisect parses them as a reduction does.
    let mut args = crash.to_vec();
    args.push("--executor-retries=1");
    assert_one_line_error(
        &s.run(&args),
        "--executor-retries goes with --executor=slurm",
    );
}

#[test]
fn bisect_errors_are_one_line() {
    let s = Scratch::new();
    assert_one_line_error(
        &s.run(&["bisect", "--crash-cmd", "opt -disable-output %s"]),
        "the input module must be specified",
    );
    assert_one_line_error(
        &s.run(&[
            "bisect",
            "--crash-cmd",
            "opt -disable-output %s",
            "input.ll",
        ]),
        "the command does not crash on the input",
    );
    s.write("in.mlir", "module {}\n");
    assert_one_line_error(
        &s.run(&["bisect", "--crash-cmd", "mlir-opt %s", "in.mlir"]),
        "whittle bisect works on LLVM IR input",
    );
    assert_one_line_error(
        &s.run(&["bisect", "--emit-lit", "t.ll", "--lit", "input.ll"]),
        "--emit-lit: with --lit the output is a lit test already",
    );
    // The failure must not already be there with every pass skipped...
    // and must be there with every pass run: a --cmd whose pattern the
    // input's output never shows.
    let out = s.run(&[
        "bisect",
        "--cmd",
        "opt -O2 -S %s",
        "--match",
        "no such line",
        "input.ll",
    ]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("with -opt-bisect-limit=-1 (every pass) the failure does not happen"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn bisect_accepts_the_reduction_flags_it_shares_single_dash_too() {
    let s = Scratch::new();
    let out = s.run(&["bisect", "--help"]);
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout);
    for flag in [
        "--crash-cmd",
        "--cmd",
        "--match",
        "--lit",
        "--mr",
        "--counters",
        "--emit-lit",
        "--stats-json",
        "--timeout",
        "-j",
    ] {
        assert!(help.contains(flag), "{flag} missing from: {help}");
    }
    // Reduction-only flags are not bisection flags.
    let out = s.run(&[
        "bisect",
        "--delta-passes=instructions",
        "--crash-cmd",
        "opt %s",
        "input.ll",
    ]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("--delta-passes"), "{}", stderr(&out));
    // llvm-reduce style single-dash long options work for bisect too.
    assert_one_line_error(
        &s.run(&["bisect", "-crash-cmd", "opt -disable-output %s", "input.ll"]),
        "the command does not crash on the input",
    );
}

#[test]
fn executor_flags_go_with_slurm() {
    let s = Scratch::new();
    for flag in [
        "--executor-arg=--partition=debug",
        "--executor-retries=1",
        "--executor-grace=5",
        "--executor-exclude-failed",
    ] {
        let out = s.run(&["--test", "./test.sh", flag, "input.ll"]);
        let name = flag.split('=').next().unwrap();
        assert_one_line_error(&out, &format!("{name} goes with --executor=slurm"));
    }
    let out = s.run(&[
        "--test",
        "./test.sh",
        "--executor=slurm",
        "--executor-grace=-1",
        "input.ll",
    ]);
    assert_one_line_error(&out, "--executor-grace must be a number of seconds");
}

#[test]
fn recheck_every_must_be_a_number_of_tests() {
    let s = Scratch::new();
    for bad in [
        "--recheck-every=-1",
        "--recheck-every=inf",
        "--recheck-every=NaN",
        "--recheck-every=2.5",
    ] {
        let out = s.run(&["--test", "./test.sh", bad, "input.ll"]);
        assert_one_line_error(&out, "--recheck-every must be a number of tests");
    }
}

#[test]
fn slurm_without_srun_is_a_one_line_error() {
    let s = Scratch::new();
    let out = Command::new(WHITTLE)
        .args([
            "--test",
            "./test.sh",
            "--executor=slurm",
            "--timeout=5",
            "input.ll",
        ])
        .current_dir(s.dir.path())
        .env("PATH", s.path("no-such-dir"))
        .env_remove("SLURM_JOB_ID")
        .output()
        .unwrap();
    assert_one_line_error(&out, "cannot run srun");
    assert!(!s.path("reduced.ll").exists());
}

/// A request for the Slurm runner (`whittle __run-test`): the `--test`
/// oracle `sh -c SCRIPT`, then the candidate.
fn runner_request(script: &str, candidate: &[u8], declared_len: usize) -> Vec<u8> {
    let header = serde_json::json!({
        "version": 2,
        "nonce": "n0nce",
        "oracle": {"Script": {
            "command": {"program": "/bin/sh", "args": ["-c", script, "sh"], "substitute": false,
                        "env": [], "cwd": null, "timeout": null, "watch": []},
            "shown": "sh", "nonzero_interesting": false}},
        "env": {"timeout": null, "preserve_debug_environment": false, "save_temps": false,
                "executor": "Local"},
        "candidate_name": "candidate.ll",
        "candidate_len": declared_len,
        "launch_dir": "/",
    });
    let mut bytes = serde_json::to_vec(&header).unwrap();
    bytes.push(b'\n');
    bytes.extend_from_slice(candidate);
    bytes
}

fn run_runner(request: &[u8]) -> Output {
    use std::io::Write;
    let mut child = Command::new(WHITTLE)
        .arg("__run-test")
        .env_remove("SLURM_JOB_ID")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(request).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn the_slurm_runner_judges_the_candidate_it_reads_in_node_local_scratch() {
    // The test sees the candidate's bytes in a file of the given name, in
    // a scratch directory of its own, and says so on stderr.
    let script = "case \"$1\" in */candidate.ll) ;; *) exit 7;; esac; echo \"got $(cat \"$1\")\" >&2; grep -q keep \"$1\"";
    let out = run_runner(&runner_request(script, b"keep me", 7));
    assert!(out.status.success(), "{}", stderr(&out));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert!(lines[0].starts_with("whittle-step n0nce "), "{stdout}");
    let trailer = lines[1].strip_prefix("whittle-trailer n0nce ").unwrap();
    let answer: serde_json::Value = serde_json::from_str(trailer).unwrap();
    assert_eq!(answer["outcome"]["verdict"], "interesting", "{answer}");
    assert_eq!(
        answer["outcome"]["stderr"]["head"], "got keep me\n",
        "{answer}"
    );
    let out = run_runner(&runner_request(script, b"drop me", 7));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.contains("\"verdict\":\"not-interesting\""),
        "{stdout}"
    );
}

#[test]
fn the_slurm_runner_never_answers_a_request_cut_short() {
    let out = run_runner(&runner_request("exit 0", b"keep", 7));
    assert_eq!(out.status.code(), Some(3));
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(
        stderr(&out).contains("4 of its 7 bytes"),
        "{}",
        stderr(&out)
    );
    let out = run_runner(b"not json\n");
    assert_eq!(out.status.code(), Some(3));
    assert!(out.stdout.is_empty());
}

/// `--mr user` scripts for [`Scratch`]'s module: the follow-up is the source
/// with a marker line, and a run prints whether it ran the follow-up, so the
/// relation is violated by every candidate.
fn always_violated(s: &Scratch) -> (String, String) {
    let followup = s.script(
        "followup.sh",
        "cp \"$1\" \"$2\" && echo '; follow-up' >> \"$2\"",
    );
    let run = s.script(
        "run.sh",
        "grep -q '^; follow-up' \"$1\" && echo b || echo a",
    );
    (
        format!("{} %s %t", followup.display()),
        format!("{} %s", run.display()),
    )
}

#[test]
fn passes_that_put_undefined_values_in_do_not_run_with_mr() {
    let s = Scratch::new();
    let (followup, run) = always_violated(&s);
    let out = s.run(&[
        "--delta-passes=operands-poison",
        "--mr",
        "user",
        "--mr-followup",
        &followup,
        "--mr-run",
        &run,
        "input.ll",
    ]);
    let err = stderr(&out);
    assert!(!out.status.success(), "{err}");
    assert!(
        err.contains("note: pass operands-poison does not run with --mr"),
        "{err}"
    );
    assert!(
        err.contains("whittle: error: no passes left to run"),
        "{err}"
    );
    // Without --mr it runs.
    let out = s.run(&[
        "--delta-passes=operands-poison",
        "--test",
        "./test.sh",
        "input.ll",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn mr_says_once_when_address_randomization_cannot_be_turned_off() {
    let s = Scratch::new();
    let (followup, run) = always_violated(&s);
    let args = [
        "-j1",
        "--delta-passes=module-data",
        "--mr",
        "user",
        "--mr-followup",
        &followup,
        "--mr-run",
        &run,
        "input.ll",
        "-o",
        "out.ll",
    ];
    // A setarch that cannot change the personality, as in a container
    // whose seccomp profile forbids it.
    let bin = s.path("bin");
    fs::create_dir(&bin).unwrap();
    let setarch = bin.join("setarch");
    fs::write(
        &setarch,
        "#!/bin/sh\necho 'setarch: failed to set personality to x86_64: Operation not permitted' >&2\nexit 1\n",
    )
    .unwrap();
    fs::set_permissions(&setarch, fs::Permissions::from_mode(0o755)).unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new(WHITTLE)
        .args(args)
        .current_dir(s.dir.path())
        .env("PATH", &path)
        .output()
        .unwrap();
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    let note = "whittle: note: address randomization cannot be turned off here (setarch: failed to set personality to x86_64: Operation not permitted)";
    assert_eq!(err.matches(note).count(), 1, "{err}");
    // Where setarch -R works, nothing to say.
    let works = Command::new("setarch")
        .args(["-R", "true"])
        .status()
        .is_ok_and(|s| s.success());
    if works {
        let out = s.run(&args);
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(!stderr(&out).contains("note: address"), "{}", stderr(&out));
    }
}

/// The LLVMs installed here besides this build's (Debian's, and those an
/// `LLVM_SYS_<major>1_PREFIX` names: `cargo xtask test` names PyPI's LLVM 23
/// when it is installed), newest first.
fn other_llvms() -> Vec<whittle::versions::Installed> {
    let others: Vec<_> = whittle::versions::others()
        .into_iter()
        .filter(|o| o.bin.join("llvm-as").is_file())
        .collect();
    if others.is_empty() {
        eprintln!("note: no other LLVM is installed: nothing to check against");
    }
    others
}

/// IR that an LLVM prints in a form `older` LLVMs cannot read, when it has
/// such a form: LLVM 22 prints `nocapture` as `captures(none)` (19 cannot
/// read it), LLVM 23 a quiet NaN as `+qnan` (22 cannot).
fn printed_unreadable_by_older(major: u32) -> Option<&'static str> {
    match major {
        22 => Some("define void @f(ptr nocapture %p) {\n  store i32 1, ptr %p\n  ret void\n}\n"),
        m if m >= 23 => Some(
            "define float @f(float %x) {\n  %a = fadd float %x, 0x7FF8000000000000\n  ret float %a\n}\n",
        ),
        _ => None,
    }
}

/// IR that only LLVM `major` (and newer) reads.
fn readable_from(major: u32) -> &'static str {
    match major {
        22 => "define void @f(ptr captures(none) %p) {\n  ret void\n}\n",
        _ => "define float @f(float %x) {\n  %a = fadd float %x, +qnan\n  ret float %a\n}\n",
    }
}

#[test]
fn a_test_of_another_llvm_that_rejects_whittles_print_is_a_mismatch() {
    // A whittle for a newer LLVM, with a test running an older LLVM's tools.
    let ours = whittle_llvm_ir::version::llvm_major();
    let Some(text) = printed_unreadable_by_older(ours) else {
        return;
    };
    // The newest older LLVM installed: the one the message names first.
    for other in other_llvms().into_iter().filter(|o| o.major < ours).take(1) {
        let s = Scratch::new();
        s.write("two.ll", text);
        s.script(
            "other.sh",
            &format!("{}/llvm-as \"$1\" -o - > /dev/null", other.bin.display()),
        );
        let out = s.run(&["--test", "./other.sh", "two.ll", "-o", "out.ll"]);
        assert_one_line_error(
            &out,
            "the test accepts 'two.ll' as given but rejects whittle's print of it",
        );
        let err = stderr(&out);
        for needle in [
            format!("LLVM {}", whittle_llvm_ir::version::LLVM_VERSION),
            format!("LLVM {}'s llvm-as", other.major),
            whittle_llvm_ir::version::build_hint(other.major),
        ] {
            assert!(err.contains(&needle), "{needle:?} not in {err}");
        }
        assert!(!s.path("out.ll").exists());
    }
}

#[test]
fn input_that_only_another_installed_llvm_reads_names_it() {
    let ours = whittle_llvm_ir::version::llvm_major();
    for other in other_llvms() {
        let s = Scratch::new();
        // Syntax only the newer of the two reads; from the older one's
        // side, text that the newer one cannot read either.
        let newer = ours < other.major;
        let text = if newer {
            readable_from(other.major)
        } else {
            "define void @f(ptr %p) {\n  ret i32 x\n}\n"
        };
        s.write("in.ll", text);
        let out = s.run(&["--test", "./test.sh", "in.ll", "-o", "out.ll"]);
        let ours_said = format!(
            "whittle reads IR with LLVM {}",
            whittle_llvm_ir::version::LLVM_VERSION
        );
        assert_one_line_error(&out, &ours_said);
        let err = stderr(&out);
        if newer {
            // "LLVM 23, 22 reads 'in.ll' ...: build whittle for it with
            // `... --features llvm23`" (the newest that reads it).
            let readers = err
                .split("; LLVM ")
                .nth(1)
                .and_then(|rest| rest.split(" reads 'in.ll'").next())
                .unwrap_or_default();
            assert!(
                readers.split(", ").any(|m| m == other.major.to_string()),
                "LLVM {} not among the readers in {err}",
                other.major
            );
            let newest: u32 = readers
                .split(", ")
                .next()
                .unwrap_or_default()
                .parse()
                .unwrap();
            assert!(
                err.contains(&whittle_llvm_ir::version::build_hint(newest)),
                "{err}"
            );
            if newest == other.major {
                if let Some(var) = &other.named_by {
                    assert!(err.contains(var.as_str()), "{var} not in {err}");
                }
            }
        } else {
            assert!(err.contains("reads it either"), "{err}");
        }
        assert!(!s.path("out.ll").exists());
    }
}

/// A reproducer as clang writes it, compiling `source` (beside it).
fn clang_reproducer(s: &Scratch, source: &str, text: &str) {
    s.write(source, text);
    let clang = concat!(env!("WHITTLE_LLVM_PREFIX"), "/bin/clang");
    s.write(
        "repro.sh",
        &format!(
            "# Crash reproducer for clang\n# Driver args: \"-c\" \"{source}\"\n \"{clang}\" \"-cc1\" \"-triple\" \"x86_64-pc-linux-gnu\" \"-O2\" \"-emit-obj\" \"-x\" \"c\" \"{source}\"\n"
        ),
    );
}

#[test]
fn clang_crash_refuses_a_script_without_cc1() {
    let s = Scratch::new();
    s.write("repro.sh", "#!/bin/sh\nclang -c x.c\n");
    let out = s.run(&["clang-crash", "repro.sh"]);
    assert_one_line_error(&out, "'repro.sh' has no -cc1 command");
}

#[test]
fn clang_crash_needs_the_source() {
    let s = Scratch::new();
    clang_reproducer(&s, "gone.c", "int x;\n");
    fs::remove_file(s.path("gone.c")).unwrap();
    let out = s.run(&["clang-crash", "repro.sh"]);
    assert_one_line_error(&out, "gone.c' is missing");
    let out = s.run(&["clang-crash", "repro.sh", "elsewhere.c"]);
    assert_one_line_error(&out, "elsewhere.c' is missing");
}

#[test]
fn clang_crash_says_when_the_reproducer_no_longer_crashes() {
    let s = Scratch::new();
    let text = "int f(int x) { return x + 1; }\n";
    clang_reproducer(&s, "fine.c", text);
    let script = fs::read_to_string(s.path("repro.sh")).unwrap();
    let out = s.run(&["clang-crash", "repro.sh"]);
    assert_one_line_error(
        &out,
        "the reproducer does not crash clang any more (exit status 0)",
    );
    // The report is left alone, and nothing is written.
    assert_eq!(fs::read_to_string(s.path("fine.c")).unwrap(), text);
    assert_eq!(fs::read_to_string(s.path("repro.sh")).unwrap(), script);
    assert!(!s.path("repro-reduced.c").exists() && !s.path("repro-test.c").exists());
}

#[test]
fn clang_crash_in_the_front_end_needs_cvise() {
    let s = Scratch::new();
    let text = "int f(int x) { return x + 1; }\n#pragma clang __debug llvm_fatal_error\n";
    clang_reproducer(&s, "fe.c", text);
    // clang is named by its path in the script; C-Vise is looked for on PATH.
    let out = Command::new(WHITTLE)
        .args(["clang-crash", "-q", "repro.sh"])
        .current_dir(s.path(""))
        .env("PATH", "/nonexistent")
        .output()
        .unwrap();
    assert_one_line_error(&out, "cvise is not installed");
    assert_eq!(fs::read_to_string(s.path("fe.c")).unwrap(), text);
    assert!(!s.path("repro-reduced.c").exists());
}

#[test]
fn short_help_fits_a_screen_and_long_help_has_every_flag() {
    let short = Command::new(WHITTLE).arg("-h").output().unwrap();
    let short = String::from_utf8_lossy(&short.stdout).into_owned();
    assert!(short.lines().count() <= 55, "{short}");
    for flag in [
        "--test <TEST>",
        "--crash-cmd",
        "--lit",
        "--emit-lit",
        "--mr",
        "-j <N>",
    ] {
        assert!(short.contains(flag), "{flag} missing from -h: {short}");
    }
    assert!(!short.contains("--recheck-every"), "{short}");
    let long = Command::new(WHITTLE).arg("--help").output().unwrap();
    let long = String::from_utf8_lossy(&long.stdout).into_owned();
    assert!(
        long.contains("--recheck-every") && long.contains("re-check"),
        "{long}"
    );
}

#[test]
fn man_pages_and_completions_are_generated_and_current() {
    let s = Scratch::new();
    let out = Command::new(WHITTLE)
        .args(["__generate-docs", s.path("gen").to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let committed = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    for file in [
        "man/whittle.1",
        "man/whittle-bisect.1",
        "man/whittle-clang-crash.1",
        "completions/whittle.bash",
        "completions/_whittle",
        "completions/whittle.fish",
    ] {
        let made = fs::read_to_string(s.path("gen").join(file)).unwrap();
        let kept = fs::read_to_string(committed.join(file)).unwrap_or_default();
        assert!(
            made == kept,
            "docs/{file} is not what the flags make now: run `cargo xtask docs`"
        );
    }
    // The bash completion loads and completes whittle's flags.
    let bash = Command::new("bash")
        .arg("-c")
        .arg(format!(
            "source {} && complete -p whittle",
            committed.join("completions/whittle.bash").display()
        ))
        .output()
        .unwrap();
    assert!(bash.status.success(), "{}", stderr(&bash));
    assert!(String::from_utf8_lossy(&bash.stdout).contains("whittle"));
}
