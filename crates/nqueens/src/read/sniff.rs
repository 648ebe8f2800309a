//! [`sniff_format`] and [`is_column_list`]: which reader a text wants, told
//! from its first bytes.
//!
//! The column-list forms, JSON lines and `row, col;` pairs stream through a
//! [`ColumnReader`](super::ColumnReader); drawn, LeetCode and 0/1 matrix
//! boards are small by nature and go whole to
//! [`parse_placements_as`](crate::parse_placements_as). Every text form that
//! `nqueens solve`, `all` and `random` write is one of these, so the program
//! reads back what it wrote.

use super::BOM;

/// A text form of placements: every form that the program writes
/// ([`Style`](crate::Style)), as a reader takes it.
///
/// [`sniff_format`] tells them apart from the first bytes where that is
/// unambiguous; a reader can also be told which to expect.
///
/// ```
/// use nqueens::{sniff_format, InputFormat};
///
/// assert_eq!(sniff_format(b"[1, 3, 0, 2]\n", true), Some(InputFormat::Columns));
/// assert_eq!(sniff_format(b"{\"n\":4,\"columns\":[1,3,0,2]}\n", true), Some(InputFormat::Json));
/// assert_eq!(sniff_format(b"0, 1; 1, 3; 2, 0; 3, 2;\n", true), Some(InputFormat::Pairs));
/// assert_eq!(sniff_format(b"0 1 0 0\n0 0 0 1\n1 0 0 0\n0 0 1 0\n", true), Some(InputFormat::Matrix));
/// assert_eq!(sniff_format(b". Q . .\n", true), Some(InputFormat::Drawn));
/// assert_eq!(sniff_format(b"[\".Q..\",", false), Some(InputFormat::LeetCode));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum InputFormat {
    /// Column lists: `0 4 7 5 2 6 1 3`, one column a line (`--format
    /// lines`), or bracketed lists, one placement each (`--format list`).
    Columns,
    /// Drawn boards, one row a line, blank lines between boards: `■`/`□`
    /// (`--format board`) or `Q`/`.` (`--format ascii`).
    Drawn,
    /// LeetCode 51 boards: `[".Q..","...Q","Q...","..Q."]`.
    LeetCode,
    /// JSON lines, one object a line: `{"n":4,"columns":[1,3,0,2]}`.
    Json,
    /// The 0/1 matrix, a row a line (`0 1 0 0`), blank lines between boards.
    Matrix,
    /// `row, col;` pairs, one placement a line: `0, 1; 1, 3; 2, 0; 3, 2;`.
    Pairs,
}

impl InputFormat {
    /// Whether the form streams through a [`ColumnReader`](super::ColumnReader)
    /// (column lists, JSON lines, pairs), as opposed to being read whole by
    /// [`parse_placements_as`](crate::parse_placements_as) (drawn, LeetCode
    /// and matrix boards, which are small by nature).
    ///
    /// ```
    /// use nqueens::InputFormat;
    ///
    /// assert!(InputFormat::Json.streams() && InputFormat::Pairs.streams());
    /// assert!(!InputFormat::Matrix.streams() && !InputFormat::Drawn.streams());
    /// ```
    pub const fn streams(self) -> bool {
        matches!(
            self,
            InputFormat::Columns | InputFormat::Json | InputFormat::Pairs
        )
    }
}

