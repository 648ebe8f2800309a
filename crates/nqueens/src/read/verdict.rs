//! [`Verdict`]: what a [`LineVerifier`](super::LineVerifier) found, and the
//! second pass that completes its conflicts.
//!
//! A bit says that a line is taken, not by which row, so a [`LineConflict`]
//! first comes without its earlier queen. [`Verdict::fill_earlier_rows`] reads
//! the columns again, up to the last listed conflict, and a `RowFinder` notes
//! the first row on each line of interest, at three bit tests a row.

use super::error::ReadError;
use super::lines::{kind_index, line_key};
use super::MAX_QUEENS;
use crate::board::{Attack, Placement, Square};
use crate::error::Error;

/// One placement read by [`ColumnReader::next_placement`](super::ColumnReader::next_placement).
///
/// # Examples
///
/// ```
/// use nqueens::{ColumnReader, Streamed};
///
/// // Up to 4 queens whole, above that as a verdict.
/// let text = "[1, 3, 0, 2]\n[0, 2, 4, 1, 3]\n";
/// let mut reader = ColumnReader::new(text.as_bytes(), false).with_detail_max(4);
/// assert!(matches!(reader.next_placement()?, Some(Streamed::Small(p)) if p.is_solution()));
/// assert!(matches!(
///     reader.next_placement()?,
///     Some(Streamed::Large(v)) if v.is_solution() && v.n() == 5
/// ));
/// assert_eq!(reader.next_placement()?, None);
/// # Ok::<(), nqueens::ReadError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Streamed {
    /// At most the detail limit of queens (or a quoted board): the whole
    /// placement, for a detailed report.
    Small(Placement),
    /// More: checked as it streamed by, in O(n) bits.
    Large(Verdict),
}

/// A queen that landed on a line an earlier queen already held.
///
/// # Examples
///
/// ```
/// use nqueens::{Attack, LineVerifier, Square};
///
/// // The queen of row 4 shares column 0 with row 2 and an anti-diagonal with row 1.
/// let columns = [1, 3, 0, 2, 0];
/// let mut verifier = LineVerifier::new();
/// for col in columns {
///     verifier.push(col);
/// }
/// let mut verdict = verifier.finish();
/// let found: Vec<_> = verdict.conflicts().iter().map(|c| (c.queen, c.attack, c.earlier_row)).collect();
/// assert_eq!(
///     found,
///     [(Square::new(4, 0), Attack::Column, None), (Square::new(4, 0), Attack::AntiDiagonal, None)]
/// );
///
/// // A second pass over the columns finds the earlier queens.
/// verdict.fill_earlier_rows(columns);
/// let earlier: Vec<_> = verdict.conflicts().iter().map(|c| c.earlier()).collect();
/// assert_eq!(earlier, [Some(Square::new(2, 0)), Some(Square::new(1, 3))]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LineConflict {
    /// The later queen (its row is the larger).
    pub queen: Square,
    /// The line they share: column, diagonal or anti-diagonal.
    pub attack: Attack,
    /// The row of the first queen on that line, once known: the bits do not
    /// hold it (see [`Verdict::fill_earlier_rows`]).
    pub earlier_row: Option<usize>,
}

impl LineConflict {
    /// The earlier queen, when its row is known (its column follows from the line).
    pub fn earlier(&self) -> Option<Square> {
        let row = self.earlier_row?;
        let up = self.queen.row.checked_sub(row)?;
        let col = match self.attack {
            Attack::Diagonal => self.queen.col.checked_sub(up)?,
            Attack::AntiDiagonal => self.queen.col + up,
            _ => self.queen.col,
        };
        Some(Square::new(row, col))
    }

    /// The kind and key of the shared line.
    fn line(&self) -> (usize, u64) {
        let kind = kind_index(self.attack);
        (
            kind,
            line_key(kind, self.queen.row as u64, self.queen.col as u64),
        )
    }
}

