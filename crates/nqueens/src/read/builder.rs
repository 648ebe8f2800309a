//! The [`Builder`]: the words of one placement become a [`Placement`] while
//! they are few, and stream through a [`LineVerifier`] beyond (on a thread of
//! its own, see [`Checker`]).
//!
//! A small placement is checked as `parse_placements` checks it: every word
//! first, then the range of each column against the number of rows, with the
//! same messages. A large one cannot wait for its size, so each word is
//! checked as it comes against what every board allows (a number, below
//! [`MAX_QUEENS`]), and the range against n at the end; the messages then say
//! as much, and name the line of a column off the board from [`LineRuns`],
//! which keep the lines of billions of words in a few bytes.

use std::ops::ControlFlow;

use super::background::Checker;
use super::error::{hinted_error, parse_error, text_of, ReadError, FORMS};
use super::scan::{too_long_named, Bad, Flow, Word};
use super::verdict::Streamed;
use super::verifier::LineVerifier;
use super::MAX_QUEENS;
use crate::board::Placement;
use crate::error::ReadHint;

/// Builds one placement from its words: whole while small, a
/// [`LineVerifier`] beyond.
#[derive(Debug, Default)]
pub(super) struct Builder {
    one_based: bool,
    /// The largest placement returned whole.
    pub(super) detail_max: usize,
    /// Columns a verifier keeps ([`LineVerifier::keeping_columns`]).
    pub(super) keep: usize,
    /// The most words a placement may have.
    pub(super) limit: Option<usize>,
    /// Words so far.
    count: u64,
    /// (value, line) of each word while the placement is small.
    small: Vec<(u64, u64)>,
    /// The text of the words whose value does not spell it (`007`, `+3`).
    texts: Vec<(u64, String)>,
    /// The first word that is not a number: (index, line, text, why).
    first_bad: Option<(u64, u64, String, Bad)>,
    verifier: Option<Checker>,
    /// The line of each word of a large placement.
    lines: LineRuns,
    /// What the input was expected to be, for a word that is not a
    /// number: [`FORMS`] when the form was guessed.
    pub(super) expected: &'static str,
    /// What a word is called in messages: `token`, or `pair` for pairs
    /// (whose k-th column is the k-th pair's).
    pub(super) word_name: &'static str,
}

impl Builder {
    /// A builder for columns that count from 1 if `one_based`.
    pub(super) fn new(one_based: bool, detail_max: usize) -> Self {
        Builder {
            one_based,
            detail_max,
            expected: FORMS,
            word_name: "token",
            ..Builder::default()
        }
    }

    /// Forgets the placement, ready for the next.
    pub(super) fn reset(&mut self) {
        self.count = 0;
        self.small.clear();
        self.texts.clear();
        self.first_bad = None;
        self.verifier = None;
        self.lines = LineRuns::default();
    }

    /// The number of the first column: 0, or 1 if one-based.
    pub(super) fn base(&self) -> u64 {
        u64::from(self.one_based)
    }

