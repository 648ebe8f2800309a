//! The tokens of a parameter file (words, numbers, brackets, commas,
//! `=`), read one at a time; `$` comments are skipped.

use crate::parse::ParseError;

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Tok {
    Word(String),
    Int(i64),
    /// Digits with a decimal point (`4.0`): no value of a board, but
    /// `language ESSENCE' 1.0` has one.
    Decimal(String),
    Open,
    Close,
    Comma,
    Equals,
    Other(char),
}

#[derive(Debug, Clone)]
pub(super) struct Token {
    pub(super) tok: Tok,
    pub(super) line: usize,
}

pub(super) fn describe(t: Option<&Token>) -> String {
    match t.map(|t| &t.tok) {
        None => "the end of the text".to_string(),
        Some(Tok::Word(w)) => format!("`{w}`"),
        Some(Tok::Int(v)) => format!("the number {v}"),
        Some(Tok::Decimal(d)) => format!("the number {d}"),
        Some(Tok::Open) => "'['".to_string(),
        Some(Tok::Close) => "']'".to_string(),
        Some(Tok::Comma) => "','".to_string(),
        Some(Tok::Equals) => "'='".to_string(),
        Some(Tok::Other(c)) => format!("{c:?}"),
    }
}

/// The tokens of a parameter file, one at a time: nothing is held but the
/// position, so a 16 MiB file does not become hundreds of MB of tokens.
pub(super) struct Tokens<'a> {
    text: &'a str,
    pos: usize,
    pub(super) line: usize,
}

impl<'a> Tokens<'a> {
    pub(super) fn new(text: &'a str) -> Self {
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
    pub(super) fn next_token(&mut self) -> Result<Option<Token>, ParseError> {
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
                    // A letter or `_` right after the digits (`0x4`, `4e3`):
                    // not a whole number, said of this line (`0x4` was read
                    // as 0 and a name `x4`, blamed on the next line).
                    if self.text[self.pos..]
                        .starts_with(|d: char| d.is_ascii_alphabetic() || d == '_')
                    {
                        let end = self.text[self.pos..]
                            .find(|d: char| !(d.is_ascii_alphanumeric() || d == '_'))
                            .map_or(self.text.len(), |k| self.pos + k);
                        return Err(ParseError::at(
                            line,
                            format!(
                                "`{}` is not a whole number: write numbers in decimal digits",
                                &self.text[start..end]
                            ),
                        ));
                    }
                    // `4.0`: one token, so that a value is refused as a
                    // number that is not whole, not as a stray '.'.
                    let rest = &self.text[self.pos..];
                    if rest.starts_with('.') && rest[1..].starts_with(|d: char| d.is_ascii_digit())
                    {
                        self.pos += 1;
                        while self.take_if(|d| d.is_ascii_digit()).is_some() {}
                        return Ok(Some(Token {
                            tok: Tok::Decimal(self.text[start..self.pos].to_string()),
                            line,
                        }));
                    }
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
