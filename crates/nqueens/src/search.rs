//! Every solution in lexicographic order, lazily, in constant memory.
//!
//! The search is the classic bitboard backtracking of Wirth and of Rivin,
//! Vardi and Zimmermann ("The n-queens problem", Amer. Math. Monthly 101, 1994):
//! row by row, three masks hold the columns and the two diagonals already
//! attacked, shifted by one square per row, and the free squares of the next
//! row are `!(cols | diag | anti)`. Taking the lowest free bit first (`x & -x`)
//! visits columns from left to right, so solutions come out in lexicographic
//! order of their column lists.
//!
//! The recursion is unrolled into arrays indexed by the row, so there is no
//! call stack to overflow and nothing grows while solutions stream: the state
//! is O(n) words whatever the number of solutions. [`Solutions`] is the
//! iterator; [`search`] pushes each solution to a [`Sink`] that can stop the
//! search.

use std::ops::ControlFlow;

use crate::board::{Solution, Square};
use crate::error::Error;
use crate::sink::Sink;
use crate::symmetry;

/// The largest board the bitboard search takes: one bit per column in a `u64`.
///
/// # Examples
///
/// ```
/// use nqueens::{solutions, Error, MAX_N};
///
/// assert!(solutions(MAX_N).is_ok()); // the iterator is built; nothing is searched yet
/// assert!(matches!(
///     solutions(MAX_N + 1),
///     Err(Error::TooLarge { n: 65, max: MAX_N, .. })
/// ));
/// assert!(nqueens::first(MAX_N + 1).is_err());
/// ```
pub const MAX_N: usize = 64;

/// Checks that the bitboard search can take an `n`×`n` board.
pub(crate) fn check_n(n: usize) -> Result<(), Error> {
    if n == 0 {
        Err(Error::ZeroSize)
    } else if n > MAX_N {
        Err(Error::TooLarge {
            n,
            max: MAX_N,
            what: "the bitboard search",
        })
    } else {
        Ok(())
    }
}

/// The solutions of an `n`×`n` board in lexicographic order.
///
/// Built by [`solutions`] or [`Solutions::with_prefix`]. Besides the
/// [`Iterator`] of owned [`Solution`]s, [`Solutions::next_columns`] lends each
/// solution without allocating, for loops over millions of them.
///
/// # Examples
///
/// ```
/// use nqueens::Solutions;
///
/// // The solutions of 8 queens with a queen in the top-left corner.
/// let mut corner = Solutions::with_prefix(8, &[0])?;
/// assert_eq!(corner.n(), 8);
/// let mut count = 0;
/// while let Some(columns) = corner.next_columns() {
///     assert_eq!(columns[0], 0);
///     count += 1;
/// }
/// assert_eq!(count, 4);
///
/// // Queens in the prefix that attack each other leave nothing to find.
/// assert_eq!(Solutions::with_prefix(8, &[0, 1])?.count(), 0);
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Solutions {
    n: usize,
    full: u64,
    /// Rows fixed by the prefix; the search never backs up above them.
    base: usize,
    /// The row whose candidates are being tried.
    depth: usize,
    columns: Vec<usize>,
    /// Untried free squares of each row, and the attacked masks above it.
    avail: Vec<u64>,
    cols: Vec<u64>,
    diag: Vec<u64>,
    anti: Vec<u64>,
    done: bool,
}

