//! Boards, solutions and the conflicts between queens.
//!
//! Two types describe queens on an `n`×`n` board, the general and the
//! constrained:
//!
//! - [`Placement`]: any set of queens on distinct squares, as a person might draw
//!   them. [`Placement::conflicts`] lists every attacking pair, which is what
//!   `nqueens verify` reports.
//! - [`Solution`]: exactly one queen in every row and no two attacking; the
//!   invariant is checked when one is built from untrusted columns.
//!
//! Rows are numbered from the top, columns from the left, both from 0. A
//! solution is written as the column of each row's queen, so the classic first
//! solution of the 8×8 board is `[0, 4, 7, 5, 2, 6, 1, 3]`.
//!
//! Diagonals follow the usual convention: squares with the same `row - col`
//! share a *diagonal* (running down to the right, `\`), squares with the same
//! `row + col` share an *anti-diagonal* (running down to the left, `/`).

use std::fmt;

use crate::error::Error;
pub use crate::square::{Attack, Conflict, Square};

/// Any set of queens on distinct squares of an `n`×`n` board.
///
/// This is what a person hands to `verify`: it may have several queens in a
/// row, none in another, and any number of conflicts.
///
/// ```
/// use nqueens::{Attack, Placement};
///
/// let p = Placement::from_columns(vec![0, 2, 1])?;
/// assert!(!p.is_solution());
/// let conflicts: Vec<_> = p.conflicts().collect();
/// assert_eq!(conflicts.len(), 1);
/// assert_eq!(conflicts[0].attack, Attack::AntiDiagonal); // (1, 2) and (2, 1)
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    n: usize,
    /// Sorted by row, then column.
    queens: Vec<Square>,
}

impl Placement {
    /// Queens on the given squares of an `n`×`n` board.
    ///
    /// # Errors
    /// [`Error::ZeroSize`] for `n = 0`, [`Error::TooLarge`] for `n` over
    /// `usize::MAX / 2` (its diagonals are numbered up to 2n − 2),
    /// [`Error::OutOfRange`] for a square off the board,
    /// [`Error::DuplicateQueen`] for two queens on one square.
    pub fn new(n: usize, mut queens: Vec<Square>) -> Result<Self, Error> {
        if n == 0 {
            return Err(Error::ZeroSize);
        }
        if n > usize::MAX / 2 {
            return Err(Error::TooLarge {
                n,
                max: usize::MAX / 2,
                what: "a placement",
            });
        }
        if let Some(&square) = queens.iter().find(|q| q.row >= n || q.col >= n) {
            return Err(Error::OutOfRange { square, n });
        }
        queens.sort_unstable();
        if let Some(w) = queens.windows(2).find(|w| w[0] == w[1]) {
            return Err(Error::DuplicateQueen(w[0]));
        }
        Ok(Placement { n, queens })
    }

    /// One queen per row: `columns[row]` is the column of that row's queen.
    /// The board size is `columns.len()`.
    ///
    /// # Errors
    /// [`Error::ZeroSize`] for an empty list, [`Error::OutOfRange`] for a
    /// column that is not below `columns.len()`.
    pub fn from_columns(columns: Vec<usize>) -> Result<Self, Error> {
        let n = columns.len();
        if n == 0 {
            return Err(Error::ZeroSize);
        }
        let queens = columns
            .into_iter()
            .enumerate()
            .map(|(row, col)| Square { row, col })
            .collect();
        Placement::new(n, queens)
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The queens, sorted by row and then column.
    pub fn queens(&self) -> &[Square] {
        &self.queens
    }

    /// The rows that hold no queen, in order, lazily: a board of 2^40 rows
    /// and one queen has 2^40 − 1 of them (the queens are sorted by row, so
    /// the rows between two of them are the empty ones; nothing is held).
    ///
    /// ```
    /// use nqueens::{Placement, Square};
    ///
    /// let p = Placement::new(1 << 40, vec![Square::new(1, 0)])?;
    /// assert_eq!(p.empty_rows().take(3).collect::<Vec<_>>(), [0, 2, 3]);
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn empty_rows(&self) -> impl Iterator<Item = usize> + '_ {
        let mut queens = self.queens.iter().map(|q| q.row).peekable();
        (0..self.n).filter(move |&r| {
            while queens.next_if(|&q| q < r).is_some() {}
            queens.peek() != Some(&r)
        })
    }

