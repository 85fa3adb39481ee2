//! The speculative ordered window: with `-j N`, N candidates of a proposal
//! stream are tested at once, but results are taken in proposal order, so
//! the first interesting candidate *in that order* wins, exactly as testing
//! them one by one would choose. Tests behind the winner are cancelled.
//! A test that finished behind an unfinished one keeps its result in the
//! window and frees its worker for the next proposal (up to
//! [`LOOKAHEAD`] times N proposals ahead), so a slow test at the front does
//! not leave the other workers idle.
//!
//! The later proposals of a stream assume that the earlier ones fail; when
//! the front is more likely to succeed (a level that keeps halving), a
//! spare worker tests the front's *follow-up* instead: the candidate the
//! search will test next if the front is accepted. It is never settled
//! here: when the front wins it goes on running, and its verdict reaches
//! the next round through the content cache (a candidate whose bytes are
//! under test waits for that test), so what is accepted stays exactly what
//! testing one by one accepts. Generic over what a test is
//! ([`Speculation`]), so that the ordering argument is tested on its own
//! (see the property test below).

use std::collections::VecDeque;
use std::sync::Arc;

use crate::oracle::Cancel;

/// What the window drives: starting tests, collecting them as they finish
/// (in any order), and settling them in proposal order.
pub trait Speculation {
    type Item: PartialEq;
    type Result;

    /// Whether `item` needs no test: it was judged before and rejected, so
    /// it cannot be the first interesting one.
    fn known(&mut self, item: &Self::Item) -> bool;

    /// Start testing `item`: its ticket and the token that cancels it.
    fn start(&mut self, item: &Self::Item) -> (u64, Arc<Cancel>);

    /// Start testing a follow-up ahead of its turn (its result comes back
    /// through [`Speculation::unsettled`]).
    fn start_ahead(&mut self, item: &Self::Item) -> (u64, Arc<Cancel>) {
        self.start(item)
    }

    /// The next test to finish, whichever it is; `None` when none finished
    /// for a while (the window then checks [`Speculation::stopped`]).
    fn next_finished(&mut self) -> Option<(u64, Self::Result)>;

    /// The result of the test at the front of the window, in proposal
    /// order. Returns whether the item is accepted (the search then stops).
    fn settle(&mut self, item: &Self::Item, result: Self::Result) -> bool;

    /// A test that lost: cancelled, with its result if it had finished.
    fn discard(&mut self, _result: Option<Self::Result>) {}

    /// A result the window does not settle: a test run ahead, or one
    /// cancelled in an earlier round that finished anyway.
    fn unsettled(&mut self, _ticket: u64, _result: Self::Result) {}

    /// Whether the run must stop (interrupted, a fatal error).
    fn stopped(&self) -> bool;
}

/// How many proposals per worker the window may hold (finished or not).
pub const LOOKAHEAD: usize = 4;

struct Slot<T, R> {
    ticket: u64,
    position: usize,
    item: T,
    /// What is tested next if this one is accepted.
    follow_up: Option<T>,
    cancel: Arc<Cancel>,
    result: Option<R>,
}

/// The test of the front's follow-up.
struct Ahead {
    /// Position of the proposal it follows.
    of: usize,
    ticket: u64,
    cancel: Arc<Cancel>,
    finished: bool,
}

