//! The library's error type.
//!
//! Most fallible functions in this crate return [`Error`]. The others return
//! their own precise error: completion a [`Clash`](crate::Clash), checkpoints,
//! task logs, slices, column readers and algorithm names theirs, which `?`
//! turns into an [`Error`]; the parsers a [`ParseError`]
//! and the writers of text and pictures an [`std::io::Error`]. The variants are
//! precise so that a front end (the `nqueens` command, a web page) can turn
//! each into a message that says what was wrong and how to fix it.

use std::fmt;
use std::sync::Arc;

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

    /// A square (a queen's, or a blocked one) lies outside the board.
    #[error("the square at row {}, column {} lies outside the {n}×{n} board", .square.row, .square.col)]
    OutOfRange {
        /// Where the queen was put (0-based).
        square: Square,
        /// The board size.
        n: usize,
    },

    /// An excluded diagonal's number lies outside the board.
    #[error(
        "{kind} {value} lies off the {n}×{n} board, whose diagonals are numbered 0 to {}",
        (2 * .n).saturating_sub(2)
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
        crate::words::plural(*.queens as u128, "queen", "queens"),
        crate::words::article(*.n as u128)
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

    /// A board to complete whose pre-placed queens clash: what `?` makes of
    /// a [`Clash`](crate::Clash), which [`Source::downcast_ref`] gives back.
    ///
    /// ```
    /// use nqueens::{Clash, Error, Instance, Square};
    ///
    /// fn checked(queens: &[(usize, usize)]) -> Result<Instance, Error> {
    ///     let mut board = Instance::new(4)?;
    ///     for &(row, col) in queens {
    ///         board.place(Square::new(row, col))?;
    ///     }
    ///     board.check()?;
    ///     Ok(board)
    /// }
    /// assert!(checked(&[(0, 1), (1, 3)]).is_ok());
    /// let err = checked(&[(0, 0), (1, 1)]).unwrap_err();
    /// let Error::Clash(clash) = &err else { panic!("{err}") };
    /// assert!(matches!(clash.downcast_ref(), Some(Clash::Attack { second, .. }) if *second == Square::new(1, 1)));
    /// assert!(err.to_string().contains("attack each other"));
    /// ```
    #[error(transparent)]
    Clash(Source),

    /// A slice, partial result or merge that could not be used: what `?`
    /// makes of a [`SliceError`](crate::SliceError).
    ///
    /// ```
    /// use nqueens::{Error, Slice, SliceError};
    ///
    /// fn slice(text: &str) -> Result<Slice, Error> {
    ///     Ok(text.parse::<Slice>()?)
    /// }
    /// assert_eq!(slice("2/4")?.to_string(), "2/4");
    /// let err = slice("5/4").unwrap_err();
    /// let Error::Slice(e) = &err else { panic!("{err}") };
    /// assert!(matches!(e.downcast_ref(), Some(SliceError::IndexOutOfRange { index: 5, count: 4 })));
    /// assert!(err.to_string().starts_with("there is no slice 5/4"));
    /// # Ok::<(), Error>(())
    /// ```
    #[error(transparent)]
    Slice(Source),

    /// A checkpoint that could not be read, written or used: what `?` makes
    /// of a [`CheckpointError`](crate::CheckpointError).
    ///
    /// ```
    /// use nqueens::{Checkpoint, CheckpointError, Error};
    ///
    /// fn tasks_done(text: &str) -> Result<usize, Error> {
    ///     Ok(Checkpoint::parse(text)?.done_count())
    /// }
    /// let err = tasks_done("not a checkpoint\n").unwrap_err();
    /// let Error::Checkpoint(e) = &err else { panic!("{err}") };
    /// assert!(matches!(e.downcast_ref(), Some(CheckpointError::Malformed { line: 1, .. })));
    /// assert!(err.to_string().contains("line 1"));
    /// ```
    #[error(transparent)]
    Checkpoint(Source),

    /// A task log that could not be read, written or used: what `?` makes
    /// of a [`TaskLogError`](crate::TaskLogError).
    ///
    /// ```
    /// use nqueens::{Error, TaskLog, TaskLogError};
    ///
    /// fn tasks_logged(text: &str) -> Result<usize, Error> {
    ///     Ok(TaskLog::parse(text)?.done().count())
    /// }
    /// let err = tasks_logged("not a task log\n").unwrap_err();
    /// let Error::TaskLog(e) = &err else { panic!("{err}") };
    /// assert!(matches!(e.downcast_ref(), Some(TaskLogError::Malformed { line: 1, .. })));
    /// assert!(err.to_string().contains("line 1"));
    /// ```
    #[error(transparent)]
    TaskLog(Source),

    /// A stream of placements that could not be read: what `?` makes of a
    /// [`ReadError`](crate::ReadError).
    ///
    /// ```
    /// use nqueens::{ColumnReader, Error, ReadError};
    ///
    /// fn has_one(text: &str) -> Result<usize, Error> {
    ///     let mut reader = ColumnReader::new(text.as_bytes(), false);
    ///     Ok(usize::from(reader.next_placement()?.is_some()))
    /// }
    /// assert_eq!(has_one("1 3 0 2\n")?, 1);
    /// let err = has_one("0 4\n7 x").unwrap_err();
    /// let Error::Read(e) = &err else { panic!("{err}") };
    /// assert!(matches!(e.downcast_ref(), Some(ReadError::Parse(p)) if p.line == Some(2)));
    /// assert!(err.to_string().starts_with("line 2: "));
    /// # Ok::<(), Error>(())
    /// ```
    #[error(transparent)]
    Read(Source),
}