    /// Every attacking pair, lazily: first all pairs that share a row, then a
    /// column, a diagonal and an anti-diagonal; within a kind, line by line,
    /// and within a line in board order.
    ///
    /// The number of pairs can grow as the square of the number of queens
    /// (n queens in one column make n(n-1)/2 pairs); take what you need, and
    /// use [`Placement::conflict_count`] for the total.
    pub fn conflicts(&self) -> Conflicts<'_> {
        Conflicts {
            placement: self,
            kind: 0,
            order: Vec::new(),
            run: 0..0,
            i: 0,
            j: 0,
            started: false,
        }
    }

    /// How many attacking pairs there are, without listing them.
    pub fn conflict_count(&self) -> u128 {
        let mut total = 0u128;
        for attack in Attack::ALL {
            let mut lines: Vec<usize> = self
                .queens
                .iter()
                .map(|&q| attack.line(q, self.n))
                .collect();
            lines.sort_unstable();
            for run in lines.chunk_by(|a, b| a == b) {
                let k = run.len() as u128;
                total += k * (k - 1) / 2;
            }
        }
        total
    }

    /// For each square, row by row (`row * n + col`): whether it is empty
    /// and a queen attacks it along a row, a column or a diagonal, whatever
    /// stands between. What a board drawing shades, and what a player may
    /// not use.
    ///
    /// ```
    /// use nqueens::{Placement, Square};
    ///
    /// let p = Placement::new(3, vec![Square::new(0, 0)])?;
    /// let a = p.attacked()?;
    /// assert_eq!(a, [false, true, true, true, true, false, true, false, true]);
    ///
    /// // n² squares: up to n = 4,096 (16 Mi of them).
    /// let huge = Placement::new(1 << 32, vec![Square::new(0, 0)])?;
    /// assert!(matches!(huge.attacked(), Err(nqueens::Error::TooLarge { max: 4096, .. })));
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::TooLarge`] for n over 4,096, whose n² squares would take
    /// more than 16 MiB (and n² can pass `usize::MAX`).
    pub fn attacked(&self) -> Result<Vec<bool>, Error> {
        if self.n > ATTACKED_MAX_N {
            return Err(Error::TooLarge {
                n: self.n,
                max: ATTACKED_MAX_N,
                what: "the attacked squares (n² of them)",
            });
        }
        Ok(attacked(self.n, &self.queens))
    }

    /// Whether this is a solution: `n` queens and no attacking pair.
    pub fn is_solution(&self) -> bool {
        self.queens.len() == self.n && self.conflicts().next().is_none()
    }

    /// The solution these queens form.
    ///
    /// # Errors
    /// [`Error::WrongQueenCount`] or [`Error::Conflict`] with the first
    /// attacking pair when it is not a solution.
    pub fn to_solution(&self) -> Result<Solution, Error> {
        if let Some(conflict) = self.conflicts().next() {
            return Err(Error::Conflict(conflict));
        }
        if self.queens.len() != self.n {
            return Err(Error::WrongQueenCount {
                n: self.n,
                queens: self.queens.len(),
            });
        }
        // Sorted by row, one per row: the columns in row order.
        Ok(Solution {
            columns: self.queens.iter().map(|q| q.col).collect(),
        })
    }
}

/// The largest board whose attacked squares [`Placement::attacked`]
/// lists.
const ATTACKED_MAX_N: usize = 1 << 12;

/// [`Placement::attacked`] for any queens on an `n`×`n` board (all on it).
pub(crate) fn attacked(n: usize, queens: &[Square]) -> Vec<bool> {
    let mut row = vec![false; n];
    let mut col = vec![false; n];
    let mut diag = vec![false; 2 * n - 1];
    let mut anti = vec![false; 2 * n - 1];
    let mut queen = vec![false; n * n];
    for q in queens {
        row[q.row] = true;
        col[q.col] = true;
        diag[Attack::Diagonal.line(*q, n)] = true;
        anti[Attack::AntiDiagonal.line(*q, n)] = true;
        queen[q.row * n + q.col] = true;
    }
    let mut out = vec![false; n * n];
    for r in 0..n {
        for c in 0..n {
            let s = Square::new(r, c);
            out[r * n + c] = !queen[r * n + c]
                && (row[r]
                    || col[c]
                    || diag[Attack::Diagonal.line(s, n)]
                    || anti[Attack::AntiDiagonal.line(s, n)]);
        }
    }
    out
}

/// The iterator returned by [`Placement::conflicts`].
///
/// # Examples
///
/// ```
/// use nqueens::{Attack, Placement};
///
/// // Four queens on the main diagonal: every two of them attack each other.
/// let placement = Placement::from_columns(vec![0, 1, 2, 3])?;
/// let mut conflicts = placement.conflicts();
/// let first = conflicts.next().expect("the queens attack each other");
/// assert_eq!(first.attack, Attack::Diagonal);
/// assert_eq!(1 + conflicts.count(), 6);
/// assert_eq!(placement.conflict_count(), 6);
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Conflicts<'a> {
    placement: &'a Placement,
    /// Index into [`Attack::ALL`] of the kind being listed.
    kind: usize,
    /// Queen indices sorted by the current kind's line, then board order.
    order: Vec<usize>,
    /// The run of `order` that shares one line.
    run: std::ops::Range<usize>,
    i: usize,
    j: usize,
    started: bool,
}