/// Test `candidates` (in proposal order, each with its follow-up if it is
/// accepted) up to `size` at a time and return the first one
/// [`Speculation::settle`] accepts, with its position in the stream. Items
/// equal to one already in the window, or [`Speculation::known`], get no
/// test.
pub fn first_accepted<S: Speculation>(
    speculation: &mut S,
    size: usize,
    candidates: &mut dyn Iterator<Item = (S::Item, Option<S::Item>)>,
) -> Option<(usize, S::Item)> {
    let size = size.max(1);
    let mut window: VecDeque<Slot<S::Item, S::Result>> = VecDeque::new();
    let mut ahead: Option<Ahead> = None;
    // The proposal whose follow-up was started (at most once each).
    let mut ahead_of: Option<usize> = None;
    let mut position = 0usize;
    let mut exhausted = false;
    let mut winner = None;
    while winner.is_none() && !speculation.stopped() {
        // Settle the front while its result is in (before starting more:
        // with one worker, nothing starts before the front is settled).
        if window.front().is_some_and(|s| s.result.is_some()) {
            let front = window.pop_front().expect("the front exists");
            let result = front.result.expect("the front has its result");
            if speculation.settle(&front.item, result) {
                winner = Some((front.position, front.item));
            } else if let Some(a) = ahead.as_ref().filter(|a| a.of == front.position) {
                // Its premise is gone (its worker is busy until it stops).
                a.cancel.cancel();
            }
            continue;
        }
        // Start tests while a worker is free (a finished test behind the
        // front holds none).
        loop {
            let running = window.iter().filter(|s| s.result.is_none()).count()
                + usize::from(ahead.as_ref().is_some_and(|a| !a.finished));
            if running >= size {
                break;
            }
            // The front's follow-up, once: only a spare worker ever runs it
            // (the front itself runs first).
            if let Some(front) = window.front() {
                let worker_free = ahead.as_ref().is_none_or(|a| a.finished);
                if worker_free && ahead_of != Some(front.position) {
                    ahead_of = Some(front.position);
                    if let Some(next) = &front.follow_up {
                        if !speculation.known(next) && !window.iter().any(|s| &s.item == next) {
                            let (ticket, cancel) = speculation.start_ahead(next);
                            ahead = Some(Ahead {
                                of: front.position,
                                ticket,
                                cancel,
                                finished: false,
                            });
                            continue;
                        }
                    }
                }
            }
            if exhausted || window.len() >= size * LOOKAHEAD {
                break;
            }
            match candidates.next() {
                None => exhausted = true,
                Some((item, follow_up)) => {
                    // A configuration judged already, or one in the window
                    // ahead of it (two proposals of the same removal): it
                    // cannot be interesting, or the earlier one would win.
                    if speculation.known(&item) || window.iter().any(|s| s.item == item) {
                        position += 1;
                        continue;
                    }
                    let (ticket, cancel) = speculation.start(&item);
                    window.push_back(Slot {
                        ticket,
                        position,
                        item,
                        follow_up,
                        cancel,
                        result: None,
                    });
                    position += 1;
                }
            }
        }
        if window.is_empty() {
            break;
        }
        if let Some((ticket, result)) = speculation.next_finished() {
            if let Some(slot) = window.iter_mut().find(|s| s.ticket == ticket) {
                slot.result = Some(result);
            } else {
                // The follow-up, or a test cancelled in an earlier round.
                if let Some(a) = ahead.as_mut().filter(|a| a.ticket == ticket) {
                    a.finished = true;
                }
                speculation.unsettled(ticket, result);
            }
        }
    }
    // Speculative work that lost (or was interrupted) is stopped; the
    // winner's follow-up goes on, its verdict needed next.
    for slot in window {
        slot.cancel.cancel();
        speculation.discard(slot.result);
    }
    if let Some(a) = ahead {
        let needed = winner.as_ref().is_some_and(|(p, _)| *p == a.of);
        if !needed || speculation.stopped() {
            a.cancel.cancel();
        }
    }
    winner
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Tests whose verdicts are fixed in advance and that finish in an
    /// order chosen by `finish_order` (indices into the tests in flight).
    struct Fake {
        interesting: Vec<bool>,
        in_flight: Vec<(u64, usize)>,
        finish_order: Vec<usize>,
        next: usize,
        settled: Vec<usize>,
        rejected: Vec<usize>,
        started: usize,
        /// The most tests running at once.
        most_running: usize,
    }

    impl Speculation for Fake {
        type Item = usize;
        type Result = bool;

        fn known(&mut self, item: &usize) -> bool {
            self.rejected.contains(item)
        }

        fn start(&mut self, item: &usize) -> (u64, Arc<Cancel>) {
            self.started += 1;
            let ticket = self.started as u64;
            self.in_flight.push((ticket, *item));
            self.most_running = self.most_running.max(self.in_flight.len());
            (ticket, Arc::new(Cancel::new()))
        }

        fn next_finished(&mut self) -> Option<(u64, bool)> {
            if self.in_flight.is_empty() {
                return None;
            }
            let pick =
                self.finish_order[self.next % self.finish_order.len()] % self.in_flight.len();
            self.next += 1;
            let (ticket, item) = self.in_flight.remove(pick);
            Some((ticket, self.interesting[item]))
        }

        fn settle(&mut self, item: &usize, result: bool) -> bool {
            self.settled.push(*item);
            if !result {
                self.rejected.push(*item);
            }
            result
        }

        fn stopped(&self) -> bool {
            false
        }
    }

    proptest! {
        /// For any verdicts, any stream (with repeats), any follow-ups, any
        /// completion order and any window size, the window accepts what
        /// testing one by one accepts, and settles exactly the same
        /// candidates in the same order; it never runs more tests than
        /// workers, and with one worker it runs nothing it does not settle.
        #[test]
        fn the_window_accepts_what_sequential_testing_accepts(
            interesting in proptest::collection::vec(proptest::bool::weighted(0.2), 1..12),
            stream in proptest::collection::vec((0usize..12, proptest::option::of(0usize..12)), 0..30),
            finish_order in proptest::collection::vec(0usize..8, 1..16),
            size in 1usize..6,
        ) {
            let n = interesting.len();
            let stream: Vec<(usize, Option<usize>)> =
                stream.into_iter().map(|(i, f)| (i % n, f.map(|f| f % n))).collect();
            let run = |size: usize| {
                let mut fake = Fake {
                    interesting: interesting.clone(),
                    in_flight: Vec::new(),
                    finish_order: finish_order.clone(),
                    next: 0,
                    settled: Vec::new(),
                    rejected: Vec::new(),
                    started: 0,
                    most_running: 0,
                };
                let winner = first_accepted(&mut fake, size, &mut stream.iter().copied());
                // Never more tests at once than workers.
                assert!(fake.most_running <= size);
                if size == 1 {
                    // One worker: nothing is started that is not settled.
                    assert_eq!(fake.started, fake.settled.len());
                }
                (winner, fake.settled)
            };
            let (sequential, sequential_settled) = run(1);
            // The sequential answer, from first principles.
            let expected = stream.iter().map(|&(i, _)| i).enumerate().find(|&(_, i)| interesting[i]);
            prop_assert_eq!(sequential, expected);
            let (speculative, speculative_settled) = run(size);
            prop_assert_eq!(speculative, sequential);
            prop_assert_eq!(speculative_settled, sequential_settled);
        }
    }

    #[test]
    fn a_spare_worker_tests_the_fronts_follow_up_and_leaves_it_running_when_the_front_wins() {
        // Proposal 0 (item 1) is interesting; its follow-up is item 5.
        let mut fake = Fake {
            interesting: vec![false, true, false, false, false, true],
            in_flight: Vec::new(),
            // Always the oldest test first: the front, then the follow-up.
            finish_order: vec![0],
            next: 0,
            settled: Vec::new(),
            rejected: Vec::new(),
            started: 0,
            most_running: 0,
        };
        let stream = [(1, Some(5)), (2, None), (3, None)];
        let winner = first_accepted(&mut fake, 2, &mut stream.iter().copied());
        assert_eq!(winner, Some((0, 1)));
        assert_eq!(fake.settled, vec![1]);
        // The follow-up took the spare worker, not proposal 1, and it was
        // not cancelled: it is still in flight for the next round.
        assert_eq!(fake.started, 2);
        assert_eq!(
            fake.in_flight.iter().map(|&(_, i)| i).collect::<Vec<_>>(),
            vec![5]
        );
    }
}
