//! [`LineVerifier`]: the columns go in one row at a time, a [`Verdict`] comes
//! out.
//!
//! Each row costs three bit tests ([`Lines`]) and nothing is kept of it but
//! those bits, the counts and the first [`CONFLICTS_KEPT`] conflicts. While n
//! is unknown, a column at or beyond n can only be told at the end; the
//! verifier records the strict prefix maxima whose column exceeds their row,
//! from which [`finish`](LineVerifier::finish) names the first queen off the
//! board (see the module docs).

use super::bits::PagedBitSet;
use super::lines::{Lines, KINDS};
use super::verdict::{LineConflict, Verdict};
use super::{CONFLICTS_KEPT, MAX_QUEENS};
use crate::board::Square;

/// Checks a column list pushed one row at a time, in O(1) per row and O(n)
/// bits in all.
///
/// `push` the column of each row in order, then [`finish`](Self::finish). The
/// board size is the number of rows pushed ([`LineVerifier::new`], for
/// streams) or given up front ([`LineVerifier::with_size`]: a column at or
/// beyond n is then noted at once).
///
/// ```
/// use nqueens::LineVerifier;
/// use nqueens::Attack;
///
/// let mut v = LineVerifier::new();
/// for col in [0, 2, 4, 1, 3, 5] {
///     v.push(col);
/// }
/// let verdict = v.finish();
/// assert!(!verdict.is_solution());
/// assert_eq!(verdict.queens_on_taken_lines(), 1);
/// let c = verdict.conflicts()[0];
/// assert_eq!((c.queen.row, c.queen.col, c.attack), (5, 5, Attack::Diagonal));
///
/// // Columns 0..=4 of 4 rows: column 4 of row 2 is off the 4×4 board.
/// let mut v = LineVerifier::new();
/// for col in [1, 3, 4, 0] {
///     v.push(col);
/// }
/// assert_eq!(v.finish().off_board().map(|q| (q.row, q.col)), Some((2, 4)));
/// ```
#[derive(Debug, Clone)]
pub struct LineVerifier {
    /// The board size, when given up front.
    size: Option<u64>,
    /// Columns and rows at or beyond this are off the board at once.
    limit: u64,
    rows: u64,
    lines: Lines,
    /// One more than the largest column so far (below `limit`).
    high: u64,
    /// Rows and columns of the prefix maxima whose column exceeds their row.
    record_rows: PagedBitSet,
    record_cols: PagedBitSet,
    off_board: Option<Square>,
    conflicts: Vec<LineConflict>,
    /// Queens on a taken line, and per kind of line.
    on_taken: u64,
    taken: [u64; 3],
    /// How many columns to keep, and those kept.
    keep: usize,
    kept: Vec<u32>,
}

impl Default for LineVerifier {
    fn default() -> Self {
        Self::new()
    }
}

impl LineVerifier {
    /// A verifier for a board whose size is the number of rows pushed.
    pub fn new() -> Self {
        LineVerifier {
            size: None,
            limit: MAX_QUEENS,
            rows: 0,
            lines: Lines::paged(),
            high: 0,
            record_rows: PagedBitSet::new(),
            record_cols: PagedBitSet::new(),
            off_board: None,
            conflicts: Vec::new(),
            on_taken: 0,
            taken: [0; 3],
            keep: 0,
            kept: Vec::new(),
        }
    }

    /// A verifier for an `n`×`n` board: a column at or beyond `n`, or a row
    /// beyond the n-th, is off the board as soon as it is pushed.
    ///
    /// The bits are then three flat vectors (n, 2n − 1 and 2n − 1 bits, about
    /// 1.5 times as fast as pages), allocated zeroed at once and touched as
    /// rows come.
    pub fn with_size(n: usize) -> Self {
        let n = n as u64;
        LineVerifier {
            size: Some(n),
            limit: n.min(MAX_QUEENS),
            lines: if n <= MAX_QUEENS {
                Lines::flat(n)
            } else {
                Lines::paged()
            },
            ..Self::new()
        }
    }

