//! The `backtrack` engine: plain bitboard backtracking with the left-right
//! mirror, split into tasks by the queens of the first two rows.
//!
//! It is the counter behind [`crate::count_all`], cut into tasks: the first row's
//! queen goes in the left half (weight 2, for its mirror image) or the middle
//! column of an odd board (weight 1), the second row's queen anywhere it is
//! not attacked, and each task enumerates its solutions, adding weight × the
//! size of each solution's stabilizer to `classes_x8` (Burnside's lemma).
//! About three times slower than the constellation engine, and independent of
//! it, which is what makes it useful: the two are checked against each other.

use super::constellation::CONSTELLATION_MAX_N;
use super::plan::{Engine, Plan};
use crate::error::Error;
use crate::search::{check_n, Advance, Solutions};
use crate::sink::tally::Tally;
use crate::symmetry::stabilizer_size;
use std::sync::atomic::{AtomicBool, Ordering};

/// The engine; see the docs of `src/count/backtrack.rs`.
///
/// Each task fixes the queens of the first two rows: the first in the left
/// half (or the middle column) of the board, the second anywhere the first
/// does not attack.
///
/// # Examples
///
/// ```
/// use nqueens::{count_plan, BacktrackEngine, ConstellationEngine, Engine, Error, CONSTELLATION_MAX_N};
///
/// assert_eq!(BacktrackEngine.name(), "backtrack");
/// assert_eq!(BacktrackEngine.max_n(), CONSTELLATION_MAX_N);
/// assert!(matches!(BacktrackEngine.plan(41), Err(Error::TooLarge { max: 40, .. })));
///
/// let plan = BacktrackEngine.plan(8)?;
/// assert_eq!(plan.len(), 21);
/// assert_eq!(plan.describe(0), "first rows [0, 2] (weight 2)");
/// let tally = count_plan(plan.as_ref());
/// assert_eq!((tally.solutions, tally.unique()), (92, Some(12)));
///
/// // It is independent of the other engines: a check on them.
/// assert_eq!(tally, count_plan(ConstellationEngine.plan(8)?.as_ref()));
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct BacktrackEngine;

impl Engine for BacktrackEngine {
    fn name(&self) -> &'static str {
        "backtrack"
    }

    /// As the constellation engine's, n = 40: its counts are `u128`s too,
    /// which Q(n) past about 44 would overflow (it took n up to 64, the
    /// bitboards' limit, and counted on at n = 41).
    fn max_n(&self) -> usize {
        CONSTELLATION_MAX_N
    }

    fn plan(&self, n: usize) -> Result<Box<dyn Plan>, Error> {
        check_n(n)?;
        let max = self.max_n();
        if n > max {
            return Err(Error::TooLarge {
                n,
                max,
                what: "the backtrack engine",
            });
        }
        let mut prefixes = Vec::new();
        for c0 in 0..n.div_ceil(2) {
            let weight = if n % 2 == 1 && c0 == n / 2 { 1 } else { 2 };
            if n == 1 {
                prefixes.push((vec![c0], weight));
                continue;
            }
            for c1 in 0..n {
                if c1.abs_diff(c0) > 1 {
                    prefixes.push((vec![c0, c1], weight));
                }
            }
        }
        Ok(Box::new(BacktrackPlan { n, prefixes }))
    }

    /// Measured: about 3.4 times the constellation engine's time, and
    /// growing as it does (it grew sevenfold a row here, and the model said
    /// 19 times less than the constellation engine's at n = 30).
    fn rough_cpu_seconds(&self, n: usize) -> f64 {
        let search = 3.4 * super::constellation::search_seconds(n);
        super::plan::with_small_board_floor(n, search)
    }
}

/// How many rows a task's search leaves (one for each square placed)
/// between looks at its stop flag: well under a millisecond. (It looked
/// every 1,024 solutions, and from n = 34 on none may come for hours from
/// a task's first rows: a count asked to stop went on.)
const STOP_EVERY: u64 = 1 << 16;

struct BacktrackPlan {
    n: usize,
    /// The queens of the first rows, and the task's weight.
    prefixes: Vec<(Vec<usize>, u128)>,
}

impl Plan for BacktrackPlan {
    fn n(&self) -> usize {
        self.n
    }

    fn len(&self) -> usize {
        self.prefixes.len()
    }

    fn count(&self, index: usize) -> Tally {
        self.count_or_stop(index, &AtomicBool::new(false))
            .unwrap_or_default()
    }

    /// Looks at `stop` every [`STOP_EVERY`] rows left: a task of
    /// n = 30 takes centuries (a count asked to stop went on with it,
    /// though it said that long tasks under way are given up).
    fn count_or_stop(&self, index: usize, stop: &AtomicBool) -> Option<Tally> {
        let (prefix, weight) = &self.prefixes[index];
        let mut tally = Tally::default();
        let Ok(mut solutions) = Solutions::with_prefix(self.n, prefix) else {
            return Some(tally);
        };
        let mut budget = STOP_EVERY;
        loop {
            match solutions.advance(&mut budget) {
                Advance::Solution => {
                    let stabilizer = stabilizer_size(solutions.columns()) as u128;
                    tally.solutions += weight;
                    tally.classes_x8 += weight * stabilizer;
                }
                Advance::Done => return Some(tally),
                Advance::Paused if stop.load(Ordering::Relaxed) => return None,
                Advance::Paused => budget = STOP_EVERY,
            }
        }
    }

    fn describe(&self, index: usize) -> String {
        let (prefix, weight) = &self.prefixes[index];
        format!("first rows {prefix:?} (weight {weight})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::constellation::ConstellationEngine;
    use crate::count::plan::count_plan;

    /// A task asked to stop gives up; one not asked counts as `count` does.
    #[test]
    fn a_task_stops_when_asked() {
        let plan = BacktrackEngine.plan(16).unwrap();
        let whole = plan.count(3);
        assert!(whole.solutions > 0);
        assert_eq!(plan.count_or_stop(3, &AtomicBool::new(false)), Some(whole));
        assert_eq!(plan.count_or_stop(3, &AtomicBool::new(true)), None);
    }

    /// From the first rows of a large board no solution may come for
    /// hours: the task still stops at once (it looked only between
    /// solutions, and went on).
    #[test]
    fn a_task_with_no_solution_in_sight_stops_when_asked() {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let plan = BacktrackEngine.plan(36).unwrap();
            let _ = tx.send(plan.count_or_stop(0, &AtomicBool::new(true)));
        });
        let stopped = rx.recv_timeout(std::time::Duration::from_secs(20));
        assert_eq!(stopped, Ok(None));
    }

    #[test]
    fn agrees_with_oeis_and_the_constellation_engine() {
        for n in 1..=11 {
            let a = count_plan(BacktrackEngine.plan(n).unwrap().as_ref());
            let b = count_plan(ConstellationEngine.plan(n).unwrap().as_ref());
            assert_eq!(Some(a.solutions), crate::known::total(n), "n = {n}");
            assert_eq!(a.unique(), crate::known::unique(n), "n = {n}");
            assert_eq!(a, b, "n = {n}");
        }
    }
}
