//! The text styles: boards for people, lists and JSON for programs.
//!
//! Every style writes straight to an [`std::io::Write`], and all but the
//! LeetCode form (a JSON array of its rows, built first) one row at a time,
//! so that streaming millions of solutions never builds a large string. The
//! front end chooses the destination and the buffering.

use crate::words::{grouped, plural};
use std::io::{self, Write};

/// How a solution is written.
///
/// # Examples
///
/// ```
/// use nqueens::{write_solution, RenderOptions, Style};
///
/// fn text(style: Style) -> String {
///     let mut out = Vec::new();
///     write_solution(&mut out, &[1, 3, 0, 2], style, RenderOptions::default()).unwrap();
///     String::from_utf8(out).unwrap()
/// }
///
/// assert_eq!(text(Style::List), "[1, 3, 0, 2]\n");
/// assert_eq!(text(Style::Lines), "1\n3\n0\n2\n");
/// assert_eq!(text(Style::Json), "{\"n\":4,\"columns\":[1,3,0,2]}\n");
/// assert_eq!(text(Style::LeetCode), "[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]\n");
/// assert_eq!(text(Style::Pairs), "0, 1; 1, 3; 2, 0; 3, 2;\n");
/// assert_eq!(text(Style::Matrix).lines().next(), Some("0 1 0 0"));
/// assert_eq!(text(Style::Board).lines().count(), 4);
/// assert!(Style::Board.is_drawing() && !Style::List.is_drawing());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Style {
    /// A drawn board, `■` for a queen and `□` for an empty square, as the
    /// classic write-ups print it.
    Board,
    /// A drawn board in plain ASCII, `Q` and `.`.
    Ascii,
    /// The columns as a list on one line: `[0, 4, 7, 5, 2, 6, 1, 3]`.
    List,
    /// One column per line, nothing else: the form for huge boards and for
    /// tools such as `sort` and `awk`.
    Lines,
    /// One JSON object per line: `{"n":8,"columns":[0,4,7,5,2,6,1,3]}`.
    Json,
    /// The LeetCode 51 form: `[".Q..","...Q","Q...","..Q."]`.
    LeetCode,
    /// The 0/1 matrix, a row per line (`0 1 0 0`), as the look-ahead
    /// tutorial prints it.
    Matrix,
    /// `row, col;` pairs on one line (`0, 1; 1, 3; 2, 0; 3, 2;`), as the
    /// tagged-stack tutorial prints a solution.
    Pairs,
}

impl Style {
    /// Whether the style draws the board (one line per row), as opposed to one
    /// line per solution.
    pub const fn is_drawing(self) -> bool {
        matches!(self, Style::Board | Style::Ascii | Style::Matrix)
    }
}

/// Options shared by the styles.
///
/// # Examples
///
/// ```
/// use nqueens::{write_solution, RenderOptions, Style};
///
/// let mut zero_based = Vec::new();
/// write_solution(&mut zero_based, &[1, 3, 0, 2], Style::List, RenderOptions::default())?;
/// assert_eq!(zero_based, b"[1, 3, 0, 2]\n");
///
/// let mut one_based = Vec::new();
/// write_solution(&mut one_based, &[1, 3, 0, 2], Style::Pairs, RenderOptions { one_based: true })?;
/// assert_eq!(one_based, b"1, 2; 2, 4; 3, 1; 4, 3;\n");
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Options {
    /// Print columns from 1 instead of 0 (list, lines, JSON, and pairs,
    /// whose rows count from 1 too); drawings and LeetCode's form have no
    /// numbers.
    pub one_based: bool,
}

