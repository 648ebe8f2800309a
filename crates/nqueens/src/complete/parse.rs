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

use std::collections::BTreeMap;
use std::fmt;

use serde::Deserialize;

use super::Instance;
use crate::board::Square;
use crate::drawn::{self, Cell};
use crate::parse::ParseError;

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
/// above [`MAX_N`] (65,536).
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

fn build_error(e: crate::Error) -> ParseError {
    ParseError::whole(e.to_string())
}

// ---------------------------------------------------------------- drawn boards

fn drawn(text: &str) -> Result<Instance, ParseError> {
    let lines: Vec<(usize, &str)> = text.lines().enumerate().map(|(i, l)| (i + 1, l)).collect();
    let first = lines.iter().position(|(_, l)| !l.trim().is_empty());
    let last = lines.iter().rposition(|(_, l)| !l.trim().is_empty());
    let (Some(first), Some(last)) = (first, last) else {
        return Err(ParseError::whole(format!("the input is empty: {FORMS}")));
    };
    let mut rows: Vec<(usize, Vec<Cell>)> = Vec::new();
    for &(line, text) in &lines[first..=last] {
        if text.trim().is_empty() {
            return Err(ParseError::at(
                line,
                "a blank line inside the board; a drawn board has one row per line and \
                 nothing between them (a file holds one board)",
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

fn check_n(n: usize, line: Option<usize>) -> Result<usize, ParseError> {
    let message = if n == 0 {
        "n = 0: the smallest board is 1×1".to_string()
    } else if n > MAX_N {
        format!("n = {n} is larger than the largest board an instance may describe ({MAX_N})")
    } else {
        return Ok(n);
    };
    Err(ParseError { line, message })
}

// ----------------------------------------------------------- parameter files

#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    Word(String),
    Int(i64),
    Open,
    Close,
    Comma,
    Equals,
    Other(char),
}

#[derive(Debug, Clone)]
struct Token {
    tok: Tok,
    line: usize,
}

fn describe(t: Option<&Token>) -> String {
    match t.map(|t| &t.tok) {
        None => "the end of the text".to_string(),
        Some(Tok::Word(w)) => format!("`{w}`"),
        Some(Tok::Int(v)) => format!("the number {v}"),
        Some(Tok::Open) => "'['".to_string(),
        Some(Tok::Close) => "']'".to_string(),
        Some(Tok::Comma) => "','".to_string(),
        Some(Tok::Equals) => "'='".to_string(),
        Some(Tok::Other(c)) => format!("{c:?}"),
    }
}

/// The tokens of a parameter file, one at a time: nothing is held but the
/// position, so a 16 MiB file does not become hundreds of MB of tokens.
struct Tokens<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
}

impl<'a> Tokens<'a> {
    fn new(text: &'a str) -> Self {
        Tokens {
            text,
            pos: 0,
            line: 1,
        }
    }

    /// The next character, if it passes `keep`, consumed.
    fn take_if(&mut self, keep: impl Fn(char) -> bool) -> Option<char> {
        let c = self.text[self.pos..].chars().next().filter(|&c| keep(c))?;
        self.pos += c.len_utf8();
        Some(c)
    }

    /// The next token, `None` at the end. `$` starts a comment to the end of
    /// its line (Essence Prime's comments).
    fn next_token(&mut self) -> Result<Option<Token>, ParseError> {
        loop {
            let start = self.pos;
            let Some(c) = self.take_if(|_| true) else {
                return Ok(None);
            };
            let line = self.line;
            let tok = match c {
                '\n' => {
                    self.line += 1;
                    continue;
                }
                '$' => {
                    self.pos = self.text[self.pos..]
                        .find('\n')
                        .map_or(self.text.len(), |k| self.pos + k);
                    continue;
                }
                c if c.is_whitespace() => continue,
                '[' => Tok::Open,
                ']' => Tok::Close,
                ',' => Tok::Comma,
                '=' => Tok::Equals,
                c if c.is_ascii_alphabetic() || c == '_' => {
                    while self
                        .take_if(|d| d.is_ascii_alphanumeric() || d == '_' || d == '\'')
                        .is_some()
                    {}
                    Tok::Word(self.text[start..self.pos].to_string())
                }
                c if c.is_ascii_digit()
                    || (c == '-'
                        && self.text[self.pos..].starts_with(|d: char| d.is_ascii_digit())) =>
                {
                    while self.take_if(|d| d.is_ascii_digit()).is_some() {}
                    let digits = &self.text[start..self.pos];
                    match digits.parse::<i64>() {
                        Ok(v) => Tok::Int(v),
                        Err(_) => {
                            return Err(ParseError::at(
                                line,
                                format!("the number {digits} is far too large for a board"),
                            ))
                        }
                    }
                }
                c => Tok::Other(c),
            };
            return Ok(Some(Token { tok, line }));
        }
    }
}

/// A value in a parameter file: a number or a list, with the line it starts
/// on. A list of two numbers, the pairs that make up nearly all of a large
/// file, is kept as a [`Val::Pair`], without a list of its own.
#[derive(Debug, Clone)]
enum Val {
    Int(i64, usize),
    Pair(i64, i64, usize),
    List(Vec<Val>, usize),
}

impl Val {
    fn line(&self) -> usize {
        match self {
            Val::Int(_, line) | Val::Pair(_, _, line) | Val::List(_, line) => *line,
        }
    }
}

impl fmt::Display for Val {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Val::Int(v, _) => write!(f, "{v}"),
            Val::Pair(a, b, _) => write!(f, "[{a}, {b}]"),
            Val::List(items, _) => {
                f.write_str("[")?;
                for (k, item) in items.iter().enumerate() {
                    if k > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_str("]")
            }
        }
    }
}

const NAMES: &str = "a blocked file has `n` and `blocks`, a completion file `n` and `init`, an \
excluded-diagonals file `n`, `numdiags` and `diags`";

/// The statements of a parameter file, read from its tokens as they come.
struct Statements<'a> {
    tokens: Tokens<'a>,
    /// The next token, once looked at.
    peeked: Option<Token>,
    /// The line of the last token read: where the text ends, for messages.
    last_line: usize,
}

impl<'a> Statements<'a> {
    fn new(text: &'a str) -> Self {
        Statements {
            tokens: Tokens::new(text),
            peeked: None,
            last_line: 1,
        }
    }

    /// The next token, not consumed.
    fn peek(&mut self) -> Result<Option<&Token>, ParseError> {
        if self.peeked.is_none() {
            self.peeked = self.tokens.next_token()?;
            if let Some(t) = &self.peeked {
                self.last_line = t.line;
            }
        }
        Ok(self.peeked.as_ref())
    }

    /// Consumes the token looked at.
    fn bump(&mut self) {
        self.peeked = None;
    }

    /// `[letting] name (= | be) value`, or `None` at the end.
    fn statement(&mut self) -> Result<Option<(String, usize, Val)>, ParseError> {
        loop {
            match self.peek()? {
                None => return Ok(None),
                Some(Token {
                    tok: Tok::Word(w),
                    line,
                }) if w == "language" => {
                    let line = *line;
                    while self.peek()?.is_some_and(|t| t.line == line) {
                        self.bump();
                    }
                }
                Some(Token {
                    tok: Tok::Word(w), ..
                }) if w == "letting" => {
                    self.bump();
                    break;
                }
                Some(_) => break,
            }
        }
        let (name, line) = match self.peek()?.cloned() {
            Some(Token {
                tok: Tok::Word(w),
                line,
            }) => (w, line),
            other => {
                return Err(ParseError::at(
                    other.as_ref().map_or(self.last_line, |t| t.line),
                    format!(
                        "expected a name such as `n` or `blocks`, found {}; {NAMES}",
                        describe(other.as_ref())
                    ),
                ))
            }
        };
        self.bump();
        match self.peek()? {
            Some(Token { tok: Tok::Equals, .. }) => self.bump(),
            Some(Token {
                tok: Tok::Word(w), ..
            }) if w == "be" => self.bump(),
            other => {
                return Err(ParseError::at(
                    other.map_or(line, |t| t.line),
                    format!(
                        "expected '=' after `{name}`, found {}; write `letting {name} = ...` or `{name} = ...`",
                        describe(other)
                    ),
                ))
            }
        }
        let value = self.value(&name, line)?;
        Ok(Some((name, line, value)))
    }

    fn value(&mut self, name: &str, name_line: usize) -> Result<Val, ParseError> {
        match self.peek()?.cloned() {
            Some(Token {
                tok: Tok::Int(v),
                line,
            }) => {
                self.bump();
                Ok(Val::Int(v, line))
            }
            Some(Token {
                tok: Tok::Open,
                line,
            }) => {
                self.bump();
                self.list(name, line)
            }
            other => Err(ParseError::at(
                other.as_ref().map_or(name_line, |t| t.line),
                format!(
                    "expected a number or a '[' list in `{name}`, found {}",
                    describe(other.as_ref())
                ),
            )),
        }
    }

    fn list(&mut self, name: &str, open: usize) -> Result<Val, ParseError> {
        let unclosed = |found: Option<&Token>| {
            ParseError::at(
                open,
                format!(
                    "the list in `{name}` opened on line {open} is not closed: {} comes before \
                     its ']'",
                    match found {
                        None => "the end of the text".to_string(),
                        Some(t) => format!("{} on line {}", describe(Some(t)), t.line),
                    }
                ),
            )
        };
        let mut items = Vec::new();
        loop {
            match self.peek()? {
                None => return Err(unclosed(None)),
                Some(
                    t @ Token {
                        tok: Tok::Word(_), ..
                    },
                ) => return Err(unclosed(Some(t))),
                Some(Token {
                    tok: Tok::Close, ..
                }) => {
                    self.bump();
                    return Ok(match items.as_slice() {
                        [Val::Int(a, _), Val::Int(b, _)] => Val::Pair(*a, *b, open),
                        _ => Val::List(items, open),
                    });
                }
                Some(_) => {
                    items.push(self.value(name, open)?);
                    match self.peek()? {
                        Some(Token { tok: Tok::Comma, .. }) => self.bump(),
                        Some(Token { tok: Tok::Close, .. }) => {}
                        None => return Err(unclosed(None)),
                        Some(
                            t @ Token {
                                tok: Tok::Word(_), ..
                            },
                        ) => return Err(unclosed(Some(t))),
                        other => {
                            return Err(ParseError::at(
                                other.map_or(open, |t| t.line),
                                format!(
                                    "expected ',' or ']' after entry {} of the list in `{name}`, found {}",
                                    items.len(),
                                    describe(other)
                                ),
                            ))
                        }
                    }
                }
            }
        }
    }
}

/// A pair `[a, b]` of a top-level list: (entry number, line, a, b).
struct Pair {
    entry: usize,
    line: usize,
    a: i64,
    b: i64,
}

impl Pair {
    /// The pair as written, for messages.
    fn shown(&self) -> String {
        format!("[{}, {}]", self.a, self.b)
    }
}

/// The pairs of the list `value`, one at a time.
fn pairs<'v>(
    name: &'v str,
    value: &'v Val,
    what: &'v str,
) -> Result<impl Iterator<Item = Result<Pair, ParseError>> + 'v, ParseError> {
    let items = match value {
        Val::List(items, _) => items,
        // A list of two numbers, not of pairs.
        Val::Pair(a, _, line) => {
            return Err(ParseError::at(
                *line,
                format!(
                    "entry 1 of {name} ({a}) is a number, not a {what} pair; write [[1, 2], [3, 4]]"
                ),
            ))
        }
        Val::Int(..) => return Err(ParseError::at(
            value.line(),
            format!("`{name}` must be a list of {what} pairs such as [[1, 2], [3, 4]], found the number {value}"),
        )),
    };
    Ok(items.iter().enumerate().map(move |(k, item)| match item {
        Val::Pair(a, b, line) => Ok(Pair {
            entry: k + 1,
            line: *line,
            a: *a,
            b: *b,
        }),
        Val::List(_, line) => Err(ParseError::at(
            *line,
            format!(
                "entry {} of {name} ({item}) is not a {what} pair of two numbers",
                k + 1
            ),
        )),
        Val::Int(_, line) => Err(ParseError::at(
            *line,
            format!(
                "entry {} of {name} ({item}) is a number, not a {what} pair; write [[1, 2], [3, 4]]",
                k + 1
            ),
        )),
    }))
}

