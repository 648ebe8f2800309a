//! Reading an [`Instance`] from text: a drawn board, the CSPLib 079 parameter
//! files (blocked squares, pre-placed queens), the excluded-diagonals files of
//! Gent, Jefferson and Nightingale, and JSON.
//!
//! [`parse_instance`] recognises the form from the content:
//!
//! | form | example | indices |
//! |---|---|---|
//! | a drawn board, one row per line | `. Q . .` or `.Qx.` | — |
//! | CSPLib 079 blocked (Essence Prime) | `letting n = 28` / `letting blocks = [[1,1],[1,2]]` | 1-based `[row, column]` |
//! | CSPLib 079 completion (Essence Prime) | `letting n = 2547` / `letting init = [[52, 19]]` | 0-based `[row, column]` |
//! | excluded diagonals | `n = 10` / `numdiags = 2` / `diags = [[4, 1], [14, 0]]` | 0-based `[value, type]` |
//! | JSON | `{"n": 8, "queens": [[0, 0]], "blocked": [[3, 4]]}` | 0-based |
//!
//! In a drawn board `Q` (or `q`, `■`, `♛`, `♕`) is a pre-placed queen, `x`,
//! `X` or `#` a blocked square and `.` or `□` a free one; squares may be
//! separated by spaces or not.
//!
//! In an excluded-diagonals file each pair is `[value, type]`: type 1 excludes
//! the sum diagonal `row + column = value`, type 0 the difference diagonal
//! `row − column + n − 1 = value`. Only a prefix of the list is an instance
//! in the generator's sense; [`ReadOptions::diagonals`] picks it.
//!
//! The parameter files are read with a small tokenizer, so line breaks and
//! spaces inside lists, trailing commas and Essence Prime `$` comments (to the
//! end of the line) do not matter. Errors name the line, the entry and what
//! was expected, because the text may have come from a person.
//!
//! # Where each form is read
//!
//! This file recognises the form and holds what the readers share (the
//! check of `n`, the board named in messages); each form has its own file:
//!
//! - `drawn_board.rs`: a board drawn one row per line;
//! - `tokens.rs` and `statements.rs`: the tokenizer of the parameter files
//!   and the `name = value` statements read from its tokens;
//! - `parameters.rs`: the CSPLib 079 blocked and completion files and the
//!   excluded-diagonals files, built from those statements;
//! - `json.rs`: JSON, through serde;
//! - `tests.rs`: every form and its errors, and every benchmark file.

mod drawn_board;
mod json;
mod parameters;
mod statements;
#[cfg(test)]
mod tests;
mod tokens;

use std::fmt;

use super::Instance;
use crate::drawn;
use crate::parse::ParseError;
use drawn_board::drawn;
use json::json;
use parameters::parameters;

/// The largest board an instance file may describe: the solver's limit.
use super::MAX_N;

/// Options that the text itself cannot carry.
///
/// # Examples
///
/// ```
/// use nqueens::{parse_instance, ReadOptions};
///
/// let text = "n = 4\nnumdiags = 2\ndiags = [[3, 1], [0, 0]]\n";
/// let (all, _) = parse_instance(text, ReadOptions::default())?;
/// assert_eq!((all.excluded_sums(), all.excluded_differences()), (vec![3], vec![0]));
///
/// let (first, _) = parse_instance(text, ReadOptions { diagonals: Some(1) })?;
/// assert_eq!((first.excluded_sums(), first.excluded_differences()), (vec![3], vec![]));
///
/// // A prefix of diagonals only makes sense for an excluded-diagonals file.
/// let drawn = ". . . .\n. . . .\n. . . .\n. . . .\n";
/// assert!(parse_instance(drawn, ReadOptions { diagonals: Some(1) }).is_err());
/// # Ok::<(), nqueens::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// Only the first D diagonals of an excluded-diagonals file (the
    /// generator's rule: only prefixes are valid instances); `None` = all.
    /// Every pair of the file is still checked. Asking for it with any other
    /// format is an error.
    pub diagonals: Option<usize>,
}

/// The format the text was read as.
///
/// # Examples
///
/// ```
/// use nqueens::{parse_instance, InstanceFormat, ReadOptions, Square};
///
/// let (instance, format) = parse_instance(r#"{"n": 8, "queens": [[0, 0]]}"#, ReadOptions::default())?;
/// assert_eq!(format, InstanceFormat::Json);
/// assert_eq!((format.name(), format.to_string()), ("json", "a JSON instance".to_string()));
/// assert_eq!(instance.queens(), [Square::new(0, 0)]);
///
/// let (instance, format) = parse_instance("letting n = 8\nletting init = [[2, 5]]\n", ReadOptions::default())?;
/// assert_eq!(format, InstanceFormat::Completion);
/// assert_eq!(instance.queens(), [Square::new(2, 5)]);
/// # Ok::<(), nqueens::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Format {
    /// A drawn board, one row per line.
    Drawn,
    /// A CSPLib 079 blocked-queens parameter file (`letting blocks = ...`, 1-based).
    Blocked,
    /// A CSPLib 079 completion parameter file (`letting init = ...`, 0-based).
    Completion,
    /// An excluded-diagonals file (`n`, `numdiags`, `diags`).
    Diagonals,
    /// A JSON object (`n`, `queens`, `blocked`, `excluded`).
    Json,
}