/// Writes one solution (`columns[row]` = the column of the row's queen).
///
/// ```
/// use nqueens::{write_solution, RenderOptions as Options, Style};
/// let mut out = Vec::new();
/// write_solution(&mut out, &[1, 3, 0, 2], Style::Ascii, Options::default())?;
/// assert_eq!(String::from_utf8(out).unwrap(), ". Q . .\n. . . Q\nQ . . .\n. . Q .\n");
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// Whatever the writer returns; [`io::ErrorKind::InvalidInput`], before
/// anything is written, when a column is off the board (at least the number
/// of rows), which no drawing could show.
pub fn write_solution<W: Write + ?Sized>(
    out: &mut W,
    columns: &[usize],
    style: Style,
    options: Options,
) -> io::Result<()> {
    let n = columns.len();
    if let Some((row, &col)) = columns.iter().enumerate().find(|&(_, &c)| c >= n) {
        return Err(off_board(row, col, n));
    }
    match style {
        Style::Board | Style::Ascii | Style::Matrix => {
            let (queen, empty) = match style {
                Style::Board => ("■", "□"),
                Style::Ascii => ("Q", "."),
                _ => ("1", "0"),
            };
            let mut line = String::with_capacity(n * 4);
            for &col in columns {
                line.clear();
                for c in 0..n {
                    if c > 0 {
                        line.push(' ');
                    }
                    line.push_str(if c == col { queen } else { empty });
                }
                line.push('\n');
                out.write_all(line.as_bytes())?;
            }
            Ok(())
        }
        Style::List | Style::Lines | Style::Json | Style::Pairs => {
            write_columns(out, n, columns.iter().copied(), style, options)
        }
        Style::LeetCode => {
            // LeetCode 51's form, a JSON array of rows, written by serde.
            let rows: Vec<String> = columns
                .iter()
                .map(|&col| (0..n).map(|c| if c == col { 'Q' } else { '.' }).collect())
                .collect();
            serde_json::to_writer(&mut *out, &rows).map_err(io::Error::from)?;
            out.write_all(b"\n")
        }
    }
}

/// Writes the `n` columns that `columns` yields, one at a time, in one of
/// the styles for programs ([`Style::List`], [`Style::Lines`],
/// [`Style::Json`] or [`Style::Pairs`]), without holding the board: this is
/// how a board of a billion queens is written. The other styles (the
/// drawings, the matrix and LeetCode's form) collect the columns and call
/// [`write_solution`], so keep them to boards a person can read.
///
/// ```
/// use nqueens::{write_columns, RenderOptions as Options, Style};
///
/// let mut out = Vec::new();
/// write_columns(&mut out, 4, [1, 3, 0, 2], Style::Lines, Options { one_based: true })?;
/// assert_eq!(String::from_utf8(out).unwrap(), "2\n4\n1\n3\n");
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// Whatever the writer returns; [`io::ErrorKind::InvalidInput`] when a
/// column is off the board or `columns` does not yield `n` of them (found
/// as they stream, so that what was written before stays written).
///
/// ```
/// use nqueens::{write_columns, RenderOptions, Style};
///
/// let wrong = write_columns(&mut Vec::new(), 2, [1, 3, 0, 2], Style::Json, RenderOptions::default());
/// assert_eq!(wrong.unwrap_err().kind(), std::io::ErrorKind::InvalidInput);
/// let short = write_columns(&mut Vec::new(), 5_000, [1], Style::Lines, RenderOptions::default());
/// assert_eq!(short.unwrap_err().to_string(), "1 column for the 5,000 rows of the board");
/// ```
pub fn write_columns<W: Write + ?Sized>(
    out: &mut W,
    n: usize,
    columns: impl IntoIterator<Item = usize>,
    style: Style,
    options: Options,
) -> io::Result<()> {
    let base = usize::from(options.one_based);
    let (open, sep, close): (&[u8], &[u8], &[u8]) = match style {
        Style::List => (b"[", b", ", b"]\n"),
        Style::Lines => (b"", b"", b""),
        Style::Json => {
            // serde writes it, streaming the columns as they come: a board of
            // a billion queens is never held.
            let board = JsonBoard {
                n,
                columns: OnceSeq {
                    items: std::cell::Cell::new(Some(columns.into_iter())),
                    n,
                    base,
                },
            };
            return match serde_json::to_writer(&mut *out, &board) {
                Ok(()) => out.write_all(b"\n"),
                // The columns' own error (off the board, too few or many).
                Err(e) if e.is_data() => Err(io::Error::new(io::ErrorKind::InvalidInput, e)),
                Err(e) => Err(io::Error::from(e)),
            };
        }
        Style::Pairs => {
            // Streamed too: `row, col;` a queen, never the whole line held.
            let mut digits = [0u8; 24];
            let mut rows = 0;
            for (r, c) in columns.into_iter().enumerate() {
                if c >= n || r >= n {
                    return Err(off_board(r, c, n));
                }
                rows += 1;
                if r > 0 {
                    out.write_all(b" ")?;
                }
                out.write_all(decimal(r + base, &mut digits))?;
                out.write_all(b", ")?;
                out.write_all(decimal(c + base, &mut digits))?;
                out.write_all(b";")?;
            }
            if rows != n {
                return Err(columns_for_rows(rows, n));
            }
            return out.write_all(b"\n");
        }
        Style::Board | Style::Ascii | Style::LeetCode | Style::Matrix => {
            let columns: Vec<usize> = columns.into_iter().take(n.saturating_add(1)).collect();
            if columns.len() != n {
                return Err(columns_for_rows(columns.len(), n));
            }
            return write_solution(out, &columns, style, options);
        }
    };
    out.write_all(open)?;
    // The text goes out in pieces of about CHUNK bytes: three calls through
    // `out` per column (and whatever wraps it) cost more than the digits. A
    // piece ends after a separator or a newline, so that output cut between
    // two pieces (Ctrl-C) ends visibly between two columns.
    const CHUNK: usize = 8 << 10;
    let end: &[u8] = if style == Style::Lines { b"\n" } else { b"" };
    let mut chunk = Vec::with_capacity(CHUNK + 64);
    let mut digits = [0u8; 24];
    let mut rows = 0;
    for (i, c) in columns.into_iter().enumerate() {
        if c >= n || i >= n {
            out.write_all(&chunk)?;
            return Err(off_board(i, c, n));
        }
        rows += 1;
        if i > 0 {
            chunk.extend_from_slice(sep);
        }
        if chunk.len() >= CHUNK {
            out.write_all(&chunk)?;
            chunk.clear();
        }
        chunk.extend_from_slice(decimal(c + base, &mut digits));
        chunk.extend_from_slice(end);
    }
    out.write_all(&chunk)?;
    if rows != n {
        return Err(columns_for_rows(rows, n));
    }
    out.write_all(close)
}

