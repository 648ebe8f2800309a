//! Solutions fixed by a rotation: the P and R of Burnside's lemma.
//!
//! An engine that counts only Q(n), such as [`join`](super::join), gets the
//! number of symmetry classes from Burnside's lemma: the classes are the
//! average number of solutions each of the 8 symmetries fixes. For n ≥ 2 no
//! reflection fixes a solution (a reflection in a middle line would put two
//! queens in one row or column, and one in a diagonal would put two queens on
//! that diagonal), so `8 U(n) = Q(n) + P(n) + 2 R(n)`, where P(n) counts the
//! solutions fixed by the half turn (OEIS A032522) and R(n) those fixed by the
//! quarter turns (OEIS A033148).
//!
//! Both are small and quick to find, because a symmetric solution is fixed by
//! the queens of half (or a quarter) of its rows: this search fills the
//! lowest empty row and places, with each queen, its whole orbit under the
//! rotation. The search keeps its own stack, so no board size can overflow
//! the thread's stack.

use std::sync::atomic::{AtomicBool, Ordering};

use super::plan::thread_cpu_seconds;
use crate::error::Error;
use crate::rng::Xoshiro256;
use crate::search::check_n;

/// The rotation a solution must be fixed by.
///
/// # Examples
///
/// Burnside's lemma: eight times the classes are the solutions plus those
/// fixed by the half turn plus twice those fixed by a quarter turn.
///
/// ```
/// use nqueens::{count_all, fixed_by, Turn};
///
/// for n in [5, 8, 10] {
///     let c = count_all(n)?;
///     let p = fixed_by(n, Turn::Half)?;
///     let r = fixed_by(n, Turn::Quarter)?;
///     assert_eq!(8 * c.unique, c.total + p + 2 * r, "n = {n}");
/// }
/// // Two of the ten solutions for n = 5 are fixed by a quarter turn.
/// assert_eq!(fixed_by(5, Turn::Quarter)?, 2);
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turn {
    /// 180°: P(n), OEIS A032522.
    Half,
    /// 90° (and so also 180° and 270°): R(n), OEIS A033148.
    Quarter,
}

/// The number of solutions of the `n`×`n` board fixed by `turn`.
///
/// ```
/// use nqueens::{fixed_by, Turn};
/// // Of the 92 solutions for n = 8, the one class with a half-turn symmetry
/// // has 4 members; no solution has a quarter-turn symmetry.
/// assert_eq!(fixed_by(8, Turn::Half)?, 4);
/// assert_eq!(fixed_by(8, Turn::Quarter)?, 0);
/// # Ok::<(), nqueens::Error>(())
/// ```
///
/// # Errors
/// [`Error::ZeroSize`] or [`Error::TooLarge`] (`n > 64`).
pub fn fixed_by(n: usize, turn: Turn) -> Result<u128, Error> {
    let never = AtomicBool::new(false);
    Ok(fixed_by_or_stop(n, turn, &never)?.unwrap_or(0))
}

/// [`fixed_by`], or `None` once `stop` is set: P(26) takes minutes (it is
/// task 0 of a join count), so the search looks at the flag every 2^20
/// steps, a millisecond or so.
pub(crate) fn fixed_by_or_stop(
    n: usize,
    turn: Turn,
    stop: &AtomicBool,
) -> Result<Option<u128>, Error> {
    check_n(n)?;
    Ok(match turn {
        Turn::Half => half_turn(n, &[], stop),
        Turn::Quarter => by_orbits(n, turn, stop),
    })
}

/// Steps between looks at the stop flag.
const POLL: u32 = 1 << 20;

