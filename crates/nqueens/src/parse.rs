//! Reading placements from text: column lists, drawn boards, LeetCode boards.
//!
//! `nqueens verify` hands whatever a person pasted to [`parse_placements`],
//! which recognises the form by its first characters:
//!
//! | form | example |
//! |---|---|
//! | column list (row by row; spaces, commas, or one per line) | `0 4 7 5 2 6 1 3` |
//! | bracketed column lists, one placement each | `[0, 4, 7, 5, 2, 6, 1, 3]` |
//! | a drawn board (blank lines between boards) | `. Q . .` or `□ ■ □ □` |
//! | LeetCode 51 (one board, or a list of boards) | `[".Q..","...Q","Q...","..Q."]` |
//!
//! Errors name the line, the token or square, and what was expected, because
//! the text usually came from a person.

use crate::board::{Placement, Square};
use crate::drawn::{self, Cell};
pub use crate::error::ParseError;
use crate::huge::stream::{ColumnReader, ReadError, Streamed};

impl std::error::Error for ParseError {}

pub(crate) const FORMS: &str =
    "expected a column list such as `0 4 7 5 2 6 1 3` or `[0, 4, 7, 5, 2, 6, 1, 3]`, \
a drawn board with one row per line (`Q` or `■` for a queen, `.` or `□` for an empty square), \
or a LeetCode board such as `[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]`";

/// Reads one or more placements from `text`.
///
/// Columns are 0-based unless `one_based` is set. Several placements come
/// from several bracketed lists (`[1, 3, 0, 2]` per line, as `nqueens all
/// --format list` prints them), a list of LeetCode boards, or drawn boards
/// separated by blank lines; everything else is one placement.
///
/// ```
/// use nqueens::parse_placements;
///
/// let p = parse_placements("[1, 3, 0, 2]\n[2, 0, 3, 1]\n", false)?;
/// assert_eq!(p.len(), 2);
/// let p = parse_placements(". Q . .\n. . . Q\nQ . . .\n. . Q .\n", false)?;
/// assert!(p[0].is_solution());
/// let e = parse_placements("0 4 9", false).unwrap_err();
/// assert_eq!(e.line, Some(1));
/// # Ok::<(), nqueens::ParseError>(())
/// ```
///
/// # Errors
/// A [`ParseError`] naming the line and token or square that is wrong.
pub fn parse_placements(text: &str, one_based: bool) -> Result<Vec<Placement>, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let Some((first_line, first)) = first_nonblank(text) else {
        return Err(ParseError::whole(format!("the input is empty: {FORMS}")));
    };
    if first.starts_with('[') || first.chars().any(|c| c.is_ascii_digit()) {
        column_lists(text, one_based)
    } else if first
        .chars()
        .all(|c| c.is_whitespace() || board_cell(c).is_some())
    {
        drawn_boards(text)
    } else {
        let bad = first
            .chars()
            .find(|&c| !c.is_whitespace() && board_cell(c).is_none())
            .unwrap_or(' ');
        Err(ParseError::at(
            first_line,
            format!("unexpected character {bad:?}: {FORMS}"),
        ))
    }
}

/// The column-list forms, read by the one reader of them: the streaming
/// [`ColumnReader`], every placement whole.
fn column_lists(text: &str, one_based: bool) -> Result<Vec<Placement>, ParseError> {
    let mut reader = ColumnReader::new(text.as_bytes(), one_based).with_detail_max(usize::MAX);
    let mut out = Vec::new();
    loop {
        match reader.next_placement() {
            Ok(None) => return Ok(out),
            Ok(Some(Streamed::Small(p))) => out.push(p),
            // Nothing is large with no detail limit; no limit on queens, no
            // I/O error and no stray byte reading a `str`.
            Ok(Some(Streamed::Large(_))) => {
                return Err(ParseError::whole("a placement too large to keep"))
            }
            Err(ReadError::Parse(e)) => return Err(e),
            Err(e) => return Err(ParseError::whole(e.to_string())),
        }
    }
}

/// The first line with something on it: its 1-based number and its text,
/// trimmed. What it starts with tells the forms of input apart.
pub(crate) fn first_nonblank(text: &str) -> Option<(usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .find(|(_, l)| !l.is_empty())
}

/// What a drawn square of a placement holds: `Some(true)` a queen,
/// `Some(false)` empty (a blocked square is no part of a placement).
fn board_cell(c: char) -> Option<bool> {
    match drawn::cell(c)? {
        Cell::Queen => Some(true),
        Cell::Free => Some(false),
        Cell::Blocked => None,
    }
}