/// What a [`LineVerifier`](super::LineVerifier) found.
///
/// # Examples
///
/// ```
/// use nqueens::{Error, LineVerifier, Square};
///
/// let verdict_of = |n: usize, columns: &[usize]| {
///     let mut verifier = LineVerifier::with_size(n);
///     for &col in columns {
///         verifier.push(col);
///     }
///     verifier.finish()
/// };
///
/// let verdict = verdict_of(6, &[1, 3, 5, 0, 2, 4]);
/// assert!(verdict.is_solution());
/// assert_eq!((verdict.n(), verdict.queens()), (6, 6));
///
/// // Two queens short: no conflict, but no solution either.
/// let verdict = verdict_of(6, &[1, 3, 5, 0]);
/// assert!(!verdict.is_solution());
/// assert_eq!((verdict.queens(), verdict.queens_on_taken_lines()), (4, 0));
/// assert_eq!(verdict.error(), None);
///
/// // Column 6 is off a 4×4 board.
/// let verdict = verdict_of(4, &[1, 3, 0, 6]);
/// assert_eq!(verdict.error(), Some(Error::OutOfRange { square: Square::new(3, 6), n: 4 }));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// The board size.
    pub(super) n: usize,
    /// The rows pushed.
    pub(super) queens: usize,
    /// More than [`MAX_QUEENS`] rows, or a larger size given.
    pub(super) too_large: bool,
    /// The first [`CONFLICTS_KEPT`](super::CONFLICTS_KEPT) conflicts.
    pub(super) conflicts: Vec<LineConflict>,
    /// Queens on a taken line, and per kind of line.
    pub(super) on_taken: u64,
    pub(super) taken: [u64; 3],
    /// The first queen off the board.
    pub(super) off_board: Option<Square>,
}

