//! The explicit construction: one solution for every n ≥ 4 (and n = 1), a
//! queen per row in O(1) time and memory.
//!
//! # The recipe
//!
//! This is the classical construction of E. J. Hoffman, J. C. Loessi and
//! R. C. Moore, "Constructions for the solution of the m queens problem",
//! *Mathematics Magazine* 42 (1969), 66–72, in the form B. Bernhardsson gives
//! in "Explicit solutions to the N-queens problem for all N", *SIGART
//! Bulletin* 2(2) (1991), 7. With rows and columns counted from 1 and
//! h = n/2 for even n:
//!
//! 1. **n even, n ≢ 2 (mod 6):** for j = 1..h, queens at (j, 2j) and
//!    (h + j, 2j − 1). The first half climbs the even columns two at a time,
//!    the second half the odd ones; two queens of one half never share a
//!    diagonal (their rows differ by k and their columns by 2k), and a queen
//!    of each half could only meet on a diagonal if 3 divided n − 2.
//! 2. **n even, n ≢ 0 (mod 6):** for j = 1..h, queens at
//!    (j, 1 + (2(j − 1) + h − 1) mod n) and
//!    (n + 1 − j, n − (2(j − 1) + h − 1) mod n): the same climb, started at
//!    column h and wrapped around the board, with the bottom half the
//!    top half turned by a half turn. Every even n is covered by 1 or 2
//!    (n ≡ 2 mod 6 only by 2).
//! 3. **n odd:** the construction for n − 1, which leaves the main diagonal
//!    empty in both cases, plus a queen in the corner (n, n).
//!
//! n = 2 and 3 have no solution; n = 1 is the single queen.
//!
//! # Why it is tested at every n
//!
//! Recipes of this kind are easy to get almost right: one published Rust
//! crate builds boards that fail for n ≡ 8 (mod 12). The unit tests check
//! the board for every n from 1 to 5000, which covers every residue modulo 6
//! and 12 hundreds of times, and a release-only group checks n = 10⁶,
//! 10⁷ + 1 and 10⁸ + 2 with the streaming verifier.
//!
//! # Streaming
//!
//! [`Construction`] is an iterator over the columns, row by row, computed on
//! the fly without a division, so that a board of a billion queens is
//! written or checked without ever being stored: `nqueens solve 1000000000
//! --algorithm construct --format none --verify` takes seconds and the
//! memory of the verifier alone.
//!
//! Every case of the recipe is a few runs of rows whose columns climb by
//! two (case 2 has two runs per half, split where the climb wraps around the
//! board). The iterator works out the run a row is in once, and from then on
//! a row costs an addition and a comparison: at a billion rows, the work of
//! `column` for each row would be most of the time the verifier takes.
//!
//! ```
//! use nqueens::construct;
//!
//! let board: Vec<usize> = construct(8)?.expect("8 queens have a solution").collect();
//! assert_eq!(board, [3, 5, 7, 1, 6, 0, 2, 4]);
//! assert!(nqueens::verify(&board).is_ok());
//! assert!(construct(3)?.is_none());
//! # Ok::<(), nqueens::Error>(())
//! ```

use std::iter::FusedIterator;

use crate::error::Error;

/// Which case of the recipe builds the even part of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Case {
    /// n ≢ 2 (mod 6): columns 2j and 2j − 1.
    Climb,
    /// n ≡ 2 (mod 6): the climb started at column h, wrapped, and turned.
    Wrapped,
}

/// The columns of the constructed solution, row by row; see the
/// docs of `src/huge/construct.rs`.
///
/// Iterating is O(1) per row with no allocation; [`Construction::column`]
/// answers any row directly.
///
/// # Examples
///
/// ```
/// use nqueens::{construct, LineVerifier};
///
/// let board = construct(10_001)?.expect("n ≥ 4 has a solution");
/// assert_eq!(board.n(), 10_001);
/// assert_eq!(board.column(10_000), 10_000); // an odd board ends in the corner
///
/// // Stream the columns into the checker without storing them.
/// let mut check = LineVerifier::with_size(board.n());
/// for col in board {
///     check.push(col);
/// }
/// assert!(check.finish().is_solution());
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Construction {
    n: usize,
    /// The even board the recipe builds (n, or n − 1 for odd n).
    even: usize,
    case: Case,
    /// The next row to yield.
    row: usize,
    /// One past the last row to yield (n, unless [`Construction::rows`]
    /// narrowed it).
    end: usize,
    /// The column of `row` when `row < stop`.
    col: usize,
    /// Where the quick step stops: one past the last row of the run of
    /// columns climbing by two that `row` is in, or `end` if that comes
    /// first; 0 before the run is worked out.
    stop: usize,
}