    /// Also keeps the first `k` columns (4 bytes each), so that
    /// [`finish`](Self::finish) can name the earlier queen of a conflict
    /// whose earlier queen lies among them, without a second pass. For
    /// pipes, which cannot be read twice.
    pub fn keeping_columns(mut self, k: usize) -> Self {
        self.keep = k;
        self
    }

    /// The queen of the next row stands in column `col`.
    #[inline]
    pub fn push(&mut self, col: usize) {
        let row = self.rows;
        self.rows += 1;
        let col = col as u64;
        if self.kept.len() < self.keep {
            self.kept.push(u32::try_from(col).unwrap_or(u32::MAX));
        }
        if col >= self.limit || row >= self.limit {
            self.outside(row, col);
            return;
        }
        if col >= self.high && self.size.is_none() {
            self.high = col + 1;
            if col > row {
                self.record_rows.insert(row);
                self.record_cols.insert(col);
            }
        }
        let hits = self.lines.take(row, col);
        if hits[0] | hits[1] | hits[2] {
            self.taken_line(row, col, hits);
        }
    }

    #[cold]
    fn outside(&mut self, row: u64, col: u64) {
        // Rows beyond MAX_QUEENS of an unsized board make it too large (the
        // verdict says so); they are not a queen off the board.
        if self.size.is_none() && row >= MAX_QUEENS {
            return;
        }
        if self.off_board.is_none() {
            self.off_board = Some(Square::new(row as usize, col as usize));
        }
    }

    #[cold]
    fn taken_line(&mut self, row: u64, col: u64, hits: [bool; 3]) {
        self.on_taken += 1;
        for (kind, &hit) in hits.iter().enumerate() {
            if hit {
                self.taken[kind] += 1;
                if self.conflicts.len() < CONFLICTS_KEPT {
                    self.conflicts.push(LineConflict {
                        queen: Square::new(row as usize, col as usize),
                        attack: KINDS[kind],
                        earlier_row: None,
                    });
                }
            }
        }
    }

    /// How many rows have been pushed.
    pub fn rows(&self) -> usize {
        self.rows as usize
    }

    /// Bytes held by the bit sets and kept columns.
    pub fn memory_bytes(&self) -> usize {
        self.lines.memory_bytes()
            + self.record_rows.memory_bytes()
            + self.record_cols.memory_bytes()
            + self.kept.capacity() * 4
    }

    /// The verdict on the rows pushed.
    pub fn finish(mut self) -> Verdict {
        let n = self.size.unwrap_or(self.rows);
        if self.size.is_none() && self.high > n {
            if let Some(first) = self.first_recorded_off_board(n) {
                if self.off_board.is_none_or(|q| first.row < q.row) {
                    self.off_board = Some(first);
                }
            }
        }
        let mut verdict = Verdict {
            n: n as usize,
            queens: self.rows as usize,
            too_large: n > MAX_QUEENS || self.rows > MAX_QUEENS,
            conflicts: self.conflicts,
            on_taken: self.on_taken,
            taken: self.taken,
            off_board: self.off_board,
        };
        if !self.kept.is_empty() {
            verdict.fill_earlier_rows(self.kept.iter().map(|&c| c as usize));
        }
        verdict
    }

    /// The first queen whose column is at or beyond `n`, of an unsized board:
    /// the recorded prefix maximum with the smallest column ≥ n, and the
    /// recorded row of the same rank.
    fn first_recorded_off_board(&self, n: u64) -> Option<Square> {
        let col = self.record_cols.next_at_or_after(n)?;
        let row = self.record_rows.select(self.record_cols.count_below(col))?;
        Some(Square::new(row as usize, col as usize))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Attack, Placement};
    use crate::error::Error;
    use crate::read::test_util::{blank, naive, run, solution};
    use proptest::prelude::*;

    #[test]
    fn a_lone_huge_column_costs_one_page() {
        let mut v = LineVerifier::new();
        v.push((MAX_QUEENS - 1) as usize);
        // One page per set touched, and directories of at most 2^17 entries.
        assert!(v.memory_bytes() < 4 << 20, "{}", v.memory_bytes());
        let verdict = v.finish();
        assert_eq!(
            verdict.off_board(),
            Some(Square::new(0, (MAX_QUEENS - 1) as usize))
        );
        // Beyond the cap: off the board at once, and no lines touched.
        let mut v = LineVerifier::new();
        v.push(1 << 40);
        v.push(0);
        assert!(v.memory_bytes() < 1 << 20, "{}", v.memory_bytes());
        let verdict = v.finish();
        assert_eq!(verdict.off_board(), Some(Square::new(0, 1 << 40)));
        assert!(matches!(verdict.error(), Some(Error::OutOfRange { .. })));
        assert!(!verdict.is_solution());
    }

