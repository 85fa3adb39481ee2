//! Launching one runner with `srun` and stopping it: the command line
//! (a job step inside an allocation, a job of its own outside one), the
//! request on srun's stdin, the step line read as it comes (so that a hung
//! or cancelled step can be `scancel`led by its id), whittle's deadline,
//! and cancellation.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;
use whittle_reducer::{interrupt, Cancel, Stopper};

use super::classify::Attempt;
use super::wire;
use crate::oracle::process::{self, Ended};

/// The allocation whittle runs in (`salloc`, `sbatch`), if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Allocation {
    pub job_id: String,
    /// Tasks it can run at once: `SLURM_NTASKS`, or what `scontrol show
    /// job` says.
    pub tasks: usize,
}

impl Allocation {
    /// The allocation of this process's environment.
    pub fn current() -> Option<Allocation> {
        let job_id = std::env::var("SLURM_JOB_ID")
            .ok()
            .filter(|j| !j.is_empty())?;
        let tasks = std::env::var("SLURM_NTASKS")
            .ok()
            .and_then(|n| n.parse().ok())
            .or_else(|| scontrol_tasks(&job_id))
            .unwrap_or(1);
        Some(Allocation {
            job_id,
            tasks: tasks.max(1),
        })
    }
}

/// `NumTasks=` (else `NumCPUs=`) of `scontrol show job JOB`.
fn scontrol_tasks(job: &str) -> Option<usize> {
    let out = Command::new("scontrol")
        .args(["show", "job", job])
        .stdin(Stdio::null())
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    field(&text, "NumTasks").or_else(|| field(&text, "NumCPUs"))
}

fn field(text: &str, name: &str) -> Option<usize> {
    text.split_whitespace()
        .find_map(|w| w.strip_prefix(name)?.strip_prefix('='))
        .and_then(|v| v.parse().ok())
}

/// Whether the user's `--executor-arg`s set the CPUs per task.
fn sets_cpus(args: &[String]) -> bool {
    args.iter().any(|a| {
        a == "-c"
            || a == "--cpus-per-task"
            || a.starts_with("--cpus-per-task=")
            || (a.starts_with("-c") && a[2..].chars().all(|c| c.is_ascii_digit()) && a.len() > 2)
    })
}

/// srun's arguments for one runner: inside an allocation a step of
/// exactly one task on one CPU unless `user_args` say otherwise (`--exact`:
/// it takes only what it asks for, so steps share the allocation); outside
/// one, a job of its own with `user_args` (`--partition`, `--account`,
/// `--time`, ...). `name` tags it for `scancel --name`.
pub fn arguments(
    allocation: Option<&Allocation>,
    user_args: &[String],
    name: &str,
    exclude: &[String],
    runner: &Path,
) -> Vec<String> {
    let mut args: Vec<String> = Vec::new();
    if allocation.is_some() {
        args.push("--exact".into());
    }
    args.extend(["-n1".into(), "-N1".into()]);
    if allocation.is_some() && !sets_cpus(user_args) {
        args.push("-c1".into());
    }
    args.push(format!("--job-name={name}"));
    if !exclude.is_empty() {
        args.push(format!("--exclude={}", exclude.join(",")));
    }
    args.extend(user_args.iter().cloned());
    args.push(runner.display().to_string());
    args.push(super::RUNNER_MODE.into());
    args
}

/// Ask Slurm, before any test, whether it would run the tests' jobs as
/// `user_args` describe them (`srun --test-only`: nothing runs): srun
/// rejecting an argument, a partition that does not exist, no controller
/// answering are one clear error here rather than every test failing.
pub fn preflight(user_args: &[String]) -> anyhow::Result<()> {
    let mut args: Vec<String> = vec!["--test-only".into(), "-n1".into(), "-N1".into()];
    args.extend(user_args.iter().cloned());
    args.push("true".into());
    let out = Command::new("srun")
        .args(&args)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| anyhow::anyhow!("cannot run srun: {e} (is Slurm's client installed?)"))?;
    if out.status.success() {
        return Ok(());
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    anyhow::bail!("{}", refusal(&stderr, user_args))
}

/// What srun's refusal of the test-only run means, in one line.
fn refusal(stderr: &str, user_args: &[String]) -> String {
    let lines: Vec<&str> = stderr
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("Try \"srun --help\""))
        .collect();
    let said = lines.join("; ");
    if said.contains("Unable to contact slurm controller")
        || said.contains("Could not establish a configuration source")
        || said.contains("Unable to process configuration file")
    {
        return format!(
            "no Slurm cluster answers (srun: {}); is SLURM_CONF right?",
            lines.last().copied().unwrap_or("no answer")
        );
    }
    let given = if user_args.is_empty() {
        String::new()
    } else {
        format!(" with --executor-arg {}", user_args.join(" "))
    };
    format!(
        "Slurm refuses to run the tests' jobs{given}: {}",
        if said.is_empty() {
            "srun --test-only failed"
        } else {
            &said
        }
    )
}

