//! The `name = value` statements of a parameter file (`letting` and
//! `be` allowed), read from its tokens as they come: values are numbers
//! and lists, with the line each starts on.

use std::fmt;

use super::tokens::{describe, Tok, Token, Tokens};
use crate::parse::ParseError;

/// A value in a parameter file: a number or a list, with the line it starts
/// on. A list of two numbers, the pairs that make up nearly all of a large
/// file, is kept as a [`Val::Pair`], without a list of its own.
#[derive(Debug, Clone)]
pub(super) enum Val {
    Int(i64, usize),
    Pair(i64, i64, usize),
    List(Vec<Val>, usize),
}

impl Val {
    pub(super) fn line(&self) -> usize {
        match self {
            Val::Int(_, line) | Val::Pair(_, _, line) | Val::List(_, line) => *line,
        }
    }
}

/// About how many bytes of a value a message shows: a list that goes on
/// longer ends in `…`.
const SHOWN: usize = 60;

/// The deepest lists go: values are numbers, pairs and lists of pairs, and
/// a deeper list is refused as it is read, so that reading it (and showing
/// and dropping it) cannot run out of stack.
const MAX_DEPTH: usize = 8;

impl Val {
    /// Appends the value, cut short after about [`SHOWN`] bytes.
    fn show(&self, out: &mut String) {
        use fmt::Write;
        match self {
            Val::Int(v, _) => {
                let _ = write!(out, "{v}");
            }
            Val::Pair(a, b, _) => {
                let _ = write!(out, "[{a}, {b}]");
            }
            Val::List(items, _) => {
                out.push('[');
                for (k, item) in items.iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    if out.len() > SHOWN {
                        out.push('…');
                        break;
                    }
                    item.show(out);
                }
                out.push(']');
            }
        }
    }
}

impl fmt::Display for Val {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.show(&mut out);
        f.write_str(&out)
    }
}

pub(super) const NAMES: &str =
    "a blocked file has `n` and `blocks`, a completion file `n` and `init`, an \
excluded-diagonals file `n`, `numdiags` and `diags`";

/// The statements of a parameter file, read from its tokens as they come.
pub(super) struct Statements<'a> {
    tokens: Tokens<'a>,
    /// The next token, once looked at.
    peeked: Option<Token>,
    /// The line of the last token read: where the text ends, for messages.
    last_line: usize,
}

impl<'a> Statements<'a> {
    pub(super) fn new(text: &'a str) -> Self {
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
    pub(super) fn statement(&mut self) -> Result<Option<(String, usize, Val)>, ParseError> {
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
        let value = self.value(&name, line, 0)?;
        Ok(Some((name, line, value)))
    }

    fn value(&mut self, name: &str, name_line: usize, depth: usize) -> Result<Val, ParseError> {
        match self.peek()?.cloned() {
            Some(Token {
                tok: Tok::Int(v),
                line,
            }) => {
                self.bump();
                Ok(Val::Int(v, line))
            }
            Some(Token {
                tok: Tok::Decimal(d),
                line,
            }) => Err(ParseError::at(
                line,
                format!("`{d}` in `{name}` is not a whole number: sizes, rows and columns are"),
            )),
            Some(Token {
                tok: Tok::Open,
                line,
            }) if depth == MAX_DEPTH => Err(ParseError::at(
                line,
                format!(
                    "the lists in `{name}` are nested more than {MAX_DEPTH} deep; values are \
                     numbers and lists of pairs such as [[1, 2], [3, 4]]"
                ),
            )),
            Some(Token {
                tok: Tok::Open,
                line,
            }) => {
                self.bump();
                self.list(name, line, depth + 1)
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

    fn list(&mut self, name: &str, open: usize, depth: usize) -> Result<Val, ParseError> {
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
                    items.push(self.value(name, open, depth)?);
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

#[cfg(test)]
mod tests {
    use super::*;

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

    /// Lists nested 30,000 deep overflowed the stack (a 58 KB file ended the
    /// program with a segmentation fault); they are refused past eight.
    #[test]
    fn deep_lists_are_refused_and_long_ones_shown_short() {
        for depth in [9, 100, 30_000] {
            for close in [true, false] {
                let closing = if close {
                    "]".repeat(depth)
                } else {
                    String::new()
                };
                let text = format!("n = 4\ninit = {}{closing}", "[".repeat(depth));
                let mut statements = Statements::new(&text);
                statements.statement().unwrap();
                let e = statements.statement().unwrap_err();
                assert_eq!(e.line, Some(2));
                assert!(e.message.contains("nested more than 8 deep"), "{e}");
            }
        }
        let text = format!("init = {}{}", "[".repeat(8), "]".repeat(8));
        let (_, _, value) = Statements::new(&text).statement().unwrap().unwrap();
        assert_eq!(value.to_string(), "[[[[[[[[]]]]]]]]");
        // A long list is shown by its start.
        let pairs: Vec<String> = (0..1000).map(|k| format!("[{k}, {k}]")).collect();
        let text = format!("init = [[{}]]", pairs.join(", "));
        let (_, _, value) = Statements::new(&text).statement().unwrap().unwrap();
        let shown = value.to_string();
        assert!(shown.starts_with("[[[0, 0], [1, 1], [2, 2]"), "{shown}");
        assert!(shown.ends_with("…]]") && shown.len() < 100, "{shown}");
    }
}
