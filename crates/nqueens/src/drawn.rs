//! The squares of a drawn board: one vocabulary for every reader.
//!
//! A person draws a board one row per line: `Q` (or `q`, `■`, `♛`, `♕`) a
//! queen, `x` (or `X`, `×`, `#`) a blocked square, `.` (or `□`) a free one,
//! with or without spaces between squares. `verify` reads drawn placements
//! ([`parse_placements`](crate::parse_placements), where a blocked square is
//! an error), `complete` reads drawn instances
//! ([`parse_instance`](crate::parse_instance)), and LeetCode's quoted rows use
//! the same letters; all of them read a square here, so a symbol means the
//! same thing everywhere.

/// What one drawn square holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Cell {
    /// A queen.
    Queen,
    /// A blocked square (completion puzzles only).
    Blocked,
    /// An empty square.
    Free,
}

/// The square a character draws, if it draws one.
pub(crate) fn cell(c: char) -> Option<Cell> {
    match c {
        'Q' | 'q' | '■' | '♛' | '♕' => Some(Cell::Queen),
        'x' | 'X' | '×' | '#' => Some(Cell::Blocked),
        '.' | '□' => Some(Cell::Free),
        _ => None,
    }
}

/// The squares of one drawn row, spaces between them skipped; on a
/// character that draws no square, its 1-based position in the line and
/// the character.
pub(crate) fn row(line: &str) -> Result<Vec<Cell>, (usize, char)> {
    line.chars()
        .enumerate()
        .filter(|(_, c)| !c.is_whitespace())
        .map(|(k, c)| cell(c).ok_or((k + 1, c)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows() {
        assert_eq!(
            row(". Q x"),
            Ok(vec![Cell::Free, Cell::Queen, Cell::Blocked])
        );
        assert_eq!(row("□■#"), Ok(vec![Cell::Free, Cell::Queen, Cell::Blocked]));
        assert_eq!(row(". 1"), Err((3, '1')));
        assert_eq!(row("  "), Ok(vec![]));
    }
}