/// A non-negative number, or an error naming `what`.
fn count(name: &str, value: &Val) -> Result<usize, ParseError> {
    match value {
        Val::Int(v, line) => usize::try_from(*v)
            .map_err(|_| ParseError::at(*line, format!("`{name}` is {v}; it must be 0 or more"))),
        Val::Pair(_, _, line) | Val::List(_, line) => Err(ParseError::at(
            *line,
            format!("`{name}` must be a number, found the list {value}"),
        )),
    }
}

fn parameters(text: &str, options: ReadOptions) -> Result<(Instance, Format), ParseError> {
    let mut statements = Statements::new(text);
    let mut named: BTreeMap<String, (usize, Val)> = BTreeMap::new();
    while let Some((name, line, value)) = statements.statement()? {
        if !matches!(
            name.as_str(),
            "n" | "blocks" | "init" | "numdiags" | "diags"
        ) {
            return Err(ParseError::at(
                line,
                format!("unknown name `{name}`; {NAMES}"),
            ));
        }
        if let Some((first, _)) = named.get(&name) {
            return Err(ParseError::at(
                line,
                format!("`{name}` is given twice (first on line {first}); keep one"),
            ));
        }
        named.insert(name, (line, value));
    }
    let Some((n_line, n_value)) = named.get("n") else {
        return Err(ParseError::whole(format!(
            "no `n`: the board size is missing; add a line such as `letting n = 8` ({NAMES})"
        )));
    };
    let n = check_n(count("n", n_value)?, Some(*n_line))?;
    let has = |k: &str| named.get(k).map(|(line, _)| *line);
    let families = [
        ("blocks", has("blocks"), Format::Blocked),
        ("init", has("init"), Format::Completion),
        ("diags", has("diags").or(has("numdiags")), Format::Diagonals),
    ];
    let present: Vec<_> = families
        .iter()
        .filter_map(|&(k, line, f)| line.map(|line| (k, line, f)))
        .collect();
    let format = match present.as_slice() {
        [] => {
            return Err(ParseError::whole(format!(
                "only `n` is given: add `blocks` (blocked squares), `init` (pre-placed queens) \
                 or `diags` (excluded diagonals); {NAMES}"
            )))
        }
        [(_, _, f)] => *f,
        [(a, a_line, _), (b, b_line, _), ..] => {
            return Err(ParseError::at(
                *b_line,
                format!(
                    "`{b}` cannot be mixed with `{a}` (line {a_line}): {NAMES}; for a mixture \
                     write JSON or draw the board"
                ),
            ))
        }
    };
    let mut instance = Instance::new(n).map_err(build_error)?;
    let board = off_board(n);
    match format {
        Format::Blocked | Format::Completion => {
            let (name, base, kind) = if format == Format::Blocked {
                ("blocks", 1, "a blocked file, which is 1-based")
            } else {
                ("init", 0, "a completion file, which is 0-based")
            };
            let Some((_, value)) = named.get(name) else {
                return Err(ParseError::whole(format!("no `{name}`")));
            };
            // n ≤ MAX_N, so this fits.
            let (lo, hi) = (base, n as i64 - 1 + base);
            for p in pairs(name, value, "[row, column]")? {
                let p = p?;
                for (what, v) in [("row", p.a), ("column", p.b)] {
                    if v < lo || v > hi {
                        return Err(ParseError::at(
                            p.line,
                            format!(
                                "entry {} of {name} ({}): {what} {v} is off the {board} board \
                                 ({what}s run {lo}..={hi} in {kind})",
                                p.entry,
                                p.shown()
                            ),
                        ));
                    }
                }
                // In range, so non-negative after subtracting the base.
                let square = Square::new((p.a - lo) as usize, (p.b - lo) as usize);
                if format == Format::Blocked {
                    instance.block(square).map_err(build_error)?;
                } else {
                    instance.place(square).map_err(build_error)?;
                }
            }
        }
        Format::Diagonals => {
            let Some((diags_line, diags)) = named.get("diags") else {
                return Err(ParseError::whole(
                    "`numdiags` is given but `diags`, the list of [value, type] pairs, is missing",
                ));
            };
            // Read three times, as the checks come in this order: the shape
            // of every entry, their number, then each value.
            let list = || pairs("diags", diags, "[value, type]");
            let mut len = 0;
            for p in list()? {
                p?;
                len += 1;
            }
            let total = match named.get("numdiags") {
                Some((line, value)) => {
                    let k = count("numdiags", value)?;
                    if k != len {
                        return Err(ParseError::at(
                            *line,
                            format!(
                                "numdiags = {k} but diags (line {diags_line}) has {len} {}; make \
                                 numdiags the number of pairs",
                                if len == 1 { "pair" } else { "pairs" }
                            ),
                        ));
                    }
                    k
                }
                None => len,
            };
            let hi = 2 * n as i64 - 2;
            for p in list()? {
                let p = p?;
                let kind = match p.b {
                    1 => "sum diagonal",
                    0 => "difference diagonal",
                    t => {
                        return Err(ParseError::at(
                            p.line,
                            format!(
                                "entry {} of diags ({}): type {t} is neither 1 (a sum diagonal, \
                                 row + column) nor 0 (a difference diagonal, row − column + n − 1)",
                                p.entry,
                                p.shown()
                            ),
                        ))
                    }
                };
                if p.a < 0 || p.a > hi {
                    return Err(ParseError::at(
                        p.line,
                        format!(
                            "entry {} of diags ({}): {kind} {} is off the {board} board \
                             (diagonals run 0..={hi}, 0-based)",
                            p.entry,
                            p.shown(),
                            p.a
                        ),
                    ));
                }
            }
            let take = match options.diagonals {
                Some(d) if d > total => {
                    return Err(ParseError::whole(format!(
                        "the first {d} diagonals were asked for, but the file has only \
                         numdiags = {total}; ask for 0..={total}"
                    )))
                }
                Some(d) => d,
                None => total,
            };
            for p in list()?.take(take) {
                let p = p?;
                // Checked above: 0 ≤ value ≤ 2n − 2.
                let value = p.a as usize;
                if p.b == 1 {
                    instance.exclude_sum(value).map_err(build_error)?;
                } else {
                    instance.exclude_difference(value).map_err(build_error)?;
                }
            }
        }
        Format::Drawn | Format::Json => {}
    }
    Ok((instance, format))
}

