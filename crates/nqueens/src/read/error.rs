//! [`ReadError`], and the pieces of messages that the scanner, the builder
//! and the reader share: the messages are those of
//! [`parse_placements`](crate::parse_placements), word for word, so that a
//! streamed file fails as the same text given whole would.

use std::fmt;
use std::io;

use crate::error::{ParseError, ReadHint};

/// The forms, as every reader of placements ([`parse_placements`](crate::parse_placements)
/// too) describes them in its errors.
pub(crate) const FORMS: &str =
    "expected a column list such as `0 4 7 5 2 6 1 3` or `[0, 4, 7, 5, 2, 6, 1, 3]`, \
a drawn board with one row per line (`Q` or `■` for a queen, `.` or `□` for an empty square), \
a LeetCode board such as `[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]`, JSON lines such as \
`{\"n\": 4, \"columns\": [1, 3, 0, 2]}`, a 0/1 matrix, or pairs such as `0, 1; 1, 3; 2, 0; 3, 2;`";

/// What a column list is, for a text told to be one (which the other forms
/// would only confuse): `--input list` or `lines`.
pub(crate) const COLUMN_LISTS: &str =
    "expected a column list, the form asked for, such as `0 4 7 5 2 6 1 3` or \
`[0, 4, 7, 5, 2, 6, 1, 3]`";

/// What pairs are, for a text read as pairs (told, or guessed from its
/// first line).
pub(crate) const PAIRS: &str = "expected pairs of row and column such as `0, 1; 1, 3; 2, 0; 3, 2;`";

/// Why a stream could not be read as placements.
///
/// # Examples
///
/// ```
/// use nqueens::{ColumnReader, ReadError};
///
/// let mut reader = ColumnReader::new("0 4\n7 x".as_bytes(), false);
/// assert!(matches!(reader.next_placement(), Err(ReadError::Parse(e)) if e.line == Some(2)));
///
/// let mut reader = ColumnReader::new(&b"0 \xff 1\n"[..], false);
/// assert!(matches!(reader.next_placement(), Err(ReadError::NotUtf8 { offset: 2 })));
///
/// let mut reader = ColumnReader::new("[1, 3, 0, 2, 4]".as_bytes(), false).with_limit(4);
/// let err = reader.next_placement().unwrap_err();
/// assert!(matches!(err, ReadError::TooMany { limit: 4 }));
/// assert_eq!(err.to_string(), "a placement has more than 4 queens");
///
/// // Its message is said once in an error chain (it was twice: the error
/// // showed the parse error's message and gave it as its source too).
/// let err = nqueens::Error::from(ColumnReader::new("0 x".as_bytes(), false).next_placement().unwrap_err());
/// let mut chain = vec![err.to_string()];
/// let mut at: &dyn std::error::Error = &err;
/// while let Some(next) = at.source() {
///     chain.push(next.to_string());
///     at = next;
/// }
/// assert_eq!(chain.len(), 1, "{chain:?}");
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum ReadError {
    /// The reader failed.
    Io(io::Error),
    /// The text is not a placement: where and why, in the words of
    /// [`parse_placements`](crate::parse_placements).
    Parse(ParseError),
    /// A byte that is not UTF-8, at this offset from the start of the input.
    NotUtf8 {
        /// The offset of the first invalid byte.
        offset: u64,
    },
    /// A placement has more queens than
    /// [`ColumnReader::with_limit`](super::ColumnReader::with_limit) allows;
    /// reading stopped there.
    TooMany {
        /// The limit.
        limit: usize,
    },
}

impl From<ReadError> for crate::error::Error {
    fn from(e: ReadError) -> Self {
        crate::error::Error::Read(crate::error::Source::new(e))
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "{e}"),
            ReadError::Parse(e) => write!(f, "{e}"),
            ReadError::NotUtf8 { offset } => {
                write!(
                    f,
                    "the input is not UTF-8 text (invalid byte at offset {offset})"
                )
            }
            ReadError::TooMany { limit } => {
                write!(f, "a placement has more than {limit} queens")
            }
        }
    }
}

/// An error shows its inner error's message as its own, so it gives as its
/// source what the inner error gives (an error chain would say the message
/// twice).
impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReadError::Io(e) => e.source(),
            _ => None,
        }
    }
}

impl From<io::Error> for ReadError {
    fn from(e: io::Error) -> Self {
        ReadError::Io(e)
    }
}

impl From<ParseError> for ReadError {
    fn from(e: ParseError) -> Self {
        ReadError::Parse(e)
    }
}

/// A [`ReadError::Parse`], on `line` when the problem is on one line.
pub(super) fn parse_error(line: Option<u64>, message: String) -> ReadError {
    hinted_error(line, message, None)
}

/// [`parse_error`] with a hint.
pub(super) fn hinted_error(
    line: Option<u64>,
    message: String,
    hint: Option<ReadHint>,
) -> ReadError {
    ReadError::Parse(ParseError {
        line: line.map(|l| l as usize),
        message,
        hint,
    })
}

/// Bytes of the input as text for a message (invalid UTF-8 replaced).
pub(super) fn text_of(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}
