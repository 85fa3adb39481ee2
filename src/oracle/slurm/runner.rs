//! The node's side (`whittle __run-test`, what each srun starts): read the
//! request from stdin, say which step this is, write the candidate to
//! node-local scratch (a fresh directory under `$TMPDIR`), judge it with
//! the local executor exactly as whittle would on its own machine (with a
//! control, as [`Unless`]), and print the trailer. Nothing but those two
//! lines goes to stdout; the test's own output, and the files of its
//! scratch directory the request asked for, travel inside the trailer.

use std::io::{self, BufReader, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{Context as _, Result};
use nix::errno::Errno;
use nix::sys::signal::kill;
use nix::unistd::Pid;
use whittle_reducer::{interrupt, Cancel};

use super::wire::{self, Answer, Header};
use crate::oracle::env::{Executor, TestEnv};
use crate::oracle::unless::Unless;
use crate::oracle::Portable;

/// Run one request from stdin. Exit status 0 once a trailer is printed; 3
/// when no answer could be made (whittle sees no trailer: an
/// infrastructure failure).
pub fn main() -> ExitCode {
    // scancel's SIGTERM stops the test's process group, as Ctrl-C does
    // locally.
    interrupt::install();
    let (header, candidate) = match wire::decode_request(BufReader::new(io::stdin().lock())) {
        Ok(request) => request,
        Err(e) => {
            eprintln!("whittle __run-test: {e:#}");
            return ExitCode::from(3);
        }
    };
    let step = format!(
        "{}.{}",
        std::env::var("SLURM_JOB_ID").unwrap_or_else(|_| "?".into()),
        std::env::var("SLURM_STEP_ID").unwrap_or_else(|_| "?".into())
    );
    let node = std::env::var("SLURMD_NODENAME").unwrap_or_else(|_| host_name());
    let mut stdout = io::stdout().lock();
    if writeln!(stdout, "{}", wire::step_line(&header.nonce, &step, &node))
        .and_then(|()| stdout.flush())
        .is_err()
    {
        return ExitCode::from(3);
    }
    let nonce = header.nonce.clone();
    let answer = match judge(header, &candidate) {
        Ok(answer) => answer,
        Err(e) => {
            eprintln!("whittle __run-test: {e:#}");
            return ExitCode::from(3);
        }
    };
    if writeln!(stdout, "{}", wire::trailer_line(&nonce, &answer))
        .and_then(|()| stdout.flush())
        .is_err()
    {
        return ExitCode::from(3);
    }
    ExitCode::SUCCESS
}

/// Judge the candidate locally. `Err` when the node cannot even set up
/// (scratch space): no answer, so whittle retries elsewhere; an oracle
/// that cannot run its test answers with that error.
fn judge(header: Header, candidate: &[u8]) -> Result<Answer> {
    if header.launch_dir.is_dir() {
        let _ = std::env::set_current_dir(&header.launch_dir);
    }
    let mut spec = header.env;
    spec.executor = Executor::Local;
    spec.save_temps = false;
    let host = host_name();
    remove_dead_runners_scratch(&std::env::temp_dir(), &host);
    let prefix = format!("{SCRATCH_PREFIX}{host}-{}-", std::process::id());
    let env = Arc::new(TestEnv::with_prefix(spec, &prefix)?);
    let scratch = env.private_dir("worker")?;
    let path = scratch.join(&header.candidate_name);
    std::fs::write(&path, candidate)
        .with_context(|| format!("cannot write '{}'", path.display()))?;
    let built = |portable: Portable| portable.build(env.clone()).map(|b| b.as_dyn());
    let oracle = match (built(header.oracle), header.control.map(built).transpose()) {
        (Ok(first), Ok(None)) => first,
        (Ok(first), Ok(Some(second))) => Arc::new(Unless { first, second }),
        (Err(e), _) | (_, Err(e)) => return Ok(Answer::Error(format!("{e:#}"))),
    };
    let outcome = match oracle.judge(&path, &scratch, &Cancel::new()) {
        Ok(outcome) => outcome,
        Err(e) => return Ok(Answer::Error(format!("{e:#}"))),
    };
    let mut wire: wire::WireOutcome = (&outcome).into();
    if let Some(fetch) = &header.fetch {
        wire.files = match wire::collect_files(&scratch, &path, fetch) {
            Ok(files) => files,
            Err(e) => return Ok(Answer::Error(format!("{e:#}"))),
        };
    }
    Ok(Answer::Outcome(Box::new(wire)))
}

/// What a runner's node-local scratch is called: this prefix, the host,
/// the runner's pid and a random suffix.
const SCRATCH_PREFIX: &str = "whittle-runner-";

fn host_name() -> String {
    nix::unistd::gethostname()
        .ok()
        .and_then(|h| h.into_string().ok())
        .unwrap_or_else(|| "?".into())
}

/// Remove the scratch directories (in `tmp`) of this host's runners that
/// are no longer running. A runner killed outright (SIGKILL, when its step
/// outlives Slurm's KillWait) cannot remove its own, candidate and all;
/// the next runner on the node does. Only this host's names are looked at
/// (a `$TMPDIR` shared between nodes holds other hosts' live runners), and
/// only where no process has the pid (another user's live process answers
/// EPERM, not ESRCH; a reused pid keeps the directory until it ends).
fn remove_dead_runners_scratch(tmp: &Path, host: &str) {
    let Ok(entries) = std::fs::read_dir(tmp) else {
        return;
    };
    let ours = format!("{SCRATCH_PREFIX}{host}");
    for entry in entries.flatten() {
        let name = entry.file_name();
        // Read from the right: a host name may hold '-', the random suffix
        // does not.
        let Some(pid) = name
            .to_str()
            .map(|n| n.rsplitn(3, '-').collect::<Vec<_>>())
            .filter(|parts| parts.len() == 3 && parts[2] == ours)
            .and_then(|parts| parts[1].parse::<i32>().ok())
        else {
            continue;
        };
        if pid > 0 && kill(Pid::from_raw(pid), None) == Err(Errno::ESRCH) {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dead_runners_scratch_on_this_host_is_removed_and_nothing_else() {
        let tmp = tempfile::tempdir().unwrap();
        // A pid no process has: a child that has ended and been waited for.
        let mut child = std::process::Command::new("true").spawn().unwrap();
        child.wait().unwrap();
        let dead = child.id();
        let alive = std::process::id();
        let dirs = [
            (format!("{SCRATCH_PREFIX}node1-{dead}-abc"), false),
            (format!("{SCRATCH_PREFIX}node1-{alive}-abc"), true),
            (format!("{SCRATCH_PREFIX}node2-{dead}-abc"), true),
            (format!("{SCRATCH_PREFIX}node1-x-abc"), true),
            (format!("{SCRATCH_PREFIX}node1-01-{dead}-abc"), true),
            (format!("whittle-{dead}-abc"), true),
        ];
        for (name, _) in &dirs {
            std::fs::create_dir(tmp.path().join(name)).unwrap();
            std::fs::write(tmp.path().join(name).join("candidate.ll"), "x").unwrap();
        }
        remove_dead_runners_scratch(tmp.path(), "node1");
        for (name, stays) in &dirs {
            assert_eq!(tmp.path().join(name).is_dir(), *stays, "{name}");
        }
    }
}
