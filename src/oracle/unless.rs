//! Two oracles as one: a candidate is interesting when the first oracle
//! calls it interesting and the second, run only then, does not. A
//! bisection reduces the culprit's input this way: the failure must show
//! with the smallest pipeline and must not show with the culprit skipped,
//! so that the result still pins that pass. With `--executor=slurm` the
//! runner builds it on the node, from the oracle and the control its
//! request carries, so that both judge the candidate where it is.

use std::path::Path;
use std::sync::Arc;

use anyhow::Result;
use whittle_reducer::{Cancel, Oracle, Outcome, Verdict};

pub struct Unless {
    pub first: Arc<dyn Oracle>,
    pub second: Arc<dyn Oracle>,
}

impl Oracle for Unless {
    fn judge(&self, candidate: &Path, scratch: &Path, cancel: &Cancel) -> Result<Outcome> {
        let first = self.first.judge(candidate, scratch, cancel)?;
        if first.verdict != Verdict::Interesting {
            return Ok(first);
        }
        let second = self.second.judge(candidate, scratch, cancel)?;
        // A second test that could not decide (stopped, timed out, or
        // unresolved itself) decides nothing: the candidate is not kept.
        let verdict = if second.cancelled || second.timed_out {
            Verdict::Unresolved
        } else {
            match second.verdict {
                Verdict::NotInteresting => Verdict::Interesting,
                Verdict::Interesting => Verdict::NotInteresting,
                Verdict::Unresolved => Verdict::Unresolved,
            }
        };
        Ok(Outcome {
            verdict,
            status: match verdict {
                Verdict::Interesting => first.status,
                _ => format!("{} (and with the control: {})", first.status, second.status),
            },
            cancelled: second.cancelled,
            elapsed: first.elapsed + second.elapsed,
            ..first
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;
    use whittle_reducer::Captured;

    struct Fixed(Verdict, bool);

    impl Oracle for Fixed {
        fn judge(&self, _: &Path, _: &Path, _: &Cancel) -> Result<Outcome> {
            Ok(Outcome {
                verdict: self.0,
                status: format!("{:?}", self.0),
                stdout: Captured::default(),
                stderr: Captured::default(),
                timed_out: self.1,
                cancelled: false,
                elapsed: Duration::from_millis(1),
            })
        }
    }

    fn judge(first: Verdict, second: Verdict, timed_out: bool) -> Verdict {
        let o = Unless {
            first: Arc::new(Fixed(first, false)),
            second: Arc::new(Fixed(second, timed_out)),
        };
        o.judge(Path::new("c"), Path::new("."), &Cancel::new())
            .unwrap()
            .verdict
    }

    #[test]
    fn interesting_only_when_the_first_says_so_and_the_second_does_not() {
        use Verdict::*;
        assert_eq!(judge(Interesting, NotInteresting, false), Interesting);
        assert_eq!(judge(Interesting, Interesting, false), NotInteresting);
        assert_eq!(judge(Interesting, Unresolved, false), Unresolved);
        assert_eq!(judge(Interesting, NotInteresting, true), Unresolved);
        assert_eq!(judge(NotInteresting, NotInteresting, false), NotInteresting);
        assert_eq!(judge(Unresolved, NotInteresting, false), Unresolved);
    }
}