/// How long srun gets to end by itself once its step is cancelled, before
/// it is killed.
const AFTER_CANCEL: Duration = Duration::from_secs(5);

/// Most of the runner's stdout kept (a trailer carries at most two
/// bounded captures).
const STDOUT_LIMIT: usize = 4 * 1024 * 1024;

/// Run `srun args...` with `request` on its stdin until it ends, `deadline`
/// passes or `cancel` is cancelled; stop it then (scancel of its step,
/// else of its job by name, then srun itself).
pub fn run(
    args: &[String],
    request: Vec<u8>,
    nonce: &str,
    name: &str,
    in_allocation: bool,
    deadline: Option<Duration>,
    cancel: &Cancel,
) -> io::Result<Attempt> {
    let started = Instant::now();
    let mut cmd = Command::new("srun");
    cmd.args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    // The runner's stopper is this loop's polling (it scancels first and
    // kills srun only if that does not end it): registering a no-op keeps
    // a cancelled token from starting it at all.
    let spawned = cancel.start(interrupt::requested, || {
        cmd.spawn().map(|child| (child, Box::new(|| {}) as Stopper))
    });
    let mut child = match spawned {
        None => {
            return Ok(Attempt {
                ended: Ended::Cancelled,
                stdout: String::new(),
                stderr: String::new(),
                deadline_passed: false,
                cancelled: true,
                node: None,
            })
        }
        Some(spawned) => spawned?,
    };
    let group = child.id() as i32;
    let mut stdin = child.stdin.take().expect("piped");
    // srun may not read its stdin before its step starts: write from a
    // thread (it ends with a broken pipe if srun dies first).
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(&request);
    });
    let step: Arc<Mutex<Option<wire::Step>>> = Arc::default();
    let stdout = {
        let (stream, step, nonce) = (child.stdout.take(), step.clone(), nonce.to_string());
        thread::spawn(move || read_stdout(stream, &step, &nonce))
    };
    let stderr = {
        let stream = child.stderr.take();
        thread::spawn(move || {
            stream
                .map(|s| process::read_stream(s, &[], process::HEAD_BYTES, process::TAIL_BYTES).0)
                .unwrap_or_default()
        })
    };

    let mut pause = Duration::from_micros(500);
    let mut node = None;
    let (status, deadline_passed, cancelled) = loop {
        if let Some(status) = child.try_wait()? {
            break (Some(status), false, false);
        }
        let cancelled = cancel.is_cancelled() || interrupt::requested();
        let late = deadline.is_some_and(|d| started.elapsed() >= d);
        if cancelled || late {
            let step = step.lock().unwrap().clone();
            if late && !cancelled && step.is_none() {
                node = where_running(name, in_allocation);
            }
            scancel(step.as_ref(), name, in_allocation);
            let _ = killpg(Pid::from_raw(group), Signal::SIGTERM);
            let stop_started = Instant::now();
            let status = loop {
                if let Some(status) = child.try_wait()? {
                    break Some(status);
                }
                if stop_started.elapsed() >= AFTER_CANCEL {
                    let _ = killpg(Pid::from_raw(group), Signal::SIGKILL);
                    break child.wait().ok();
                }
                thread::sleep(Duration::from_millis(20));
            };
            break (status, late && !cancelled, cancelled);
        }
        thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(20));
    };
    cancel.finished();
    // Whatever srun left in its group (its helper) goes too.
    let _ = killpg(Pid::from_raw(group), Signal::SIGKILL);
    let _ = writer.join();
    let stdout = stdout.join().unwrap_or_default();
    let stderr = stderr.join().unwrap_or_default().text();
    let ended = match status {
        Some(s) => match (s.code(), s.signal()) {
            (Some(code), _) => Ended::Exited(code),
            (None, Some(sig)) => Ended::Signaled(sig),
            _ => Ended::Exited(-1),
        },
        None => Ended::Exited(-1),
    };
    Ok(Attempt {
        ended,
        stdout,
        stderr,
        deadline_passed,
        cancelled,
        node,
    })
}

