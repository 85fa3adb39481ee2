//! The node's side (`whittle __run-test`, what each srun starts): read the
//! request from stdin, say which step this is, write the candidate to
//! node-local scratch (a fresh directory under `$TMPDIR`), judge it with
//! the local executor exactly as whittle would on its own machine, and
//! print the trailer. Nothing but those two lines goes to stdout; the
//! test's own output travels inside the trailer.

use std::io::{self, BufReader, Write};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{Context as _, Result};
use whittle_reducer::{interrupt, Cancel};

use super::wire::{self, Answer, Header};
use crate::oracle::env::{Executor, TestEnv};

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
    let node = std::env::var("SLURMD_NODENAME")
        .ok()
        .or_else(|| nix::unistd::gethostname().ok()?.into_string().ok())
        .unwrap_or_else(|| "?".into());
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
    let env = Arc::new(TestEnv::new(spec)?);
    let scratch = env.private_dir("worker")?;
    let path = scratch.join(&header.candidate_name);
    std::fs::write(&path, candidate)
        .with_context(|| format!("cannot write '{}'", path.display()))?;
    let oracle = match header.oracle.build(env.clone()) {
        Ok(built) => built.as_dyn(),
        Err(e) => return Ok(Answer::Error(format!("{e:#}"))),
    };
    Ok(match oracle.judge(&path, &scratch, &Cancel::new()) {
        Ok(outcome) => Answer::Outcome(Box::new((&outcome).into())),
        Err(e) => Answer::Error(format!("{e:#}")),
    })
}