/// Boards are equal when they have the same size and rows left to yield
/// (the run an iterator has worked out is a cache).
impl PartialEq for Construction {
    fn eq(&self, other: &Self) -> bool {
        (self.n, self.row, self.end) == (other.n, other.row, other.end)
    }
}

impl Eq for Construction {}

/// The constructed solution for `n` queens, or `None` for n = 2 and 3,
/// which have none.
///
/// # Errors
/// [`Error::ZeroSize`] for n = 0.
///
/// # Examples
///
/// ```
/// use nqueens::{construct, Error};
///
/// let board: Vec<usize> = construct(6)?.expect("6 queens have a solution").collect();
/// assert_eq!(board, [1, 3, 5, 0, 2, 4]);
/// assert!(nqueens::verify(&board).is_ok());
///
/// // Any row of a huge board, without building the rows above it.
/// let huge = construct(1_000_000_000)?.unwrap();
/// assert_eq!(huge.column(123_456_789), 246_913_579);
///
/// assert!(construct(3)?.is_none());
/// assert_eq!(construct(0), Err(Error::ZeroSize));
/// # Ok::<(), nqueens::Error>(())
/// ```
pub fn construct(n: usize) -> Result<Option<Construction>, Error> {
    match n {
        0 => Err(Error::ZeroSize),
        2 | 3 => Ok(None),
        _ => {
            let even = n - n % 2;
            let case = if even % 6 == 2 {
                Case::Wrapped
            } else {
                Case::Climb
            };
            Ok(Some(Construction {
                n,
                even,
                case,
                row: 0,
                end: n,
                col: 0,
                stop: 0,
            }))
        }
    }
}

impl Construction {
    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The columns of the rows in `rows` only (clipped to the board), from
    /// any row in O(1): for checking or writing a huge board in blocks, on
    /// several threads ([`ParallelVerifier`](crate::ParallelVerifier)).
    ///
    /// # Examples
    ///
    /// ```
    /// use nqueens::construct;
    ///
    /// let board = construct(8)?.expect("8 queens have a solution");
    /// assert_eq!(board.rows(2..5).collect::<Vec<_>>(), [7, 1, 6]);
    /// assert_eq!(board.rows(6..100).collect::<Vec<_>>(), [2, 4]);
    /// assert_eq!(board.rows(0..8).len(), 8);
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn rows(&self, rows: std::ops::Range<usize>) -> Construction {
        let end = rows.end.min(self.n);
        Construction {
            row: rows.start.min(end),
            end,
            col: 0,
            stop: 0,
            ..self.clone()
        }
    }

    /// One past the last row of the run that `row` (below n) is in: the
    /// rows from `row` on whose columns climb by two from `row`'s.
    fn run_end(&self, row: usize) -> usize {
        let (m, h) = (self.even, self.even / 2);
        if row >= m {
            // The corner queen of an odd board, a run of one.
            return self.n;
        }
        match self.case {
            Case::Climb if row < h => h,
            Case::Climb => m,
            Case::Wrapped => {
                // The first top row whose value 2r + h − 1 reaches m (wraps),
                // and the first bottom row whose value 2(m − 1 − r) + h − 1
                // falls below m (no longer wraps): t ≤ h ≤ b.
                let t = (m - h + 2) / 2; // (m − h first: no overflow near usize::MAX)
                let b = m - t;
                [t, h, b, m].into_iter().find(|&p| p > row).unwrap_or(m)
            }
        }
    }