/// Which form text starting with `start` is in; `None` when `start` is too
/// short to tell and more text follows (`at_eof` false).
///
/// - `{` first: JSON lines. `[` first: a bracketed column list, or a LeetCode
///   board if its first item is a quoted row.
/// - A first line of numbers: `row, col;` pairs if it holds a `;`; a 0/1
///   matrix if it and the next line have two or more words each, each `0`
///   or `1` (the matrix reader then checks that they are square), or three
///   or more each, as many on both, all 0 or 1 but one; or a
///   lone `1` in its block, the
///   matrix of one square (`solve 1 --format matrix`; as a column list it
///   would be off the board); a column list otherwise.
/// - Anything else is a drawn board (or an error that names the forms).
///
/// ```
/// use nqueens::{sniff_format, InputFormat};
///
/// // One line of two 0/1 words is a column list (n = 2), not a matrix.
/// assert_eq!(sniff_format(b"0 1\n", true), Some(InputFormat::Columns));
/// assert_eq!(sniff_format(b"0 1\n1 0\n", true), Some(InputFormat::Matrix));
/// assert_eq!(sniff_format(b"0 1\n", false), None);
/// // Not square, still a matrix: its reader says so (a column list of nine
/// // queens, "not a solution", would hide it).
/// assert_eq!(sniff_format(b"0 1 0\n0 0 1\n1 0 0\n0 1 0\n", true), Some(InputFormat::Matrix));
/// assert_eq!(sniff_format(b"0 1 0\n0 1\n", true), Some(InputFormat::Matrix));
/// // A typo (a 2) in a matrix: still a matrix, whose reader names it.
/// assert_eq!(sniff_format(b"0 1 0 0\n0 0 0 2\n1 0 0 0\n0 0 1 0\n", true), Some(InputFormat::Matrix));
/// assert_eq!(sniff_format(b"0 1 0 2\n0 0 0 1\n", true), Some(InputFormat::Matrix));
/// // Column lists, one a line, are not matrices.
/// assert_eq!(sniff_format(b"1 3 0 2\n2 0 3 1\n", true), Some(InputFormat::Columns));
/// assert_eq!(sniff_format(b"0 1 2\n1 0 2\n", true), Some(InputFormat::Columns));
/// // A lone 1: the matrix of one square; followed by more: columns.
/// assert_eq!(sniff_format(b"1\n", true), Some(InputFormat::Matrix));
/// assert_eq!(sniff_format(b"1\n\n1 solution\n", true), Some(InputFormat::Matrix));
/// assert_eq!(sniff_format(b"1\n3\n0\n2\n", true), Some(InputFormat::Columns));
/// assert_eq!(sniff_format(b"1\n\n3\n\n0\n\n2\n", true), Some(InputFormat::Columns));
/// assert_eq!(sniff_format(b"", true), Some(InputFormat::Drawn));
/// ```
pub fn sniff_format(start: &[u8], at_eof: bool) -> Option<InputFormat> {
    let more = |found: InputFormat| if at_eof { Some(found) } else { None };
    let text = match start.strip_prefix(BOM) {
        Some(rest) => rest,
        None if BOM.starts_with(start) => return more(InputFormat::Drawn),
        None => start,
    };
    let blank = |b: u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c);
    let Some(first) = text.iter().position(|&b| !blank(b)) else {
        return more(InputFormat::Drawn);
    };
    let rest = &text[first..];
    match rest[0] {
        b'{' => Some(InputFormat::Json),
        b'[' => match rest[1..].iter().find(|&&b| !blank(b) && b != b'[') {
            Some(b'"') => Some(InputFormat::LeetCode),
            Some(&b) if b.is_ascii() => Some(InputFormat::Columns),
            Some(_) => Some(InputFormat::Drawn),
            None => more(InputFormat::Columns),
        },
        b if !b.is_ascii() => Some(InputFormat::Drawn),
        _ => {
            let (line, complete) = match rest.iter().position(|&b| b == b'\n') {
                Some(end) => (&rest[..end], true),
                None => (rest, at_eof),
            };
            if !line.iter().any(u8::is_ascii_digit) {
                return if complete {
                    Some(InputFormat::Drawn)
                } else {
                    None
                };
            }
            if line.contains(&b';') {
                return Some(InputFormat::Pairs);
            }
            if !complete {
                return None;
            }
            matrix_block(rest, at_eof)
        }
    }
}

/// Whether the block that starts `text` (a first line of numbers, complete)
/// is a matrix; else a column list.
///
/// A matrix: its first two lines of 0/1 words, two or more each, square or
/// not (the matrix reader says which row is off). Only alike k × k blocks
/// were matrices once, and a row too many or a word lost made the whole
/// block a column list of k² numbers, judged "not a solution" on a board
/// of that size; no column list of three or more queens is all 0s and 1s
/// and a solution, so nothing is lost. Also a matrix with a typo: two
/// lines of k ≥ 3 whole numbers each, all 0 or 1 but one (as a column list
/// its 2k − 1 or more 0s and 1s repeat a column, so it is never a
/// solution, and "not a solution" hid the typo; the matrix reader names
/// the word that is wrong).
fn matrix_block(text: &[u8], at_eof: bool) -> Option<InputFormat> {
    let first_line = text.iter().position(|&b| b == b'\n').unwrap_or(text.len());
    let Some((k, a)) = number_words(&text[..first_line]) else {
        return Some(InputFormat::Columns);
    };
    // The next line, and whether it is whole (ended, or the text is).
    let after = text.get(first_line + 1..).unwrap_or_default();
    let (second, complete) = match after.iter().position(|&b| b == b'\n') {
        Some(end) => (&after[..end], true),
        None => (after, at_eof),
    };
    if a == 0 && k < 2 {
        if k == 1 && text[..first_line].contains(&b'1') {
            return lone_one(after, second, complete, at_eof);
        }
        return Some(InputFormat::Columns);
    }
    if !complete {
        return None;
    }
    Some(match number_words(second) {
        Some((m, 0)) if a == 0 && m >= 2 => InputFormat::Matrix,
        Some((m, b)) if k == m && k >= 3 && a + b <= 1 => InputFormat::Matrix,
        _ => InputFormat::Columns,
    })
}

