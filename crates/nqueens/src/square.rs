//! Squares, and how two queens attack each other: the vocabulary every other
//! module speaks, with no dependencies of its own (so that the error type,
//! which names squares, sits above it and below everything else).
//!
//! Rows are numbered from the top, columns from the left, both from 0.
//! Squares with the same `row - col` share a *diagonal* (`\\`), squares with
//! the same `row + col` an *anti-diagonal* (`/`).

use std::fmt;

/// A square of the board, 0-based.
///
/// # Examples
///
/// ```
/// use nqueens::{Attack, Square};
///
/// let a = Square::new(1, 2);
/// assert_eq!(a.to_string(), "row 1, column 2");
/// assert_eq!(a.attack(Square::new(3, 0)), Some(Attack::AntiDiagonal));
/// assert_eq!(a.attack(Square::new(3, 3)), None); // a knight's move away
///
/// // Squares sort in board order: by row, then by column.
/// assert!(Square::new(0, 7) < Square::new(1, 0));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square {
    /// The row, counted from the top.
    pub row: usize,
    /// The column, counted from the left.
    pub col: usize,
}

impl Square {
    /// A square at `row`, `col`.
    pub const fn new(row: usize, col: usize) -> Self {
        Square { row, col }
    }

    /// How a queen on `self` attacks a queen on `other`, if it does.
    ///
    /// Two queens on the same square are not an attack; see [`Error::DuplicateQueen`](crate::Error::DuplicateQueen).
    pub fn attack(self, other: Square) -> Option<Attack> {
        if self == other {
            None
        } else if self.row == other.row {
            Some(Attack::Row)
        } else if self.col == other.col {
            Some(Attack::Column)
        } else if self.row.abs_diff(other.row) == self.col.abs_diff(other.col) {
            // Same |Δrow| = |Δcol|: decide which diagonal by the sign.
            if (self.row < other.row) == (self.col < other.col) {
                Some(Attack::Diagonal)
            } else {
                Some(Attack::AntiDiagonal)
            }
        } else {
            None
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "row {}, column {}", self.row, self.col)
    }
}

/// The line along which two queens attack each other.
///
/// # Examples
///
/// ```
/// use nqueens::{Attack, Square};
///
/// let q = Square::new(2, 3);
/// assert_eq!(q.attack(Square::new(2, 7)), Some(Attack::Row));
/// assert_eq!(q.attack(Square::new(5, 3)), Some(Attack::Column));
/// assert_eq!(q.attack(Square::new(4, 5)), Some(Attack::Diagonal));
/// assert_eq!(q.attack(Square::new(4, 1)), Some(Attack::AntiDiagonal));
/// assert_eq!(q.attack(Square::new(4, 4)), None);
///
/// assert_eq!(Attack::AntiDiagonal.to_string(), "anti-diagonal");
/// assert_eq!(Attack::Row.with_article(), "a row");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Attack {
    /// Same row.
    Row,
    /// Same column.
    Column,
    /// Same diagonal (`row - col` equal; runs down to the right).
    Diagonal,
    /// Same anti-diagonal (`row + col` equal; runs down to the left).
    AntiDiagonal,
}

impl Attack {
    /// All four kinds, in the order [`Placement::conflicts`](crate::Placement::conflicts) reports them.
    pub const ALL: [Attack; 4] = [
        Attack::Row,
        Attack::Column,
        Attack::Diagonal,
        Attack::AntiDiagonal,
    ];

    /// A short name: `row`, `column`, `diagonal`, `anti-diagonal`.
    pub const fn name(self) -> &'static str {
        match self {
            Attack::Row => "row",
            Attack::Column => "column",
            Attack::Diagonal => "diagonal",
            Attack::AntiDiagonal => "anti-diagonal",
        }
    }

    /// The name with its article, as messages say it: "a row", "a column",
    /// "a diagonal", "an anti-diagonal".
    pub const fn with_article(self) -> &'static str {
        match self {
            Attack::Row => "a row",
            Attack::Column => "a column",
            Attack::Diagonal => "a diagonal",
            Attack::AntiDiagonal => "an anti-diagonal",
        }
    }

    /// Which line of this kind `square` lies on; equal keys mean the same line.
    pub(crate) fn line(self, square: Square, n: usize) -> usize {
        match self {
            Attack::Row => square.row,
            Attack::Column => square.col,
            Attack::Diagonal => square.row + n - 1 - square.col,
            Attack::AntiDiagonal => square.row + square.col,
        }
    }
}

impl fmt::Display for Attack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Two queens that attack each other, and how.
///
/// [`Placement::conflicts`](crate::Placement::conflicts) lists them, and
/// [`Error::Conflict`](crate::Error::Conflict) carries the first one found.
///
/// # Examples
///
/// ```
/// use nqueens::{Attack, Conflict, Placement, Square};
///
/// let placement = Placement::new(4, vec![Square::new(3, 1), Square::new(0, 1)])?;
/// let conflict: Conflict = placement.conflicts().next().expect("they share a column");
/// assert_eq!(
///     conflict,
///     Conflict { first: Square::new(0, 1), second: Square::new(3, 1), attack: Attack::Column }
/// );
/// assert_eq!(conflict.to_string(), "the queens at (0, 1) and (3, 1) share a column");
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Conflict {
    /// The queen that comes first (top-most, then left-most).
    pub first: Square,
    /// The other queen.
    pub second: Square,
    /// The line they share.
    pub attack: Attack,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the queens at ({}, {}) and ({}, {}) share {}",
            self.first.row,
            self.first.col,
            self.second.row,
            self.second.col,
            self.attack.with_article()
        )
    }
}
