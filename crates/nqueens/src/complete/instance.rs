//! An instance of N-Queens Completion and its two relatives: pre-placed
//! queens, blocked squares and excluded diagonals on an n×n board.
//!
//! Gent, Jefferson and Nightingale ("Complexity of n-Queens Completion", JAIR
//! 59, 2017) define three problems on the same board:
//!
//! - **Completion:** some queens are already placed; add the rest.
//! - **Blocked N-Queens:** some squares may not hold a queen.
//! - **Excluded Diagonals:** some whole diagonals may not hold a queen.
//!
//! An [`Instance`] holds all three at once, so one solver answers each of
//! them and any mixture a person draws. Rows and columns count from 0;
//! diagonals are numbered as in [`Attack::Diagonal`](crate::Attack) (a
//! *difference* diagonal, `row − col + n − 1`, running down to the right) and
//! [`Attack::AntiDiagonal`](crate::Attack) (a *sum* diagonal, `row + col`,
//! running down to the left), both in `0..2n − 1`.

use std::collections::BTreeSet;
use std::fmt;

use crate::board::{Attack, Square};
use crate::error::Error;

/// Pre-placed queens, blocked squares and excluded diagonals on an n×n board.
///
/// Building an instance checks every index against the board; whether the
/// pre-placed queens are consistent (no two attack each other, none on a
/// blocked square or an excluded diagonal) is a separate question,
/// [`Instance::check`], because "no completion exists" is an answer, not a
/// malformed instance.
///
/// ```
/// use nqueens::Instance;
/// use nqueens::Square;
///
/// let mut instance = Instance::new(8)?;
/// instance.place(Square::new(0, 0))?;
/// instance.block(Square::new(3, 4))?;
/// instance.exclude_sum(7)?;
/// assert_eq!(instance.queens(), [Square::new(0, 0)]);
/// assert!(instance.is_blocked(Square::new(3, 4)));
/// assert!(instance.check().is_ok());
/// # Ok::<(), nqueens::Error>(())
/// ```
///
/// There is no `Default`: every instance comes from [`Instance::new`], which
/// refuses n = 0 as every solver does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instance {
    n: usize,
    queens: BTreeSet<Square>,
    blocked: BTreeSet<Square>,
    sums: BTreeSet<usize>,
    differences: BTreeSet<usize>,
}

/// Why the pre-placed queens of an instance cannot be part of any solution.
///
/// [`Instance::check`] and the solvers ([`complete`](crate::complete()),
/// [`count_completions`](crate::count_completions),
/// [`for_each_completion`](crate::for_each_completion)) return it.
///
/// # Examples
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use nqueens::{complete, Attack, Clash, Instance, Square};
///
/// let mut instance = Instance::new(8)?;
/// instance.place(Square::new(0, 0))?;
/// instance.place(Square::new(3, 3))?;
/// let clash = complete(&instance, &AtomicBool::new(false)).unwrap_err();
/// assert_eq!(
///     clash,
///     Clash::Attack { first: Square::new(0, 0), second: Square::new(3, 3), attack: Attack::Diagonal }
/// );
/// assert_eq!(
///     clash.to_string(),
///     "the pre-placed queens at row 0, column 0 and row 3, column 3 attack each other along a diagonal"
/// );
///
/// let mut instance = Instance::new(8)?;
/// instance.place(Square::new(1, 2))?;
/// instance.exclude_sum(3)?;
/// assert_eq!(
///     instance.check(),
///     Err(Clash::Excluded { queen: Square::new(1, 2), diagonal: Attack::AntiDiagonal, value: 3 })
/// );
/// instance.block(Square::new(1, 2))?;
/// assert_eq!(instance.check(), Err(Clash::Blocked(Square::new(1, 2))));
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Clash {
    /// Two pre-placed queens attack each other.
    Attack {
        /// The first queen in board order.
        first: Square,
        /// The second.
        second: Square,
        /// How they attack.
        attack: Attack,
    },
    /// A pre-placed queen stands on a blocked square.
    Blocked(Square),
    /// A pre-placed queen stands on an excluded diagonal.
    Excluded {
        /// The queen.
        queen: Square,
        /// [`Attack::Diagonal`] (a difference diagonal) or
        /// [`Attack::AntiDiagonal`] (a sum diagonal).
        diagonal: Attack,
        /// The diagonal's number: `row − col + n − 1` or `row + col`.
        value: usize,
    },
}