impl Verdict {
    /// The verdict on a solution of `n` queens, for checks that find no
    /// fault (n ≤ [`MAX_QUEENS`]).
    pub(super) fn solution(n: usize) -> Verdict {
        Verdict {
            n,
            queens: n,
            too_large: n as u64 > MAX_QUEENS,
            conflicts: Vec::new(),
            on_taken: 0,
            taken: [0; 3],
            off_board: None,
        }
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// How many queens (rows) were pushed.
    pub fn queens(&self) -> usize {
        self.queens
    }

    /// Whether the rows form a solution: n queens, all on the board, none on
    /// a line an earlier one holds.
    pub fn is_solution(&self) -> bool {
        self.n > 0
            && !self.too_large
            && self.off_board.is_none()
            && self.queens == self.n
            && self.on_taken == 0
    }

    /// Why the rows are not a board at all: none ([`Error::ZeroSize`]), more
    /// than `MAX_QUEENS` (2^32, [`Error::TooLarge`]), or a queen off the board
    /// ([`Error::OutOfRange`], the first one in row order).
    pub fn error(&self) -> Option<Error> {
        if self.n == 0 {
            Some(Error::ZeroSize)
        } else if self.too_large {
            Some(Error::TooLarge {
                n: self.n,
                max: MAX_QUEENS as usize,
                what: "the streaming verifier",
            })
        } else {
            self.off_board
                .map(|square| Error::OutOfRange { square, n: self.n })
        }
    }

    /// The first queen off the board, in row order.
    pub fn off_board(&self) -> Option<Square> {
        self.off_board
    }

    /// The first [`CONFLICTS_KEPT`](super::CONFLICTS_KEPT) conflicts found, by row of the later
    /// queen, then column, diagonal, anti-diagonal. A queen on two taken
    /// lines gives two.
    pub fn conflicts(&self) -> &[LineConflict] {
        &self.conflicts
    }

    /// How many queens landed on a line already taken (exact; a queen on two
    /// taken lines counts once). Zero for a solution. This is not the number
    /// of attacking pairs: three queens in one column count 2 here, and make
    /// 3 pairs.
    pub fn queens_on_taken_lines(&self) -> u64 {
        self.on_taken
    }

    /// How many queens landed on a taken line of this kind (exact; 0 for rows).
    pub fn taken(&self, attack: Attack) -> u64 {
        match attack {
            Attack::Column | Attack::Diagonal | Attack::AntiDiagonal => {
                self.taken[kind_index(attack)]
            }
            _ => 0,
        }
    }

    /// Whether some listed conflict still lacks its earlier row.
    pub fn needs_earlier_rows(&self) -> bool {
        self.conflicts.iter().any(|c| c.earlier_row.is_none())
    }

    /// Fills in the earlier rows from the same columns again, row by row from
    /// row 0; reads only up to the last listed conflict. Columns that end
    /// early leave the rows past them unknown.
    pub fn fill_earlier_rows<I: IntoIterator<Item = usize>>(&mut self, columns: I) {
        let Some(mut finder) = RowFinder::new(&self.conflicts, self.n as u64) else {
            return;
        };
        for col in columns {
            if !finder.feed(col as u64) {
                break;
            }
        }
        finder.apply(&mut self.conflicts);
    }

    /// [`fill_earlier_rows`](Self::fill_earlier_rows) with the columns
    /// that `scan` feeds, in row order, to the function it is given (which
    /// answers false once no further row is needed).
    ///
    /// # Errors
    /// What `scan` returns.
    pub(super) fn fill_earlier_rows_by(
        &mut self,
        scan: impl FnOnce(&mut dyn FnMut(u64) -> bool) -> Result<(), ReadError>,
    ) -> Result<(), ReadError> {
        let Some(mut finder) = RowFinder::new(&self.conflicts, self.n as u64) else {
            return Ok(());
        };
        scan(&mut |col| finder.feed(col))?;
        finder.apply(&mut self.conflicts);
        Ok(())
    }
}

/// A line whose first row is wanted.
struct Target {
    /// The line, as in [`LineConflict::line`].
    kind: usize,
    key: u64,
    /// The first row found on it.
    first: Option<u64>,
}

/// Finds the first row on each of a few lines.
struct RowFinder {
    targets: Vec<Target>,
    /// A 4096-bit filter per kind on the keys, so most rows cost three bit tests.
    filter: [[u64; 64]; 3],
    /// Rows below this are needed.
    upto: u64,
    /// The row of the next column fed.
    row: u64,
    /// The board size: a queen off the board takes no line (as in the
    /// first pass), so it is no conflict's earlier queen.
    n: u64,
}

impl RowFinder {
    /// A finder for the lines of the conflicts that lack their earlier row
    /// on a board of size `n`; `None` if there are none.
    fn new(conflicts: &[LineConflict], n: u64) -> Option<Self> {
        let mut targets: Vec<Target> = Vec::new();
        let mut filter = [[0u64; 64]; 3];
        let mut upto = 0;
        for c in conflicts.iter().filter(|c| c.earlier_row.is_none()) {
            let (kind, key) = c.line();
            if !targets.iter().any(|t| (t.kind, t.key) == (kind, key)) {
                targets.push(Target {
                    kind,
                    key,
                    first: None,
                });
                filter[kind][(key >> 6) as usize & 63] |= 1 << (key & 63);
            }
            upto = upto.max(c.queen.row as u64);
        }
        (!targets.is_empty()).then_some(RowFinder {
            targets,
            filter,
            upto,
            row: 0,
            n,
        })
    }

    /// The next row's column; false once no further row is needed.
    #[inline]
    fn feed(&mut self, col: u64) -> bool {
        let row = self.row;
        if row >= self.upto {
            return false;
        }
        self.row += 1;
        if col >= self.n || row >= self.n {
            return self.row < self.upto;
        }
        for kind in 0..3 {
            let key = line_key(kind, row, col);
            if self.filter[kind][(key >> 6) as usize & 63] >> (key & 63) & 1 == 1 {
                for t in &mut self.targets {
                    if (t.kind, t.key) == (kind, key) && t.first.is_none() {
                        t.first = Some(row);
                    }
                }
            }
        }
        self.row < self.upto
    }