impl Solutions {
    /// The solutions whose first rows are `prefix` (the columns of rows
    /// `0..prefix.len()`), in lexicographic order. A prefix whose queens attack
    /// each other has no solutions.
    ///
    /// # Errors
    /// [`Error::ZeroSize`], [`Error::TooLarge`] for `n > 64`, and
    /// [`Error::OutOfRange`] for a prefix column off the board or a prefix
    /// longer than the board.
    pub fn with_prefix(n: usize, prefix: &[usize]) -> Result<Self, Error> {
        check_n(n)?;
        if prefix.len() > n {
            return Err(Error::OutOfRange {
                square: Square::new(n, prefix[n]),
                n,
            });
        }
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut s = Solutions {
            n,
            full,
            base: prefix.len(),
            depth: prefix.len(),
            columns: vec![0; n],
            avail: vec![0; n + 1],
            cols: vec![0; n + 1],
            diag: vec![0; n + 1],
            anti: vec![0; n + 1],
            done: false,
        };
        let (mut c, mut d, mut a) = (0u64, 0u64, 0u64);
        for (row, &col) in prefix.iter().enumerate() {
            if col >= n {
                return Err(Error::OutOfRange {
                    square: Square::new(row, col),
                    n,
                });
            }
            let bit = 1u64 << col;
            if (c | d | a) & bit != 0 {
                s.done = true;
            }
            s.columns[row] = col;
            c |= bit;
            d = (d | bit) << 1;
            a = (a | bit) >> 1;
        }
        let b = s.base;
        s.cols[b] = c;
        s.diag[b] = d;
        s.anti[b] = a;
        s.avail[b] = full & !(c | d | a);
        Ok(s)
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The next solution's columns, lent until the next call.
    pub fn next_columns(&mut self) -> Option<&[usize]> {
        loop {
            let mut budget = u64::MAX;
            match self.advance(&mut budget) {
                Advance::Solution => return Some(&self.columns),
                Advance::Done => return None,
                // After 2^64 rows left: go on where it paused.
                Advance::Paused => {}
            }
        }
    }

    /// The columns of the solution [`advance`](Self::advance) came to last.
    pub(crate) fn columns(&self) -> &[usize] {
        &self.columns
    }

    /// Searches on while `budget` lasts, one taken from it each time a row
    /// is left (about as many times as squares are placed): the next
    /// solution, the end, or a pause when it runs out, after which the next
    /// call goes on where this one stopped. For a count that must look at
    /// its stop flag while no solution comes (from the first rows of a
    /// board of 36, none may come for hours).
    pub(crate) fn advance(&mut self, budget: &mut u64) -> Advance {
        if self.done {
            return Advance::Done;
        }
        if self.base == self.n {
            // The prefix is a whole (valid) board: one solution.
            self.done = true;
            return Advance::Solution;
        }
        let mut d = self.depth;
        // Counted down in a local, written back when the call returns.
        let mut left = *budget;
        loop {
            let a = self.avail[d];
            if a == 0 {
                // Counted where a row is left, once for each square placed
                // (the loop's other branch is left as fast as it was).
                if left == 0 {
                    *budget = 0;
                    self.depth = d;
                    return Advance::Paused;
                }
                left -= 1;
                if d == self.base {
                    *budget = left;
                    self.done = true;
                    return Advance::Done;
                }
                d -= 1;
                continue;
            }
            let bit = a & a.wrapping_neg();
            self.avail[d] = a ^ bit;
            self.columns[d] = bit.trailing_zeros() as usize;
            if d + 1 == self.n {
                *budget = left;
                self.depth = d;
                return Advance::Solution;
            }
            let c = self.cols[d] | bit;
            let l = (self.diag[d] | bit) << 1;
            let r = (self.anti[d] | bit) >> 1;
            d += 1;
            self.cols[d] = c;
            self.diag[d] = l;
            self.anti[d] = r;
            self.avail[d] = self.full & !(c | l | r);
        }
    }
}

/// What [`Solutions::advance`] came to.
pub(crate) enum Advance {
    /// The next solution, whose columns [`Solutions::columns`] lends.
    Solution,
    /// No solution is left.
    Done,
    /// The budget ran out first.
    Paused,
}

impl Iterator for Solutions {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        self.next_columns()
            .map(|c| Solution::from_trusted(c.to_vec()))
    }
}

impl std::iter::FusedIterator for Solutions {}

