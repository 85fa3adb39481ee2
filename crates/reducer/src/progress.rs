//! The live status of a run on stderr: a status line on a terminal, a plain
//! log line every half minute otherwise, nothing with --quiet.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

use crate::{Display, Stats};

const LOG_EVERY: Duration = Duration::from_secs(30);

pub struct Progress {
    display: Display,
    bar: Option<ProgressBar>,
    last_log: Instant,
    instructions_start: u64,
    pass: &'static str,
    targets: usize,
}

impl Progress {
    pub fn new(display: Display, instructions_start: u64) -> Progress {
        let bar = (display != Display::Quiet && std::io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::new_spinner();
            bar.set_style(
                ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}")
                    .expect("valid template"),
            );
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        });
        Progress {
            display,
            bar,
            last_log: Instant::now(),
            instructions_start,
            pass: "",
            targets: 0,
        }
    }

    /// A new level (pass) starts with `targets` targets.
    pub fn level(&mut self, pass: &'static str, targets: usize) {
        self.pass = pass;
        self.targets = targets;
    }

    fn status(&self, stats: &Stats, instructions: u64) -> String {
        format!(
            "{} ({} targets) | instructions {} of {} | tests {} ({} interesting) | unresolved {} | cache hits {}",
            self.pass,
            self.targets,
            instructions,
            self.instructions_start,
            stats.tests,
            stats.interesting,
            stats.invalid,
            stats.cache_hits + stats.unchanged
        )
    }

    pub fn update(&mut self, stats: &Stats, instructions: u64, started: Instant) {
        match (&self.bar, self.display) {
            (_, Display::Quiet) => {}
            (Some(bar), _) => bar.set_message(self.status(stats, instructions)),
            (None, _) => {
                if self.last_log.elapsed() >= LOG_EVERY {
                    self.last_log = Instant::now();
                    eprintln!(
                        "whittle: [{:.0}s] {}",
                        started.elapsed().as_secs_f64(),
                        self.status(stats, instructions)
                    );
                }
            }
        }
    }

    /// Print a line without garbling the status line.
    pub fn println(&self, line: &str) {
        match &self.bar {
            Some(bar) => bar.println(line),
            None => eprintln!("{line}"),
        }
    }

    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}