impl Clash {
    /// The message with rows and columns numbered from `first`: 0, as
    /// [`Display`](fmt::Display) numbers them, or 1 for a reader who counts
    /// from 1 (the command line's `--one-based`).
    ///
    /// ```
    /// use nqueens::{Attack, Clash, Square};
    /// let clash = Clash::Blocked(Square::new(2, 4));
    /// assert_eq!(
    ///     clash.numbered_from(1).to_string(),
    ///     "the pre-placed queen at row 3, column 5 stands on a blocked square"
    /// );
    /// ```
    pub fn numbered_from(&self, first: usize) -> impl fmt::Display + '_ {
        Numbered { clash: self, first }
    }
}

/// A [`Clash`] said with rows and columns from `first`.
struct Numbered<'a> {
    clash: &'a Clash,
    first: usize,
}

impl fmt::Display for Numbered<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let from = |i: usize| i as u128 + self.first as u128;
        let at = |q: Square| format!("row {}, column {}", from(q.row), from(q.col));
        match *self.clash {
            Clash::Attack {
                first,
                second,
                attack,
            } => write!(
                f,
                "the pre-placed queens at {} and {} attack each other along {}",
                at(first),
                at(second),
                attack.with_article()
            ),
            Clash::Blocked(q) => {
                write!(
                    f,
                    "the pre-placed queen at {} stands on a blocked square",
                    at(q)
                )
            }
            Clash::Excluded {
                queen,
                diagonal,
                value,
            } => write!(
                f,
                "the pre-placed queen at {} stands on the excluded {} {value} ({}{})",
                at(queen),
                if diagonal == Attack::AntiDiagonal {
                    "sum diagonal"
                } else {
                    "difference diagonal"
                },
                if diagonal == Attack::AntiDiagonal {
                    "row + column"
                } else {
                    "row − column + n − 1"
                },
                // A diagonal's number is the library's, whatever the squares'.
                if self.first == 0 {
                    ""
                } else {
                    ", rows and columns from 0"
                }
            ),
        }
    }
}

impl fmt::Display for Clash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.numbered_from(0).fmt(f)
    }
}

impl std::error::Error for Clash {}

impl From<Clash> for crate::error::Error {
    fn from(e: Clash) -> Self {
        crate::error::Error::Clash(crate::error::Source::new(e))
    }
}