/// Every solution of the `n`×`n` board, in lexicographic order.
///
/// ```
/// let all: Vec<_> = nqueens::solutions(4)?.collect();
/// assert_eq!(all.len(), 2);
/// assert_eq!(all[0].columns(), &[1, 3, 0, 2]);
/// # Ok::<(), nqueens::Error>(())
/// ```
///
/// # Errors
/// [`Error::ZeroSize`] or [`Error::TooLarge`] (`n > 64`).
pub fn solutions(n: usize) -> Result<Solutions, Error> {
    Solutions::with_prefix(n, &[])
}

/// The lexicographically first solution, or `None` when there is none (n = 2, 3).
///
/// ```
/// let first = nqueens::first(8)?.unwrap();
/// assert_eq!(first.columns(), &[0, 4, 7, 5, 2, 6, 1, 3]);
/// assert_eq!(nqueens::first(3)?, None);
/// # Ok::<(), nqueens::Error>(())
/// ```
///
/// # Errors
/// [`Error::ZeroSize`] or [`Error::TooLarge`] (`n > 64`).
pub fn first(n: usize) -> Result<Option<Solution>, Error> {
    Ok(solutions(n)?.next())
}

/// Pushes every solution, in lexicographic order, to `sink` until it says stop.
/// Returns `Break` when the sink stopped the search, `Continue` when every
/// solution was visited.
///
/// # Examples
///
/// ```
/// use std::ops::ControlFlow;
/// use nqueens::{search, Collect, SolutionCounter};
///
/// let mut counter = SolutionCounter::default();
/// assert_eq!(search(8, &mut counter)?, ControlFlow::Continue(()));
/// assert_eq!(counter.total, 92);
///
/// let mut first_two = Collect { limit: Some(2), ..Collect::default() };
/// assert_eq!(search(8, &mut first_two)?, ControlFlow::Break(()));
/// assert_eq!(first_two.solutions, [[0, 4, 7, 5, 2, 6, 1, 3], [0, 5, 7, 2, 6, 3, 1, 4]]);
///
/// assert!(search(0, &mut counter).is_err());
/// # Ok::<(), nqueens::Error>(())
/// ```
///
/// # Errors
/// [`Error::ZeroSize`] or [`Error::TooLarge`] (`n > 64`).
pub fn search<V: Sink + ?Sized>(n: usize, sink: &mut V) -> Result<ControlFlow<()>, Error> {
    let mut it = solutions(n)?;
    while let Some(columns) = it.next_columns() {
        if sink.solution(columns).is_break() {
            return Ok(ControlFlow::Break(()));
        }
    }
    Ok(ControlFlow::Continue(()))
}

/// One canonical representative of each symmetry class, in lexicographic order.
///
/// Built by [`unique_solutions`]. The canonical member of a class is its
/// lexicographically smallest image, so its first queen is in the left half and
/// the search stops once the first row passes the middle.
///
/// # Examples
///
/// ```
/// // The four solutions of 6 queens form one class.
/// let mut reps = nqueens::unique_solutions(6)?;
/// assert_eq!(reps.next_columns(), Some(&[1, 3, 5, 0, 2, 4][..]));
/// assert_eq!(reps.next_columns(), None);
///
/// // A representative's first queen is in the left half.
/// let reps: Vec<_> = nqueens::unique_solutions(9)?.collect();
/// assert_eq!(reps.len(), 46);
/// assert!(reps.iter().all(|s| s.columns()[0] <= 4));
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct UniqueSolutions {
    inner: Solutions,
    scratch: Vec<usize>,
}

impl UniqueSolutions {
    /// The next representative's columns, lent until the next call.
    pub fn next_columns(&mut self) -> Option<&[usize]> {
        let half = (self.inner.n - 1) / 2;
        loop {
            let columns = self.inner.next_columns()?;
            if columns[0] > half {
                // Mirroring left-right gives a smaller image from here on.
                self.inner.done = true;
                return None;
            }
            if symmetry::is_canonical(columns, &mut self.scratch) {
                // Re-borrow: `columns` came from `self.inner`.
                return Some(&self.inner.columns);
            }
        }
    }
}

