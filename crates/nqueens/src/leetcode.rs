//! LeetCode boards: quoted rows such as `[".Q..","...Q","Q...","..Q."]`
//! (LeetCode 51's output), inside a column-list input.
//!
//! The column-list forms are read by one reader, the streaming
//! [`ColumnReader`](crate::ColumnReader), whatever their size; a quoted board
//! is a small thing people paste, so the reader hands the text of its list,
//! from `[` to `]`, to [`quoted_list`] here. The tokenizer is also the base of
//! the whole-text reader the tests check the streaming one against.

use crate::board::{Placement, Square};
use crate::drawn::{self, Cell};
use crate::error::ParseError;

/// A token of the bracketed forms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Token {
    Open,
    Close,
    Comma,
    Word(String),
    Str(String),
}

pub(crate) fn tokenize(text: &str) -> Result<Vec<(usize, Token)>, ParseError> {
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

/// What a reader says of a comma with nothing before it in its list, or
/// nothing since the comma before it.
pub(crate) const EMPTY_ENTRY: &str =
    "an empty entry: nothing before this comma; leave no entry out (`1,,3` is not `1 3`)";

/// The error if the token at `pos` is a comma that leaves an entry empty:
/// right after its list's `[` or after another comma.
pub(crate) fn empty_entry(tokens: &[(usize, Token)], pos: usize) -> Result<(), ParseError> {
    match (&tokens[pos], pos.checked_sub(1).map(|p| &tokens[p].1)) {
        ((line, Token::Comma), Some(Token::Open | Token::Comma)) => {
            Err(ParseError::at(*line, EMPTY_ENTRY))
        }
        _ => Ok(()),
    }
}

pub(crate) fn unclosed(tokens: &[(usize, Token)]) -> ParseError {
    let line = tokens.last().map_or(1, |(l, _)| *l);
    ParseError::at(line, "the list is not closed: add the missing ']'")
}

/// A LeetCode board: quoted rows of `.` and `Q`.
pub(crate) fn leetcode(rows: &[(usize, String)]) -> Result<Placement, ParseError> {
    let n = rows.len();
    let mut queens = Vec::new();
    for (row, (line, text)) in rows.iter().enumerate() {
        let width = text.chars().count();
        if width != n {
            return Err(ParseError::at(
                *line,
                format!(
                    "row {} (\"{text}\") has {}, but the board has {}; a board must be square",
                    row + 1,
                    crate::words::plural(width as u128, "square", "squares"),
                    crate::words::plural(n as u128, "row", "rows"),
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

/// Tells a quoted row of a drawn board from anything else.
fn board_cell(c: char) -> Option<bool> {
    match drawn::cell(c)? {
        Cell::Queen => Some(true),
        Cell::Free => Some(false),
        Cell::Blocked => None,
    }
}

/// The board of one list whose first item is a quoted row: `text` runs from
/// its `[` to its `]`.
pub(crate) fn quoted_list(text: &str) -> Result<Placement, ParseError> {
    let tokens = tokenize(text)?;
    let Some((open_line, Token::Open)) = tokens.first() else {
        return Err(ParseError::at(1, "expected '[' to start a list"));
    };
    let mut words = Vec::new();
    let mut rows = Vec::new();
    let mut pos = 1;
    loop {
        match tokens.get(pos) {
            None => return Err(unclosed(&tokens)),
            Some((_, Token::Close)) => break,
            Some((_, Token::Comma)) => empty_entry(&tokens, pos)?,
            Some((line, Token::Word(w))) => words.push((*line, w.clone())),
            Some((line, Token::Str(s))) => rows.push((*line, s.clone())),
            Some((line, Token::Open)) => {
                return Err(ParseError::at(*line, "unexpected '[' inside a list"))
            }
        }
        pos += 1;
    }
    if let Some((line, _)) = tokens.get(pos + 1) {
        return Err(ParseError::at(
            *line,
            "expected one quoted board in this list",
        ));
    }
    rows_or_mixed(*open_line, &words, &rows)
}

/// The board of a list's quoted `rows`, or why the list is not one: empty,
/// or numbers (`words`) mixed in.
pub(crate) fn rows_or_mixed(
    open_line: usize,
    words: &[(usize, String)],
    rows: &[(usize, String)],
) -> Result<Placement, ParseError> {
    match (words.first(), rows.is_empty()) {
        (None, true) => Err(ParseError::at(
            open_line,
            "the list is empty: a placement needs at least one row",
        )),
        (None, false) => leetcode(rows),
        (Some((line, word)), _) => Err(ParseError::at(
            *line,
            format!(
                "the list mixes numbers ({}) and quoted rows; use one or the other",
                crate::read::quoted_word(word)
            ),
        )),
    }
}
