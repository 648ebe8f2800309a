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

impl std::error::Error for ParseError {}

const FORMS: &str =
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
    if first.starts_with('[') {
        bracketed(text, one_based)
    } else if first.chars().any(|c| c.is_ascii_digit()) {
        let tokens = text
            .lines()
            .enumerate()
            .flat_map(|(i, line)| {
                line.split(|c: char| c == ',' || c.is_whitespace())
                    .filter(|t| !t.is_empty())
                    .map(move |t| (i + 1, t.to_string()))
            })
            .collect::<Vec<_>>();
        Ok(vec![columns(&tokens, one_based)?])
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

/// Builds one placement from column tokens `(line, text)`.
fn columns(tokens: &[(usize, String)], one_based: bool) -> Result<Placement, ParseError> {
    let n = tokens.len();
    let base = usize::from(one_based);
    let range = format!("{base}..={}", n - 1 + base);
    // Read every token first, so that a typo is reported before a range problem.
    let mut values = Vec::with_capacity(n);
    for (k, (line, token)) in tokens.iter().enumerate() {
        let what = format!("token {} ({token:?})", k + 1);
        let value: usize = match token.parse() {
            Ok(v) => v,
            Err(_) if token.starts_with('-') && token[1..].chars().all(|c| c.is_ascii_digit()) => {
                return Err(ParseError::at(
                    *line,
                    format!("{what} is negative; columns run {range}"),
                ))
            }
            Err(_) if token.chars().all(|c| c.is_ascii_digit()) => {
                return Err(ParseError::at(
                    *line,
                    format!("{what} is far too large; columns run {range}"),
                ))
            }
            Err(_) => {
                return Err(ParseError::at(
                    *line,
                    format!("{what} is not a column number; {FORMS}"),
                ))
            }
        };
        values.push(value);
    }
    let mut cols = Vec::with_capacity(n);
    for (k, ((line, token), value)) in tokens.iter().zip(values).enumerate() {
        if value < base || value - base >= n {
            let hint = if one_based && value == 0 {
                " (columns are 1-based with --one-based)"
            } else if !one_based && value == n {
                " (1-based input? use --one-based)"
            } else {
                ""
            };
            return Err(ParseError::at(
                *line,
                format!(
                    "token {} ({token:?}): column {value} is off the board; {n} rows were given, so columns run {range}{hint}",
                    k + 1
                ),
            ));
        }
        cols.push(value - base);
    }
    Placement::from_columns(cols).map_err(|e| ParseError::whole(e.to_string()))
}

/// A token of the bracketed forms.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Open,
    Close,
    Comma,
    Word(String),
    Str(String),
}

fn tokenize(text: &str) -> Result<Vec<(usize, Token)>, ParseError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '[' => out.push((line_no, Token::Open)),
                ']' => out.push((line_no, Token::Close)),
                ',' => out.push((line_no, Token::Comma)),
                '"' => {
                    let mut s = String::new();
                    loop {
                        match chars.next() {
                            Some('"') => break,
                            Some(c) => s.push(c),
                            None => {
                                return Err(ParseError::at(
                                    line_no,
                                    "a quoted row is not closed: add the missing '\"'",
                                ))
                            }
                        }
                    }
                    out.push((line_no, Token::Str(s)));
                }
                c if c.is_whitespace() => {}
                c => {
                    let mut w = String::from(c);
                    while let Some(&d) = chars.peek() {
                        if d.is_whitespace() || matches!(d, '[' | ']' | ',' | '"') {
                            break;
                        }
                        w.push(d);
                        chars.next();
                    }
                    out.push((line_no, Token::Word(w)));
                }
            }
        }
    }
    Ok(out)
}