    /// The next word; stops past the limit.
    #[inline]
    pub(super) fn word(&mut self, w: Word<'_>) -> Flow {
        self.count += 1;
        if self.limit.is_some_and(|limit| self.count > limit as u64) {
            return Ok(ControlFlow::Break(()));
        }
        if let Some(v) = self.verifier.as_mut() {
            let base = u64::from(self.one_based);
            return match w.value {
                Ok(value)
                    if value >= base && value - base < MAX_QUEENS && self.count <= MAX_QUEENS =>
                {
                    // Below MAX_QUEENS = 2^32: 32 bits.
                    v.push((value - base) as u32);
                    self.lines.push(self.count, w.line);
                    Ok(ControlFlow::Continue(()))
                }
                _ => Err(self.large_error(w)),
            };
        }
        if self.count > self.detail_max as u64 {
            self.count -= 1;
            self.go_large()?;
            return self.word(w);
        }
        match w.value {
            Ok(value) => {
                self.small.push((value, w.line));
                let t = w.text;
                if t.first() == Some(&b'+') || (t.len() > 1 && t[0] == b'0') {
                    self.texts.push((self.count, text_of(t)));
                }
            }
            Err(bad) => {
                if self.first_bad.is_none() {
                    self.first_bad = Some((self.count, w.line, text_of(w.text), bad));
                }
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    /// The text of word `k` (1-based) of a small placement.
    fn text(&self, k: u64, value: u64) -> String {
        match self.texts.iter().find(|(j, _)| *j == k) {
            Some((_, t)) => t.clone(),
            None => value.to_string(),
        }
    }

    /// The words so far go into a verifier; the placement is large.
    fn go_large(&mut self) -> Result<(), ReadError> {
        if let Some((k, line, text, bad)) = self.first_bad.take() {
            return Err(self.large_bad(k, line, &text, bad));
        }
        let mut verifier = LineVerifier::new().keeping_columns(self.keep);
        let base = self.base();
        for (i, &(value, line)) in self.small.iter().enumerate() {
            let k = i as u64 + 1;
            if value < base || value - base >= MAX_QUEENS {
                return Err(off_limits(
                    self.word_name,
                    k,
                    line,
                    &self.text(k, value),
                    value,
                    base,
                ));
            }
            verifier.push((value - base) as usize);
            self.lines.push(k, line);
        }
        self.small.clear();
        self.texts.clear();
        self.verifier = Some(Checker::new(verifier));
        Ok(())
    }

    /// Why word `w` of a large placement is refused.
    fn large_error(&self, w: Word<'_>) -> ReadError {
        let base = self.base();
        let text = text_of(w.text);
        match w.value {
            Err(bad) => self.large_bad(self.count, w.line, &text, bad),
            Ok(_) if self.count > MAX_QUEENS => parse_error(
                Some(w.line),
                format!(
                    "the placement has more than {MAX_QUEENS} rows; boards of up to \
                     {MAX_QUEENS} queens are read"
                ),
            ),
            Ok(value) => off_limits(self.word_name, self.count, w.line, &text, value, base),
        }
    }

    /// The placement ended.
    pub(super) fn finish(&mut self) -> Result<Streamed, ReadError> {
        match self.verifier.take() {
            Some(checker) => self.finish_large(checker.finish()),
            None => self.finish_small(),
        }
    }

    /// The verdict, unless a column is off the board of n rows.
    fn finish_large(&self, verifier: LineVerifier) -> Result<Streamed, ReadError> {
        let verdict = verifier.finish();
        if let Some(q) = verdict.off_board() {
            let value = q.col as u64 + self.base();
            let n = verdict.n() as u64;
            let k = q.row as u64 + 1;
            let message = self.off_board_message(k, &value.to_string(), value, n);
            return Err(hinted_error(
                self.lines.line_of(k),
                message,
                off_board_hint(value, n, self.one_based),
            ));
        }
        Ok(Streamed::Large(verdict))
    }

    /// The placement, checked as `parse_placements` reads a column list:
    /// every word first, then the range.
    fn finish_small(&mut self) -> Result<Streamed, ReadError> {
        let base = self.base();
        let n = self.count;
        let range = format!("{base}..={}", n.saturating_sub(1) + base);
        if let Some((k, line, text, bad)) = self.first_bad.take() {
            let what = format!("{} {k} ({text:?})", self.word_name);
            let message = match bad {
                Bad::Negative => format!("{what} is negative; columns run {range}"),
                Bad::TooLarge => format!("{what} is far too large; columns run {range}"),
                Bad::NotNumber => format!("{what} is not a column number; {}", self.expected),
                Bad::TooLong => too_long_named(self.word_name, k, &text),
            };
            return Err(parse_error(Some(line), message));
        }
        let mut cols = Vec::with_capacity(self.small.len());
        for (i, &(value, line)) in self.small.iter().enumerate() {
            if value < base || value - base >= n {
                let k = i as u64 + 1;
                let message = self.off_board_message(k, &self.text(k, value), value, n);
                let hint = off_board_hint(value, n, self.one_based);
                return Err(hinted_error(Some(line), message, hint));
            }
            cols.push((value - base) as usize);
        }
        Placement::from_columns(cols)
            .map(Streamed::Small)
            .map_err(|e| parse_error(None, e.to_string()))
    }

    /// Word `k` (`text`, column `value`) is off the board of `n` rows.
    fn off_board_message(&self, k: u64, text: &str, value: u64, n: u64) -> String {
        let base = self.base();
        let given = if n == 1 {
            "1 row was".to_string()
        } else {
            format!("{n} rows were")
        };
        format!(
            "{} {k} ({text:?}): column {value} is off the board; {given} given, so columns \
             run {base}..={}",
            self.word_name,
            n - 1 + base,
        )
    }

    /// A word that is not a number in a large placement, whose size is not
    /// known yet.
    fn large_bad(&self, k: u64, line: u64, text: &str, bad: Bad) -> ReadError {
        let what = format!("{} {k} ({text:?})", self.word_name);
        let message = match bad {
            Bad::Negative => format!(
                "{what} is negative; columns count from {}",
                u64::from(self.one_based)
            ),
            Bad::TooLarge => {
                format!("{what} is far too large; boards of up to {MAX_QUEENS} queens are read")
            }
            Bad::NotNumber => format!("{what} is not a column number; {}", self.expected),
            Bad::TooLong => too_long_named(self.word_name, k, text),
        };
        parse_error(Some(line), message)
    }
}

/// The lines of the words of a large placement, as runs of words on one
/// line or one a line: a column list on one line is one run, one a line
/// another, and each blank line starts a new one. A column off the board is
/// only known at the end (the number of rows is the number of words), so
/// its line must be kept for every word until then; as runs it is a few
/// bytes for any size. Past [`LineRuns::MAX`] runs (words laid out by no
/// rule) lines are no longer kept, and the message names the word alone.
#[derive(Debug, Default)]
struct LineRuns {
    /// (first word, its line, lines a word: 0 or 1), by first word.
    runs: Vec<(u64, u64, u64)>,
    /// The line that continues the last run (0, which no line is, while
    /// its step is not known).
    next: u64,
    step: u64,
    /// The words from this one on have no line kept (0: every word has).
    lost_from: u64,
}

impl LineRuns {
    /// Runs kept at most (1.5 MiB).
    const MAX: usize = 1 << 16;

    /// Word `k` (from 1, each once in order) is on `line` (from 1).
    #[inline]
    fn push(&mut self, k: u64, line: u64) {
        if line == self.next {
            self.next += self.step;
        } else {
            self.another(k, line);
        }
    }

    /// A word that does not continue the last run.
    #[cold]
    #[inline(never)]
    fn another(&mut self, k: u64, line: u64) {
        if self.lost_from != 0 {
            return;
        }
        if let Some(last) = self.runs.last_mut() {
            // The second word of a run sets its step.
            // (Words come once each, in order: a run whose step is not
            // known was begun by the word before this one.)
            if self.next == 0 && (line == last.1 || line == last.1 + 1) {
                last.2 = line - last.1;
                self.step = last.2;
                self.next = line + self.step;
                return;
            }
        }
        if self.runs.len() == Self::MAX {
            self.lost_from = k;
            return;
        }
        self.runs.push((k, line, 0));
        self.next = 0;
    }

    /// The line of word `k`, if it was kept.
    fn line_of(&self, k: u64) -> Option<u64> {
        if self.lost_from != 0 && k >= self.lost_from {
            return None;
        }
        let i = self.runs.partition_point(|r| r.0 <= k).checked_sub(1)?;
        let (first, line, step) = self.runs[i];
        Some(line + step * (k - first))
    }
}

/// The hint `parse_placements` adds to a column off the board.
fn off_board_hint(value: u64, n: u64, one_based: bool) -> Option<ReadHint> {
    if one_based && value == 0 {
        Some(ReadHint::StartsAtOne)
    } else if !one_based && value == 1 && n == 1 {
        Some(ReadHint::OneBasedOrMatrix)
    } else if !one_based && value == n {
        Some(ReadHint::OneBasedOrShort)
    } else {
        None
    }
}

/// A column that is off every board: 0 with `--one-based`, or 2^32 and more.
fn off_limits(word: &str, k: u64, line: u64, text: &str, value: u64, base: u64) -> ReadError {
    if value < base {
        let message =
            format!("{word} {k} ({text:?}): column {value} is off the board; columns run from 1");
        return hinted_error(Some(line), message, Some(ReadHint::StartsAtOne));
    }
    let message = format!(
        "{word} {k} ({text:?}): column {value} is off the board; boards of up to {MAX_QUEENS} \
         queens are read, so columns run {base}..={}",
        MAX_QUEENS - 1 + base
    );
    parse_error(Some(line), message)
}

#[cfg(test)]
mod tests {
    use crate::board::Attack;
    use crate::read::test_util::read_with;
    use crate::read::{ColumnReader, ReadError, Streamed};

    #[test]
    fn detail_limit_and_refusal() {
        let text = "[1, 3, 0, 2]\n[0, 1, 2, 3, 4]\n";
        let items =
            read_with(ColumnReader::new(text.as_bytes(), false).with_detail_max(4)).unwrap();
        assert!(matches!(items[0], Streamed::Small(_)));
        let Streamed::Large(v) = &items[1] else {
            panic!()
        };
        assert_eq!(v.taken(Attack::Diagonal), 4);
        let mut r = ColumnReader::new(text.as_bytes(), false).with_limit(4);
        assert!(r.next_placement().unwrap().is_some());
        assert!(matches!(
            r.next_placement(),
            Err(ReadError::TooMany { limit: 4 })
        ));
        let mut r = ColumnReader::new("[\"Q.\",\".Q\"]".as_bytes(), false).with_limit(1);
        assert!(matches!(
            r.next_placement(),
            Err(ReadError::TooMany { limit: 1 })
        ));
    }

    /// The lines of words laid out as runs, and past the most runs kept.
    #[test]
    fn line_runs() {
        let mut runs = super::LineRuns::default();
        // Words 1 to 3 on line 1, 4 to 6 one a line from 2, 7 after a
        // blank line, 8 on the same line, 9 on line 11.
        let lines = [1, 1, 1, 2, 3, 4, 6, 6, 11];
        for (k, &line) in (1..).zip(&lines) {
            runs.push(k, line);
        }
        for (k, &line) in (1..).zip(&lines) {
            assert_eq!(runs.line_of(k), Some(line), "word {k}");
        }
        assert_eq!(runs.runs.len(), 4);
        // Two words a line: a run each, until there are too many.
        let mut runs = super::LineRuns::default();
        let words = 2 * super::LineRuns::MAX as u64 + 4;
        for k in 1..=words {
            runs.push(k, k.div_ceil(2));
        }
        assert_eq!(runs.runs.len(), super::LineRuns::MAX);
        assert_eq!(runs.line_of(1), Some(1));
        assert_eq!(
            runs.line_of(2 * super::LineRuns::MAX as u64),
            Some(super::LineRuns::MAX as u64)
        );
        assert_eq!(runs.line_of(2 * super::LineRuns::MAX as u64 + 1), None);
        assert_eq!(runs.line_of(words), None);
    }

    #[test]
    fn large_placement_errors() {
        let big = |tail: &str| {
            let head: Vec<String> = (0..20).map(|i| i.to_string()).collect();
            format!("{}\n{tail}", head.join(" "))
        };
        let read = |text: &str, one_based: bool| {
            read_with(ColumnReader::new(text.as_bytes(), one_based).with_detail_max(5)).unwrap_err()
        };
        let e = read(&big("x"), false);
        assert!(
            e.starts_with("line 2: token 21 (\"x\") is not a column number"),
            "{e}"
        );
        let e = read(&big("-3"), false);
        assert!(
            e.contains("token 21 (\"-3\") is negative; columns count from 0"),
            "{e}"
        );
        let e = read(&big("99999999999999999999999"), false);
        assert!(e.contains("far too large"), "{e}");
        let e = read(&big("4294967296"), false);
        assert!(e.starts_with("line 2: token 21 (\"4294967296\"): column 4294967296 is off the board; boards of up to 4294967296 queens are read"), "{e}");
        let e = read(&big("0"), true);
        assert!(
            e.contains("column 0 is off the board; columns run from 1"),
            "{e}"
        );
        // Off the board only at the end: 22 rows, column 25 on the 22nd,
        // on line 2.
        let e = read(&big("21 25"), false);
        assert_eq!(
            e,
            "line 2: token 22 (\"25\"): column 25 is off the board; 22 rows were given, so columns run 0..=21"
        );
        let e = read(&big("22 21"), false);
        assert!(
            e.ends_with("(1-based input? read it with one_based = true; or is a row missing?)"),
            "{e}"
        );
        let e = read("1", false);
        assert!(
            e.contains("column 1 is off the board; 1 row was given, so columns run 0..=0"),
            "{e}"
        );
        // One a line, a blank line in the middle: the line, not the token.
        let lines: Vec<String> = (0..30).map(|i| (i % 29).to_string()).collect();
        let mut text = lines.join("\n");
        text.insert(text.find("\n15\n").unwrap(), '\n');
        let e = read(&text.replace("\n28\n", "\n30\n"), false);
        assert!(
            e.starts_with("line 30: token 29 (\"30\"): column 30 is off the board"),
            "{e}"
        );
        // A bad word before the switch is reported at the switch.
        let e = read("0 x 1 2 3 4 5 6", false);
        assert!(
            e.starts_with("line 1: token 2 (\"x\") is not a column number"),
            "{e}"
        );
    }
}