// ---------------------------------------------------------------------- JSON

/// A JSON instance as serde reads it: unknown keys and a key given twice are
/// refused by serde itself, and a wrong value is named by its path.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonInstance {
    n: usize,
    #[serde(default)]
    queens: Vec<[usize; 2]>,
    #[serde(default)]
    blocked: Vec<[usize; 2]>,
    #[serde(default)]
    excluded: Object<JsonExcluded>,
}

/// The excluded diagonals of a JSON instance.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct JsonExcluded {
    #[serde(default)]
    sum: Vec<usize>,
    #[serde(default)]
    difference: Vec<usize>,
}

/// A struct read from a JSON object only: serde's derived structs also take
/// an array of their fields in order, which an instance written by a person
/// never means (`[8]` is not `{"n": 8}`).
#[derive(Default)]
struct Object<T>(T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Object<T> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct OnlyMaps<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for OnlyMaps<T> {
            type Value = T;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
                T::deserialize(serde::de::value::MapAccessDeserializer::new(map))
            }
        }
        deserializer
            .deserialize_map(OnlyMaps(std::marker::PhantomData))
            .map(Object)
    }
}

fn json(text: &str) -> Result<Instance, ParseError> {
    let reader = &mut serde_json::Deserializer::from_str(text);
    let Object(read): Object<JsonInstance> = serde_path_to_error::deserialize(&mut *reader)
        .map_err(|e| {
            let path = e.path().to_string();
            let e = e.into_inner();
            // serde_json ends its message with the position; say it our way.
            let full = e.to_string();
            let suffix = format!(" at line {} column {}", e.line(), e.column());
            let message = full
                .strip_suffix(&suffix)
                .unwrap_or(&full)
                .replace("expected usize", "expected a whole number, 0 or more")
                .replace("expected a sequence", "expected an array")
                .replace(
                    "missing field `n`",
                    "missing field `n`, the board size (add \"n\": 8)",
                );
            let at = if path == "." || path.is_empty() {
                String::new()
            } else {
                format!(" (at {path})")
            };
            let message = if e.is_data() {
                format!("not a valid instance{at}: {message}")
            } else {
                format!("not valid JSON: {message}")
            };
            ParseError::at(e.line().max(1), format!("column {}: {message}", e.column()))
        })?;
    // One instance per file: text after the object (`{"n":8} garbage`, a
    // second object) is refused, never cut off unread, as the API does.
    if let Err(e) = reader.end() {
        return Err(ParseError::at(
            e.line().max(1),
            format!(
                "column {}: not valid JSON: trailing characters after the instance's object \
                 (a file holds one instance)",
                e.column()
            ),
        ));
    }
    let n = check_n(read.n, None)?;
    let board = off_board(n);
    let mut instance = Instance::new(n).map_err(build_error)?;
    for (key, squares) in [("queens", &read.queens), ("blocked", &read.blocked)] {
        for (k, &[row, col]) in squares.iter().enumerate() {
            for (what, v) in [("row", row), ("column", col)] {
                if v >= n {
                    return Err(ParseError::whole(format!(
                        "entry {} of {key:?} ([{row}, {col}]): {what} {v} is off the {board} \
                         board ({what}s run 0..={}; JSON is 0-based)",
                        k + 1,
                        n - 1
                    )));
                }
            }
            let square = Square::new(row, col);
            if key == "queens" {
                instance.place(square).map_err(build_error)?;
            } else {
                instance.block(square).map_err(build_error)?;
            }
        }
    }
    for (key, values) in [
        ("sum", &read.excluded.0.sum),
        ("difference", &read.excluded.0.difference),
    ] {
        let what = if key == "sum" {
            "sum diagonals (row + column)"
        } else {
            "difference diagonals (row − column + n − 1)"
        };
        for (k, &value) in values.iter().enumerate() {
            if value > 2 * n - 2 {
                return Err(ParseError::whole(format!(
                    "entry {} of \"excluded\".{key:?} ({value}) is not one of the {what} of the \
                     {board} board, which run 0..={}",
                    k + 1,
                    2 * n - 2
                )));
            }
            if key == "sum" {
                instance.exclude_sum(value).map_err(build_error)?;
            } else {
                instance.exclude_difference(value).map_err(build_error)?;
            }
        }
    }
    Ok(instance)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<(Instance, Format), ParseError> {
        parse_instance(text, ReadOptions::default())
    }

    fn ok(text: &str) -> (Instance, Format) {
        match read(text) {
            Ok(x) => x,
            Err(e) => panic!("{text:?}: {e}"),
        }
    }

    /// The error, with the line and a piece of the message checked.
    fn err(text: &str, line: Option<usize>, piece: &str) -> ParseError {
        err_with(text, ReadOptions::default(), line, piece)
    }

    fn err_with(text: &str, options: ReadOptions, line: Option<usize>, piece: &str) -> ParseError {
        let e = match parse_instance(text, options) {
            Ok((i, f)) => panic!("{text:?} was read as {f}: {i:?}"),
            Err(e) => e,
        };
        assert_eq!(e.line, line, "{e}");
        assert!(e.message.contains(piece), "{piece:?} not in {e}");
        e
    }

    fn sq(row: usize, col: usize) -> Square {
        Square::new(row, col)
    }

    #[test]
    fn blocked_files_are_one_based() {
        let (i, f) = ok("letting n = 4\nletting blocks = [[1,1],\n[4,3],\n]\n");
        assert_eq!(f, Format::Blocked);
        assert_eq!(i.n(), 4);
        assert_eq!(i.blocked(), [sq(0, 0), sq(3, 2)]);
        assert!(i.queens().is_empty());
        assert!(!i.is_allowed(sq(0, 0)));
        assert!(i.is_allowed(sq(1, 1)));
        // Comments, `be`, a `language` line, no spaces, one line.
        let (i, _) = ok(
            "language ESSENCE' 1.0\n$ a comment\nletting n be 3 $ the size\nletting blocks=[[2,2]]",
        );
        assert_eq!((i.n(), i.blocked()), (3, vec![sq(1, 1)]));
        let (i, _) = ok("letting n = 5\nletting blocks = []\n");
        assert!(i.is_empty());
    }

    #[test]
    fn completion_files_are_zero_based() {
        let (i, f) = ok("letting n =  5\nletting init =  [[0, 4], [2, 0],\n [4, 1]]\n");
        assert_eq!(f, Format::Completion);
        assert_eq!(i.queens(), [sq(0, 4), sq(2, 0), sq(4, 1)]);
        assert!(i.blocked().is_empty());
        err(
            "letting n = 5\nletting init = [[0, 4],\n[5, 0]]",
            Some(3),
            "entry 2 of init ([5, 0]): row 5 is off the 5×5 board (rows run 0..=4 in a completion file, which is 0-based)",
        );
    }

    #[test]
    fn diagonal_values_and_types() {
        // [2, 1]: the sum diagonal row + col = 2; [5, 0]: the difference
        // diagonal row − col + 3 = 5, so row − col = 2.
        let (i, f) = ok("n =  4\nnumdiags =  2\ndiags =  [[2, 1], [5, 0]]\n");
        assert_eq!(f, Format::Diagonals);
        assert_eq!(i.excluded_sums(), [2]);
        assert_eq!(i.excluded_differences(), [5]);
        for (square, allowed) in [
            (sq(0, 2), false),
            (sq(1, 1), false),
            (sq(2, 0), false),
            (sq(2, 2), true),
            (sq(3, 1), false),
            (sq(2, 0), false),
            (sq(1, 3), true),
            (sq(3, 0), true),
            (sq(0, 0), true),
        ] {
            assert_eq!(i.is_allowed(square), allowed, "{square}");
        }
        // numdiags may be left out.
        let (i, _) = ok("n = 4\ndiags = [[0, 0]]");
        assert_eq!(i.excluded_differences(), [0]);
        assert!(!i.is_allowed(sq(0, 3)));
    }

    #[test]
    fn only_a_prefix_of_the_diagonals() {
        let text = "n = 5\nnumdiags = 3\ndiags = [[4, 1], [0, 0], [8, 1]]\n";
        let (i, _) = parse_instance(text, ReadOptions { diagonals: Some(2) }).unwrap();
        assert_eq!(i.excluded_sums(), [4]);
        assert_eq!(i.excluded_differences(), [0]);
        let (i, _) = parse_instance(text, ReadOptions { diagonals: Some(0) }).unwrap();
        assert!(i.is_empty());
        let (i, _) = parse_instance(text, ReadOptions { diagonals: Some(3) }).unwrap();
        assert_eq!(i.excluded_sums(), [4, 8]);
        err_with(
            text,
            ReadOptions { diagonals: Some(4) },
            None,
            "the first 4 diagonals were asked for, but the file has only numdiags = 3",
        );
        err_with(
            "letting n = 4\nletting blocks = []",
            ReadOptions { diagonals: Some(1) },
            None,
            "not an excluded-diagonals file",
        );
    }

    /// A large file is read token by token, and its pairs are kept without
    /// a list each (a 15 MiB file of 1.5 million pairs took 697 MB when
    /// every token and pair was kept, 120 MB now).
    #[test]
    fn pairs_are_kept_compact_and_tokens_are_not_kept() {
        let text = "letting blocks = [[1, 2], [3, 4], [5]]\n$ a comment [\nn = 7";
        let mut statements = Statements::new(text);
        let (name, line, value) = statements.statement().unwrap().unwrap();
        assert_eq!((name.as_str(), line), ("blocks", 1));
        let Val::List(items, 1) = value else {
            panic!("{value:?}")
        };
        assert!(matches!(
            items[..],
            [Val::Pair(1, 2, 1), Val::Pair(3, 4, 1), Val::List(..)]
        ));
        // Nothing is read ahead of the statement being parsed.
        assert!(statements.peeked.is_none());
        assert_eq!(statements.tokens.line, 1);
        let (name, line, _) = statements.statement().unwrap().unwrap();
        assert_eq!((name.as_str(), line), ("n", 3));
        assert!(statements.statement().unwrap().is_none());
    }

    #[test]
    fn diagonal_errors() {
        err(
            "n = 5\nnumdiags = 3\ndiags = [[4, 1], [0, 0]]\n",
            Some(2),
            "numdiags = 3 but diags (line 3) has 2 pairs",
        );
        err(
            "n = 5\ndiags = [[4, 1],\n[0, 2]]\n",
            Some(3),
            "entry 2 of diags ([0, 2]): type 2 is neither 1",
        );
        err(
            "n = 5\ndiags = [[9, 1]]\n",
            Some(2),
            "entry 1 of diags ([9, 1]): sum diagonal 9 is off the 5×5 board (diagonals run 0..=8",
        );
        err(
            "n = 5\ndiags = [[-1, 0]]\n",
            Some(2),
            "difference diagonal -1 is off",
        );
        err("n = 5\nnumdiags = 0\n", None, "`diags`");
        err(
            "n = 5\ndiags = [4, 1]\n",
            Some(2),
            "entry 1 of diags (4) is a number",
        );
        err(
            "n = 5\ndiags = 4\n",
            Some(2),
            "must be a list of [value, type] pairs",
        );
        err(
            "n = 5\ndiags = [[1, 1, 1]]\n",
            Some(2),
            "([1, 1, 1]) is not a [value, type] pair",
        );
        err(
            "n = 5\nnumdiags = -2\ndiags = []\n",
            Some(2),
            "`numdiags` is -2",
        );
    }

    #[test]
    fn parameter_file_errors() {
        err(
            "letting n = 28\nletting blocks = [[1,1],\n[29, 3]]",
            Some(3),
            "entry 2 of blocks ([29, 3]): row 29 is off the 28×28 board (rows run 1..=28 in a blocked file, which is 1-based)",
        );
        err(
            "letting n = 4\nletting blocks = [[0,1]]",
            Some(2),
            "row 0 is off the 4×4 board",
        );
        err(
            "letting n = 4\nletting blocks = [[1,5]]",
            Some(2),
            "column 5 is off the 4×4 board (columns run 1..=4",
        );
        err(
            "letting n = 4\nletting n = 5\nletting blocks = []",
            Some(2),
            "`n` is given twice (first on line 1)",
        );
        err("letting blocks = [[1,1]]", None, "no `n`");
        err("letting n = 4", None, "only `n` is given");
        err(
            "letting n = 4\nletting blocks = [[1,1],\n[2,2]\n",
            Some(2),
            "the list in `blocks` opened on line 2 is not closed: the end of the text",
        );
        err(
            "letting n = 4\nletting blocks = [[1,1],\n[2,2]\nletting init = []",
            Some(2),
            "`letting` on line 4",
        );
        err(
            "letting n = 4\nletting blocks = [[1,1] [2,2]]",
            Some(2),
            "expected ',' or ']' after entry 1",
        );
        err(
            "letting n = 4\nletting blocks = [[1,1],,]",
            Some(2),
            "expected a number or a '[' list in `blocks`, found ','",
        );
        err(
            "letting n = 4\nletting blox = []",
            Some(2),
            "unknown name `blox`",
        );
        err(
            "letting n = 4\nletting blocks = []\nletting init = []",
            Some(3),
            "`init` cannot be mixed with `blocks` (line 2)",
        );
        err("letting n = 0\nletting blocks = []", Some(1), "n = 0");
        err(
            "letting n = 2000000\nletting init = []",
            Some(1),
            "larger than",
        );
        err(
            "letting n = [4]\nletting init = []",
            Some(1),
            "`n` must be a number",
        );
        err(
            "letting n 4",
            Some(1),
            "expected '=' after `n`, found the number 4",
        );
        err("letting n =", Some(1), "found the end of the text");
        err(
            "letting n = 4\nletting init = [[1, 99999999999999999999]]",
            Some(2),
            "far too large",
        );
        err(
            "letting n = 4\nletting init = [[1; 2]]",
            Some(2),
            "found ';'",
        );
        err("letting n = 4\n= 5", Some(2), "expected a name");
        err(
            "letting n = 4\nletting init = [[1, 2], [3]]",
            Some(2),
            "entry 2 of init ([3]) is not a [row, column] pair",
        );
    }

    #[test]
    fn format_names() {
        assert_eq!(Format::Blocked.name(), "blocked");
        assert_eq!(Format::Json.to_string(), "a JSON instance");
        let (_, f) = ok("letting n = 3\nletting init = []");
        assert_eq!(
            (f.name(), f.to_string()),
            ("completion", "a CSPLib completion file".to_string())
        );
    }

    #[test]
    fn drawn_boards() {
        let spaced = "\n\n. Q . .\n. . . x\n# . . .\n. . q .\n\n";
        let packed = ".Q..\n...X\n#...\n..♛.\n";
        for text in [spaced, packed] {
            let (i, f) = ok(text);
            assert_eq!(f, Format::Drawn);
            assert_eq!(i.n(), 4);
            assert_eq!(i.queens(), [sq(0, 1), sq(3, 2)]);
            assert_eq!(i.blocked(), [sq(1, 3), sq(2, 0)]);
            assert!(i.excluded_sums().is_empty() && i.excluded_differences().is_empty());
        }
        let (i, _) = ok("□ ■\n□ □\n");
        assert_eq!(i.queens(), [sq(0, 1)]);
        let (i, _) = ok("x\n");
        assert_eq!((i.n(), i.blocked()), (1, vec![sq(0, 0)]));
        let (i, _) = ok("\u{feff}..\r\n..\r\n");
        assert!(i.is_empty());
    }

    #[test]
    fn drawn_board_errors() {
        err(
            ". Q . .\n. . Z .\n. . . .\n. . . .\n",
            Some(2),
            "column 5: unexpected 'Z'",
        );
        err(
            ". Q . .\n. . .\n. . . .\n. . . .\n",
            Some(2),
            "row 2 has 3 squares but row 1 (line 1) has 4",
        );
        err(". Q .\n. . .\n", None, "the board has 2 rows of 3 squares");
        err(". Q\n\n. .\n", Some(2), "a blank line inside the board");
        err("", None, "the input is empty");
        err("  \n\n", None, "the input is empty");
        err("[[1, 2]]", Some(1), "unexpected '[' at the start");
    }

    #[test]
    fn json_with_every_key() {
        let text = r#"{"n": 8, "queens": [[0, 0], [1, 2]], "blocked": [[3, 4]],
            "excluded": {"sum": [7, 9], "difference": [0]}}"#;
        let (i, f) = ok(text);
        assert_eq!(f, Format::Json);
        assert_eq!(i.n(), 8);
        assert_eq!(i.queens(), [sq(0, 0), sq(1, 2)]);
        assert_eq!(i.blocked(), [sq(3, 4)]);
        assert_eq!(i.excluded_sums(), [7, 9]);
        assert_eq!(i.excluded_differences(), [0]);
        assert!(!i.is_allowed(sq(0, 7)));
        let (i, _) = ok(r#"{"n": 3}"#);
        assert!(i.is_empty() && i.n() == 3);
        let (i, _) = ok(r#"{"n": 3, "excluded": {}}"#);
        assert!(i.is_empty());
    }

    #[test]
    fn json_errors() {
        err(r#"{"n": 8, "queens": [[0, 0]"#, Some(1), "not valid JSON");
        // Text after the object is refused, not cut off unread.
        err(r#"{"n":8} garbage"#, Some(1), "trailing characters");
        err("{\"n\":8}\n{\"n\":9}\n", Some(2), "trailing characters");
        assert!(parse_instance("{\"n\":8}\n\n  \n", ReadOptions::default()).is_ok());
        let e = err("{\"n\": 8,\n \"n\": 9}", Some(2), "duplicate field `n`");
        assert_eq!(
            e.to_string(),
            "line 2: column 4: not a valid instance: duplicate field `n`"
        );
        err(
            "{\"n\": 8, \"excluded\": {\"sum\": [],\n\"sum\": []}}",
            Some(2),
            "(at excluded): duplicate field `sum`",
        );
        err(
            r#"{"n": 8, "queen": [], "walls": []}"#,
            Some(1),
            "(at queen): unknown field `queen`, expected one of `n`, `queens`, `blocked`, `excluded`",
        );
        err(
            r#"{"queens": []}"#,
            Some(1),
            "missing field `n`, the board size",
        );
        err(r#"{"n": 0}"#, None, "n = 0");
        err(
            r#"{"n": 8.5}"#,
            Some(1),
            "(at n): invalid type: floating point `8.5`, expected a whole number, 0 or more",
        );
        err(
            r#"{"n": -3}"#,
            Some(1),
            "(at n): invalid value: integer `-3`",
        );
        err(
            r#"{"n": 8, "queens": [[0, 0], [8, 1]]}"#,
            None,
            "entry 2 of \"queens\" ([8, 1]): row 8 is off the 8×8 board (rows run 0..=7; JSON is 0-based)",
        );
        err(
            r#"{"n": 8, "blocked": [[0, -1]]}"#,
            Some(1),
            "(at blocked[0][1]): invalid value: integer `-1`",
        );
        err(
            r#"{"n": 8, "blocked": [[0]]}"#,
            Some(1),
            "(at blocked[0]): invalid length 1, expected an array of length 2",
        );
        err(
            r#"{"n": 8, "blocked": 3}"#,
            Some(1),
            "(at blocked): invalid type: integer `3`, expected an array",
        );
        err(
            r#"{"n": 4, "excluded": {"sum": [7]}}"#,
            None,
            "entry 1 of \"excluded\".\"sum\" (7) is not one of the sum diagonals",
        );
        err(
            r#"{"n": 4, "excluded": []}"#,
            Some(1),
            "(at excluded): invalid type: sequence, expected an object",
        );
        err(
            r#"{"n": 4, "excluded": {"anti": []}}"#,
            Some(1),
            "(at excluded.anti): unknown field `anti`, expected `sum` or `difference`",
        );
        err("[4]", Some(1), "unexpected '[' at the start");
        err(r#"{"n": 99999999999999999999999}"#, Some(1), "(at n)");
    }

    /// The numbers of a `name = [...]` list in raw text, in pairs.
    fn raw_pairs(text: &str, name: &str) -> Vec<(i64, i64)> {
        let start = text.find(&format!("{name} =")).unwrap_or(0);
        let rest = &text[start..];
        let rest = &rest[rest.find('[').unwrap()..];
        let numbers: Vec<i64> = rest
            .split(|c: char| !c.is_ascii_digit())
            .filter(|t| !t.is_empty())
            .map(|t| t.parse().unwrap())
            .collect();
        numbers.chunks(2).map(|p| (p[0], p[1])).collect()
    }

    fn raw_number(text: &str, name: &str) -> usize {
        let line = text
            .lines()
            .find(|l| {
                l.trim_start_matches("letting ")
                    .starts_with(&format!("{name} "))
            })
            .unwrap();
        line.split('=').nth(1).unwrap().trim().parse().unwrap()
    }

    #[test]
    fn every_benchmark_file() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../../shared/benchmarks/completion");
        let Ok(dirs) = std::fs::read_dir(&root) else {
            return;
        };
        let mut read = 0;
        for dir in dirs {
            let dir = dir.unwrap().path();
            if !dir.is_dir() {
                continue;
            }
            for file in std::fs::read_dir(&dir).unwrap() {
                let path = file.unwrap().path();
                if path.extension().and_then(|e| e.to_str()) != Some("param") {
                    continue;
                }
                let text = std::fs::read_to_string(&path).unwrap();
                let (i, format) = parse_instance(&text, ReadOptions::default())
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                let n = raw_number(&text, "n");
                assert_eq!(i.n(), n, "{}", path.display());
                let distinct = |name| {
                    raw_pairs(&text, name)
                        .into_iter()
                        .collect::<std::collections::BTreeSet<_>>()
                };
                match format {
                    Format::Blocked => {
                        let blocks = distinct("blocks");
                        assert_eq!(i.blocked().len(), blocks.len(), "{}", path.display());
                        assert!(i.queens().is_empty());
                        let first = *blocks.iter().next().unwrap();
                        let square = sq(first.0 as usize - 1, first.1 as usize - 1);
                        assert!(i.is_blocked(square), "{}", path.display());
                    }
                    Format::Completion => {
                        let init = distinct("init");
                        assert_eq!(i.queens().len(), init.len(), "{}", path.display());
                        assert!(i.blocked().is_empty());
                        let first = *init.iter().next().unwrap();
                        assert_eq!(i.queens()[0], sq(first.0 as usize, first.1 as usize));
                    }
                    Format::Diagonals => {
                        let diags = raw_pairs(&text, "diags");
                        assert_eq!(diags.len(), raw_number(&text, "numdiags"));
                        let count = |t| {
                            diags
                                .iter()
                                .filter(|d| d.1 == t)
                                .map(|d| d.0)
                                .collect::<std::collections::BTreeSet<_>>()
                                .len()
                        };
                        assert_eq!(i.excluded_sums().len(), count(1), "{}", path.display());
                        assert_eq!(i.excluded_differences().len(), count(0));
                        let (first, _) =
                            parse_instance(&text, ReadOptions { diagonals: Some(1) }).unwrap();
                        let d = diags[0];
                        let expected = if d.1 == 1 {
                            (vec![d.0 as usize], vec![])
                        } else {
                            (vec![], vec![d.0 as usize])
                        };
                        assert_eq!(
                            (first.excluded_sums(), first.excluded_differences()),
                            expected
                        );
                        let too_many = ReadOptions {
                            diagonals: Some(diags.len() + 1),
                        };
                        assert!(parse_instance(&text, too_many).is_err());
                    }
                    other => panic!("{}: read as {other}", path.display()),
                }
                read += 1;
            }
        }
        assert!(read > 0, "no .param files under {}", root.display());
    }
}