/// The node the job (outside an allocation) or step named `name` runs on,
/// as Slurm says.
fn where_running(name: &str, in_allocation: bool) -> Option<String> {
    let mut cmd = Command::new("squeue");
    cmd.args(["-h", "-o", "%N", &format!("--name={name}")]);
    if in_allocation {
        cmd.arg("-s");
    }
    let out = cmd
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .next()
        .filter(|n| !n.is_empty() && !n.starts_with('('))
        .map(str::to_string)
}

/// Read the runner's stdout, publishing its step line as soon as it
/// arrives.
fn read_stdout(stream: Option<impl Read>, step: &Mutex<Option<wire::Step>>, nonce: &str) -> String {
    let Some(stream) = stream else {
        return String::new();
    };
    let mut reader = BufReader::new(stream);
    let mut text = String::new();
    let mut line = Vec::new();
    loop {
        line.clear();
        match reader.read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let l = String::from_utf8_lossy(&line);
        if let Some(s) = wire::parse_step(&l, nonce) {
            *step.lock().unwrap() = Some(s);
        }
        if text.len() + l.len() <= STDOUT_LIMIT {
            text.push_str(&l);
        }
    }
    text
}

/// Cancel the step (its id, once the runner said it) or, outside an
/// allocation, the job by its unique name (which also reaches a job still
/// waiting in the queue). In the background: the loop that called this
/// goes on to stop srun.
fn scancel(step: Option<&wire::Step>, name: &str, in_allocation: bool) {
    let args: Vec<String> = match (step, in_allocation) {
        (Some(step), true) => vec![step.id.clone()],
        (_, false) => vec![format!("--name={name}")],
        // A step not started yet: stopping srun withdraws it.
        (None, true) => return,
    };
    thread::spawn(move || {
        let _ = Command::new("scancel")
            .args(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn inside_an_allocation_a_test_is_an_exact_one_cpu_step() {
        let alloc = Allocation {
            job_id: "7".into(),
            tasks: 4,
        };
        let args = arguments(
            Some(&alloc),
            &[],
            "whittle-x",
            &[],
            Path::new("/bin/whittle"),
        );
        assert_eq!(
            args,
            strings(&[
                "--exact",
                "-n1",
                "-N1",
                "-c1",
                "--job-name=whittle-x",
                "/bin/whittle",
                "__run-test"
            ])
        );
        let args = arguments(
            Some(&alloc),
            &strings(&["--cpus-per-task=4"]),
            "w",
            &strings(&["n1", "n2"]),
            Path::new("/w"),
        );
        assert!(!args.contains(&"-c1".to_string()), "{args:?}");
        assert!(args.contains(&"--exclude=n1,n2".to_string()), "{args:?}");
        assert!(sets_cpus(&strings(&["-c4"])) && sets_cpus(&strings(&["-c", "4"])));
        assert!(!sets_cpus(&strings(&["--constraint=x"])));
    }

    #[test]
    fn outside_one_the_users_arguments_go_through() {
        let args = arguments(
            None,
            &strings(&["--partition=debug", "--time=5"]),
            "whittle-x",
            &[],
            Path::new("/bin/whittle"),
        );
        assert_eq!(
            args,
            strings(&[
                "-n1",
                "-N1",
                "--job-name=whittle-x",
                "--partition=debug",
                "--time=5",
                "/bin/whittle",
                "__run-test"
            ])
        );
    }

    #[test]
    fn srun_refusals_are_one_line_saying_what_is_wrong() {
        assert_eq!(
            refusal(
                "srun: unrecognized option '--bogus'\nTry \"srun --help\" for more information\n",
                &strings(&["--bogus"])
            ),
            "Slurm refuses to run the tests' jobs with --executor-arg --bogus: srun: unrecognized option '--bogus'"
        );
        assert_eq!(
            refusal(
                "srun: error: invalid partition specified: nope\nallocation failure: Invalid partition name specified\n",
                &strings(&["--partition=nope"])
            ),
            "Slurm refuses to run the tests' jobs with --executor-arg --partition=nope: srun: error: invalid partition specified: nope; allocation failure: Invalid partition name specified"
        );
        assert_eq!(
            refusal(
                "allocation failure: Unable to contact slurm controller (connect failure)\n",
                &[]
            ),
            "no Slurm cluster answers (srun: allocation failure: Unable to contact slurm controller (connect failure)); is SLURM_CONF right?"
        );
    }

    #[test]
    fn scontrol_fields_are_read() {
        let text = "JobId=12 JobName=sh\n   NumNodes=1 NumCPUs=8 NumTasks=4 CPUs/Task=2\n";
        assert_eq!(field(text, "NumTasks"), Some(4));
        assert_eq!(field(text, "NumCPUs"), Some(8));
        assert_eq!(field(text, "Nope"), None);
    }
}