impl Instance {
    /// An empty n×n board: nothing placed, blocked or excluded.
    ///
    /// # Errors
    /// [`Error::ZeroSize`] for n = 0, [`Error::TooLarge`] above
    /// [`COMPLETE_MAX_N`](crate::COMPLETE_MAX_N) (65,536).
    pub fn new(n: usize) -> Result<Self, Error> {
        if n == 0 {
            return Err(Error::ZeroSize);
        }
        if n > super::MAX_N {
            return Err(Error::TooLarge {
                n,
                max: super::MAX_N,
                what: "completion",
            });
        }
        Ok(Instance {
            n,
            queens: BTreeSet::new(),
            blocked: BTreeSet::new(),
            sums: BTreeSet::new(),
            differences: BTreeSet::new(),
        })
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    fn on_board(&self, square: Square) -> Result<Square, Error> {
        if square.row < self.n && square.col < self.n {
            Ok(square)
        } else {
            Err(Error::OutOfRange { square, n: self.n })
        }
    }

    fn diagonal(&self, value: usize, what: &'static str) -> Result<usize, Error> {
        if value < 2 * self.n - 1 {
            Ok(value)
        } else {
            Err(Error::DiagonalOutOfRange {
                value,
                n: self.n,
                kind: what,
            })
        }
    }

    /// Places a queen.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] for a square off the board,
    /// [`Error::DuplicateQueen`] for a square that already holds one (the
    /// same answer as every other reader of boards gives).
    pub fn place(&mut self, square: Square) -> Result<(), Error> {
        if !self.queens.insert(self.on_board(square)?) {
            return Err(Error::DuplicateQueen(square));
        }
        Ok(())
    }

    /// Blocks a square.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] for a square off the board.
    pub fn block(&mut self, square: Square) -> Result<(), Error> {
        self.blocked.insert(self.on_board(square)?);
        Ok(())
    }

    /// Excludes the sum diagonal `row + col = value` (an
    /// [`Attack::AntiDiagonal`]).
    ///
    /// # Errors
    /// [`Error::DiagonalOutOfRange`] unless `value < 2n − 1`.
    pub fn exclude_sum(&mut self, value: usize) -> Result<(), Error> {
        self.sums
            .insert(self.diagonal(value, "the sum diagonal (row + column)")?);
        Ok(())
    }

    /// Excludes the difference diagonal `row − col + n − 1 = value` (an
    /// [`Attack::Diagonal`]).
    ///
    /// # Errors
    /// [`Error::DiagonalOutOfRange`] unless `value < 2n − 1`.
    pub fn exclude_difference(&mut self, value: usize) -> Result<(), Error> {
        self.differences
            .insert(self.diagonal(value, "the difference diagonal (row − column + n − 1)")?);
        Ok(())
    }

    /// The pre-placed queens, in board order.
    pub fn queens(&self) -> Vec<Square> {
        self.queens.iter().copied().collect()
    }

    /// The blocked squares, in board order.
    pub fn blocked(&self) -> Vec<Square> {
        self.blocked.iter().copied().collect()
    }

    /// The excluded sum diagonals (`row + col`), in increasing order.
    pub fn excluded_sums(&self) -> Vec<usize> {
        self.sums.iter().copied().collect()
    }

    /// The excluded difference diagonals (`row − col + n − 1`), in increasing order.
    pub fn excluded_differences(&self) -> Vec<usize> {
        self.differences.iter().copied().collect()
    }

    /// Whether a queen is pre-placed on `square`.
    pub fn has_queen(&self, square: Square) -> bool {
        self.queens.contains(&square)
    }

    /// Whether `square` is blocked.
    pub fn is_blocked(&self, square: Square) -> bool {
        self.blocked.contains(&square)
    }

    /// Whether a queen may stand on `square` as far as the blocked squares
    /// and excluded diagonals go (queens are not considered).
    pub fn is_allowed(&self, square: Square) -> bool {
        square.row < self.n
            && square.col < self.n
            && !self.blocked.contains(&square)
            && !self.sums.contains(&(square.row + square.col))
            && !self
                .differences
                .contains(&(square.row + self.n - 1 - square.col))
    }

    /// Whether the instance constrains nothing: no queen, block or exclusion.
    pub fn is_empty(&self) -> bool {
        self.queens.is_empty()
            && self.blocked.is_empty()
            && self.sums.is_empty()
            && self.differences.is_empty()
    }

    /// Checks that the pre-placed queens can be part of a solution as far as
    /// they themselves go: no two attack each other, none stands on a blocked
    /// square or an excluded diagonal. A queen on a blocked square or an
    /// excluded diagonal is reported first (the first such queen in board
    /// order), then the first pair that attacks.
    ///
    /// # Errors
    /// The [`Clash`].
    pub fn check(&self) -> Result<(), Clash> {
        let n = self.n;
        for &queen in &self.queens {
            if self.blocked.contains(&queen) {
                return Err(Clash::Blocked(queen));
            }
            if self.sums.contains(&(queen.row + queen.col)) {
                return Err(Clash::Excluded {
                    queen,
                    diagonal: Attack::AntiDiagonal,
                    value: queen.row + queen.col,
                });
            }
            let difference = queen.row + n - 1 - queen.col;
            if self.differences.contains(&difference) {
                return Err(Clash::Excluded {
                    queen,
                    diagonal: Attack::Diagonal,
                    value: difference,
                });
            }
        }
        // Every attacking pair shares a line: the first queen seen on each.
        let mut first_on = std::collections::HashMap::new();
        for &queen in &self.queens {
            for attack in Attack::ALL {
                let key = (attack, attack.line(queen, n));
                if let Some(&first) = first_on.get(&key) {
                    return Err(Clash::Attack {
                        first,
                        second: queen,
                        attack,
                    });
                }
                first_on.insert(key, queen);
            }
        }
        Ok(())
    }

    /// Whether `columns` (one per row) is a solution of this instance: an
    /// n-queens solution that keeps every pre-placed queen and uses no
    /// blocked square or excluded diagonal.
    pub fn accepts(&self, columns: &[usize]) -> bool {
        columns.len() == self.n
            && crate::board::verify(columns).is_ok()
            && self.queens.iter().all(|q| columns[q.row] == q.col)
            && columns
                .iter()
                .enumerate()
                .all(|(row, &col)| self.is_allowed(Square::new(row, col)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_are_checked_against_the_board() {
        let mut i = Instance::new(4).unwrap();
        assert!(i.place(Square::new(4, 0)).is_err());
        assert!(i.block(Square::new(0, 4)).is_err());
        let err = i.exclude_sum(7).unwrap_err();
        assert!(matches!(
            err,
            Error::DiagonalOutOfRange { value: 7, n: 4, .. }
        ));
        assert_eq!(
            err.to_string(),
            "the sum diagonal (row + column) 7 lies off the 4×4 board, whose diagonals are \
             numbered 0 to 6"
        );
        assert!(i.exclude_difference(6).is_ok());
        assert_eq!(Instance::new(0), Err(Error::ZeroSize));
        assert!(!i.is_empty());
    }

    #[test]
    fn clashes_are_found_in_board_order() {
        let mut i = Instance::new(8).unwrap();
        i.place(Square::new(0, 0)).unwrap();
        i.place(Square::new(5, 5)).unwrap();
        assert_eq!(
            i.check(),
            Err(Clash::Attack {
                first: Square::new(0, 0),
                second: Square::new(5, 5),
                attack: Attack::Diagonal
            })
        );
        let mut i = Instance::new(8).unwrap();
        i.place(Square::new(2, 3)).unwrap();
        i.block(Square::new(2, 3)).unwrap();
        assert_eq!(i.check(), Err(Clash::Blocked(Square::new(2, 3))));
        let mut i = Instance::new(8).unwrap();
        i.place(Square::new(2, 3)).unwrap();
        i.exclude_difference(2 + 7 - 3).unwrap();
        assert!(matches!(
            i.check(),
            Err(Clash::Excluded {
                diagonal: Attack::Diagonal,
                value: 6,
                ..
            })
        ));
        let text = i.check().unwrap_err().to_string();
        assert!(text.contains("difference diagonal 6"), "{text}");
    }

    #[test]
    fn accepts_checks_the_instance_as_well_as_the_rules() {
        let mut i = Instance::new(4).unwrap();
        assert!(i.accepts(&[1, 3, 0, 2]));
        i.place(Square::new(0, 2)).unwrap();
        assert!(!i.accepts(&[1, 3, 0, 2]));
        assert!(i.accepts(&[2, 0, 3, 1]));
        i.block(Square::new(1, 0)).unwrap();
        assert!(!i.accepts(&[2, 0, 3, 1]));
    }
}
