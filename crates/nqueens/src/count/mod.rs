//! Counting solutions: Q(n) (OEIS A000170) and the number of symmetry classes
//! (OEIS A002562).
//!
//! [`count`] is the bitboard backtracking of [`crate::search()`] with nothing
//! kept but the masks, and with the left-right mirror: every solution whose first
//! queen stands left of the middle has a mirror image whose first queen stands
//! right of it, so only the left half of the first row is searched and doubled
//! (plus the middle column once for odd n). This is the scheme of Jeff Somers'
//! well-known counter.
//!
//! [`count_unique`] and [`count_all`] count classes by Burnside's lemma: the
//! number of orbits of the symmetry group on the solutions is the average number
//! of solutions each symmetry fixes, `U = (1/8) Σ_s |stabilizer(s)|`. The same
//! mirror halving applies, because a solution and its mirror image have
//! stabilizers of the same size, so one pass yields Q(n) and U(n) together.
//!
//! For large boards a count is a [`plan::Plan`] of independent tasks made by
//! an [`plan::Engine`] ([`engines`]: the meet-in-the-middle [`join`] engine, the
//! fastest from n = 14 on, the [`ConstellationEngine`](constellation::ConstellationEngine), a backtracker with
//! the border queens placed first, and the plain [`backtrack`] one, which
//! [`count_all`] sums on one thread; [`auto_engine`] picks), counted on
//! several threads by [`executor`], with [`checkpoint`]s, [slices](mod@slice) and
//! [`estimate`]s built on task indices, and reported by [`report`]. What a
//! count will cost, before it is made, is a [`projection`]: sampled, or from
//! each engine's own cost model ([`Engine::rough_cpu_seconds`]).
//!
//! All totals are `u128`: Q(27) already needs 58 bits.

use crate::error::Error;
pub mod backtrack;
mod bounded_file;
pub mod checkpoint;
#[cfg(target_arch = "x86_64")]
mod compress;
pub mod constellation;
mod counter;
pub mod disjoint;
pub mod estimate;
pub mod executor;
mod file_lock;
pub mod fixed_by_turns;
pub mod join;
mod pairs;
pub mod plan;
pub mod projection;
pub mod report;
pub mod slice;
pub mod task_log;

use crate::search::check_n;
pub use counter::Counter;
use plan::Engine;

/// Every counting engine: constellation first (the fallback, which every n
/// up to 40 fits), then join (which [`auto_engine`] picks from n = 14 to 28
/// where it fits in memory), then backtrack.
///
/// # Examples
///
/// ```
/// use nqueens::{count_plan, engines};
///
/// let names: Vec<&str> = engines().iter().map(|e| e.name()).collect();
/// assert_eq!(names, ["constellation", "join", "backtrack"]);
///
/// // Each engine splits the count its own way; all of them agree on the sum.
/// for engine in engines() {
///     let tally = count_plan(engine.plan(8)?.as_ref());
///     assert_eq!((tally.solutions, tally.unique()), (92, Some(12)), "{}", engine.name());
/// }
/// # Ok::<(), nqueens::Error>(())
/// ```
pub fn engines() -> &'static [&'static dyn plan::Engine] {
    &[
        &constellation::ConstellationEngine,
        &join::JoinEngine,
        &backtrack::BacktrackEngine,
    ]
}

/// The engine called `name`, if there is one.
///
/// The names are those of [`Engine::name`], as given on
/// the command line and recorded in checkpoints.
///
/// # Examples
///
/// ```
/// use nqueens::{count_plan, engine_by_name};
///
/// let join = engine_by_name("join").expect("the join engine exists");
/// assert_eq!(join.name(), "join");
/// let tally = count_plan(join.plan(9)?.as_ref());
/// assert_eq!((tally.solutions, tally.unique()), (352, Some(46)));
///
/// assert!(engine_by_name("quantum").is_none());
/// # Ok::<(), nqueens::Error>(())
/// ```
pub fn engine_by_name(name: &str) -> Option<&'static dyn plan::Engine> {
    engines().iter().copied().find(|e| e.name() == name)
}

