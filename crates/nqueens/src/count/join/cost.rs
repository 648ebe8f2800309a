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
//! transpose: even boards from n = 18 on now take 0.6 to 0.9 of that
//! (measured on another machine, ibid.), so for them the model errs long.
//! Odd and even boards grow differently, so there is a value for each n;
//! below n = 16 the time falls about sevenfold a row.

/// Seconds on one core for n = 16, 17, ... 28.
const FROM_16: [f64; 13] = [
    0.04, 0.54, 0.81, 9.8, 35.8, 530.0, 2.0e3, 2.0e4, 1.3e5, 1.4e6, 1.0e7, 8.8e7, 7.0e8,
];

/// Roughly how many seconds the whole count of `n` takes on one core.
pub(super) fn rough_cpu_seconds(n: usize) -> f64 {
    match n.checked_sub(16) {
        Some(k) => FROM_16[k.min(FROM_16.len() - 1)],
        None => FROM_16[0] / 7.0f64.powi((16 - n) as i32),
    }
}