/// P(n) by bit masks, a row and its mirror image at a time.
///
/// A queen on (r, c) brings its image (n − 1 − r, n − 1 − c), so filling
/// the top ⌊n/2⌋ rows fills the board (for odd n the middle row's queen is
/// its own image: the centre). The columns and both kinds of diagonal taken
/// are then each symmetric under the turn, so the image of a queen that
/// meets none of them meets none either; it can only meet the queen itself,
/// on the main diagonal (c = r) or the other long one (c = n − 1 − r). So
/// each row is an ordinary bitboard step, with those two squares taken out:
/// about ten times the speed of [`by_orbits`] (n = 16: 10.6 ms before),
/// which P(n) needs at n = 28, where it is one task of a count that takes
/// most of an hour.
///
/// With a `prefix`, only the solutions whose first rows have their queens
/// in the columns it lists (row 0's first): P(n) is their sum over every
/// prefix of a length, which is how a dry run times it in parts
/// ([`turns_seconds_sampled`]). A prefix of ⌊n/2⌋ rows or more is cut to
/// ⌊n/2⌋ − 1 rows (none when that is zero), a column past the board counts
/// nothing.
fn half_turn(n: usize, prefix: &[usize], stop: &AtomicBool) -> Option<u128> {
    let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let (half, last) = (n / 2, n - 1);
    // Columns, sums r + c, and differences c - r + n - 1: bit c of
    // `sums >> r` and of `diffs >> (n - 1 - r)` is the square (r, c)'s.
    let (mut cols, mut sums, mut diffs) = (0u64, 0u128, 0u128);
    if n % 2 == 1 {
        cols |= 1 << half;
        sums |= 1 << (2 * half);
        diffs |= 1 << last;
    }
    // For each row filled, the columns it has still to try; the masks are
    // recomputed from the queens placed, kept in `at`.
    let mut free = [0u64; 32];
    let mut at = [0usize; 32];
    let open = |r: usize, cols: u64, sums: u128, diffs: u128| {
        full & !(cols
            | (sums >> r) as u64
            | (diffs >> (last - r)) as u64
            | 1 << r
            | 1 << (last - r))
    };
    if half == 0 {
        return Some(1);
    }
    let top = prefix.len().min(half - 1);
    for (r, &c) in prefix[..top].iter().enumerate() {
        if c >= n || open(r, cols, sums, diffs) >> c & 1 == 0 {
            return Some(0);
        }
        cols |= 1 << c | 1 << (last - c);
        sums |= 1 << (r + c) | 1 << (2 * last - r - c);
        diffs |= 1 << (c + last - r) | 1 << (r + last - c);
    }
    free[top] = open(top, cols, sums, diffs);
    let mut r = top;
    let mut found = 0u128;
    let mut steps = 0u32;
    loop {
        steps = steps.wrapping_add(1);
        if steps.is_multiple_of(POLL) && stop.load(Ordering::Relaxed) {
            return None;
        }
        if free[r] == 0 {
            if r == top {
                return Some(found);
            }
            r -= 1;
            // Take back row r's queen and its image.
            let c = at[r];
            cols &= !(1 << c | 1 << (last - c));
            sums &= !(1 << (r + c) | 1 << (2 * last - r - c));
            diffs &= !(1 << (c + last - r) | 1 << (r + last - c));
            continue;
        }
        let c = free[r].trailing_zeros() as usize;
        free[r] &= free[r] - 1;
        if r + 1 == half {
            found += 1;
            continue;
        }
        at[r] = c;
        cols |= 1 << c | 1 << (last - c);
        sums |= 1 << (r + c) | 1 << (2 * last - r - c);
        diffs |= 1 << (c + last - r) | 1 << (r + last - c);
        r += 1;
        free[r] = open(r, cols, sums, diffs);
    }
}

/// The CPU seconds that P(n) and R(n) take together ([`fixed_by`] with
/// each turn), estimated without finding P(n) whole: R(n) is found and
/// timed (47 ms at n = 28), P(n) timed below the first `rows` rows' columns
/// drawn at random with `rng` (each of the n^rows choices equally likely)
/// and scaled by n^rows, which is P(n)'s time on average, as the prefixes
/// that do not fit cost nothing. P(n) whole takes 113 s at n = 27 and over
/// four minutes at n = 28, where a dry run, which must answer within three
/// minutes, may draw it as a task (task 0 of the join engine).
pub(crate) fn turns_seconds_sampled(n: usize, rows: usize, rng: &mut Xoshiro256) -> f64 {
    let never = AtomicBool::new(false);
    let (_, quarter) = thread_cpu_seconds(|| by_orbits(n, Turn::Quarter, &never));
    let rows = rows.min((n / 2).saturating_sub(1));
    let prefix: Vec<usize> = (0..rows).map(|_| rng.below(n as u64) as usize).collect();
    let (_, half) = thread_cpu_seconds(|| half_turn(n, &prefix, &never));
    quarter + half * (n as f64).powi(rows as i32)
}

