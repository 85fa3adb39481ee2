//! What one `srun` of the runner came to: a verdict only when the runner's
//! trailer for this very test came back and srun ended cleanly; anything
//! else Slurm did (an `srun: error:`, a step cancelled or preempted, a lost
//! node, a hung srun stopped at whittle's deadline, a missing, garbled or
//! foreign trailer) is an infrastructure failure, which is retried and
//! never taken for "not interesting".

use std::sync::LazyLock;

use regex::Regex;
use whittle_reducer::Outcome;

use super::wire::{self, Answer, Trailer, WireFile};
use crate::oracle::process::Ended;

/// How one srun ended, as the executor saw it.
#[derive(Clone, Debug)]
pub struct Attempt {
    pub ended: Ended,
    pub stdout: String,
    pub stderr: String,
    /// whittle's own deadline (`--timeout` plus the grace period) passed
    /// and the step was cancelled.
    pub deadline_passed: bool,
    /// Stopped because the result was no longer needed (or Ctrl-C).
    pub cancelled: bool,
    /// Where Slurm said the job or step ran, asked when it hung (its own
    /// answer may be stuck on the node).
    pub node: Option<String>,
}

/// What an attempt means.
#[derive(Clone, Debug)]
pub enum Classified {
    /// The outcome, and the files of the test's scratch directory it
    /// brought back.
    Verdict(Box<Outcome>, Vec<WireFile>),
    /// The runner could not run the test on the node (say, the program is
    /// missing): an error, as it would be locally.
    Error(String),
    /// Slurm, the node or the runner failed: retry. `node` is where, when
    /// known (to exclude it).
    Infrastructure {
        reason: String,
        node: Option<String>,
    },
    Cancelled,
}

/// Lines of srun's stderr that say Slurm itself failed or stopped the step:
/// srun's errors, and slurmstepd's cancellation, preemption, node-failure
/// and time-limit notices. (The test's own output never reaches srun's
/// stderr: the runner captures it.)
static SLURM_TROUBLE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^srun: error:|^srun: Job step aborted|\*\*\* (STEP|JOB) .* (CANCELLED|PREEMPTED|DUE TO TIME LIMIT|DUE TO NODE FAILURE)|NODE_FAIL|slurmstepd: error: \*\*\*",
    )
    .expect("a valid pattern")
});

/// Where srun or slurmstepd says a failure happened (`... on node N`,
/// `... on host N`, `*** STEP 12.3 ON N CANCELLED ...`).
static FAILED_NODE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b(?:on (?:node|host)|[Nn]ode failure on) ([A-Za-z0-9_.-]+)|\*\*\* (?:STEP|JOB) \S+ ON ([A-Za-z0-9_.-]+)")
        .expect("a valid pattern")
});

