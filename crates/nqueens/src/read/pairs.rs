//! `row, col;` pairs, one placement a line (`0, 1; 1, 3; 2, 0; 3, 2;`), as
//! the tagged-stack tutorial prints a solution and `--format pairs` writes it.
//!
//! The pairs must name the rows in order, 0, 1, 2, … (from 1 with
//! `--one-based`), one pair a row: that is what the program writes, and it
//! makes the pairs a column list with the rows spelled out, so each column
//! goes to the same [`Builder`](super::builder::Builder) that a column list
//! feeds, as it is read. A set of squares in any order is a drawn board's
//! job.

use std::io::BufRead;
use std::ops::ControlFlow;

use super::cursor::LineCursor;
use super::error::{hinted_error, parse_error, text_of, ReadError};
use super::scan::{long_prefix, Bad, Flow, Scan, Word, WORD_KEEP};
use crate::error::ReadHint;

/// The pairs source of a [`ColumnReader`](super::ColumnReader).
#[derive(Debug)]
pub(super) struct PairLines<R> {
    pub(super) cur: LineCursor<R>,
    /// The number of the first row: 0, or 1 when one-based.
    base: u64,
}

/// What comes next in a line of pairs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Next {
    Row,
    Comma,
    Col,
    Semicolon,
}

impl<R: BufRead> PairLines<R> {
    pub(super) fn new(src: R, one_based: bool) -> Self {
        PairLines {
            cur: LineCursor::new(src),
            base: u64::from(one_based),
        }
    }