impl Format {
    /// A short name: `drawn`, `blocked`, `completion`, `diagonals` or `json`.
    pub const fn name(self) -> &'static str {
        match self {
            Format::Drawn => "drawn",
            Format::Blocked => "blocked",
            Format::Completion => "completion",
            Format::Diagonals => "diagonals",
            Format::Json => "json",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Drawn => "a drawn board",
            Format::Blocked => "a CSPLib blocked-queens file",
            Format::Completion => "a CSPLib completion file",
            Format::Diagonals => "an excluded-diagonals file",
            Format::Json => "a JSON instance",
        })
    }
}

const FORMS: &str = "expected a drawn board (one row per line: 'Q' a queen, 'x' or '#' a blocked \
square, '.' a free square), a CSPLib parameter file (`letting n = 28` with `letting blocks = \
[[1,1], ...]` or `letting init = [[0, 5], ...]`), an excluded-diagonals file (`n = 10`, \
`numdiags = 14`, `diags = [[4, 1], ...]`) or a JSON object such as {\"n\": 8, \"queens\": [[0, 0]]}";

/// Reads an [`Instance`] from `text` and says which form it was in.
///
/// ```
/// use nqueens::{parse_instance, InstanceFormat as Format, ReadOptions};
/// use nqueens::Square;
///
/// let (instance, format) = parse_instance("letting n = 4\nletting blocks = [[1,1]]\n", ReadOptions::default())?;
/// assert_eq!(format, Format::Blocked);
/// assert!(instance.is_blocked(Square::new(0, 0)));
///
/// let (instance, format) = parse_instance(". Q . .\n. . . x\n. . . .\n. . . .\n", ReadOptions::default())?;
/// assert_eq!(format, Format::Drawn);
/// assert_eq!(instance.queens(), [Square::new(0, 1)]);
///
/// let options = ReadOptions { diagonals: Some(1) };
/// let (instance, _) = parse_instance("n = 4\nnumdiags = 2\ndiags = [[3, 1], [0, 0]]\n", options)?;
/// assert_eq!(instance.excluded_sums(), [3]);
/// assert!(instance.excluded_differences().is_empty());
///
/// let e = parse_instance("letting n = 4\nletting blocks = [[1,1],\n[5,1]]\n", ReadOptions::default()).unwrap_err();
/// assert_eq!(e.line, Some(3));
/// # Ok::<(), nqueens::ParseError>(())
/// ```
///
/// # Errors
/// A [`ParseError`] naming the line (where there is one), the entry and what
/// is wrong: an unknown form or character, a missing, duplicated or unknown
/// name, a list that is not closed, an entry off the board, `numdiags` not
/// matching the list, more diagonals asked for than the file has, `n` of 0 or
/// above [`COMPLETE_MAX_N`](crate::COMPLETE_MAX_N) (65,536).
pub fn parse_instance(text: &str, options: ReadOptions) -> Result<(Instance, Format), ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let Some((line, first)) = crate::parse::first_nonblank(text) else {
        return Err(ParseError::whole(format!("the input is empty: {FORMS}")));
    };
    let (instance, format) = if first.starts_with('{') {
        (json(text)?, Format::Json)
    } else if looks_like_parameters(first) {
        parameters(text, options)?
    } else if first
        .chars()
        .next()
        .is_some_and(|c| drawn::cell(c).is_some())
    {
        (drawn(text)?, Format::Drawn)
    } else {
        let c = first.chars().next().unwrap_or(' ');
        return Err(ParseError::at(
            line,
            format!("unexpected {c:?} at the start of the text: {FORMS}"),
        ));
    };
    if let (Some(d), false) = (options.diagonals, format == Format::Diagonals) {
        return Err(ParseError::whole(format!(
            "the first {d} diagonals were asked for, but the text is {format}, not an \
             excluded-diagonals file; leave out the number of diagonals"
        )));
    }
    Ok((instance, format))
}

/// Whether the first non-blank line starts a parameter file: `letting`,
/// `language`, a `$` comment, or `name =`.
fn looks_like_parameters(first: &str) -> bool {
    if first.starts_with('$') {
        return true;
    }
    let word: String = first
        .chars()
        .take_while(|&c| c.is_ascii_alphanumeric() || c == '_')
        .collect();
    if word.is_empty() || !word.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
        return false;
    }
    let rest = first[word.len()..].trim_start();
    matches!(word.as_str(), "letting" | "language")
        || rest.starts_with('=')
        || rest.starts_with("be ")
}

fn off_board(n: usize) -> String {
    format!("{n}×{n}")
}

fn build_error(e: crate::error::Error) -> ParseError {
    ParseError::whole(e.to_string())
}

pub(super) fn check_n(n: usize, line: Option<usize>) -> Result<usize, ParseError> {
    let message = if n == 0 {
        "n = 0: the smallest board is 1×1".to_string()
    } else if n > MAX_N {
        format!("n = {n} is larger than the largest board an instance may describe ({MAX_N})")
    } else {
        return Ok(n);
    };
    Err(ParseError {
        line,
        message,
        hint: None,
    })
}