/// A lone `1` in its block is the one-square matrix (`solve 1 --format
/// matrix`): as a column list it is off the board (column 1 of one row),
/// or with --one-based the same board. `after` is the text after its line,
/// `second` the next line, whole if `complete`; `None` while the text does
/// not tell yet.
fn lone_one(after: &[u8], second: &[u8], complete: bool, at_eof: bool) -> Option<InputFormat> {
    if !second.iter().all(u8::is_ascii_whitespace) {
        return Some(InputFormat::Columns);
    }
    if !complete {
        return None;
    }
    // The next line is blank, or there is none. What follows the blank
    // lines tells: numbers only, the next column of a list with blank lines
    // between (`1`, blank, `3`, …); nothing, or words (`1 solution`, as
    // `all 1 --format matrix` ends), the matrix.
    let rest = after.get(second.len() + 1..).unwrap_or_default();
    let Some(start) = rest.iter().position(|b| !b.is_ascii_whitespace()) else {
        return at_eof.then_some(InputFormat::Matrix);
    };
    let rest = &rest[start..];
    let end = rest.iter().position(|&b| b == b'\n');
    if end.is_none() && !at_eof {
        return None;
    }
    Some(match number_words(&rest[..end.unwrap_or(rest.len())]) {
        Some(_) => InputFormat::Columns,
        None => InputFormat::Matrix,
    })
}

/// The words of `line` and how many of them are not `0` or `1`, when every
/// word is a whole number.
fn number_words(line: &[u8]) -> Option<(usize, usize)> {
    let (mut k, mut odd) = (0, 0);
    for word in line
        .split(|b| b.is_ascii_whitespace())
        .filter(|w| !w.is_empty())
    {
        if !word.iter().all(u8::is_ascii_digit) {
            return None;
        }
        k += 1;
        odd += usize::from(word != b"0" && word != b"1");
    }
    Some((k, odd))
}

/// Whether text starting with `start` is a column list that [`ColumnReader`]
/// reads: `Some(true)`; a drawn or LeetCode board, or anything else, for
/// [`parse_placements`]: `Some(false)`; `None` when
/// `start` is too short to tell and more text follows (`at_eof` false).
///
/// The rules are those of `parse_placements`: a first non-blank line that
/// starts with `[` is a bracketed list (unless its first item is a quoted
/// row); otherwise a first line with a digit is a column list. Text whose
/// first character is not ASCII goes to `parse_placements`, which reads every
/// form exactly.
///
/// ```
/// use nqueens::is_column_list;
///
/// assert_eq!(is_column_list(b"0 4 7 5", false), Some(true));
/// assert_eq!(is_column_list(b"\n[[1, 3, 0, 2]", false), Some(true));
/// assert_eq!(is_column_list(b"[\".Q..\",", false), Some(false));
/// assert_eq!(is_column_list(b".Q..\n", false), Some(false));
/// assert_eq!(is_column_list(b"  [ ", false), None);
/// assert_eq!(is_column_list(b"", true), Some(false));
/// ```
///
/// [`ColumnReader`]: super::ColumnReader
/// [`parse_placements`]: crate::parse_placements
pub fn is_column_list(start: &[u8], at_eof: bool) -> Option<bool> {
    let more = |found: bool| if at_eof { Some(found) } else { None };
    let text = match start.strip_prefix(BOM) {
        Some(rest) => rest,
        None if BOM.starts_with(start) => return more(false),
        None => start,
    };
    let blank = |b: u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c);
    let Some(first) = text.iter().position(|&b| !blank(b)) else {
        return more(false);
    };
    let rest = &text[first..];
    match rest[0] {
        b'[' => match rest[1..].iter().find(|&&b| !blank(b) && b != b'[') {
            Some(&b) => Some(b != b'"' && b.is_ascii()),
            None => more(false),
        },
        b if !b.is_ascii() => Some(false),
        _ => {
            for &b in rest {
                if b.is_ascii_digit() {
                    return Some(true);
                }
                if b == b'\n' {
                    return Some(false);
                }
            }
            more(false)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffing() {
        for (text, want) in [
            ("0 1", Some(true)),
            ("\u{feff}0 1", Some(true)),
            ("  \n [1", Some(true)),
            ("[[1", Some(true)),
            ("[]", Some(true)),
            ("[ \"", Some(false)),
            ("[[\"", Some(false)),
            ("Q..", None),
            ("Q..\n", Some(false)),
            ("Q 1", Some(true)),
            ("hello", None),
            ("■ □", Some(false)),
            ("", None),
        ] {
            assert_eq!(is_column_list(text.as_bytes(), false), want, "{text:?}");
        }
        assert_eq!(is_column_list(b"hello", true), Some(false));
        assert_eq!(is_column_list(b"\xef\xbb", false), None);
    }
}
