//! Reading placements from text: column lists, drawn boards, LeetCode boards,
//! matrices, JSON lines and pairs.
//!
//! [`parse_placements`] reads whatever a person pasted, in memory, and
//! recognises the form by its first lines (`nqueens verify` streams the same
//! forms through [`ColumnReader`] and the other readers):
//!
//! | form | example |
//! |---|---|
//! | column list (row by row; spaces, commas, or one per line) | `0 4 7 5 2 6 1 3` |
//! | bracketed column lists, one placement each | `[0, 4, 7, 5, 2, 6, 1, 3]` |
//! | a drawn board (blank lines between boards) | `. Q . .` or `□ ■ □ □` |
//! | LeetCode 51 (one board, or a list of boards) | `[".Q..","...Q","Q...","..Q."]` |
//! | a 0/1 matrix, a row a line (blank lines between boards) | `0 1 0 0` |
//! | JSON lines | `{"n":4,"columns":[1,3,0,2]}` |
//! | `row, col;` pairs | `0, 1; 1, 3; 2, 0; 3, 2;` |
//!
//! (The last three as [`sniff_format`](crate::sniff_format) tells them.)
//!
//! Errors name the line, the token or square, and what was expected, because
//! the text usually came from a person.

use crate::board::{Placement, Square};
use crate::drawn::{self, Cell};
pub use crate::error::ParseError;
use crate::read::error::FORMS;
use crate::read::{ColumnReader, InputFormat, ReadError, Streamed};

impl std::error::Error for ParseError {}

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
/// // A 0/1 matrix, JSON lines and pairs, as `sniff_format` tells them.
/// let matrix = "0 1 0 0\n0 0 0 1\n1 0 0 0\n0 0 1 0\n";
/// let p = &parse_placements(matrix, false)?[0];
/// assert_eq!((p.n(), p.is_solution()), (4, true));
/// let json = "{\"n\":4,\"columns\":[1,3,0,2]}\n";
/// assert!(parse_placements(json, false)?[0].is_solution());
/// assert!(parse_placements("0, 1; 1, 3; 2, 0; 3, 2;", false)?[0].is_solution());
/// // An entry left out is an error, not a shorter list; a comma at the end
/// // is allowed.
/// assert!(parse_placements("1, 3,, 0, 2", false).is_err());
/// assert_eq!(parse_placements("1, 3, 0, 2,", false)?[0].n(), 4);
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
    // The forms `nqueens verify` tells apart and a column list would misread
    // (a 0/1 matrix of n lines was one list of n² columns), told as it
    // tells them.
    if let Some(form @ (InputFormat::Matrix | InputFormat::Json | InputFormat::Pairs)) =
        crate::read::sniff_format(text.as_bytes(), true)
    {
        return parse_placements_as(text, form, one_based);
    }
    if first.starts_with('[') || first.chars().any(|c| c.is_ascii_digit()) {
        column_lists(text, one_based)
    } else if first
        .chars()
        .all(|c| c.is_whitespace() || board_cell(c).is_some())
    {
        drawn_boards(text)
    } else {
        Err(unexpected(first_line, first))
    }
}

/// The first line is no form's: its first character that is not a square.
fn unexpected(first_line: usize, first: &str) -> ParseError {
    unexpected_for(first_line, first, FORMS)
}

/// As [`unexpected`], saying what was `expected` instead.
fn unexpected_for(first_line: usize, first: &str, expected: &str) -> ParseError {
    let bad = first
        .chars()
        .find(|&c| !c.is_whitespace() && board_cell(c).is_none())
        .unwrap_or(' ');
    ParseError::at(
        first_line,
        format!("unexpected character {bad:?}: {expected}"),
    )
}

/// What a drawn board is, for a text told to be one (which the other forms
/// would only confuse).
const DRAWN: &str = "expected a drawn board, the form asked for, with one row per line (`Q` or \
`■` for a queen, `.` or `□` for an empty square)";

