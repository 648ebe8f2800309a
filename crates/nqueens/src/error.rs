//! The library's error type.
//!
//! Every fallible function in this crate returns [`Error`]. The variants are
//! precise so that a front end (the `nqueens` command, a web page) can turn
//! each into a message that says what was wrong and how to fix it.

use std::fmt;

use crate::square::{Conflict, Square};

/// What went wrong.
///
/// # Examples
///
/// Each variant comes from the function that found the problem, and says
/// exactly what it was:
///
/// ```
/// use nqueens::{Attack, Error, Solution, Square};
///
/// assert_eq!(nqueens::first(0), Err(Error::ZeroSize));
/// assert!(matches!(
///     nqueens::first(nqueens::MAX_N + 1),
///     Err(Error::TooLarge { n: 65, max: 64, .. })
/// ));
/// assert_eq!(
///     nqueens::verify(&[0, 5]),
///     Err(Error::OutOfRange { square: Square::new(1, 5), n: 2 })
/// );
///
/// let err = Solution::new(vec![0, 2, 1]).unwrap_err();
/// assert!(matches!(err, Error::Conflict(c) if c.attack == Attack::AntiDiagonal));
/// assert_eq!(
///     err.to_string(),
///     "not a solution: the queens at (1, 2) and (2, 1) share an anti-diagonal"
/// );
/// ```
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

    /// An excluded diagonal's number lies outside the board.
    #[error(
        "{kind} {value} lies off the {n}×{n} board, whose diagonals are numbered 0 to {}",
        2 * .n - 2
    )]
    DiagonalOutOfRange {
        /// The diagonal's number.
        value: usize,
        /// The board size.
        n: usize,
        /// Which kind, for example "sum diagonal (row + column)".
        kind: &'static str,
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

    /// A count that should be whole is not: an engine's symmetry classes do
    /// not add up, or a run ended before its last task without being asked
    /// to stop. A bug, never bad input.
    #[error(
        "the {engine} engine's count of n = {n} is inconsistent: {what} (a bug; please report it)"
    )]
    Inconsistent {
        /// The engine's name.
        engine: &'static str,
        /// The board size.
        n: usize,
        /// What does not add up.
        what: String,
    },

    /// The system would not start another thread (a limit on threads or on
    /// memory, such as `ulimit -v`, reached): the work was not done.
    #[error(
        "the system would not start another thread ({reason}) after {started} of the \
         {wanted} asked for; count with fewer threads"
    )]
    Threads {
        /// How many threads were asked for.
        wanted: usize,
        /// How many had started.
        started: usize,
        /// What the system said.
        reason: String,
    },

    /// Text could not be read as a placement.
    #[error(transparent)]
    Parse(#[from] ParseError),

    /// A name that names nothing, such as an unknown algorithm (what `?`
    /// makes of an [`UnknownAlgorithm`](crate::UnknownAlgorithm)).
    ///
    /// ```
    /// fn steps_of(name: &str) -> Result<&'static str, nqueens::Error> {
    ///     Ok(nqueens::find_algorithm(name)?.name())
    /// }
    /// assert_eq!(steps_of("bitwise"), Ok("bitwise"));
    /// let err = steps_of("quicksort").unwrap_err();
    /// assert!(matches!(&err, nqueens::Error::UnknownName { kind: "algorithm", name, .. } if name == "quicksort"));
    /// assert!(err.to_string().starts_with("there is no algorithm called 'quicksort'; the algorithms are "));
    /// ```
    #[error("there is no {kind} called '{name}'; the {kind}s are {choices}")]
    UnknownName {
        /// What was looked for: `algorithm`.
        kind: &'static str,
        /// The name asked for.
        name: String,
        /// The names there are, for the message.
        choices: String,
    },
}

/// Text that is not a placement: where, and why.
///
/// # Examples
///
/// ```
/// use nqueens::{parse_placements, Error, ParseError};
///
/// let err: ParseError = parse_placements("0 4 7\n5 x", false).unwrap_err();
/// assert_eq!(err.line, Some(2));
/// assert!(err.message.contains("\"x\""));
/// assert_eq!(err.to_string(), format!("line 2: {}", err.message));
///
/// // An empty text is wrong as a whole, not on one line.
/// let err = parse_placements("", false).unwrap_err();
/// assert_eq!(err.line, None);
///
/// // `?` turns it into an `Error` where a function returns one.
/// assert!(matches!(Error::from(err), Error::Parse(e) if e.line.is_none()));
/// ```
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