    #[test]
    fn memory_follows_the_lines_touched() {
        let n = 1 << 20;
        let v = {
            let mut v = LineVerifier::new();
            for c in solution(n) {
                v.push(c);
            }
            v
        };
        // 5n bits of lines plus at most 2n of records, in whole pages.
        let bytes = v.memory_bytes();
        assert!(bytes < 8 * n / 8 + (1 << 20), "{bytes} bytes for n = {n}");
        assert!(v.finish().is_solution());
    }

    #[test]
    fn empty_and_sized() {
        let v = LineVerifier::new().finish();
        assert_eq!(v.error(), Some(Error::ZeroSize));
        assert!(!v.is_solution());
        let v = run(&[1, 3, 0, 2], LineVerifier::with_size(4));
        assert!(v.is_solution());
        let v = run(&[1, 3, 0], LineVerifier::with_size(4));
        assert_eq!((v.n(), v.queens()), (4, 3));
        assert!(!v.is_solution() && v.error().is_none());
        let v = run(&[1, 3, 5, 0], LineVerifier::with_size(4));
        assert_eq!(v.off_board(), Some(Square::new(2, 5)));
        let v = run(&[1, 3, 0, 2, 0], LineVerifier::with_size(4));
        assert_eq!(v.off_board(), Some(Square::new(4, 0)));
    }

    #[test]
    fn three_in_a_column_count_twice() {
        let v = run(&[0, 0, 0], LineVerifier::new());
        assert_eq!(v.queens_on_taken_lines(), 2);
        assert_eq!(v.taken(Attack::Column), 2);
        assert_eq!(v.taken(Attack::Diagonal), 0);
        assert_eq!(v.taken(Attack::Row), 0);
    }

    proptest! {
        #[test]
        fn agrees_with_verify_and_placement(cols in (1usize..12).prop_flat_map(|n| proptest::collection::vec(0..n, n))) {
            let n = cols.len();
            let (want, on_taken, taken) = naive(&cols);
            for v in [LineVerifier::new(), LineVerifier::with_size(n)] {
                let mut verdict = run(&cols, v);
                prop_assert_eq!(verdict.is_solution(), crate::verify(&cols).is_ok());
                prop_assert_eq!(
                    verdict.is_solution(),
                    Placement::from_columns(cols.clone()).unwrap().is_solution()
                );
                prop_assert_eq!(verdict.queens_on_taken_lines(), on_taken);
                prop_assert_eq!(KINDS.map(|k| verdict.taken(k)), taken);
                let first: Vec<_> = want.iter().copied().take(CONFLICTS_KEPT).collect();
                prop_assert_eq!(verdict.conflicts(), &blank(first.clone())[..]);
                verdict.fill_earlier_rows(cols.iter().copied());
                prop_assert_eq!(verdict.conflicts(), &first[..]);
                for c in verdict.conflicts() {
                    let e = c.earlier().unwrap();
                    prop_assert_eq!(cols[e.row], e.col);
                    prop_assert_eq!(e.attack(c.queen), Some(c.attack));
                }
                // Kept columns name the same rows in one pass.
                let kept = run(&cols, LineVerifier::new().keeping_columns(n));
                prop_assert_eq!(kept.conflicts(), &first[..]);
            }
        }

        #[test]
        fn first_off_the_board(cols in (1usize..12).prop_flat_map(|n| proptest::collection::vec(0..2 * n + 2, n))) {
            let n = cols.len();
            let want = cols.iter().position(|&c| c >= n).map(|r| Square::new(r, cols[r]));
            prop_assert_eq!(run(&cols, LineVerifier::new()).off_board(), want);
            prop_assert_eq!(run(&cols, LineVerifier::with_size(n)).off_board(), want);
        }
    }
}