/// Reads one or more placements from `text` in the given form: every text
/// form that the program writes ([`InputFormat`]), told rather than guessed.
///
/// Drawn and matrix boards may end with the closing line that `nqueens all`
/// and `complete --all` print under them (`2 solutions`, `92 solutions
/// (stopped at --limit 92)`, `4 completions`); its count must be the number
/// of boards above it.
///
/// ```
/// use nqueens::{parse_placements_as, InputFormat};
///
/// let matrix = "0 1 0 0\n0 0 0 1\n1 0 0 0\n0 0 1 0\n";
/// assert!(parse_placements_as(matrix, InputFormat::Matrix, false)?[0].is_solution());
/// // A lone `1` is the matrix of one square (column 1 of one row would be
/// // off the board); said to be a column list, it is that.
/// assert!(parse_placements_as("1\n", InputFormat::Matrix, false)?[0].is_solution());
/// assert!(parse_placements("1\n", false)?[0].is_solution());
/// assert!(parse_placements_as("1\n", InputFormat::Columns, false).is_err());
/// let all = ". Q . .\n. . . Q\nQ . . .\n. . Q .\n\n1 solution\n";
/// assert_eq!(parse_placements_as(all, InputFormat::Drawn, false)?.len(), 1);
/// // Told to be a drawn board, other text is refused as not one (and the
/// // message does not offer the forms that were not asked for).
/// let e = parse_placements_as("1 3 0 2\n", InputFormat::Drawn, false).unwrap_err();
/// assert!(e.to_string().contains("expected a drawn board, the form asked for"));
/// assert!(!e.to_string().contains("column list"));
/// let json = "{\"n\":4,\"columns\":[1,3,0,2]}\n";
/// assert!(parse_placements_as(json, InputFormat::Json, false)?[0].is_solution());
/// # use nqueens::parse_placements;
/// # Ok::<(), nqueens::ParseError>(())
/// ```
///
/// # Errors
/// A [`ParseError`] naming the line and token or square that is wrong, or
/// saying that the text is not in that form.
pub fn parse_placements_as(
    text: &str,
    format: InputFormat,
    one_based: bool,
) -> Result<Vec<Placement>, ParseError> {
    parse_placements_part(text, format, one_based, InputPart::default())
}

/// Where a part of a longer input starts, for [`parse_placements_part`]:
/// the lines and the boards of the parts before it.
///
/// ```
/// use nqueens::{parse_placements_part, InputFormat, InputPart};
///
/// // The second part of an input whose first part held 5 lines, 1 board.
/// let part = InputPart { lines: 5, boards: 1 };
/// let e = parse_placements_part("Q Q\n", InputFormat::Drawn, false, part).unwrap_err();
/// assert!(e.to_string().starts_with("line 6: "));
/// assert_eq!(InputPart::default(), InputPart { lines: 0, boards: 0 });
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct InputPart {
    /// Lines before the part.
    pub lines: usize,
    /// Placements read from the parts before it.
    pub boards: usize,
}