/// A column that no `n`×`n` board has (or a row past its last).
fn off_board(row: usize, col: usize, n: usize) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("row {row}'s column {col} is off the {n}×{n} board"),
    )
}

/// Another number of columns than the board has rows (`columns` past `n`:
/// more, however many).
fn columns_for_rows(columns: usize, n: usize) -> io::Error {
    let rows = grouped(n as u128);
    let message = if columns > n {
        format!("more columns than the {rows} rows of the board")
    } else {
        let columns = plural(columns as u128, "column", "columns");
        format!("{columns} for the {rows} rows of the board")
    };
    io::Error::new(io::ErrorKind::InvalidInput, message)
}

/// `{"n": N, "columns": [...]}`, as `--format json` writes a solution.
#[derive(serde::Serialize)]
#[serde(bound = "")]
struct JsonBoard<I: Iterator<Item = usize>> {
    n: usize,
    columns: OnceSeq<I>,
}

/// The columns of an `n`×`n` board, serialized from an iterator, once,
/// without collecting them, each plus `base`; a column off the board, or
/// another number of them than `n`, is an error.
struct OnceSeq<I> {
    items: std::cell::Cell<Option<I>>,
    n: usize,
    base: usize,
}

impl<I: Iterator<Item = usize>> serde::Serialize for OnceSeq<I> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{Error, SerializeSeq};
        let Some(items) = self.items.take() else {
            return Err(S::Error::custom("the columns were already written"));
        };
        let n = self.n;
        let mut seq = serializer.serialize_seq(None)?;
        let mut rows = 0;
        for (row, col) in items.enumerate() {
            if col >= n || row >= n {
                return Err(S::Error::custom(off_board(row, col, n)));
            }
            rows += 1;
            seq.serialize_element(&(col + self.base))?;
        }
        if rows != n {
            return Err(S::Error::custom(columns_for_rows(rows, n)));
        }
        seq.end()
    }
}