    /// The column of the queen in `row` (0-based), for `row < n`.
    ///
    /// # Panics
    /// If `row >= n`.
    pub fn column(&self, row: usize) -> usize {
        assert!(row < self.n, "row {row} is off the {0}×{0} board", self.n);
        let (m, h) = (self.even, self.even / 2);
        if row == m {
            // The corner queen of an odd board.
            return m;
        }
        match self.case {
            // 0-based: (r, 2r + 1) for r < h, (h + i, 2i) below.
            Case::Climb if row < h => 2 * row + 1,
            Case::Climb => 2 * (row - h),
            // Top half, j = row + 1: column (2(j − 1) + h − 1) mod m, 0-based.
            Case::Wrapped if row < h => add_mod(2 * row, h - 1, m),
            // Bottom half, row = m − j: column m − 1 − (2(j − 1) + h − 1) mod m.
            Case::Wrapped => m - 1 - add_mod(2 * (m - 1 - row), h - 1, m),
        }
    }
}

/// `(a + b) mod m` for `a, b < m`, without forming `a + b` (which overflows
/// for boards near `usize::MAX`).
#[inline]
fn add_mod(a: usize, b: usize, m: usize) -> usize {
    if a >= m - b {
        a - (m - b)
    } else {
        a + b
    }
}

impl Iterator for Construction {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.row >= self.stop {
            if self.row >= self.end {
                return None;
            }
            self.col = self.column(self.row);
            self.stop = self.run_end(self.row).min(self.end);
        }
        let col = self.col;
        self.col += 2;
        self.row += 1;
        Some(col)
    }

    /// In O(1): skipping rows costs nothing.
    fn nth(&mut self, skip: usize) -> Option<usize> {
        self.row = self.row.saturating_add(skip).min(self.end);
        self.stop = 0;
        self.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.end - self.row;
        (left, Some(left))
    }
}

impl ExactSizeIterator for Construction {}