    /// Reads the next line of pairs, handing its columns to `sink`.
    pub(super) fn scan<F>(&mut self, sink: &mut F) -> Result<Scan, ReadError>
    where
        F: FnMut(Word<'_>) -> Flow,
    {
        if !self.cur.start()? {
            return Ok(Scan::End);
        }
        let line = self.cur.line;
        let mut next = Next::Row;
        let mut rows = 0u64;
        let mut word: Vec<u8> = Vec::new();
        loop {
            let Some(&b) = self.cur.fill()?.first() else {
                // The end of the input ends the line.
                return self.end_of_line(next, rows, &mut word, sink);
            };
            self.cur.consume(1);
            if b.is_ascii_alphanumeric() || b == b'-' || b == b'+' || b >= 0x80 {
                // One byte more than the longest word says it is longer.
                if word.len() <= WORD_KEEP {
                    word.push(b);
                }
                continue;
            }
            if !word.is_empty() {
                match self.word(&mut next, &mut rows, &mut word, Some(b), sink)? {
                    ControlFlow::Continue(()) => {}
                    ControlFlow::Break(()) => return Ok(Scan::Stopped),
                }
            }
            match (b, next) {
                (b' ' | b'\t' | b'\r' | 0x0b | 0x0c, _) => {}
                (b'\n', _) => {
                    let done = self.end_of_line(next, rows, &mut word, sink);
                    self.cur.line += 1;
                    return done;
                }
                (b',', Next::Comma) => next = Next::Col,
                (b';', Next::Semicolon) => next = Next::Row,
                (b',' | b';', _) => {
                    return Err(parse_error(
                        Some(line),
                        format!(
                            "pair {}: {:?} where {} should come; pairs are written `row, col;`",
                            rows + 1,
                            b as char,
                            expected(next)
                        ),
                    ))
                }
                _ => {
                    return Err(parse_error(
                        Some(line),
                        format!(
                            "pair {}: unexpected character {:?}; pairs are written `row, col;`, \
                             such as `0, 1; 1, 3; 2, 0; 3, 2;`",
                            rows + 1,
                            b as char
                        ),
                    ))
                }
            }
        }
    }

    /// Whether a comma follows the word that `ended_by` ended (blanks
    /// between them), so that the word was a pair's row: the hint of 1-based
    /// rows is given only then (a first row followed by a semicolon or the
    /// line's end is not a pair's, and 1-based rows would not help). Asked
    /// only of a wrong first row, so the buffer is looked at past the word
    /// only there.
    fn comma_follows(&mut self, ended_by: Option<u8>) -> Result<bool, ReadError> {
        Ok(match ended_by {
            Some(b',') => true,
            Some(b' ' | b'\t') => {
                let rest = self.cur.fill()?;
                rest.iter().find(|c| !matches!(c, b' ' | b'\t')) == Some(&b',')
            }
            _ => false,
        })
    }

    /// A word ended (by the byte `ended_by`, or the line's end): a row
    /// (which must be the next row) or a column.
    fn word<F>(
        &mut self,
        next: &mut Next,
        rows: &mut u64,
        word: &mut Vec<u8>,
        ended_by: Option<u8>,
        sink: &mut F,
    ) -> Flow
    where
        F: FnMut(Word<'_>) -> Flow,
    {
        let mut text = std::mem::take(word);
        // Longer than any number (in bytes, not in its text with each
        // invalid byte made three): refused, shown by its first characters.
        let long = text.len() > WORD_KEEP;
        // The word (its first characters) for a message; made only there.
        let quoted = |text: &[u8]| format!("{:?}{}", text_of(text), if long { "…" } else { "" });
        let value = if long {
            let shown = long_prefix(&text_of(&text)).map(|s| s.as_bytes().to_vec());
            text = shown.unwrap_or_default();
            Err(Bad::TooLong)
        } else {
            classify(&text)
        };
        let line = self.cur.start_line;
        let flow = match *next {
            Next::Row => {
                let want = *rows + self.base;
                match value {
                    Ok(v) if v == want => {
                        *next = Next::Comma;
                        Ok(ControlFlow::Continue(()))
                    }
                    _ => {
                        let one_based = self.base == 0
                            && value == Ok(1)
                            && *rows == 0
                            && self.comma_follows(ended_by)?;
                        Err(hinted_error(
                            Some(line),
                            format!(
                                "pair {}: row {} where row {want} should come; pairs name the \
                                 rows in order, one pair a row",
                                *rows + 1,
                                quoted(&text),
                            ),
                            one_based.then_some(ReadHint::OneBased),
                        ))
                    }
                }
            }
            Next::Col => {
                *rows += 1;
                *next = Next::Semicolon;
                sink(Word {
                    value,
                    text: &text,
                    line,
                })
            }
            Next::Comma | Next::Semicolon => Err(parse_error(
                Some(line),
                format!(
                    "pair {}: {} where {} should come; pairs are written `row, col;`",
                    *rows + u64::from(*next == Next::Comma),
                    quoted(&text),
                    expected(*next)
                ),
            )),
        };
        *word = text;
        word.clear();
        flow
    }

    /// The line ended: its last pair must be whole.
    fn end_of_line<F>(
        &mut self,
        mut next: Next,
        mut rows: u64,
        word: &mut Vec<u8>,
        sink: &mut F,
    ) -> Result<Scan, ReadError>
    where
        F: FnMut(Word<'_>) -> Flow,
    {
        if !word.is_empty() {
            if let ControlFlow::Break(()) = self.word(&mut next, &mut rows, word, None, sink)? {
                return Ok(Scan::Stopped);
            }
        }
        match next {
            Next::Row | Next::Semicolon => Ok(Scan::Columns),
            Next::Comma | Next::Col => Err(parse_error(
                Some(self.cur.start_line),
                format!(
                    "pair {} is not finished: the line ends where {} should come; pairs are \
                     written `row, col;`",
                    rows + 1,
                    expected(next)
                ),
            )),
        }
    }
}

/// What `next` expects, for messages.
fn expected(next: Next) -> &'static str {
    match next {
        Next::Row => "a row",
        Next::Comma => "a comma",
        Next::Col => "a column",
        Next::Semicolon => "a semicolon",
    }
}

/// A word as a number, or why it is not one.
fn classify(text: &[u8]) -> Result<u64, Bad> {
    let digits = |t: &[u8]| !t.is_empty() && t.iter().all(u8::is_ascii_digit);
    if digits(text) {
        std::str::from_utf8(text)
            .ok()
            .and_then(|t| t.parse::<u64>().ok())
            .ok_or(Bad::TooLarge)
    } else if text.first() == Some(&b'-') && digits(&text[1..]) {
        Err(Bad::Negative)
    } else {
        Err(Bad::NotNumber)
    }
}

#[cfg(test)]
mod tests {
    use crate::read::test_util::read_with;
    use crate::read::{ColumnReader, InputFormat, Streamed};

    fn read(text: &str, one_based: bool) -> Result<Vec<Streamed>, String> {
        read_with(ColumnReader::new(text.as_bytes(), one_based).with_format(InputFormat::Pairs))
    }

    #[test]
    fn lines_of_pairs() {
        let items = read(
            "0, 1; 1, 3; 2, 0; 3, 2;\n\n0, 2; 1, 0; 2, 3; 3, 1;\n",
            false,
        )
        .unwrap();
        assert_eq!(items.len(), 2);
        for item in &items {
            let Streamed::Small(p) = item else { panic!() };
            assert!(p.is_solution());
        }
        let items = read("1, 2; 2, 4; 3, 1; 4, 3", true).unwrap();
        let Streamed::Small(p) = &items[0] else {
            panic!()
        };
        assert!(p.is_solution());
        let items = read("0, 1; 1, 1; 2, 0; 3, 2;", false).unwrap();
        let Streamed::Small(p) = &items[0] else {
            panic!()
        };
        assert!(!p.is_solution());
    }

    #[test]
    fn errors() {
        for (text, one_based, want) in [
            (
                "0, 1; 2, 3;",
                false,
                "line 1: pair 2: row \"2\" where row 1 should come",
            ),
            // A row named again, or an earlier one: one pair a row, in order.
            (
                "0, 1; 0, 3; 2, 0; 3, 2;",
                false,
                "line 1: pair 2: row \"0\" where row 1 should come",
            ),
            (
                "0, 1; 1, 3; 1, 0; 3, 2;",
                false,
                "line 1: pair 3: row \"1\" where row 2 should come",
            ),
            (
                "1, 2; 2, 4; 3, 1; 4, 3;",
                false,
                "(1-based input? read it with one_based = true)",
            ),
            (
                "0, 1; 1 3;",
                false,
                "pair 2: \"3\" where a comma should come",
            ),
            ("1, 2; 2, 4; 3, 1; 4, 3", true, ""),
            ("0, 1; 1, 3", false, "column 3 is off the board"),
            ("0, 1; 1,", false, "pair 2 is not finished"),
            ("0, 1;; 1, 3;", false, "pair 2: ';' where a row should come"),
            (
                "0, 1; 1, x;",
                false,
                "pair 2 (\"x\") is not a column number; expected pairs of row and column",
            ),
            (
                "0, 1; 1, 5;",
                false,
                "pair 2 (\"5\"): column 5 is off the board",
            ),
            ("0, 1: 1, 5;", false, "unexpected character ':'"),
        ] {
            match read(text, one_based) {
                Err(e) => assert!(!want.is_empty() && e.contains(want), "{text}: {e}"),
                Ok(_) => assert!(want.is_empty(), "{text} was read"),
            }
        }
    }

    #[test]
    fn a_word_longer_than_any_number_is_refused_not_cut() {
        // A word was kept to its first 64 bytes and read as the number they
        // spell: `2, <100 zeros>5` was column 0, and a solution for n = 4.
        let zeros = "0".repeat(5000);
        for (text, want) in [
            (
                format!("0, 1; 1, 3; 2, {zeros}5; 3, 2;"),
                "pair 3 (\"000000000000000000000000\"…) is longer than 4096 bytes",
            ),
            (
                format!("0, 1; {zeros}1, 3; 2, 0; 3, 2;"),
                "pair 2: row \"000000000000000000000000\"… where row 1 should come",
            ),
            (format!("0, 1; 1, 3; 2, {}; 3, 2;", &zeros[..4095]), ""),
        ] {
            match read(&text, false) {
                Err(e) => assert!(!want.is_empty() && e.contains(want), "{text}: {e}"),
                Ok(_) => assert!(want.is_empty(), "{text} was read"),
            }
        }
    }

    /// A word's length is its bytes', not its text's with each invalid byte
    /// replaced by three: 1,400 bytes of 0xff are not "longer than 4096".
    #[test]
    fn a_word_is_measured_in_bytes() {
        let mut text = b"0, 1; 1, ".to_vec();
        text.extend(std::iter::repeat_n(0xff, 1400));
        text.extend_from_slice(b";\n");
        let e = read_with(ColumnReader::new(&text[..], false).with_format(InputFormat::Pairs))
            .unwrap_err();
        assert!(!e.contains("longer than"), "{e}");
    }
}