/// [`parse_placements_as`] for one part of a longer input, cut between two
/// boards, so that an input of many drawn boards (`nqueens all 13 --format
/// ascii` writes 25 MB) is read a part at a time in bounded memory: errors
/// name the line in the whole input, and the closing line of `nqueens all`
/// counts the boards of every part.
///
/// ```
/// use nqueens::{parse_placements_part, InputFormat, InputPart};
///
/// let board = ". Q . .\n. . . Q\nQ . . .\n. . Q .\n\n";
/// let first = parse_placements_part(board, InputFormat::Drawn, false, InputPart::default())?;
/// let part = InputPart { lines: 5, boards: first.len() };
/// let last = format!("{board}2 solutions\n");
/// assert_eq!(parse_placements_part(&last, InputFormat::Drawn, false, part)?.len(), 1);
/// // A closing line that miscounts, and a bad square, are named by their
/// // line in the whole input.
/// let e = parse_placements_part(&format!("{board}3 solutions\n"), InputFormat::Drawn, false, part);
/// assert!(e.unwrap_err().to_string().starts_with("line 11: the closing line says 3, but 2 boards"));
/// let e = parse_placements_part(". Q . z\n", InputFormat::Drawn, false, part).unwrap_err();
/// assert_eq!(e.line, Some(6));
/// # Ok::<(), nqueens::ParseError>(())
/// ```
///
/// # Errors
/// As [`parse_placements_as`].
pub fn parse_placements_part(
    text: &str,
    format: InputFormat,
    one_based: bool,
    part: InputPart,
) -> Result<Vec<Placement>, ParseError> {
    let shift = |mut e: ParseError| {
        e.line = e.line.map(|line| line.saturating_add(part.lines));
        e
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let Some((first_line, first)) = first_nonblank(text) else {
        return Err(ParseError::whole(format!("the input is empty: {FORMS}")));
    };
    match format {
        InputFormat::Drawn
            if !first
                .chars()
                .all(|c| c.is_whitespace() || board_cell(c).is_some()) =>
        {
            Err(shift(unexpected_for(first_line, first, DRAWN)))
        }
        InputFormat::Drawn => placements_of(boards(text, Squares::Drawn, false, part)?),
        InputFormat::Matrix => placements_of(boards(text, Squares::Matrix, false, part)?),
        InputFormat::LeetCode
            if !first.starts_with('[')
                || !first[1..]
                    .trim_start_matches(['[', ' ', '\t'])
                    .starts_with('"') =>
        {
            Err(shift(ParseError::at(
                first_line,
                "not a LeetCode board: one is a list of quoted rows, such as \
                 [\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]"
                    .to_string(),
            )))
        }
        InputFormat::Json | InputFormat::Pairs => {
            read_all(ColumnReader::new(text.as_bytes(), one_based).with_format(format))
                .map_err(shift)
        }
        _ => column_lists(text, one_based).map_err(shift),
    }
}

/// [`parse_placements_as`] for answers to a completion puzzle: a drawn
/// board may also mark blocked squares (`x`, `×`, `#`), as `nqueens
/// complete` draws them, and each placement comes with the squares its
/// board marks blocked (none in the other forms), to be checked against
/// the puzzle's.
///
/// ```
/// use nqueens::{parse_placements_with_blocked, InputFormat, Square};
///
/// let drawn = ". q . .\n. . . q\nQ . . .\n. . q x\n";
/// let read = parse_placements_with_blocked(drawn, InputFormat::Drawn, false)?;
/// assert!(read[0].0.is_solution());
/// assert_eq!(read[0].1, [Square::new(3, 3)]);
/// let listed = parse_placements_with_blocked("1 3 0 2\n", InputFormat::Columns, false)?;
/// assert!(listed[0].1.is_empty());
/// let e = parse_placements_with_blocked("1 3 0 2\n", InputFormat::Drawn, false).unwrap_err();
/// assert!(e.to_string().contains("expected a drawn board, the form asked for"));
/// # Ok::<(), nqueens::ParseError>(())
/// ```
///
/// # Errors
/// As [`parse_placements_as`].
pub fn parse_placements_with_blocked(
    text: &str,
    format: InputFormat,
    one_based: bool,
) -> Result<Vec<(Placement, Vec<Square>)>, ParseError> {
    if format != InputFormat::Drawn {
        let placements = parse_placements_as(text, format, one_based)?;
        return Ok(placements.into_iter().map(|p| (p, Vec::new())).collect());
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let Some((first_line, first)) = first_nonblank(text) else {
        return Err(ParseError::whole(format!("the input is empty: {FORMS}")));
    };
    // Not a drawn board at all: said as `parse_placements_as` says it.
    if !first
        .chars()
        .all(|c| c.is_whitespace() || drawn::cell(c).is_some())
    {
        return Err(unexpected_for(first_line, first, DRAWN));
    }
    boards(text, Squares::Drawn, true, InputPart::default())
}

/// The column-list forms, read by the one reader of them: the streaming
/// [`ColumnReader`], every placement whole.
fn column_lists(text: &str, one_based: bool) -> Result<Vec<Placement>, ParseError> {
    read_all(ColumnReader::new(text.as_bytes(), one_based))
}

/// Every placement of a reader of text, whole.
fn read_all(reader: ColumnReader<&[u8]>) -> Result<Vec<Placement>, ParseError> {
    let mut reader = reader.with_detail_max(usize::MAX);
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

/// How a line of a board spells its squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Squares {
    /// One character a square, blanks between them ignored: `Q`/`.`, `■`/`□`.
    Drawn,
    /// Words separated by blanks: `1` a queen, `0` an empty square.
    Matrix,
}

/// The placements of boards read with no blocked square.
fn placements_of(boards: Vec<(Placement, Vec<Square>)>) -> Result<Vec<Placement>, ParseError> {
    Ok(boards.into_iter().map(|(p, _)| p).collect())
}

/// Drawn boards, one row per line, blank lines between boards.
fn drawn_boards(text: &str) -> Result<Vec<Placement>, ParseError> {
    placements_of(boards(text, Squares::Drawn, false, InputPart::default())?)
}

/// The squares of one row: true for a queen.
fn row_squares(
    line: &str,
    line_no: usize,
    squares: Squares,
    blocked_ok: bool,
) -> Result<Vec<Cell>, ParseError> {
    let mut cells = Vec::new();
    match squares {
        Squares::Drawn => {
            for (k, c) in line.chars().enumerate() {
                if c.is_whitespace() {
                    continue;
                }
                match drawn::cell(c) {
                    Some(Cell::Blocked) if blocked_ok => cells.push(Cell::Blocked),
                    Some(cell) if cell != Cell::Blocked => cells.push(cell),
                    _ => {
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
        }
        Squares::Matrix => {
            for (k, word) in line.split_whitespace().enumerate() {
                match word {
                    "1" => cells.push(Cell::Queen),
                    "0" => cells.push(Cell::Free),
                    _ => {
                        return Err(ParseError::at(
                            line_no,
                            format!(
                                "word {} ({word:?}): a matrix row holds 1 for a queen and 0 for \
                                 an empty square, separated by blanks",
                                k + 1
                            ),
                        ))
                    }
                }
            }
        }
    }
    Ok(cells)
}

/// The count of the closing line that `nqueens all` and `complete --all`
/// print under drawn boards (`92 solutions`, `1 solution up to rotation and
/// reflection`, `12 solutions (stopped at --limit 12)`, `4 completions`).
pub(crate) fn closing_count(line: &str) -> Option<u128> {
    let (count, rest) = line.trim().split_once(' ')?;
    if !count.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let digits: String = count.chars().filter(|&c| c != ',').collect();
    let count = digits.parse::<u128>().ok()?;
    let noun = rest.split([' ', '(']).next()?;
    matches!(
        noun,
        "solution" | "solutions" | "completion" | "completions"
    )
    .then_some(count)
}

/// Boards of one row per line, blank lines between boards, and perhaps the
/// closing line of `nqueens all` under them; each with its blocked squares
/// (none unless `blocked_ok`: else a blocked square is an error).
fn boards(
    text: &str,
    squares: Squares,
    blocked_ok: bool,
    part: InputPart,
) -> Result<Vec<(Placement, Vec<Square>)>, ParseError> {
    let mut out = Vec::new();
    // (line number, cells) of the board being read.
    let mut rows: Vec<(usize, Vec<Cell>)> = Vec::new();
    type Boards = Vec<(Placement, Vec<Square>)>;
    let finish = |rows: &mut Vec<(usize, Vec<Cell>)>, out: &mut Boards| -> Result<(), ParseError> {
        if rows.is_empty() {
            return Ok(());
        }
        let n = rows.len();
        let (mut queens, mut blocked) = (Vec::new(), Vec::new());
        for (row, (line, cells)) in rows.iter().enumerate() {
            if cells.len() != n {
                return Err(ParseError::at(
                    *line,
                    format!(
                        "row {} has {}, but the board has {}; a board must be square",
                        row + 1,
                        crate::words::plural(cells.len() as u128, "square", "squares"),
                        crate::words::plural(n as u128, "row", "rows"),
                    ),
                ));
            }
            for (col, cell) in cells.iter().enumerate() {
                match cell {
                    Cell::Queen => queens.push(Square::new(row, col)),
                    Cell::Blocked => blocked.push(Square::new(row, col)),
                    Cell::Free => {}
                }
            }
        }
        rows.clear();
        let placement = Placement::new(n, queens).map_err(|e| ParseError::whole(e.to_string()))?;
        out.push((placement, blocked));
        Ok(())
    };
    // The closing line, once read: its line and count.
    let mut closing: Option<(usize, u128)> = None;
    for (i, line) in text.lines().enumerate() {
        let line_no = part.lines.saturating_add(i + 1);
        if line.trim().is_empty() {
            finish(&mut rows, &mut out)?;
            continue;
        }
        if let Some((at, _)) = closing {
            return Err(ParseError::at(
                line_no,
                format!("text after the closing line (line {at}), which ends the boards"),
            ));
        }
        if rows.is_empty() && (!out.is_empty() || part.boards > 0) {
            if let Some(count) = closing_count(line) {
                closing = Some((line_no, count));
                continue;
            }
        }
        rows.push((line_no, row_squares(line, line_no, squares, blocked_ok)?));
    }
    finish(&mut rows, &mut out)?;
    if let Some((at, count)) = closing {
        let above = part.boards.saturating_add(out.len());
        if count != above as u128 {
            return Err(ParseError::at(
                at,
                format!(
                    "the closing line says {}, but {} {} above it",
                    crate::words::grouped(count),
                    crate::words::grouped(above as u128),
                    if above == 1 { "board is" } else { "boards are" }
                ),
            ));
        }
    }
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
        assert!(p[0].empty_rows().eq([1, 2]));
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
        assert_eq!(e.hint, Some(crate::ReadHint::StartsAtOne), "{e}");
        assert!(e.to_string().contains("1-based"), "{e}");
        let e = parse_placements("1 2 3", false).unwrap_err();
        assert_eq!(e.hint, Some(crate::ReadHint::OneBasedOrShort), "{e}");
        assert!(!e.to_string().contains("--"), "{e}");
        // Pairs from row 1 may be 1-based; a first row that no comma
        // follows is not a pair's row, and 1-based rows would not help.
        for (text, hinted) in [
            ("1, 1; 2, 3; 3, 0; 4, 2;", true),
            ("1 , 1; 2, 3; 3, 0; 4, 2;", true),
            ("1;3;0;2", false),
            ("1 ;3;0;2", false),
        ] {
            let e = parse_placements(text, false).unwrap_err();
            assert!(e.message.contains("row \"1\" where row 0"), "{text}: {e}");
            let hint = hinted.then_some(crate::ReadHint::OneBased);
            assert_eq!(e.hint, hint, "{text}: {e}");
        }
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
