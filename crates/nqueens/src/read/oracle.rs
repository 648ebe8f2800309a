//! The slow, obvious reader the streaming one is checked against: the whole
//! text in memory, split into tokens, each list parsed on its own. It was the
//! library's reader of column lists before [`ColumnReader`] became the only
//! one; the property tests of `scan` hold the two to the same placements and
//! the same messages, word for word.

use crate::board::Placement;
use crate::error::{ParseError, ReadHint};
use crate::leetcode::{empty_entry, rows_or_mixed, tokenize, unclosed, Token, EMPTY_ENTRY};
use crate::parse::first_nonblank;
use crate::read::error::FORMS;
use crate::read::scan::{long_prefix, quoted_word, too_long};

/// Every placement of `text` in the column-list forms.
pub(super) fn parse(text: &str, one_based: bool) -> Result<Vec<Placement>, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let Some((_, first)) = first_nonblank(text) else {
        return Err(ParseError::whole(format!("the input is empty: {FORMS}")));
    };
    if first.starts_with('[') {
        return bracketed(text, one_based);
    }
    // Entries are separated by commas, words by blanks; every comma must
    // have a word since the start or the comma before it.
    let mut tokens = Vec::new();
    let mut empty = true;
    for (i, line) in text.lines().enumerate() {
        let entries: Vec<&str> = line.split(',').collect();
        for (k, entry) in entries.iter().enumerate() {
            for word in entry.split(char::is_whitespace).filter(|t| !t.is_empty()) {
                tokens.push((i + 1, word.to_string()));
                empty = false;
            }
            if k + 1 < entries.len() {
                if empty {
                    return Err(ParseError::at(i + 1, EMPTY_ENTRY));
                }
                empty = true;
            }
        }
    }
    Ok(vec![columns(&tokens, one_based)?])
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
        if let Some(shown) = long_prefix(token) {
            return Err(ParseError::at(*line, too_long(k as u64 + 1, shown)));
        }
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
                Some(ReadHint::StartsAtOne)
            } else if !one_based && value == 1 && n == 1 {
                Some(ReadHint::OneBasedOrMatrix)
            } else if !one_based && value == n {
                Some(ReadHint::OneBasedOrShort)
            } else {
                None
            };
            return Err(ParseError::at(
                *line,
                format!(
                    "token {} ({token:?}): column {value} is off the board; {} given, so columns run {range}",
                    k + 1,
                    if n == 1 { "1 row was".to_string() } else { format!("{n} rows were") }
                ),
            )
            .with_hint(hint));
        }
        cols.push(value - base);
    }
    Placement::from_columns(cols).map_err(|e| ParseError::whole(e.to_string()))
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
            Some((_, Token::Comma)) => empty_entry(tokens, *pos)?,
            Some((line, Token::Word(w))) => words.push((*line, w.clone())),
            Some((line, Token::Str(s))) => rows.push((*line, s.clone())),
            Some((line, Token::Open)) => {
                return Err(ParseError::at(*line, "unexpected '[' inside a list"))
            }
        }
        *pos += 1;
    }
    if rows.is_empty() && !words.is_empty() {
        columns(&words, one_based)
    } else {
        rows_or_mixed(open_line, &words, &rows)
    }
}

fn describe(t: &Token) -> String {
    match t {
        Token::Open => "'['".into(),
        Token::Close => "']'".into(),
        Token::Comma => "','".into(),
        Token::Word(w) => quoted_word(w),
        Token::Str(s) => format!("the string \"{s}\""),
    }
}