impl Conflicts<'_> {
    fn sort_for_kind(&mut self) {
        let p = self.placement;
        let attack = Attack::ALL[self.kind];
        self.order = (0..p.queens.len()).collect();
        // Stable sort keeps board order within a line.
        self.order.sort_by_key(|&i| attack.line(p.queens[i], p.n));
        self.run = 0..0;
    }

    /// Moves to the next line with two or more queens; false when the kind is done.
    fn next_run(&mut self) -> bool {
        let p = self.placement;
        let attack = Attack::ALL[self.kind];
        let mut start = self.run.end;
        while start < self.order.len() {
            let line = attack.line(p.queens[self.order[start]], p.n);
            let mut end = start + 1;
            while end < self.order.len() && attack.line(p.queens[self.order[end]], p.n) == line {
                end += 1;
            }
            self.run = start..end;
            if end - start >= 2 {
                self.i = start;
                self.j = start + 1;
                return true;
            }
            start = end;
        }
        self.run = self.order.len()..self.order.len();
        false
    }
}

impl Iterator for Conflicts<'_> {
    type Item = Conflict;

    fn next(&mut self) -> Option<Conflict> {
        loop {
            if self.kind >= Attack::ALL.len() {
                return None;
            }
            if !self.started {
                self.started = true;
                self.sort_for_kind();
                if !self.next_run() {
                    self.kind += 1;
                    self.started = false;
                    continue;
                }
            }
            if self.j < self.run.end {
                let p = self.placement;
                let a = p.queens[self.order[self.i]];
                let b = p.queens[self.order[self.j]];
                self.j += 1;
                if self.j == self.run.end {
                    self.i += 1;
                    self.j = self.i + 1;
                }
                return Some(Conflict {
                    first: a.min(b),
                    second: a.max(b),
                    attack: Attack::ALL[self.kind],
                });
            }
            if !self.next_run() {
                self.kind += 1;
                self.started = false;
            }
        }
    }
}

/// A solution: one queen in every row, no two attacking.
///
/// ```
/// use nqueens::Solution;
///
/// let s = Solution::new(vec![1, 3, 0, 2])?;
/// assert_eq!(s.n(), 4);
/// assert_eq!(s.to_string(), "[1, 3, 0, 2]");
/// assert!(Solution::new(vec![0, 1, 2, 3]).is_err());
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Solution {
    columns: Vec<usize>,
}