/// Drawn boards, one row per line, blank lines between boards.
fn drawn_boards(text: &str) -> Result<Vec<Placement>, ParseError> {
    let mut out = Vec::new();
    // (line number, cells) of the board being read.
    let mut rows: Vec<(usize, Vec<bool>)> = Vec::new();
    let finish =
        |rows: &mut Vec<(usize, Vec<bool>)>, out: &mut Vec<Placement>| -> Result<(), ParseError> {
            if rows.is_empty() {
                return Ok(());
            }
            let n = rows.len();
            let mut queens = Vec::new();
            for (row, (line, cells)) in rows.iter().enumerate() {
                if cells.len() != n {
                    return Err(ParseError::at(
                        *line,
                        format!(
                            "row {} has {} {}, but the board has {n} rows; a board must be square",
                            row + 1,
                            cells.len(),
                            if cells.len() == 1 {
                                "square"
                            } else {
                                "squares"
                            }
                        ),
                    ));
                }
                queens.extend(
                    cells
                        .iter()
                        .enumerate()
                        .filter(|(_, &q)| q)
                        .map(|(col, _)| Square::new(row, col)),
                );
            }
            rows.clear();
            out.push(Placement::new(n, queens).map_err(|e| ParseError::whole(e.to_string()))?);
            Ok(())
        };
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        if line.trim().is_empty() {
            finish(&mut rows, &mut out)?;
            continue;
        }
        let mut cells = Vec::new();
        for (k, c) in line.chars().enumerate() {
            if c.is_whitespace() {
                continue;
            }
            match board_cell(c) {
                Some(q) => cells.push(q),
                None => {
                    let why = if drawn::cell(c) == Some(Cell::Blocked) {
                        "blocked squares belong to completion puzzles, not to a placement to verify"
                    } else {
                        "a board row uses 'Q' or '■' for a queen and '.' or '□' for an empty square"
                    };
                    return Err(ParseError::at(
                        line_no,
                        format!("character {} ({c:?}): {why}", k + 1),
                    ));
                }
            }
        }
        rows.push((line_no, cells));
    }
    finish(&mut rows, &mut out)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cols(p: &Placement) -> Vec<usize> {
        p.queens().iter().map(|q| q.col).collect()
    }

    #[test]
    fn column_lists() {
        for text in [
            "0 4 7 5 2 6 1 3",
            "0,4,7,5,2,6,1,3",
            "0, 4, 7, 5, 2, 6, 1, 3\n",
            "[0, 4, 7, 5, 2, 6, 1, 3]",
            "[0,4,7,5,2,6,1,3]",
            "0\n4\n7\n5\n2\n6\n1\n3\n",
        ] {
            let p = parse_placements(text, false).unwrap();
            assert_eq!(p.len(), 1, "{text}");
            assert_eq!(cols(&p[0]), vec![0, 4, 7, 5, 2, 6, 1, 3], "{text}");
        }
        let p = parse_placements("1 5 8 6 3 7 2 4", true).unwrap();
        assert_eq!(cols(&p[0]), vec![0, 4, 7, 5, 2, 6, 1, 3]);
    }

    #[test]
    fn several_lists() {
        let p = parse_placements("[1, 3, 0, 2]\n[2, 0, 3, 1]\n", false).unwrap();
        assert_eq!(p.len(), 2);
        let p = parse_placements("[[1, 3, 0, 2], [2, 0, 3, 1]]", false).unwrap();
        assert_eq!(p.len(), 2);
        assert_eq!(cols(&p[1]), vec![2, 0, 3, 1]);
    }

    #[test]
    fn boards() {
        let unicode = "□ ■ □ □\n□ □ □ ■\n■ □ □ □\n□ □ ■ □\n";
        let ascii = ".Q..\n...Q\nQ...\n..Q.\n";
        let leet = r#"[".Q..","...Q","Q...","..Q."]"#;
        for text in [unicode, ascii, leet] {
            let p = parse_placements(text, false).unwrap();
            assert_eq!(p.len(), 1);
            assert_eq!(cols(&p[0]), vec![1, 3, 0, 2]);
            assert!(p[0].is_solution());
        }
        let two = format!("\n{ascii}\n{ascii}\n");
        assert_eq!(parse_placements(&two, false).unwrap().len(), 2);
        let many = r#"[[".Q..","...Q","Q...","..Q."],["..Q.","Q...","...Q",".Q.."]]"#;
        assert_eq!(parse_placements(many, false).unwrap().len(), 2);
        // An empty row is allowed (it is not a solution, but it is a placement).
        let p = parse_placements("Q..\n...\n...\n", false).unwrap();
        assert_eq!(p[0].empty_rows(), vec![1, 2]);
    }

    #[test]
    fn errors_name_the_line() {
        let e = parse_placements("0 4 7\n5 x 6", false).unwrap_err();
        assert_eq!(e.line, Some(2));
        assert!(e.message.contains("token 5"), "{e}");
        let e = parse_placements("0 1 3", false).unwrap_err();
        assert!(e.message.contains("off the board"), "{e}");
        let e = parse_placements("0 1 -2", false).unwrap_err();
        assert!(e.message.contains("negative"), "{e}");
        let e = parse_placements("0 1 2", true).unwrap_err();
        assert!(e.message.contains("1-based"), "{e}");
        let e = parse_placements("1 2 3", false).unwrap_err();
        assert!(e.message.contains("--one-based"), "{e}");
        let e = parse_placements("Q..\n..\n...", false).unwrap_err();
        assert_eq!(e.line, Some(2));
        assert!(e.message.contains("square"), "{e}");
        let e = parse_placements("Q..\n..x\n...", false).unwrap_err();
        assert!(e.message.contains("blocked"), "{e}");
        let e = parse_placements("[0, 1", false).unwrap_err();
        assert!(e.message.contains("not closed"), "{e}");
        let e = parse_placements(r#"[".Q","Q."#, false).unwrap_err();
        assert!(e.message.contains("not closed"), "{e}");
        let e = parse_placements("[]", false).unwrap_err();
        assert!(e.message.contains("empty"), "{e}");
        let e = parse_placements("  \n\n", false).unwrap_err();
        assert!(e.message.contains("empty"), "{e}");
        let e = parse_placements("hello", false).unwrap_err();
        assert_eq!(e.line, Some(1));
        let e = parse_placements("99999999999999999999999 0", false).unwrap_err();
        assert!(e.message.contains("too large"), "{e}");
        let e = parse_placements(r#"[".Q..","..Q"]"#, false).unwrap_err();
        assert!(e.message.contains("square"), "{e}");
    }
}