/// Classify `attempt`, the srun of the test tagged `nonce`.
pub fn classify(attempt: &Attempt, nonce: &str) -> Classified {
    if attempt.cancelled {
        return Classified::Cancelled;
    }
    let (step, trailer) = wire::parse_stdout(&attempt.stdout, nonce);
    let trouble = attempt
        .stderr
        .lines()
        .map(str::trim)
        .find(|l| SLURM_TROUBLE.is_match(l));
    let node = step
        .as_ref()
        .map(|s| s.node.clone())
        .or_else(|| {
            attempt.stderr.lines().find_map(|l| {
                let c = FAILED_NODE.captures(l)?;
                Some(c.get(1).or(c.get(2))?.as_str().to_string())
            })
        })
        .or_else(|| attempt.node.clone())
        // A number is a task or step, not a node (`task 0`): excluding it
        // would make every retry's srun invalid.
        .filter(|n| !n.is_empty() && !n.chars().all(|c| c.is_ascii_digit()));
    let infrastructure = |reason: String| Classified::Infrastructure {
        reason,
        node: node.clone(),
    };
    let last_stderr = || {
        attempt
            .stderr
            .lines()
            .rev()
            .map(str::trim)
            // Not srun's pointer to its help: the line before says what
            // was wrong.
            .find(|l| !l.is_empty() && !l.starts_with("Try \"srun --help\""))
            .map(|l| format!("; srun's stderr ends: {l}"))
            .unwrap_or_default()
    };
    if attempt.deadline_passed {
        return infrastructure(format!(
            "srun did not finish within --timeout plus the grace period (a hung step{}), so it was cancelled",
            step.as_ref()
                .map(|s| format!(" {} on {}", s.id, s.node))
                .unwrap_or_default()
        ));
    }
    if let Some(line) = trouble {
        return infrastructure(format!("Slurm reported: {line}"));
    }
    match trailer {
        Trailer::Missing => infrastructure(format!(
            "the runner's answer never came back (srun ended with {}{})",
            attempt.ended.describe(),
            last_stderr()
        )),
        Trailer::WrongNonce(other) => infrastructure(format!(
            "an answer for another test came back (nonce {other})"
        )),
        Trailer::Malformed(why) => {
            infrastructure(format!("the runner's answer is garbled ({why})"))
        }
        Trailer::Found(_) if attempt.ended != Ended::Exited(0) => infrastructure(format!(
            "srun ended with {} after the runner answered{}",
            attempt.ended.describe(),
            last_stderr()
        )),
        Trailer::Found(Answer::Error(message)) => Classified::Error(match step {
            Some(s) => format!("on node {}: {message}", s.node),
            None => message,
        }),
        // The runner was stopped on the node (a signal from Slurm) without
        // whittle asking: its "cancelled" means nothing about the candidate.
        Trailer::Found(Answer::Outcome(wire)) if wire.cancelled => {
            infrastructure("the test was stopped on the node (by Slurm?)".into())
        }
        Trailer::Found(Answer::Outcome(mut wire)) => {
            let files = std::mem::take(&mut wire.files);
            match wire.outcome() {
                Ok(outcome) => Classified::Verdict(Box::new(outcome), files),
                Err(e) => infrastructure(format!("the runner's answer is garbled ({e})")),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::slurm::wire::{step_line, trailer_line, WireCaptured, WireOutcome};
    use whittle_reducer::Verdict;

    fn answer(verdict: &str) -> String {
        trailer_line(
            "n1",
            &Answer::Outcome(Box::new(WireOutcome {
                verdict: verdict.into(),
                status: "exit status 1".into(),
                timed_out: false,
                cancelled: false,
                elapsed_s: 0.25,
                stdout: WireCaptured::default(),
                stderr: WireCaptured::default(),
                files: Vec::new(),
            })),
        )
    }

    fn attempt(ended: Ended, stdout: &str, stderr: &str) -> Attempt {
        Attempt {
            ended,
            stdout: stdout.into(),
            stderr: stderr.into(),
            deadline_passed: false,
            cancelled: false,
            node: None,
        }
    }

    fn ok_stdout(verdict: &str) -> String {
        format!("{}\n{}\n", step_line("n1", "7.2", "node3"), answer(verdict))
    }

    fn is_infrastructure(c: &Classified) -> bool {
        matches!(c, Classified::Infrastructure { .. })
    }

    #[test]
    fn a_clean_answer_is_a_verdict() {
        for (text, verdict) in [
            ("interesting", Verdict::Interesting),
            ("not-interesting", Verdict::NotInteresting),
            ("unresolved", Verdict::Unresolved),
        ] {
            let c = classify(&attempt(Ended::Exited(0), &ok_stdout(text), ""), "n1");
            let Classified::Verdict(o, _) = c else {
                panic!("{c:?}")
            };
            assert_eq!(o.verdict, verdict);
        }
    }

    #[test]
    fn no_trailer_is_never_not_interesting() {
        for ended in [Ended::Exited(0), Ended::Exited(1), Ended::Signaled(9)] {
            let c = classify(&attempt(ended, &step_line("n1", "7.2", "node3"), ""), "n1");
            let Classified::Infrastructure { reason, node } = c else {
                panic!("{c:?}")
            };
            assert!(reason.contains("never came back"), "{reason}");
            assert_eq!(node.as_deref(), Some("node3"));
        }
    }

    #[test]
    fn an_srun_that_rejects_its_arguments_says_which() {
        let c = classify(
            &attempt(
                Ended::Exited(255),
                "",
                "srun: unrecognized option '--bogus'\nTry \"srun --help\" for more information\n",
            ),
            "n1",
        );
        let Classified::Infrastructure { reason, .. } = c else {
            panic!("{c:?}")
        };
        assert!(
            reason.ends_with("srun's stderr ends: srun: unrecognized option '--bogus')"),
            "{reason}"
        );
    }

    #[test]
    fn a_foreign_or_garbled_trailer_is_infrastructure() {
        let foreign = ok_stdout("interesting").replace("n1", "n2");
        assert!(is_infrastructure(&classify(
            &attempt(Ended::Exited(0), &foreign, ""),
            "n1"
        )));
        let cut = ok_stdout("interesting");
        let cut = &cut[..cut.len() - 20];
        assert!(is_infrastructure(&classify(
            &attempt(Ended::Exited(0), cut, ""),
            "n1"
        )));
    }

    #[test]
    fn slurm_errors_win_over_an_answer() {
        for stderr in [
            "srun: error: Task launch for StepId=5.0 failed on node localhost: Communication connection failure\nsrun: error: Application launch failed: Communication connection failure",
            "slurmstepd: error: *** STEP 12.3 ON node3 CANCELLED AT 2026-12-03T02:44:46 ***",
            "slurmstepd: error: *** JOB 12 ON node3 CANCELLED AT 2026-12-03T02:44:46 DUE TO PREEMPTION ***",
            "srun: Job step aborted: Waiting up to 4 seconds for job step to finish.",
            "srun: error: node3: task 0: Killed",
        ] {
            let c = classify(
                &attempt(Ended::Exited(0), &ok_stdout("not-interesting"), stderr),
                "n1",
            );
            assert!(is_infrastructure(&c), "{stderr}: {c:?}");
        }
        // Where it failed, from srun's message, when the runner never spoke.
        let c = classify(
            &attempt(
                Ended::Exited(1),
                "",
                "srun: error: Task launch for StepId=5.0 failed on node n9: Communication connection failure",
            ),
            "n1",
        );
        let Classified::Infrastructure { node, .. } = c else {
            panic!("{c:?}")
        };
        assert_eq!(node.as_deref(), Some("n9"));
        // From any line that names it, slurmstepd's notices included.
        for (stderr, at) in [
            ("srun: Job step aborted\nsrun: error: Task launch for StepId=5.0 failed on node n4: x", "n4"),
            ("slurmstepd: error: *** STEP 12.3 ON n5 CANCELLED AT 2026-12-03T02:44:46 ***", "n5"),
            ("srun: error: Node failure on n6\nsrun: error: Node failure on n6", "n6"),
        ] {
            let c = classify(&attempt(Ended::Exited(1), "", stderr), "n1");
            let Classified::Infrastructure { node, .. } = c else {
                panic!("{c:?}")
            };
            assert_eq!(node.as_deref(), Some(at), "{stderr}");
        }
    }

    #[test]
    fn srun_failing_after_the_answer_is_infrastructure() {
        let c = classify(
            &attempt(Ended::Exited(1), &ok_stdout("interesting"), ""),
            "n1",
        );
        assert!(is_infrastructure(&c), "{c:?}");
        let c = classify(
            &attempt(Ended::Signaled(9), &ok_stdout("interesting"), ""),
            "n1",
        );
        assert!(is_infrastructure(&c), "{c:?}");
    }

    #[test]
    fn a_hung_srun_past_the_deadline_is_infrastructure() {
        let mut a = attempt(Ended::Signaled(9), &step_line("n1", "7.2", "node3"), "");
        a.deadline_passed = true;
        let Classified::Infrastructure { reason, .. } = classify(&a, "n1") else {
            panic!()
        };
        assert!(reason.contains("7.2 on node3"), "{reason}");
        // A step that never said where it ran: where Slurm said it did.
        let mut a = attempt(Ended::Signaled(9), "", "");
        a.deadline_passed = true;
        a.node = Some("node4".into());
        let Classified::Infrastructure { node, .. } = classify(&a, "n1") else {
            panic!()
        };
        assert_eq!(node.as_deref(), Some("node4"));
    }

    #[test]
    fn a_cancelled_attempt_is_neither_verdict_nor_failure() {
        let mut a = attempt(Ended::Signaled(9), "", "srun: error: whatever");
        a.cancelled = true;
        assert!(matches!(classify(&a, "n1"), Classified::Cancelled));
    }

    #[test]
    fn the_runners_error_is_an_error_not_a_retry() {
        let stdout = format!(
            "{}\n{}\n",
            step_line("n1", "7.2", "node3"),
            trailer_line(
                "n1",
                &Answer::Error("cannot run interestingness test 'x'".into())
            )
        );
        let c = classify(&attempt(Ended::Exited(0), &stdout, ""), "n1");
        let Classified::Error(message) = c else {
            panic!("{c:?}")
        };
        assert_eq!(
            message,
            "on node node3: cannot run interestingness test 'x'"
        );
    }

    #[test]
    fn the_tests_own_words_cannot_fake_a_failure() {
        // The runner keeps the test's output inside the trailer; text that
        // looks like Slurm's there is just data.
        let stdout = ok_stdout("not-interesting")
            .replace("\"head\":\"\"", "\"head\":\"srun: error: fake\\n\"");
        let c = classify(&attempt(Ended::Exited(0), &stdout, ""), "n1");
        assert!(matches!(c, Classified::Verdict(..)), "{c:?}");
    }
}