/// One of the crate's other errors ([`Clash`](crate::Clash),
/// [`SliceError`](crate::SliceError), [`CheckpointError`](crate::CheckpointError),
/// [`TaskLogError`](crate::TaskLogError), [`ReadError`](crate::ReadError)),
/// kept whole inside an [`Error`].
///
/// Why not the error itself in the variant: those errors belong to the
/// engines and readers above this module, and the bottom of the crate names
/// none of them (each converts itself into an `Error` where it is defined).
/// Some carry an [`std::io::Error`], which can be neither cloned nor
/// compared, and `Error` can be both: so the error is shared (cloning
/// shares it), and two are equal when they say the same thing. Its message
/// and [`source`](std::error::Error::source) are the error's own.
///
/// # Examples
///
/// ```
/// use nqueens::{Error, SliceError};
///
/// let err = Error::from(nqueens::merge_slices(&[]).unwrap_err());
/// let Error::Slice(source) = &err else { unreachable!() };
/// assert!(matches!(source.downcast_ref(), Some(SliceError::NoParts)));
/// assert_eq!(source.to_string(), SliceError::NoParts.to_string());
/// assert_eq!(err.clone(), err);
/// ```
#[derive(Debug, Clone)]
pub struct Source(Arc<dyn std::error::Error + Send + Sync>);

impl Source {
    /// Keeps `error`.
    ///
    /// ```
    /// let source = nqueens::Source::new(nqueens::SliceError::NoParts);
    /// assert!(source.downcast_ref::<nqueens::SliceError>().is_some());
    /// ```
    pub fn new(error: impl std::error::Error + Send + Sync + 'static) -> Self {
        Source(Arc::new(error))
    }

    /// The error kept, if it is an `E`.
    ///
    /// ```
    /// let source = nqueens::Source::new(nqueens::SliceError::NoParts);
    /// assert!(source.downcast_ref::<nqueens::CheckpointError>().is_none());
    /// ```
    pub fn downcast_ref<E: std::error::Error + 'static>(&self) -> Option<&E> {
        self.0.downcast_ref()
    }
}

impl PartialEq for Source {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.0.to_string() == other.0.to_string()
    }
}