/// `value` in decimal, written at the end of `buf` (a billion numbers through
/// `write!` would spend most of their time in the formatting machinery).
fn decimal(mut value: usize, buf: &mut [u8; 24]) -> &[u8] {
    let mut start = buf.len();
    loop {
        start -= 1;
        buf[start] = b'0' + (value % 10) as u8;
        value /= 10;
        if value == 0 {
            return &buf[start..];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const STYLES: [Style; 8] = [
        Style::Board,
        Style::Ascii,
        Style::Matrix,
        Style::List,
        Style::Lines,
        Style::Json,
        Style::Pairs,
        Style::LeetCode,
    ];

    /// A column off the board was drawn as nothing (`[0, 9]` as ASCII:
    /// `Q .` and `. .`, the second queen gone) or written as given; and
    /// `write_columns` wrote 4 columns for a board of 2. Each is refused.
    #[test]
    fn a_board_that_is_not_one_is_refused() {
        for style in STYLES {
            let e = write_solution(&mut Vec::new(), &[0, 9], style, Options::default());
            assert_eq!(
                e.unwrap_err().kind(),
                io::ErrorKind::InvalidInput,
                "{style:?}"
            );
            for (n, columns) in [
                (2, vec![1, 3, 0, 2]),
                (4, vec![1, 3]),
                (4, vec![1, 3, 0, 4]),
            ] {
                let e = write_columns(
                    &mut Vec::new(),
                    n,
                    columns.clone(),
                    style,
                    Options::default(),
                );
                assert_eq!(
                    e.unwrap_err().kind(),
                    io::ErrorKind::InvalidInput,
                    "{style:?}, n = {n}, {columns:?}"
                );
            }
            let mut out = Vec::new();
            write_columns(&mut out, 4, [1, 3, 0, 2], style, Options::default()).unwrap();
            assert!(!out.is_empty());
        }
    }

    fn render(columns: &[usize], style: Style, one_based: bool) -> String {
        let mut out = Vec::new();
        write_solution(&mut out, columns, style, Options { one_based }).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn styles() {
        let s = [1, 3, 0, 2];
        assert_eq!(
            render(&s, Style::Board, false),
            "□ ■ □ □\n□ □ □ ■\n■ □ □ □\n□ □ ■ □\n"
        );
        assert_eq!(render(&s, Style::List, false), "[1, 3, 0, 2]\n");
        assert_eq!(render(&s, Style::List, true), "[2, 4, 1, 3]\n");
        assert_eq!(render(&s, Style::Lines, false), "1\n3\n0\n2\n");
        assert_eq!(
            render(&s, Style::Matrix, false),
            "0 1 0 0\n0 0 0 1\n1 0 0 0\n0 0 1 0\n"
        );
        assert_eq!(render(&s, Style::Pairs, false), "0, 1; 1, 3; 2, 0; 3, 2;\n");
        assert_eq!(render(&s, Style::Pairs, true), "1, 2; 2, 4; 3, 1; 4, 3;\n");
        assert_eq!(render(&[0], Style::List, false), "[0]\n");
        assert_eq!(
            render(&s, Style::Json, false),
            "{\"n\":4,\"columns\":[1,3,0,2]}\n"
        );
        assert_eq!(
            render(&s, Style::LeetCode, false),
            "[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]\n"
        );
    }

    #[test]
    fn output_parses_back() {
        let s = [0, 4, 7, 5, 2, 6, 1, 3];
        for style in [
            Style::Board,
            Style::Ascii,
            Style::List,
            Style::Lines,
            Style::LeetCode,
        ] {
            for one_based in [false, true] {
                let text = render(&s, style, one_based);
                let p = crate::parse_placements(&text, one_based && !style.is_drawing()).unwrap();
                let cols: Vec<usize> = p[0].queens().iter().map(|q| q.col).collect();
                assert_eq!(cols, s, "{style:?} {one_based}");
            }
        }
    }

    #[test]
    fn decimal_matches_display() {
        let mut buf = [0u8; 24];
        for v in [0, 1, 9, 10, 99, 100, 123_456_789, usize::MAX] {
            assert_eq!(decimal(v, &mut buf), v.to_string().as_bytes());
        }
    }
}