impl FusedIterator for Construction {}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(n: usize) -> Option<Vec<usize>> {
        construct(n).unwrap().map(Iterator::collect)
    }

    /// The boards near `usize::MAX`, both cases, even and odd: each row's
    /// column as the formulas give it in u128 (it overflowed from about
    /// 1.2 × 10^19 on, in the wrapped case).
    #[test]
    fn the_largest_boards_are_exact() {
        let wrapped = (0..12)
            .map(|k| usize::MAX - k)
            .filter(|n| (n - n % 2) % 6 == 2);
        let climb = (0..12)
            .map(|k| usize::MAX - k)
            .filter(|n| (n - n % 2) % 6 != 2);
        for n in wrapped.take(2).chain(climb.take(2)) {
            let c = construct(n).unwrap().unwrap();
            let m = (n - n % 2) as u128;
            let h = m / 2;
            let expect = |row: u128| -> u128 {
                if row == m {
                    m
                } else if (m % 6) != 2 {
                    if row < h {
                        2 * row + 1
                    } else {
                        2 * (row - h)
                    }
                } else if row < h {
                    (2 * row + h - 1) % m
                } else {
                    m - 1 - (2 * (m - 1 - row) + h - 1) % m
                }
            };
            // The iterator too (its runs' ends overflowed in the wrapped
            // case at n = usize::MAX and usize::MAX − 1).
            let rows = construct(n).unwrap().unwrap().take(3);
            assert!(
                rows.enumerate().all(|(r, col)| col == c.column(r)),
                "n = {n}"
            );
            let last = n as u128 - 1;
            for row in [0, 1, 2, h - 2, h - 1, h, h + 1, m - 2, m - 1, last] {
                let got = c.column(row as usize) as u128;
                assert_eq!(got, expect(row), "n = {n}, row {row}");
                assert!(got < n as u128);
            }
        }
    }

    #[test]
    fn every_n_from_1_to_5000_is_a_solution() {
        for n in (1..=5000).filter(|&n| n != 2 && n != 3) {
            let columns = board(n).unwrap();
            assert_eq!(columns.len(), n);
            if let Err(e) = crate::verify(&columns) {
                panic!("n = {n} (n mod 12 = {}): {e}", n % 12);
            }
        }
    }

    #[test]
    fn two_and_three_have_none_and_zero_is_an_error() {
        assert_eq!(board(2), None);
        assert_eq!(board(3), None);
        assert_eq!(construct(0), Err(Error::ZeroSize));
        assert_eq!(board(1), Some(vec![0]));
    }

    #[test]
    fn each_case_of_the_recipe_gives_the_published_boards() {
        // n = 6 (case 1): (j, 2j), (3 + j, 2j − 1), 1-based.
        assert_eq!(board(6).unwrap(), [1, 3, 5, 0, 2, 4]);
        // n = 8 (case 2).
        assert_eq!(board(8).unwrap(), [3, 5, 7, 1, 6, 0, 2, 4]);
        // n = 7: n = 6 and the corner.
        assert_eq!(board(7).unwrap(), [1, 3, 5, 0, 2, 4, 6]);
        // n = 9: n = 8 and the corner.
        assert_eq!(board(9).unwrap(), [3, 5, 7, 1, 6, 0, 2, 4, 8]);
    }

    #[test]
    fn column_answers_any_row_as_the_iterator_does() {
        for n in [1, 4, 5, 14, 15, 20, 21, 1000, 1001] {
            let c = construct(n).unwrap().unwrap();
            let direct: Vec<usize> = (0..n).map(|r| c.column(r)).collect();
            assert_eq!(direct, c.clone().collect::<Vec<_>>());
        }
        let mut c = construct(10).unwrap().unwrap();
        assert_eq!(c.len(), 10);
        c.next();
        assert_eq!(c.size_hint(), (9, Some(9)));
    }

    #[test]
    fn rows_and_nth_start_anywhere() {
        for n in [4, 5, 8, 9, 14, 100, 101] {
            let c = construct(n).unwrap().unwrap();
            let all: Vec<usize> = c.clone().collect();
            for start in 0..=n + 1 {
                for end in start..=n + 1 {
                    let want = &all[start.min(n)..end.min(n)];
                    assert_eq!(c.rows(start..end).collect::<Vec<_>>(), want);
                    assert_eq!(c.rows(start..end).len(), want.len());
                }
                assert_eq!(c.clone().nth(start), all.get(start).copied());
            }
        }
    }

    #[test]
    fn the_iterator_gives_column_of_every_row_from_any_start() {
        // Every residue of n modulo 12 many times over, so both cases, odd
        // and even, and the wrap points of case 2 at every position.
        for n in (1..=700).filter(|&n| n != 2 && n != 3) {
            let c = construct(n).unwrap().unwrap();
            let direct: Vec<usize> = (0..n).map(|r| c.column(r)).collect();
            assert_eq!(c.clone().collect::<Vec<_>>(), direct, "n = {n}");
            for start in (0..n).step_by(n / 50 + 1) {
                let end = (start + 37).min(n);
                assert_eq!(c.rows(start..end).collect::<Vec<_>>(), direct[start..end]);
                let mut skipping = c.rows(start..n);
                let mut row = start;
                while let Some(col) = skipping.nth(row % 5) {
                    row += row % 5;
                    assert_eq!(col, direct[row], "n = {n}, row {row}");
                    row += 1;
                }
            }
        }
    }

    #[test]
    fn boards_compare_by_size_and_rows_left() {
        let c = construct(100).unwrap().unwrap();
        let mut walked = c.clone();
        walked.nth(9);
        assert_eq!(walked, c.rows(10..100));
        assert_ne!(walked, c.rows(11..100));
    }

    #[test]
    fn large_rows_are_answered_without_overflow() {
        let n = usize::MAX / 4 * 2 + 1; // odd, huge
        let c = construct(n).unwrap().unwrap();
        assert_eq!(c.column(n - 1), n - 1);
        assert!(c.column(n - 2) < n);
        assert!(c.column(0) < n);
        let last: Vec<usize> = c.rows(n - 4..n).collect();
        assert_eq!(last, (n - 4..n).map(|r| c.column(r)).collect::<Vec<_>>());
    }
}