    /// Writes the rows found into the conflicts, where they are earlier.
    fn apply(&self, conflicts: &mut [LineConflict]) {
        for c in conflicts.iter_mut().filter(|c| c.earlier_row.is_none()) {
            let (kind, key) = c.line();
            let first = self
                .targets
                .iter()
                .find(|t| (t.kind, t.key) == (kind, key))
                .and_then(|t| t.first);
            if let Some(row) = first.filter(|&r| r < c.queen.row as u64) {
                c.earlier_row = Some(row as usize);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Attack;
    use crate::read::lines::KINDS;
    use crate::read::test_util::{run, solution};
    use crate::read::{LineVerifier, CONFLICTS_KEPT};
    use proptest::prelude::*;

    #[test]
    fn conflicts_listed_are_capped_and_counted() {
        let cols = vec![0; 50];
        let v = run(&cols, LineVerifier::new().keeping_columns(50));
        assert_eq!(v.conflicts().len(), CONFLICTS_KEPT);
        assert_eq!(v.queens_on_taken_lines(), 49);
        assert!(v.conflicts().iter().all(|c| c.earlier_row == Some(0)));
        assert_eq!(v.conflicts()[9].earlier(), Some(Square::new(0, 0)));
    }

    /// A queen off the board takes no line, in the second pass as in the
    /// first: (0, 3) off a 3×3 board was named as the earlier queen of
    /// (2, 1)'s anti-diagonal, which (1, 2) holds; a huge column made the
    /// pass add past `u64::MAX`.
    #[test]
    fn an_off_board_queen_is_no_earlier_queen() {
        let cols = [3, 2, 1];
        for kept in [0, 3] {
            let mut v = run(&cols, LineVerifier::with_size(3).keeping_columns(kept));
            v.fill_earlier_rows(cols);
            let c = v.conflicts()[0];
            assert_eq!(
                (c.queen, c.attack),
                (Square::new(2, 1), Attack::AntiDiagonal)
            );
            assert_eq!(c.earlier(), Some(Square::new(1, 2)), "kept {kept}: {c:?}");
        }
        let cols = [1, usize::MAX, 3, 3];
        let mut v = run(&cols, LineVerifier::with_size(4));
        v.fill_earlier_rows(cols);
        let found: Vec<_> = v
            .conflicts()
            .iter()
            .map(|c| (c.queen, c.attack, c.earlier()))
            .collect();
        assert_eq!(
            found,
            [
                (Square::new(2, 3), Attack::Diagonal, Some(Square::new(0, 1))),
                (Square::new(3, 3), Attack::Column, Some(Square::new(2, 3))),
            ]
        );
    }

    proptest! {
        #[test]
        fn planted_conflicts_name_both_rows(
            a in 0usize..60_000,
            b in 0usize..60_000,
            kind in 0usize..3,
        ) {
            let n = 60_000;
            let mut cols = solution(n);
            let (a, b) = (a.min(b), a.max(b));
            prop_assume!(a < b);
            let col = match kind {
                0 => Some(cols[a]),
                1 => cols[a].checked_add(b - a).filter(|&c| c < n),
                _ => cols[a].checked_sub(b - a),
            };
            let Some(col) = col else { return Ok(()) };
            prop_assume!(col != cols[b]);
            cols[b] = col;
            let attack = KINDS[kind];
            let mut verdict = run(&cols, LineVerifier::new());
            prop_assert!(!verdict.is_solution());
            let planted = |v: &Verdict| {
                v.conflicts()
                    .iter()
                    .find(|c| c.queen == Square::new(b, col) && c.attack == attack)
                    .copied()
            };
            prop_assert_eq!(planted(&verdict).unwrap().earlier_row, None);
            verdict.fill_earlier_rows(cols.iter().copied());
            let c = planted(&verdict).unwrap();
            prop_assert_eq!(c.earlier(), Some(Square::new(a, cols[a])));
            // Kept columns: both rows when row a is kept.
            let kept = run(&cols, LineVerifier::new().keeping_columns(a + 1));
            prop_assert_eq!(planted(&kept).unwrap().earlier_row, Some(a));
            let short = run(&cols, LineVerifier::new().keeping_columns(a));
            prop_assert_eq!(planted(&short).unwrap().earlier_row, None);
        }
    }
}
