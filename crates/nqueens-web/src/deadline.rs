//! Deadlines for requests: one watchdog thread sets each request's stop flag
//! when its time is up. The library's searches poll such a flag (the
//! completion solver every 4,096 nodes, the executor between tasks), so a
//! deadline is all a search needs to end on time.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, Weak};
use std::time::{Duration, Instant};

/// The flags to set and when.
#[derive(Debug, Default)]
pub struct Watchdog {
    pending: Mutex<Vec<(Instant, Weak<AtomicBool>)>>,
    wake: Condvar,
}

/// A stop flag that the watchdog sets at a given time (or never, once dropped).
#[derive(Debug, Clone)]
pub struct Deadline {
    flag: Arc<AtomicBool>,
    seconds: f64,
}

impl Deadline {
    /// A deadline that never passes and costs the watchdog nothing: for
    /// the requests that compute nothing (info, a job's progress).
    pub fn never() -> Deadline {
        Deadline {
            flag: Arc::new(AtomicBool::new(false)),
            seconds: f64::INFINITY,
        }
    }

    /// The flag, for the library's searches.
    pub fn flag(&self) -> &AtomicBool {
        &self.flag
    }

    /// Whether the time is up.
    pub fn passed(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
    }

    /// The time allowed, in seconds.
    pub fn seconds(&self) -> f64 {
        self.seconds
    }
}

impl Watchdog {
    /// A deadline `seconds` from now.
    pub fn deadline(&self, seconds: f64) -> Deadline {
        let flag = Arc::new(AtomicBool::new(false));
        let at = Instant::now() + Duration::from_secs_f64(seconds.max(0.0));
        if let Ok(mut pending) = self.pending.lock() {
            pending.push((at, Arc::downgrade(&flag)));
        }
        self.wake.notify_one();
        Deadline { flag, seconds }
    }

    /// Sets the flags that are due, until `stop` is set.
    pub fn run(&self, stop: &AtomicBool) {
        let Ok(mut pending) = self.pending.lock() else {
            return;
        };
        while !stop.load(Ordering::Relaxed) {
            let now = Instant::now();
            pending.retain(|(at, flag)| match flag.upgrade() {
                Some(flag) if *at <= now => {
                    flag.store(true, Ordering::Relaxed);
                    false
                }
                Some(_) => true,
                None => false,
            });
            // Sleep until the next deadline, and never long, so that `stop`
            // is seen promptly.
            let next = pending
                .iter()
                .map(|(at, _)| at.saturating_duration_since(now))
                .min()
                .unwrap_or(Duration::MAX)
                .min(Duration::from_millis(100));
            pending = match self.wake.wait_timeout(pending, next) {
                Ok((guard, _)) => guard,
                Err(_) => return,
            };
        }
    }

    /// Wakes [`Watchdog::run`] (to see its stop flag).
    pub fn wake(&self) {
        self.wake.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_the_flag_when_due_and_not_before() {
        let dog = Arc::new(Watchdog::default());
        let stop = Arc::new(AtomicBool::new(false));
        let runner = {
            let (dog, stop) = (Arc::clone(&dog), Arc::clone(&stop));
            std::thread::spawn(move || dog.run(&stop))
        };
        let late = dog.deadline(60.0);
        let soon = dog.deadline(0.05);
        let start = Instant::now();
        while !soon.passed() && start.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(soon.passed());
        assert!(!late.passed());
        stop.store(true, Ordering::Relaxed);
        dog.wake();
        runner.join().expect("the watchdog ends");
    }
}