/// Bracketed column lists and LeetCode boards.
fn bracketed(text: &str, one_based: bool) -> Result<Vec<Placement>, ParseError> {
    let tokens = tokenize(text)?;
    let mut pos = 0;
    let mut out = Vec::new();
    while pos < tokens.len() {
        match &tokens[pos] {
            (_, Token::Comma) => pos += 1,
            (_, Token::Open) => {
                if matches!(tokens.get(pos + 1), Some((_, Token::Open))) {
                    // A list of lists: `[[...], [...]]`.
                    pos += 1;
                    loop {
                        match tokens.get(pos) {
                            Some((_, Token::Comma)) => pos += 1,
                            Some((_, Token::Open)) => {
                                out.push(group(&tokens, &mut pos, one_based)?)
                            }
                            Some((_, Token::Close)) => {
                                pos += 1;
                                break;
                            }
                            Some((line, t)) => {
                                return Err(ParseError::at(
                                    *line,
                                    format!(
                                        "expected '[' or ']' in a list of boards, found {}",
                                        describe(t)
                                    ),
                                ))
                            }
                            None => return Err(unclosed(&tokens)),
                        }
                    }
                } else {
                    out.push(group(&tokens, &mut pos, one_based)?);
                }
            }
            (line, t) => {
                return Err(ParseError::at(
                    *line,
                    format!("expected '[' to start a list, found {}", describe(t)),
                ))
            }
        }
    }
    Ok(out)
}

fn describe(t: &Token) -> String {
    match t {
        Token::Open => "'['".into(),
        Token::Close => "']'".into(),
        Token::Comma => "','".into(),
        Token::Word(w) => format!("{w:?}"),
        Token::Str(s) => format!("the string \"{s}\""),
    }
}

fn unclosed(tokens: &[(usize, Token)]) -> ParseError {
    let line = tokens.last().map_or(1, |(l, _)| *l);
    ParseError::at(line, "the list is not closed: add the missing ']'")
}

/// One `[...]` holding numbers or quoted rows; `pos` is at its `[`.
fn group(
    tokens: &[(usize, Token)],
    pos: &mut usize,
    one_based: bool,
) -> Result<Placement, ParseError> {
    let open_line = tokens[*pos].0;
    *pos += 1;
    let mut words = Vec::new();
    let mut rows = Vec::new();
    loop {
        match tokens.get(*pos) {
            None => return Err(unclosed(tokens)),
            Some((_, Token::Close)) => {
                *pos += 1;
                break;
            }
            Some((_, Token::Comma)) => {}
            Some((line, Token::Word(w))) => words.push((*line, w.clone())),
            Some((line, Token::Str(s))) => rows.push((*line, s.clone())),
            Some((line, Token::Open)) => {
                return Err(ParseError::at(*line, "unexpected '[' inside a list"))
            }
        }
        *pos += 1;
    }
    match (words.is_empty(), rows.is_empty()) {
        (true, true) => Err(ParseError::at(
            open_line,
            "the list is empty: a placement needs at least one row",
        )),
        (false, true) => columns(&words, one_based),
        (true, false) => leetcode(&rows),
        (false, false) => Err(ParseError::at(
            words[0].0,
            format!(
                "the list mixes numbers ({:?}) and quoted rows; use one or the other",
                words[0].1
            ),
        )),
    }
}

/// A LeetCode board: quoted rows of `.` and `Q`.
fn leetcode(rows: &[(usize, String)]) -> Result<Placement, ParseError> {
    let n = rows.len();
    let mut queens = Vec::new();
    for (row, (line, text)) in rows.iter().enumerate() {
        let width = text.chars().count();
        if width != n {
            return Err(ParseError::at(
                *line,
                format!(
                    "row {} (\"{text}\") has {width} {}, but the board has {n} rows; a board must be square",
                    row + 1,
                    if width == 1 { "square" } else { "squares" }
                ),
            ));
        }
        for (col, c) in text.chars().enumerate() {
            match board_cell(c) {
                Some(true) => queens.push(Square::new(row, col)),
                Some(false) => {}
                None => {
                    return Err(ParseError::at(
                        *line,
                        format!(
                            "row {}, square {}: {c:?} is neither 'Q' nor '.'",
                            row + 1,
                            col + 1
                        ),
                    ))
                }
            }
        }
    }
    Placement::new(n, queens).map_err(|e| ParseError::whole(e.to_string()))
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