impl Eq for Source {}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for Source {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.source()
    }
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
#[non_exhaustive]
pub struct ParseError {
    /// The 1-based line, when the problem is on one line.
    pub line: Option<usize>,
    /// What is wrong and what was expected.
    pub message: String,
    /// Another way to read the text that may be what was meant, said after
    /// the message in parentheses.
    pub hint: Option<ReadHint>,
}

/// Another way to read a text that failed, which [`ParseError`] suggests:
/// the library says it in the names of its options
/// ([`ReadHint::words`]); a front end may say it in its own (a flag).
///
/// ```
/// use nqueens::{parse_placements, ReadHint};
///
/// // Columns 1 to 4 of a 4×4 board: counted from 1?
/// let err = parse_placements("2 4 1 3", false).unwrap_err();
/// assert_eq!(err.hint, Some(ReadHint::OneBasedOrShort));
/// assert!(err
///     .to_string()
///     .ends_with("(1-based input? read it with one_based = true; or is a row missing?)"));
/// assert!(parse_placements("2 4 1 3", true).is_ok());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ReadHint {
    /// The rows (of pairs) may be counted from 1: read them one-based.
    OneBased,
    /// A column equal to the number of rows: the columns may be counted
    /// from 1 (read them one-based), or a row is missing.
    OneBasedOrShort,
    /// Counted from 1, or a 0/1 matrix of one square (a lone `1`), which
    /// only [`InputFormat::Matrix`](crate::InputFormat::Matrix) reads.
    OneBasedOrMatrix,
    /// Read one-based, columns start at 1 (a 0 was given).
    StartsAtOne,
    /// A LeetCode board where a column list was asked for: read it as one
    /// ([`InputFormat::LeetCode`](crate::InputFormat::LeetCode)).
    LeetCode,
}

impl ReadHint {
    /// The hint in the library's words, which [`ParseError`]'s text ends
    /// with.
    pub fn words(self) -> &'static str {
        match self {
            ReadHint::OneBased => "1-based input? read it with one_based = true",
            ReadHint::OneBasedOrShort => {
                "1-based input? read it with one_based = true; or is a row missing?"
            }
            ReadHint::OneBasedOrMatrix => {
                "1-based input? read it with one_based = true; a 0/1 matrix of one square? read \
                 it as InputFormat::Matrix"
            }
            ReadHint::StartsAtOne => "columns are 1-based when read with one_based = true",
            ReadHint::LeetCode => "or read it as InputFormat::LeetCode",
        }
    }
}

impl ParseError {
    pub(crate) fn at(line: usize, message: impl Into<String>) -> Self {
        ParseError {
            line: Some(line),
            message: message.into(),
            hint: None,
        }
    }

    pub(crate) fn whole(message: impl Into<String>) -> Self {
        ParseError {
            line: None,
            message: message.into(),
            hint: None,
        }
    }

    /// The error with `hint` (for the slow reader the tests compare with).
    #[cfg(test)]
    pub(crate) fn with_hint(mut self, hint: Option<ReadHint>) -> Self {
        self.hint = hint;
        self
    }

    /// Its text with the hint in other words than [`ReadHint::words`] (a
    /// front end's flags).
    ///
    /// ```
    /// use nqueens::{parse_placements, ReadHint};
    ///
    /// let err = parse_placements("2 4 1 3", false).unwrap_err();
    /// let flags = |h: ReadHint| if h == ReadHint::OneBasedOrShort { "use --one-based" } else { h.words() };
    /// assert!(err.text_with(flags).ends_with("(use --one-based)"));
    /// ```
    pub fn text_with(&self, words: impl Fn(ReadHint) -> &'static str) -> String {
        let mut text = match self.line {
            Some(line) => format!("line {line}: {}", self.message),
            None => self.message.clone(),
        };
        if let Some(hint) = self.hint {
            text.push_str(&format!(" ({})", words(hint)));
        }
        text
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text_with(ReadHint::words))
    }
}
