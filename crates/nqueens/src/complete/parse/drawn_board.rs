//! A board drawn one row per line: `Q` a pre-placed queen, `x` or `#` a
//! blocked square, `.` a free one, with or without spaces between.
//!
//! Every queen mark is a pre-placed queen, `q` and `■` too (what
//! `complete` draws for the queens it added): a board drawn by hand with
//! lower-case queens keeps them, and an answer read back is the instance
//! with all its queens placed.

use super::{build_error, check_n, Instance, FORMS};
use crate::board::Square;
use crate::drawn::{self, Cell};
use crate::parse::{closing_count, ParseError};

pub(super) fn drawn(text: &str) -> Result<Instance, ParseError> {
    let lines: Vec<(usize, &str)> = text.lines().enumerate().map(|(i, l)| (i + 1, l)).collect();
    let first = lines.iter().position(|(_, l)| !l.trim().is_empty());
    let last = lines.iter().rposition(|(_, l)| !l.trim().is_empty());
    let (Some(first), Some(mut last)) = (first, last) else {
        return Err(ParseError::whole(format!("the input is empty: {FORMS}")));
    };
    // The closing line that `complete` and `all` print under drawn boards
    // ("1 completion"): what `complete` wrote reads back as the instance.
    if let Some(count) = closing_count(lines[last].1).filter(|_| last > first) {
        if count != 1 {
            return Err(ParseError::at(
                lines[last].0,
                format!(
                    "the closing line says {count}; a file to complete holds one board (keep \
                     one of the boards that `complete --all` or `all` wrote, without that line)"
                ),
            ));
        }
        last = lines[..last]
            .iter()
            .rposition(|(_, l)| !l.trim().is_empty())
            .unwrap_or(first);
    }
    let mut rows: Vec<(usize, Vec<Cell>)> = Vec::new();
    for &(line, text) in &lines[first..=last] {
        if text.trim().is_empty() {
            // A square board before it, and rows after it: a second board.
            let square = rows.first().is_some_and(|(_, r)| r.len() == rows.len());
            return Err(ParseError::at(
                line,
                if square {
                    "a blank line after a whole board, and more after it: a file to \
                     complete holds one board (keep one of the boards that `complete --all` \
                     or `all` wrote)"
                } else {
                    "a blank line inside the board; a drawn board has one row per line and \
                     nothing between them (a file holds one board)"
                },
            ));
        }
        let cells = drawn::row(text).map_err(|(k, c)| {
            ParseError::at(
                line,
                format!(
                    "column {k}: unexpected {c:?}; a drawn board uses 'Q' (or 'q', '■', '♛', \
                     '♕') for a pre-placed queen, 'x', 'X', '×' or '#' for a blocked square \
                     and '.' or '□' for a free square"
                ),
            )
        })?;
        if let Some((first_line, first_row)) = rows.first() {
            if cells.len() != first_row.len() {
                return Err(ParseError::at(
                    line,
                    format!(
                        "row {} has {} but row 1 (line {first_line}) has {}; every row of a \
                         drawn board has the same number of squares",
                        rows.len() + 1,
                        squares(cells.len()),
                        first_row.len()
                    ),
                ));
            }
        }
        rows.push((line, cells));
    }
    let n = rows.len();
    let width = rows.first().map_or(0, |(_, r)| r.len());
    if width != n {
        return Err(ParseError::whole(format!(
            "the board has {n} {} of {}; a drawn board is square, n rows of n squares",
            if n == 1 { "row" } else { "rows" },
            squares(width)
        )));
    }
    check_n(n, None)?;
    let mut instance = Instance::new(n).map_err(build_error)?;
    for (row, (_, cells)) in rows.iter().enumerate() {
        for (col, &c) in cells.iter().enumerate() {
            let square = Square::new(row, col);
            match c {
                Cell::Queen => instance.place(square).map_err(build_error)?,
                Cell::Blocked => instance.block(square).map_err(build_error)?,
                Cell::Free => {}
            }
        }
    }
    Ok(instance)
}

fn squares(k: usize) -> String {
    format!("{k} {}", if k == 1 { "square" } else { "squares" })
}
