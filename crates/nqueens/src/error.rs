//! The library's error type.
//!
//! Every fallible function in this crate returns [`Error`]. The variants are
//! precise so that a front end (the `nqueens` command, a web page) can turn
//! each into a message that says what was wrong and how to fix it.

use std::fmt;

use crate::square::{Conflict, Square};

/// What went wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A board of size 0 was asked for; the smallest board is 1×1.
    #[error("the board size must be at least 1, got 0")]
    ZeroSize,

    /// The board is larger than the operation supports.
    #[error("n = {n} is larger than {what} supports (at most {max})")]
    TooLarge {
        /// The size that was asked for.
        n: usize,
        /// The largest size supported.
        max: usize,
        /// What has the limit, for example "the bitboard search".
        what: &'static str,
    },

    /// A queen's column (or row) lies outside the board.
    #[error("the queen at row {}, column {} lies outside the {n}×{n} board", .square.row, .square.col)]
    OutOfRange {
        /// Where the queen was put (0-based).
        square: Square,
        /// The board size.
        n: usize,
    },

    /// Two queens were put on the same square.
    #[error("two queens stand on row {}, column {}; a square holds one queen", .0.row, .0.col)]
    DuplicateQueen(Square),

    /// A placement was expected to be a solution but two of its queens attack each other.
    #[error("not a solution: {0}")]
    Conflict(Conflict),

    /// A placement was expected to be a solution but does not have one queen in every row.
    #[error(
        "not a solution: {} on {} {n}×{n} board (a solution has {n})",
        crate::count::report::plural(*.queens as u128, "queen", "queens"),
        crate::count::report::article(*.n as u128)
    )]
    WrongQueenCount {
        /// The board size.
        n: usize,
        /// How many queens there are.
        queens: usize,
    },

    /// An algorithm declines a board it could not finish: too much memory or
    /// time, said before the work (or the memory) is spent.
    #[error("{algorithm} refuses n = {n}: {reason}")]
    Refused {
        /// The algorithm's name.
        algorithm: &'static str,
        /// The board size.
        n: usize,
        /// Why, and what to use instead.
        reason: String,
    },

    /// Text could not be read as a placement.
    #[error(transparent)]
    Parse(#[from] ParseError),
}

/// Text that is not a placement: where, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// The 1-based line, when the problem is on one line.
    pub line: Option<usize>,
    /// What is wrong and what was expected.
    pub message: String,
}

impl ParseError {
    pub(crate) fn at(line: usize, message: impl Into<String>) -> Self {
        ParseError {
            line: Some(line),
            message: message.into(),
        }
    }

    pub(crate) fn whole(message: impl Into<String>) -> Self {
        ParseError {
            line: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}