impl Solution {
    /// Checks `columns` (the column of each row's queen) and wraps it.
    ///
    /// # Errors
    /// [`Error::ZeroSize`], [`Error::OutOfRange`] or [`Error::Conflict`] (the
    /// first attacking pair in the order of [`Placement::conflicts`]).
    pub fn new(columns: Vec<usize>) -> Result<Self, Error> {
        if verify(&columns).is_ok() {
            return Ok(Solution { columns });
        }
        Placement::from_columns(columns)?.to_solution()
    }

    /// Wraps columns the caller has already checked (a search's output).
    pub(crate) fn from_trusted(columns: Vec<usize>) -> Self {
        debug_assert!(verify(&columns).is_ok(), "{columns:?}");
        Solution { columns }
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.columns.len()
    }

    /// The column of each row's queen.
    pub fn columns(&self) -> &[usize] {
        &self.columns
    }

    /// The columns, by value.
    pub fn into_columns(self) -> Vec<usize> {
        self.columns
    }

    /// The queens as squares, row by row.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.columns
            .iter()
            .enumerate()
            .map(|(row, &col)| Square { row, col })
    }
}

impl fmt::Display for Solution {
    /// Writes `[0, 4, 7, 5, 2, 6, 1, 3]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (i, c) in self.columns.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{c}")?;
        }
        f.write_str("]")
    }
}

impl AsRef<[usize]> for Solution {
    fn as_ref(&self) -> &[usize] {
        &self.columns
    }
}

