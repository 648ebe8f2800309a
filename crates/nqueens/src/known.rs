//! Known values: OEIS A000170 and A002562 for n = 1..27.
//!
//! - A000170, "Number of ways of placing n nonattacking queens on an n X n
//!   board": <https://oeis.org/A000170>.
//! - A002562, "Number of ways of placing n nonattacking queens on n X n board
//!   (symmetric solutions count only once)": <https://oeis.org/A002562>.
//!
//! Q(26) was first computed by Preusser et al. (TU Dresden, 2009, Queens@TUD on
//! FPGAs) and Q(27) by the same group in 2016. The smaller values go back to
//! Gauss's correspondents (n = 8), Sainte-Laguë (1926) and Bitner and Reingold
//! (CACM 18, 1975). The tables are used by the tests and, where a count would
//! take too long here, to tell the user the published value.

use crate::words::grouped;

/// Q(n) for n = 1..=27: `A000170[n - 1]`.
///
/// # Examples
///
/// ```
/// use nqueens::{count, A000170};
///
/// assert_eq!(A000170[8 - 1], 92);
/// // The table agrees with a count.
/// for n in 1..=8 {
///     assert_eq!(A000170[n - 1], count(n)?);
/// }
/// assert_eq!(A000170.len(), 27); // n = 1..=27
/// # Ok::<(), nqueens::Error>(())
/// ```
pub const A000170: [u128; 27] = [
    1,
    0,
    0,
    2,
    10,
    4,
    40,
    92,
    352,
    724,
    2_680,
    14_200,
    73_712,
    365_596,
    2_279_184,
    14_772_512,
    95_815_104,
    666_090_624,
    4_968_057_848,
    39_029_188_884,
    314_666_222_712,
    2_691_008_701_644,
    24_233_937_684_440,
    227_514_171_973_736,
    2_207_893_435_808_352,
    22_317_699_616_364_044,
    234_907_967_154_122_528,
];

/// U(n), solutions up to rotation and reflection, for n = 1..=27: `A002562[n - 1]`.
///
/// # Examples
///
/// ```
/// use nqueens::{unique_solutions, A002562};
///
/// assert_eq!(A002562[8 - 1], 12);
/// // The table agrees with the number of canonical representatives.
/// for n in 1..=8 {
///     assert_eq!(A002562[n - 1], unique_solutions(n)?.count() as u128);
/// }
/// # Ok::<(), nqueens::Error>(())
/// ```
pub const A002562: [u128; 27] = [
    1,
    0,
    0,
    1,
    2,
    1,
    6,
    12,
    46,
    92,
    341,
    1_787,
    9_233,
    45_752,
    285_053,
    1_846_955,
    11_977_939,
    83_263_591,
    621_012_754,
    4_878_666_808,
    39_333_324_973,
    336_376_244_042,
    3_029_242_658_210,
    28_439_272_956_934,
    275_986_683_743_434,
    2_789_712_466_510_289,
    29_363_495_934_315_694,
];

/// The published Q(n), if known here.
///
/// ```
/// assert_eq!(nqueens::known_total(8), Some(92));
/// assert_eq!(nqueens::known_total(28), None);
/// ```
pub fn total(n: usize) -> Option<u128> {
    n.checked_sub(1).and_then(|i| A000170.get(i)).copied()
}

/// The published number of symmetry classes U(n), if known here.
///
/// # Examples
///
/// ```
/// assert_eq!(nqueens::known_unique(8), Some(12));
/// assert_eq!(nqueens::known_unique(6), Some(nqueens::unique_solutions(6)?.count() as u128));
/// assert_eq!(nqueens::known_unique(0), None);
/// assert_eq!(nqueens::known_unique(28), None); // not published here
/// # Ok::<(), nqueens::Error>(())
/// ```
pub fn unique(n: usize) -> Option<u128> {
    n.checked_sub(1).and_then(|i| A002562.get(i)).copied()
}

/// A finished count that disagrees with the published value
/// ([`check_known`](crate::check_known)).
///
/// ```
/// use nqueens::KnownMismatch;
///
/// let e = nqueens::check_known(8, 92, Some(13)).unwrap_err();
/// assert_eq!(e, KnownMismatch::Unique { n: 8, counted: 13, published: 12 });
/// assert_eq!(e.to_string(), "the count U(8) = 13 disagrees with the published 12 (OEIS A002562)");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum KnownMismatch {
    /// The solutions, Q(n) (OEIS A000170).
    #[error(
        "the count Q({n}) = {} disagrees with the published {} (OEIS A000170)",
        grouped(*.counted),
        grouped(*.published)
    )]
    Total {
        /// The board size.
        n: usize,
        /// What the count found.
        counted: u128,
        /// The published value.
        published: u128,
    },

    /// The symmetry classes, U(n) (OEIS A002562).
    #[error(
        "the count U({n}) = {} disagrees with the published {} (OEIS A002562)",
        grouped(*.counted),
        grouped(*.published)
    )]
    Unique {
        /// The board size.
        n: usize,
        /// What the count found.
        counted: u128,
        /// The published value.
        published: u128,
    },
}

/// Checks a finished count against the published values, where they are
/// known: `Err` says what disagrees (a bug, damaged hardware, or an edited
/// checkpoint or slice file), `Ok` when all agrees or nothing is known.
///
/// ```
/// assert!(nqueens::check_known(8, 92, Some(12)).is_ok());
/// assert!(nqueens::check_known(8, 93, None).is_err());
/// assert!(nqueens::check_known(30, 1, None).is_ok()); // not known
/// ```
///
/// # Errors
/// [`KnownMismatch`], naming the published value and the counted one (the
/// solutions first).
pub fn check(n: usize, solutions: u128, classes: Option<u128>) -> Result<(), KnownMismatch> {
    if let Some(published) = total(n).filter(|&q| q != solutions) {
        return Err(KnownMismatch::Total {
            n,
            counted: solutions,
            published,
        });
    }
    if let Some((published, counted)) = unique(n).zip(classes).filter(|&(u, c)| u != c) {
        return Err(KnownMismatch::Unique {
            n,
            counted,
            published,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every class has 1, 2, 4 or 8 members, so Q ≤ 8 U, and Burnside gives
    /// 8 U - Q = P + 2 R ≥ 0 (OEIS A032522, A033148).
    /// A disagreement is said with the numbers grouped, as every message
    /// says them.
    #[test]
    fn a_disagreement_names_both_numbers_grouped() {
        let e = check(14, 365_604, None).unwrap_err().to_string();
        assert!(
            e.contains("Q(14) = 365,604 disagrees with the published 365,596"),
            "{e}"
        );
        let e = check(14, 365_596, Some(45_753)).unwrap_err().to_string();
        assert!(
            e.contains("U(14) = 45,753 disagrees with the published 45,752"),
            "{e}"
        );
    }

    #[test]
    fn tables_are_consistent() {
        for n in 1..=27 {
            let (q, u) = (total(n).unwrap(), unique(n).unwrap());
            assert!(q <= 8 * u, "n = {n}");
            assert!(u <= q || n == 1, "n = {n}");
            assert_eq!(q == 0, u == 0, "n = {n}");
        }
        assert_eq!(total(0), None);
        assert_eq!(unique(28), None);
    }
}