/// The smallest board [`auto_engine`] counts with the join engine: n = 14
/// (measured on one core: n = 14, 0.01 s against the constellation engine's
/// 0.04 s; n = 16, 0.1 s against 1.2 s; n = 12 and below take milliseconds
/// either way). `nqueens count --help` states the range from this constant.
///
/// ```
/// use nqueens::{auto_engine, AUTO_JOIN_FROM};
///
/// assert_eq!(auto_engine(AUTO_JOIN_FROM - 1, 1, None).name(), "constellation");
/// assert_eq!(auto_engine(AUTO_JOIN_FROM, 1, None).name(), "join");
/// ```
pub const AUTO_JOIN_FROM: usize = 14;

/// The fastest engine for an `n`×`n` board that fits in `memory` bytes
/// (`None`: no limit) with `threads` threads: the [`JoinEngine`](join::JoinEngine) from
/// n = [`AUTO_JOIN_FROM`] (14) to [`JOIN_MAX_N`](join::JOIN_MAX_N) (28, its
/// [`max_n`](plan::Engine::max_n)) where its memory fits, the
/// [`ConstellationEngine`](constellation::ConstellationEngine) elsewhere.
///
/// # Examples
///
/// ```
/// use nqueens::{auto_engine, count_plan};
///
/// assert_eq!(auto_engine(10, 4, None).name(), "constellation");
/// assert_eq!(auto_engine(16, 4, None).name(), "join");
/// // The join engine's table does not fit in a megabyte, nor does it take n = 30.
/// assert_eq!(auto_engine(16, 4, Some(1 << 20)).name(), "constellation");
/// assert_eq!(auto_engine(30, 4, None).name(), "constellation");
/// assert_eq!(auto_engine(40, 4, Some(1 << 30)).name(), "constellation");
///
/// let engine = auto_engine(10, 1, None);
/// assert_eq!(count_plan(engine.plan(10)?.as_ref()).solutions, 724);
/// # Ok::<(), nqueens::Error>(())
/// ```
pub fn auto_engine(n: usize, threads: usize, memory: Option<u64>) -> &'static dyn plan::Engine {
    let join: &'static dyn plan::Engine = &join::JoinEngine;
    let in_range = (AUTO_JOIN_FROM..=join.max_n()).contains(&n);
    if in_range && memory.is_none_or(|m| join.memory(n, threads) <= m) {
        join
    } else {
        &constellation::ConstellationEngine
    }
}

/// The number of solutions of a board and of their symmetry classes.
///
/// What [`count_all`] and [`Counter::count`] return, and what
/// [`Tally::counts`](crate::sink::tally::Tally::counts) makes of the sum over a whole plan.
///
/// # Examples
///
/// ```
/// use nqueens::{count_all, Counter, Counts};
///
/// let counts = Counter::new(10).threads(2).count()?;
/// assert_eq!(counts, Counts { n: 10, total: 724, unique: 92 });
/// assert_eq!(count_all(10)?, counts);
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Counts {
    /// The board size.
    pub n: usize,
    /// Q(n): every solution (OEIS A000170).
    pub total: u128,
    /// U(n): solutions counted once per class under the 8 symmetries (OEIS A002562).
    pub unique: u128,
}

/// Why `text` is not a count a checkpoint or task log can hold, for
/// their messages: a minus sign, past `u128`, or not a number at all.
pub(crate) fn not_a_count(what: &str, text: &str, e: &std::num::ParseIntError) -> String {
    use std::num::IntErrorKind;
    match e.kind() {
        IntErrorKind::PosOverflow => {
            format!(
                "the {what} {text:?} is out of range (at most {})",
                u128::MAX
            )
        }
        _ if text.starts_with('-') => {
            format!("the {what} {text:?} is negative: counts are whole numbers from 0")
        }
        _ => format!("the {what} {text:?} is not a whole number"),
    }
}