/// Checks in O(n) time that `columns` is a solution.
///
/// # Errors
/// [`Error::ZeroSize`], [`Error::OutOfRange`], or [`Error::Conflict`] naming
/// the first pair found (scanning rows top to bottom).
///
/// ```
/// assert!(nqueens::verify(&[0, 4, 7, 5, 2, 6, 1, 3]).is_ok());
/// assert!(nqueens::verify(&[0, 1]).is_err());
/// ```
pub fn verify(columns: &[usize]) -> Result<(), Error> {
    let n = columns.len();
    if n == 0 {
        return Err(Error::ZeroSize);
    }
    const NONE: usize = usize::MAX;
    // For every line, the row of the queen on it so far.
    let mut by_col = vec![NONE; n];
    let mut by_diag = vec![NONE; 2 * n - 1];
    let mut by_anti = vec![NONE; 2 * n - 1];
    for (row, &col) in columns.iter().enumerate() {
        let here = Square { row, col };
        if col >= n {
            return Err(Error::OutOfRange { square: here, n });
        }
        let slots = [
            (&mut by_col[col], Attack::Column),
            (&mut by_diag[row + n - 1 - col], Attack::Diagonal),
            (&mut by_anti[row + col], Attack::AntiDiagonal),
        ];
        for (slot, attack) in slots {
            if *slot != NONE {
                let other = Square {
                    row: *slot,
                    col: columns[*slot],
                };
                return Err(Error::Conflict(Conflict {
                    first: other,
                    second: here,
                    attack,
                }));
            }
            *slot = row;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(row: usize, col: usize) -> Square {
        Square::new(row, col)
    }

    #[test]
    fn attack_kinds() {
        assert_eq!(sq(0, 0).attack(sq(0, 5)), Some(Attack::Row));
        assert_eq!(sq(0, 0).attack(sq(5, 0)), Some(Attack::Column));
        assert_eq!(sq(1, 1).attack(sq(3, 3)), Some(Attack::Diagonal));
        assert_eq!(sq(3, 3).attack(sq(1, 1)), Some(Attack::Diagonal));
        assert_eq!(sq(0, 3).attack(sq(3, 0)), Some(Attack::AntiDiagonal));
        assert_eq!(sq(0, 0).attack(sq(1, 2)), None);
        assert_eq!(sq(2, 2).attack(sq(2, 2)), None);
    }

    /// A board whose diagonals number past `usize::MAX` is refused: at
    /// n = usize::MAX, (n − 1, 0) and (0, 2) were said to share a diagonal
    /// (and a debug build panicked).
    #[test]
    fn a_placement_is_at_most_half_the_words() {
        let half = usize::MAX / 2;
        let far = |n: usize| Placement::new(n, vec![sq(n - 1, 0), sq(0, 2)]);
        assert!(matches!(far(usize::MAX), Err(Error::TooLarge { max, .. }) if max == half));
        assert!(matches!(far(half + 1), Err(Error::TooLarge { .. })));
        let p = far(half).unwrap();
        assert_eq!((p.conflict_count(), p.conflicts().count()), (0, 0));
    }

    #[test]
    fn verify_names_the_first_conflict() {
        assert_eq!(verify(&[0, 4, 7, 5, 2, 6, 1, 3]), Ok(()));
        assert_eq!(verify(&[0]), Ok(()));
        assert_eq!(verify(&[]), Err(Error::ZeroSize));
        assert_eq!(
            verify(&[0, 0]),
            Err(Error::Conflict(Conflict {
                first: sq(0, 0),
                second: sq(1, 0),
                attack: Attack::Column
            }))
        );
        assert_eq!(
            verify(&[1, 0]),
            Err(Error::Conflict(Conflict {
                first: sq(0, 1),
                second: sq(1, 0),
                attack: Attack::AntiDiagonal
            }))
        );
        assert!(matches!(verify(&[0, 2]), Err(Error::OutOfRange { .. })));
    }

    #[test]
    fn placement_lists_every_pair() {
        // All four queens on the main diagonal: 6 diagonal pairs.
        let p = Placement::from_columns(vec![0, 1, 2, 3]).unwrap();
        let all: Vec<_> = p.conflicts().collect();
        assert_eq!(all.len(), 6);
        assert!(all.iter().all(|c| c.attack == Attack::Diagonal));
        assert_eq!(p.conflict_count(), 6);
        // Two in a row, two in a column, nothing else.
        let p = Placement::new(4, vec![sq(0, 0), sq(0, 3), sq(3, 3)]).unwrap();
        let all: Vec<_> = p.conflicts().collect();
        assert_eq!(
            all,
            vec![
                Conflict {
                    first: sq(0, 0),
                    second: sq(0, 3),
                    attack: Attack::Row
                },
                Conflict {
                    first: sq(0, 3),
                    second: sq(3, 3),
                    attack: Attack::Column
                },
                Conflict {
                    first: sq(0, 0),
                    second: sq(3, 3),
                    attack: Attack::Diagonal
                },
            ]
        );
        assert_eq!(p.empty_rows().collect::<Vec<_>>(), vec![1, 2]);
        assert!(!p.is_solution());
    }

    #[test]
    fn placement_rejects_bad_squares() {
        assert_eq!(Placement::new(0, vec![]), Err(Error::ZeroSize));
        assert!(matches!(
            Placement::new(3, vec![sq(0, 3)]),
            Err(Error::OutOfRange { .. })
        ));
        assert_eq!(
            Placement::new(3, vec![sq(1, 1), sq(1, 1)]),
            Err(Error::DuplicateQueen(sq(1, 1)))
        );
    }

    #[test]
    fn conflicts_agree_with_pairwise_check() {
        // Every placement of 4 queens as columns on a 4×4 board.
        for code in 0..256usize {
            let cols: Vec<usize> = (0..4).map(|i| (code >> (2 * i)) & 3).collect();
            let p = Placement::from_columns(cols.clone()).unwrap();
            let mut listed: Vec<_> = p.conflicts().collect();
            listed.sort();
            let mut expected = Vec::new();
            for a in 0..4 {
                for b in a + 1..4 {
                    if let Some(attack) = sq(a, cols[a]).attack(sq(b, cols[b])) {
                        let (x, y) = (sq(a, cols[a]), sq(b, cols[b]));
                        expected.push(Conflict {
                            first: x.min(y),
                            second: x.max(y),
                            attack,
                        });
                    }
                }
            }
            expected.sort();
            assert_eq!(listed, expected, "{cols:?}");
            assert_eq!(p.conflict_count(), expected.len() as u128);
            assert_eq!(verify(&cols).is_ok(), expected.is_empty());
        }
    }
}