impl Iterator for UniqueSolutions {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        self.next_columns()
            .map(|c| Solution::from_trusted(c.to_vec()))
    }
}

impl std::iter::FusedIterator for UniqueSolutions {}

/// The canonical representative of every symmetry class, in lexicographic order.
///
/// ```
/// let reps: Vec<_> = nqueens::unique_solutions(8)?.collect();
/// assert_eq!(reps.len(), 12);
/// assert!(reps.iter().all(|s| s.is_canonical()));
/// # Ok::<(), nqueens::Error>(())
/// ```
///
/// # Errors
/// [`Error::ZeroSize`] or [`Error::TooLarge`] (`n > 64`).
pub fn unique_solutions(n: usize) -> Result<UniqueSolutions, Error> {
    Ok(UniqueSolutions {
        inner: solutions(n)?,
        scratch: Vec::with_capacity(n),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_boards() {
        assert_eq!(solutions(1).unwrap().count(), 1);
        assert_eq!(solutions(2).unwrap().count(), 0);
        assert_eq!(solutions(3).unwrap().count(), 0);
        assert_eq!(solutions(6).unwrap().count(), 4);
        assert_eq!(first(0), Err(Error::ZeroSize));
        assert!(matches!(first(65), Err(Error::TooLarge { .. })));
    }

    #[test]
    fn order_is_lexicographic_and_every_solution_verifies() {
        let all: Vec<Vec<usize>> = solutions(8).unwrap().map(Solution::into_columns).collect();
        assert_eq!(all.len(), 92);
        assert!(all.windows(2).all(|w| w[0] < w[1]));
        assert!(all.iter().all(|s| crate::verify(s).is_ok()));
    }

    #[test]
    fn prefixes() {
        let with: Vec<_> = Solutions::with_prefix(8, &[0]).unwrap().collect();
        assert_eq!(with.len(), 4);
        assert!(with.iter().all(|s| s.columns()[0] == 0));
        // A conflicting prefix has no solutions; a complete one has itself.
        assert_eq!(Solutions::with_prefix(8, &[0, 1]).unwrap().count(), 0);
        let whole = [0, 4, 7, 5, 2, 6, 1, 3];
        assert_eq!(Solutions::with_prefix(8, &whole).unwrap().count(), 1);
        assert_eq!(
            Solutions::with_prefix(8, &[0, 4, 7, 5, 2, 6, 1, 0])
                .unwrap()
                .count(),
            0
        );
        assert!(Solutions::with_prefix(4, &[4]).is_err());
        assert!(Solutions::with_prefix(2, &[0, 1, 0]).is_err());
    }

    #[test]
    fn full_width_masks() {
        // A known 64-queens solution (n mod 6 = 4: odd columns, then even ones).
        let known: Vec<usize> = (0..32)
            .map(|i| 2 * i + 1)
            .chain((0..32).map(|i| 2 * i))
            .collect();
        assert!(crate::verify(&known).is_ok());
        // Search the last eight rows: the 64-bit masks must not overflow.
        let found: Vec<_> = Solutions::with_prefix(MAX_N, &known[..56])
            .unwrap()
            .collect();
        assert!(found.iter().any(|s| s.columns() == known.as_slice()));
        assert!(found.iter().all(|s| crate::verify(s.columns()).is_ok()));
        assert!(first(28).unwrap().is_some());
    }

    #[test]
    fn visitor_can_stop() {
        let mut n = 0;
        let flow = search(6, &mut |_: &[usize]| {
            n += 1;
            ControlFlow::Break(())
        })
        .unwrap();
        assert_eq!(flow, ControlFlow::Break(()));
        assert_eq!(n, 1);
    }
}