/// Counts the solutions below a node given by its masks (bit i = column i).
/// `cols == full` is a complete board.
fn count_below(full: u64, cols: u64, diag: u64, anti: u64) -> u64 {
    if cols == full {
        return 1;
    }
    let mut avail = [0u64; 65];
    let mut c = [0u64; 65];
    let mut l = [0u64; 65];
    let mut r = [0u64; 65];
    let mut d = 0;
    c[0] = cols;
    l[0] = diag;
    r[0] = anti;
    avail[0] = full & !(cols | diag | anti);
    let mut found = 0u64;
    loop {
        let a = avail[d];
        if a == 0 {
            if d == 0 {
                return found;
            }
            d -= 1;
            continue;
        }
        let bit = a & a.wrapping_neg();
        avail[d] = a ^ bit;
        let nc = c[d] | bit;
        if nc == full {
            found += 1;
            continue;
        }
        let nl = (l[d] | bit) << 1;
        let nr = (r[d] | bit) >> 1;
        d += 1;
        c[d] = nc;
        l[d] = nl;
        r[d] = nr;
        avail[d] = full & !(nc | nl | nr);
    }
}

/// Q(n), the number of solutions of the `n`×`n` board.
///
/// ```
/// assert_eq!(nqueens::count(8)?, 92);
/// assert_eq!(nqueens::count(3)?, 0);
/// # Ok::<(), nqueens::Error>(())
/// ```
///
/// The work grows about sevenfold per row (as Q(n) does, 6.5 to 7 times from
/// n = 15 to 18): n = 16 takes seconds, n = 18 a minute or more.
///
/// # Errors
/// [`Error::ZeroSize`] or [`Error::TooLarge`] (`n > 64`).
pub fn count(n: usize) -> Result<u128, Error> {
    check_n(n)?;
    let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let mut total = 0u128;
    for col in 0..n.div_ceil(2) {
        let bit = 1u64 << col;
        let below = u128::from(count_below(full, bit, bit << 1, bit >> 1));
        // The mirror image of each of these starts in column n-1-col.
        let weight = if n % 2 == 1 && col == n / 2 { 1 } else { 2 };
        total += weight * below;
    }
    Ok(total)
}

/// Q(n) and the number of symmetry classes in one pass.
///
/// ```
/// let c = nqueens::count_all(8)?;
/// assert_eq!((c.total, c.unique), (92, 12));
/// # Ok::<(), nqueens::Error>(())
/// ```
///
/// # Errors
/// [`Error::ZeroSize`] or [`Error::TooLarge`] (`n > 64`).
pub fn count_all(n: usize) -> Result<Counts, Error> {
    // The backtrack engine's plan, summed on this thread: the mirror halves the
    // search, Burnside's lemma gives the classes (see `backtrack`).
    let tally = plan::count_plan(backtrack::BacktrackEngine.plan(n)?.as_ref());
    debug_assert_eq!(tally.classes_x8 % 8, 0);
    Ok(Counts {
        n,
        total: tally.solutions,
        unique: tally.classes_x8 / 8,
    })
}

/// The number of solutions up to rotation and reflection (OEIS A002562).
///
/// ```
/// assert_eq!(nqueens::count_unique(8)?, 12);
/// # Ok::<(), nqueens::Error>(())
/// ```
///
/// # Errors
/// [`Error::ZeroSize`] or [`Error::TooLarge`] (`n > 64`).
pub fn count_unique(n: usize) -> Result<u128, Error> {
    Ok(count_all(n)?.unique)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::known;
    use std::ops::ControlFlow;

    fn count_by_enumeration(n: usize) -> u128 {
        let mut total = 0u128;
        let _ = crate::search(n, &mut |_: &[usize]| {
            total += 1;
            ControlFlow::Continue(())
        })
        .unwrap();
        total
    }

    #[test]
    fn small_counts_match_oeis() {
        for n in 1..=10 {
            let c = count_all(n).unwrap();
            assert_eq!(Some(c.total), known::total(n), "Q({n})");
            assert_eq!(Some(c.unique), known::unique(n), "U({n})");
            assert_eq!(count(n).unwrap(), c.total, "count({n})");
        }
    }

    #[test]
    fn mirror_halving_agrees_with_full_enumeration() {
        for n in 1..=10 {
            assert_eq!(count(n).unwrap(), count_by_enumeration(n), "n = {n}");
        }
    }

    #[test]
    fn bad_sizes() {
        assert_eq!(count(0), Err(Error::ZeroSize));
        assert!(matches!(count_all(65), Err(Error::TooLarge { .. })));
    }
}