/// The solutions fixed by `turn`, found square by square: each queen placed
/// with its whole orbit. Any n up to 64, and either turn; for the half turn
/// the tests hold [`half_turn`] to it.
fn by_orbits(n: usize, turn: Turn, stop: &AtomicBool) -> Option<u128> {
    let last = n - 1;
    // The orbit of a square under the rotation: (r, c) -> (c, n-1-r).
    let orbit = |r: usize, c: usize| -> ([(usize, usize); 4], usize) {
        match turn {
            Turn::Half => ([(r, c), (last - r, last - c), (r, c), (r, c)], 2),
            Turn::Quarter => (
                [(r, c), (c, last - r), (last - r, last - c), (last - c, r)],
                4,
            ),
        }
    };
    #[derive(Clone, Copy)]
    struct Frame {
        rows: u64,
        cols: u64,
        sums: u128,
        diffs: u128,
        /// The row being filled and the next column to try in it.
        row: usize,
        next: usize,
    }
    let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let mut stack = vec![Frame {
        rows: 0,
        cols: 0,
        sums: 0,
        diffs: 0,
        row: 0,
        next: 0,
    }];
    let mut found = 0u128;
    let mut steps = 0u32;
    while let Some(top) = stack.last_mut() {
        steps = steps.wrapping_add(1);
        if steps.is_multiple_of(POLL) && stop.load(Ordering::Relaxed) {
            return None;
        }
        if top.next == n {
            stack.pop();
            continue;
        }
        let c = top.next;
        top.next += 1;
        let mut f = *top;
        let (squares, len) = orbit(f.row, c);
        let mut ok = true;
        for (i, &(r, c)) in squares[..len].iter().enumerate() {
            if squares[..i].contains(&(r, c)) {
                continue; // a square the rotation fixes (the centre)
            }
            let (s, d) = (r + c, r + last - c);
            if f.rows >> r & 1 == 1
                || f.cols >> c & 1 == 1
                || f.sums >> s & 1 == 1
                || f.diffs >> d & 1 == 1
            {
                ok = false;
                break;
            }
            f.rows |= 1 << r;
            f.cols |= 1 << c;
            f.sums |= 1 << s;
            f.diffs |= 1 << d;
        }
        if !ok {
            continue;
        }
        if f.rows == full {
            found += 1;
            continue;
        }
        f.row = (!f.rows).trailing_zeros() as usize;
        f.next = 0;
        stack.push(f);
    }
    Some(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symmetry::Symmetry;
    use std::ops::ControlFlow;

    /// P and R by listing every solution and testing it.
    fn by_enumeration(n: usize) -> (u128, u128) {
        let (mut p, mut r) = (0, 0);
        let _ = crate::search(n, &mut |cols: &[usize]| {
            let s = crate::Solution::new(cols.to_vec()).unwrap();
            p += u128::from(Symmetry::Rotate180.apply(&s) == s);
            r += u128::from(Symmetry::Rotate90.apply(&s) == s);
            ControlFlow::Continue(())
        })
        .unwrap();
        (p, r)
    }

    #[test]
    fn agrees_with_enumeration() {
        for n in 1..=11 {
            assert_eq!(
                (
                    fixed_by(n, Turn::Half).unwrap(),
                    fixed_by(n, Turn::Quarter).unwrap()
                ),
                by_enumeration(n),
                "n = {n}"
            );
        }
    }

    /// The row-and-image bitboard search against the square-by-square one.
    #[test]
    fn half_turn_agrees_with_orbits() {
        for n in 1..=17 {
            let never = AtomicBool::new(false);
            assert_eq!(
                half_turn(n, &[], &never),
                by_orbits(n, Turn::Half, &never),
                "n = {n}"
            );
        }
    }

    /// P(n) is the sum of its parts below every prefix of one or two rows
    /// (columns past the board included, which count nothing), and a
    /// prefix as long as half the board is cut, not counted whole.
    #[test]
    fn half_turn_is_the_sum_over_prefixes() {
        let never = AtomicBool::new(false);
        for n in 6..=14 {
            let whole = half_turn(n, &[], &never).unwrap();
            let ones: u128 = (0..=n).map(|a| half_turn(n, &[a], &never).unwrap()).sum();
            let twos: u128 = (0..=n)
                .flat_map(|a| (0..=n).map(move |b| [a, b]))
                .map(|p| half_turn(n, &p, &never).unwrap())
                .sum();
            assert_eq!((ones, twos), (whole, whole), "n = {n}");
            let long: Vec<usize> = (0..n).collect();
            assert!(half_turn(n, &long, &never).unwrap() <= whole, "n = {n}");
        }
        assert_eq!(half_turn(8, &[0; 8], &never), Some(0));
        // Below four rows, a prefix of two is cut to ⌊n/2⌋ − 1 rows.
        for n in 1..6 {
            let cut = half_turn(n, &[0; 2][..(n / 2).saturating_sub(1)], &never);
            assert_eq!(half_turn(n, &[0, 0], &never), cut, "n = {n}");
        }
    }

    /// The sampled time scales the part timed by the choices of its
    /// prefix: what [`half_turn_is_the_sum_over_prefixes`] shows for the
    /// solutions holds for the time. Here only that a draw gives a time.
    #[test]
    fn sampled_turns_seconds_are_a_time() {
        let mut rng = Xoshiro256::new(3);
        for rows in [0, 1, 2, 40] {
            let t = turns_seconds_sampled(16, rows, &mut rng);
            assert!(t.is_finite() && t >= 0.0, "rows {rows}: {t}");
        }
    }

    #[test]
    fn burnside_gives_the_unique_counts() {
        for n in 2..=14 {
            let q = crate::known::total(n).unwrap();
            let p = fixed_by(n, Turn::Half).unwrap();
            let r = fixed_by(n, Turn::Quarter).unwrap();
            assert_eq!(
                Some((q + p + 2 * r) / 8),
                crate::known::unique(n),
                "n = {n}"
            );
            assert_eq!((q + p + 2 * r) % 8, 0, "n = {n}");
        }
    }

    #[test]
    fn quarter_turn_matches_oeis_a033148() {
        // OEIS A033148, n = 1..17 (https://oeis.org/A033148). P(n) has no
        // table here: it is checked through Burnside's lemma above.
        let r = [1, 0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 8, 8, 0, 0, 64, 128];
        for (i, &want) in r.iter().enumerate() {
            assert_eq!(
                fixed_by(i + 1, Turn::Quarter).unwrap(),
                want,
                "R({})",
                i + 1
            );
        }
    }
}
