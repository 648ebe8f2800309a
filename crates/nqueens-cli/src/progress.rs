//! A progress bar on stderr for long counts: tasks done, solutions so far,
//! rate and time left. Drawn in place with a carriage return, at most a few
//! times a second, and erased at the end so that it never mixes with output.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use nqueens::grouped;

/// The bar's state.
pub struct Progress {
    enabled: bool,
    total: usize,
    done: usize,
    /// Tasks done before this run (from a checkpoint); the ETA uses the rest.
    done_before: usize,
    solutions: u128,
    start: Instant,
    last: Option<Instant>,
}

const WIDTH: usize = 24;
const EVERY: Duration = Duration::from_millis(250);

/// `1h 02m`, `3m 05s`, `12.3s`.
pub fn duration(seconds: f64) -> String {
    if !seconds.is_finite() {
        return "?".into();
    }
    let s = seconds.max(0.0);
    if s < 60.0 {
        format!("{s:.1}s")
    } else if s < 3600.0 {
        format!("{}m {:02}s", (s / 60.0) as u64, (s % 60.0) as u64)
    } else if s < 86400.0 * 2.0 {
        format!(
            "{}h {:02}m",
            (s / 3600.0) as u64,
            ((s % 3600.0) / 60.0) as u64
        )
    } else {
        format!("{:.1} days", s / 86400.0)
    }
}

impl Progress {
    /// A bar over `total` tasks of which `done` (and `solutions`) are already counted.
    pub fn new(enabled: bool, total: usize, done: usize, solutions: u128) -> Self {
        Progress {
            enabled,
            total,
            done,
            done_before: done,
            solutions,
            start: Instant::now(),
            last: None,
        }
    }

    /// One more task counted.
    pub fn task(&mut self, solutions: u128) {
        self.done += 1;
        self.solutions += solutions;
    }

    /// Redraws, if enough time has passed.
    pub fn draw(&mut self) {
        if !self.enabled || self.last.is_some_and(|t| t.elapsed() < EVERY) {
            return;
        }
        self.last = Some(Instant::now());
        let elapsed = self.start.elapsed().as_secs_f64();
        let fraction = if self.total == 0 {
            1.0
        } else {
            self.done as f64 / self.total as f64
        };
        let filled = ((fraction * WIDTH as f64) as usize).min(WIDTH);
        let bar: String = "█".repeat(filled) + &"░".repeat(WIDTH - filled);
        let fresh = self.done - self.done_before;
        let eta = if fresh == 0 {
            "?".to_string()
        } else {
            duration(elapsed / fresh as f64 * (self.total - self.done) as f64)
        };
        let _ = write!(
            io::stderr(),
            "\r\x1b[2K{bar} {}/{} tasks · {} solutions · {} · ETA {eta}",
            grouped(self.done as u128),
            grouped(self.total as u128),
            grouped(self.solutions),
            duration(elapsed),
        );
        let _ = io::stderr().flush();
    }

    /// Erases the bar.
    pub fn finish(&mut self) {
        if self.enabled && self.last.is_some() {
            let _ = write!(io::stderr(), "\r\x1b[2K");
            let _ = io::stderr().flush();
        }
    }
}
