//! The join engine's cost model: roughly how long a whole count takes on one
//! core, from times measured on a machine like CI's.
//!
//! Counts of large boards are announced before they start ("counting n = 24
//! takes roughly ...") and the page says what a count it starts will cost,
//! so each engine keeps a rough model of its own times
//! ([`Engine::rough_cpu_seconds`](crate::Engine::rough_cpu_seconds)); a
//! [`Projection`](crate::Projection) from a dry run is the measured
//! alternative.
//!
//! The values were measured on the night of 2026-11-26 (Kluev's Q(20) took
//! 245 s, as on the fastest days measured): whole counts on one core up to
//! n = 20 (the side-by-side), dry runs for n = 21 to 28 (docs/counting.md,
//! "Counting the frontier"; n = 28 from 23 sampled splits), before the
//! transpose. Even boards from n = 18 on are those times the share the
//! transpose left, measured on another machine (a Zen 4) by the same
//! means before and after it: 0.71 at n = 18 and 0.91 at n = 20 (whole
//! counts), 0.68 at n = 22 (sampled row splits, `transpose_gain_by_units`),
//! 0.70, 0.62 and 0.70 at n = 24, 26 and 28 (dry runs). Odd and even boards
//! grow differently, so there is a value for each n; below n = 14 the time
//! falls about sevenfold a row, to what a small board's tables and tasks cost.
//!
//! A model, not this machine: on 2026-11-29 the same machine took 20 s for
//! `count 19 -j 1` and 67 s for `count 20 -j 1` (a build of 11-28 as long),
//! twice the model, while sampled row splits of n = 27, which read far less
//! memory, ran as fast as ever. So the note before a count names the model,
//! and `--dry-run` is the measure of a machine.

/// Seconds on one core for n = 14, 15, ... 28 (n = 14 and 15 from dry
/// runs on 2026-11-30: 3.9 and 55 ms; an odd board's frames cost more
/// than its row, as at n = 17 and 19).
const FROM_14: [f64; 15] = [
    0.004, 0.05, 0.04, 0.54, 0.58, 9.8, 33.0, 530.0, 1.4e3, 2.0e4, 9.1e4, 1.4e6, 6.2e6, 8.8e7,
    4.9e8,
];

/// Roughly how many seconds the whole count of `n` takes on one core (past
/// n = 28, which the engine does not take, tenfold a row; below n = 14,
/// sevenfold less a row, with the cost of a small board's tables and tasks,
/// [`with_small_board_floor`](super::super::plan::with_small_board_floor)).
pub(super) fn rough_cpu_seconds(n: usize) -> f64 {
    let last = FROM_14.len() - 1;
    match n.checked_sub(14) {
        Some(k) if k <= last => FROM_14[k],
        Some(k) => FROM_14[last] * 10.0f64.powi(i32::try_from(k - last).unwrap_or(i32::MAX)),
        None => {
            super::super::plan::with_small_board_floor(n, FROM_14[0] / 7.0f64.powi((14 - n) as i32))
        }
    }
}
