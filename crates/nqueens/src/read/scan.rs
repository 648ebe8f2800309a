//! The scanner: bytes of the column-list forms to words and list ends.
//!
//! A [`Scanner`] reads straight from its [`BufRead`]'s buffer, with no
//! allocation per word, and hands each word to a *sink* (the builder of the
//! placement, or the second pass of a [`Verdict`](super::Verdict)), which may
//! stop it. A fast path takes the digits, blanks, newlines and commas that
//! make up nearly all of a large list, reading a number's digits eight at a
//! time (`run_of_digits`: a 16-byte window as two words; near the buffer's
//! end, or past 16 digits, a digit at a time), since reading the digits of
//! a pipe is half the work of `verify -`; anything else goes one byte, bracket,
//! string or word at a time through a small state machine over the grammar of
//! [`parse_placements`](crate::parse_placements): one plain list; bracketed lists, one placement each;
//! a list of lists; a quoted (LeetCode) board, read whole (by `leetcode`).

use std::io::BufRead;
use std::ops::ControlFlow;

use super::error::{hinted_error, parse_error, text_of, ReadError};
use super::{BOM, QUOTED_MAX};
use crate::board::Placement;
use crate::error::{ParseError, ReadHint};
use crate::leetcode::quoted_list;

/// A word that is not a column number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Bad {
    Negative,
    TooLarge,
    NotNumber,
    /// Longer than [`WORD_KEEP`] bytes, which no column number is: the
    /// word's text is its first [`LONG_SHOWN`] characters.
    TooLong,
}

/// A word of a placement, as the scanner hands it on.
#[derive(Debug, Clone, Copy)]
pub(super) struct Word<'a> {
    /// Its number, or why it is not one.
    pub(super) value: Result<u64, Bad>,
    /// Its text (its first characters when it is [`Bad::TooLong`]).
    pub(super) text: &'a [u8],
    /// Its line, from 1.
    pub(super) line: u64,
}

/// What a sink says of a word: go on, stop the scan, or fail.
pub(super) type Flow = Result<ControlFlow<()>, ReadError>;

/// Reads a word the way `parse_placements` reads a token.
fn classify(text: &str) -> Result<u64, Bad> {
    match text.parse::<u64>() {
        Ok(v) => Ok(v),
        Err(_) if text.starts_with('-') && text[1..].chars().all(|c| c.is_ascii_digit()) => {
            Err(Bad::Negative)
        }
        Err(_) if text.chars().all(|c| c.is_ascii_digit()) => Err(Bad::TooLarge),
        Err(_) => Err(Bad::NotNumber),
    }
}

/// Byte classes of the scanner.
const TOKEN: u8 = 0;
const BLANK: u8 = 1;
const NEWLINE: u8 = 2;
const COMMA: u8 = 3;
const OPEN: u8 = 4;
const CLOSE: u8 = 5;
const QUOTE: u8 = 6;

const fn byte_classes(brackets: bool) -> [u8; 256] {
    let mut t = [TOKEN; 256];
    t[b'\t' as usize] = BLANK;
    t[0x0b] = BLANK;
    t[0x0c] = BLANK;
    t[b'\r' as usize] = BLANK;
    t[b' ' as usize] = BLANK;
    t[b'\n' as usize] = NEWLINE;
    t[b',' as usize] = COMMA;
    if brackets {
        t[b'[' as usize] = OPEN;
        t[b']' as usize] = CLOSE;
        t[b'"' as usize] = QUOTE;
    }
    t
}

/// A plain column list: only blanks and commas separate words.
static PLAIN: [u8; 256] = byte_classes(false);
/// Bracketed lists: brackets and quotes also end a word.
static BRACKETS: [u8; 256] = byte_classes(true);

/// The longest word read: longer ones are refused ([`Bad::TooLong`]).
pub(super) const WORD_KEEP: usize = 4096;

/// The characters of a word longer than [`WORD_KEEP`] bytes that its
/// message shows.
const LONG_SHOWN: usize = 24;

/// `word` quoted for a message: its first characters and `…` when it is
/// longer than [`WORD_KEEP`] bytes.
pub(crate) fn quoted_word(word: &str) -> String {
    match long_prefix(word) {
        Some(shown) => format!("{shown:?}…"),
        None => format!("{word:?}"),
    }
}

/// The first characters of `word` if it is longer than [`WORD_KEEP`] bytes.
pub(super) fn long_prefix(word: &str) -> Option<&str> {
    (word.len() > WORD_KEEP).then(|| match word.char_indices().nth(LONG_SHOWN) {
        Some((end, _)) => &word[..end],
        None => word,
    })
}

/// Why token `k`, of which `shown` is the first characters, is refused.
#[cfg(test)]
pub(super) fn too_long(k: u64, shown: &str) -> String {
    too_long_named("token", k, shown)
}

/// The message of `too_long`, for word `k` called `word` (`token`, or
/// `pair` in pairs).
pub(super) fn too_long_named(word: &str, k: u64, shown: &str) -> String {
    format!(
        "{word} {k} ({shown:?}…) is longer than {WORD_KEEP} bytes, which no column \
         number is"
    )
}

/// A word being read by the slow path, in parts when it is long.
struct LongWord {
    /// Its bytes not yet handed on.
    bytes: Vec<u8>,
    /// The offset of `bytes[0]` in the input.
    start: u64,
    /// In a piece already refused as too long: skip to its end.
    skipping: bool,
}

/// Where the scanner is in the grammar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Nothing significant read yet.
    Start,
    /// A plain list: words up to the end.
    Plain,
    /// The plain list has been returned.
    PlainDone,
    /// Between bracketed lists.
    Top,
    /// Just after a top-level `[`: a list, or a list of lists if `[` follows.
    AfterOpen,
    /// Inside a list of lists, between lists.
    Outer,
    /// Inside a list of numbers (`outer`: within a list of lists).
    Group { outer: bool },
}

/// How a scan ended.
pub(super) enum Scan {
    /// No more placements.
    End,
    /// A list of columns ended; its words went to the sink.
    Columns,
    /// A quoted (LeetCode) board, read whole.
    Board(Placement),
    /// The sink asked to stop.
    Stopped,
}

/// The tokenizer of a [`ColumnReader`](super::ColumnReader): where it is in
/// the text and in the grammar.
#[derive(Debug)]
pub(super) struct Scanner<R> {
    src: R,
    state: State,
    /// The line of the next byte, from 1.
    line: u64,
    /// Bytes consumed so far.
    pub(super) offset: u64,
    /// The line of the last token (word, bracket, comma or string).
    last_line: u64,
    /// The line of the current list's `[`.
    open_line: u64,
    /// Where the current placement began: its `[`, or 0 for a plain list.
    pub(super) start_offset: u64,
    pub(super) start_line: u64,
    /// Words in the current placement.
    words: u64,
    /// The current list holds both numbers and quoted rows.
    mixed: bool,
    /// The first word of the current list (its first characters, if it is
    /// too long), and its line.
    first_word: Vec<u8>,
    first_word_long: bool,
    first_word_line: u64,
    /// The word being read by the slow path, kept for its buffer.
    scratch: Vec<u8>,
    /// Nothing but blanks since the current list began or its last comma:
    /// a comma now would leave an entry empty ([`empty_entry`]).
    empty: bool,
    /// Bytes of a byte-order mark read so far.
    bom: usize,
    /// Told that the text holds column lists, so that a quoted (LeetCode)
    /// board is refused rather than read.
    pub(super) lists_only: bool,
}

impl<R: BufRead> Scanner<R> {
    pub(super) fn new(src: R) -> Self {
        Scanner {
            src,
            state: State::Start,
            line: 1,
            offset: 0,
            last_line: 1,
            open_line: 1,
            start_offset: 0,
            start_line: 1,
            words: 0,
            mixed: false,
            first_word: Vec::new(),
            first_word_long: false,
            first_word_line: 1,
            scratch: Vec::new(),
            empty: true,
            bom: 0,
            lists_only: false,
        }
    }

    /// The source, to be read in another form (before any reading).
    pub(super) fn into_src(self) -> R {
        self.src
    }

    /// Whether another placement may follow: false once only blanks, commas
    /// and closing brackets of a list of lists remain.
    pub(super) fn has_more(&mut self) -> Result<bool, ReadError> {
        loop {
            let state = self.state;
            let buf = self.fill()?;
            let Some(&b) = buf.first() else {
                return Ok(!matches!(state, State::Top | State::PlainDone));
            };
            match (state, BRACKETS[b as usize]) {
                (State::Top | State::Outer, BLANK) => self.advance(1),
                (State::Top | State::Outer, NEWLINE) => {
                    self.line += 1;
                    self.advance(1);
                }
                (State::Top | State::Outer, COMMA) => {
                    self.last_line = self.line;
                    self.advance(1);
                }
                (State::Outer, CLOSE) => {
                    self.last_line = self.line;
                    self.state = State::Top;
                    self.advance(1);
                }
                (State::PlainDone, _) => return Ok(false),
                _ => return Ok(true),
            }
        }
    }

    /// Reads up to the end of the next placement, handing its words to `sink`.
    pub(super) fn scan<F>(&mut self, sink: &mut F) -> Result<Scan, ReadError>
    where
        F: FnMut(Word<'_>) -> Flow,
    {
        loop {
            if matches!(self.state, State::Plain | State::Group { .. })
                && !self.mixed
                && self.fast(sink)?
            {
                return Ok(Scan::Stopped);
            }
            if let Some(done) = self.step(sink)? {
                return Ok(done);
            }
        }
    }

    /// The buffer, refilled if empty; empty at the end of the input.
    fn fill(&mut self) -> Result<&[u8], ReadError> {
        super::cursor::fill(&mut self.src)
    }

    fn advance(&mut self, k: usize) {
        self.src.consume(k);
        self.offset += k as u64;
    }

    /// The byte classes of the current state: a plain list has no brackets.
    fn classes(&self) -> &'static [u8; 256] {
        if matches!(self.state, State::Plain | State::PlainDone) {
            &PLAIN
        } else {
            &BRACKETS
        }
    }

    /// Numbers, blanks, newlines and commas inside a list, straight from the
    /// buffer. Returns true if the sink stopped; false at anything else.
    fn fast<F>(&mut self, sink: &mut F) -> Result<bool, ReadError>
    where
        F: FnMut(Word<'_>) -> Flow,
    {
        let table = self.classes();
        loop {
            self.fill()?;
            let Scanner {
                src,
                line,
                offset,
                last_line,
                words,
                first_word,
                first_word_long,
                first_word_line,
                empty,
                ..
            } = self;
            let buf = src.fill_buf()?;
            if buf.is_empty() {
                return Ok(false);
            }
            let len = buf.len();
            let (mut i, mut ln, mut last, mut count) = (0, *line, *last_line, *words);
            let mut no_entry = *empty;
            let mut empty_entry_line = None;
            let mut stopped = false;
            let mut slow = false;
            while i < len {
                let digit = buf[i].wrapping_sub(b'0');
                if digit < 10 {
                    let start = i;
                    let value = match buf.get(i..i + 16).and_then(run_of_digits) {
                        // Up to 16 digits, eight at a time.
                        Some((value, digits)) => {
                            i += digits;
                            value
                        }
                        // Near the buffer's end, or a longer word: a digit
                        // at a time.
                        None => {
                            let mut value = u64::from(digit);
                            i += 1;
                            while i < len {
                                let d = buf[i].wrapping_sub(b'0');
                                if d >= 10 {
                                    break;
                                }
                                value = value.wrapping_mul(10).wrapping_add(u64::from(d));
                                i += 1;
                            }
                            value
                        }
                    };
                    // A word cut by the buffer's end, glued to other bytes,
                    // or of 20 digits or more: the slow path reads it.
                    if i == len || table[buf[i] as usize] == TOKEN || i - start > 19 {
                        i = start;
                        slow = true;
                        break;
                    }
                    if count == 0 {
                        first_word.clear();
                        first_word.extend_from_slice(&buf[start..i]);
                        *first_word_long = false;
                        *first_word_line = ln;
                    }
                    count += 1;
                    last = ln;
                    no_entry = false;
                    let word = Word {
                        value: Ok(value),
                        text: &buf[start..i],
                        line: ln,
                    };
                    if sink(word)?.is_break() {
                        stopped = true;
                        break;
                    }
                    continue;
                }
                match table[buf[i] as usize] {
                    BLANK => i += 1,
                    NEWLINE => {
                        ln += 1;
                        i += 1;
                    }
                    COMMA if no_entry => {
                        empty_entry_line = Some(ln);
                        break;
                    }
                    COMMA => {
                        no_entry = true;
                        last = ln;
                        i += 1;
                    }
                    _ => {
                        slow = true;
                        break;
                    }
                }
            }
            if let Some(line) = empty_entry_line {
                return Err(empty_entry(line));
            }
            (*line, *last_line, *words, *empty) = (ln, last, count, no_entry);
            src.consume(i);
            *offset += i as u64;
            if stopped {
                return Ok(true);
            }
            if slow {
                return Ok(false);
            }
        }
    }

    /// One byte, bracket, string or word, whatever the state.
    fn step<F>(&mut self, sink: &mut F) -> Result<Option<Scan>, ReadError>
    where
        F: FnMut(Word<'_>) -> Flow,
    {
        let buf = self.fill()?;
        let Some(&b) = buf.first() else {
            return self.at_eof().map(Some);
        };
        if self.skip_bom(b)? {
            return Ok(None);
        }
        match (self.state, self.classes()[b as usize]) {
            (_, BLANK) => self.advance(1),
            (_, NEWLINE) => {
                self.line += 1;
                self.advance(1);
            }
            (State::Start, _) => {
                if b == b'[' {
                    self.state = State::Top;
                } else {
                    self.state = State::Plain;
                    self.empty = true;
                    self.start_offset = 0;
                    self.start_line = self.line;
                    self.words = 0;
                }
            }
            // `[[`: a list of lists, and this `[` opens its first list.
            (State::AfterOpen, OPEN) => self.open_list(State::Group { outer: true }),
            (State::AfterOpen, _) => self.state = State::Group { outer: false },
            (State::Top, OPEN) => self.open_list(State::AfterOpen),
            (State::Outer, OPEN) => self.open_list(State::Group { outer: true }),
            (State::Plain | State::Group { .. }, COMMA) if self.empty => {
                return Err(empty_entry(self.line));
            }
            (_, COMMA) => {
                self.empty = true;
                self.last_line = self.line;
                self.advance(1);
            }
            (State::Group { .. }, OPEN) => {
                return Err(parse_error(
                    Some(self.line),
                    "unexpected '[' inside a list".into(),
                ))
            }
            (State::Top, CLOSE) => {
                return Err(parse_error(
                    Some(self.line),
                    "expected '[' to start a list, found ']'".into(),
                ))
            }
            (State::Outer, CLOSE) => {
                self.last_line = self.line;
                self.state = State::Top;
                self.advance(1);
            }
            (State::Group { outer }, CLOSE) => return self.close_list(outer).map(Some),
            (State::Group { .. }, QUOTE) if self.words == 0 && self.lists_only => {
                return Err(hinted_error(
                    Some(self.line),
                    "a LeetCode board (a list of quoted rows) where a column list was asked \
                     for: give a column list such as `0 4 7 5 2 6 1 3` or `[0, 4, 7, 5, 2, 6, \
                     1, 3]`"
                        .into(),
                    Some(ReadHint::LeetCode),
                ));
            }
            (State::Group { outer }, QUOTE) if self.words == 0 => {
                let board = self.quoted_board()?;
                self.end_list(outer);
                return Ok(Some(Scan::Board(board)));
            }
            (State::Group { .. }, QUOTE) => {
                self.read_string()?;
                self.empty = false;
                self.mixed = true;
            }
            (State::Top | State::Outer, QUOTE) => {
                let s = self.read_string()?;
                return Err(self.unexpected(&format!("the string \"{s}\"")));
            }
            (_, _) => return self.token(sink),
        }
        Ok(None)
    }

    /// Skips a byte-order mark at the start, a byte at a time (a buffer may
    /// hold less than three); true if `b` was one of its bytes.
    fn skip_bom(&mut self, b: u8) -> Result<bool, ReadError> {
        if self.state != State::Start || self.offset != self.bom as u64 || self.bom >= 3 {
            return Ok(false);
        }
        if b == BOM[self.bom] {
            self.bom += 1;
            self.advance(1);
            return Ok(true);
        }
        if self.bom > 0 {
            return Err(ReadError::NotUtf8 {
                offset: self.offset,
            });
        }
        Ok(false)
    }

    /// A `[` that may begin a placement; `next` is the state inside it.
    fn open_list(&mut self, next: State) {
        self.last_line = self.line;
        self.start_offset = self.offset;
        self.start_line = self.line;
        self.open_line = self.line;
        self.words = 0;
        self.mixed = false;
        self.empty = true;
        self.state = next;
        self.advance(1);
    }

    /// The `]` of a list of numbers: the placement is complete, unless the
    /// list is empty or mixes numbers and quoted rows.
    fn close_list(&mut self, outer: bool) -> Result<Scan, ReadError> {
        self.last_line = self.line;
        self.advance(1);
        if self.mixed {
            return Err(parse_error(
                Some(self.first_word_line),
                format!(
                    "the list mixes numbers ({:?}{}) and quoted rows; use one or the other",
                    text_of(&self.first_word),
                    if self.first_word_long { "…" } else { "" }
                ),
            ));
        }
        if self.words == 0 {
            return Err(parse_error(
                Some(self.open_line),
                "the list is empty: a placement needs at least one row".into(),
            ));
        }
        self.end_list(outer);
        Ok(Scan::Columns)
    }

    fn end_list(&mut self, outer: bool) {
        self.state = if outer { State::Outer } else { State::Top };
    }

    /// Something other than a list where a list must start.
    fn unexpected(&self, found: &str) -> ReadError {
        let message = if self.state == State::Outer {
            format!("expected '[' or ']' in a list of boards, found {found}")
        } else {
            format!("expected '[' to start a list, found {found}")
        };
        parse_error(Some(self.last_line), message)
    }

    /// The end of the input: the end of a plain list, or of everything.
    fn at_eof(&mut self) -> Result<Scan, ReadError> {
        match self.state {
            State::Start | State::PlainDone | State::Top => Ok(Scan::End),
            State::Plain => {
                self.state = State::PlainDone;
                Ok(if self.words > 0 {
                    Scan::Columns
                } else {
                    Scan::End
                })
            }
            State::AfterOpen | State::Outer | State::Group { .. } => Err(parse_error(
                Some(self.last_line),
                "the list is not closed: add the missing ']'".into(),
            )),
        }
    }

    /// A word the fast path left: read it, check its UTF-8, split it at
    /// Unicode blanks, and hand the pieces on (or refuse them between lists).
    ///
    /// A word can be long: a list separated by no-break spaces is one word to
    /// the byte classes. So its pieces are handed on as they end, whenever
    /// more than [`WORD_KEEP`] bytes wait, and a piece longer than that (no
    /// column number is) goes on as [`Bad::TooLong`] with its first
    /// characters, the rest of it skipped. Memory stays bounded, and no
    /// piece is cut and read as the number its first bytes spell (a token
    /// of 4,097 zeros and a 9 was read as column 0).
    fn token<F>(&mut self, sink: &mut F) -> Result<Option<Scan>, ReadError>
    where
        F: FnMut(Word<'_>) -> Flow,
    {
        let table = self.classes();
        let line = self.line;
        let mut word = LongWord {
            bytes: std::mem::take(&mut self.scratch),
            start: self.offset,
            skipping: false,
        };
        word.bytes.clear();
        let result = loop {
            let buf = match self.fill() {
                Ok(buf) => buf,
                Err(e) => break Err(e),
            };
            let end = buf
                .iter()
                .position(|&b| table[b as usize] != TOKEN)
                .unwrap_or(buf.len());
            let at_end = buf.is_empty() || end < buf.len();
            word.bytes.extend_from_slice(&buf[..end]);
            self.advance(end);
            if at_end || word.bytes.len() > WORD_KEEP {
                match self.pieces(&mut word, line, at_end, sink) {
                    Ok(None) if !at_end => {}
                    done => break done,
                }
            }
        };
        self.scratch = word.bytes;
        result
    }

    /// Hands on the pieces of `word` that have ended (all of them at the
    /// word's end) and drops them from it; a piece longer than
    /// [`WORD_KEEP`] goes on as [`Bad::TooLong`] as soon as it is known to
    /// be, and the rest of it is skipped.
    fn pieces<F>(
        &mut self,
        word: &mut LongWord,
        line: u64,
        at_end: bool,
        sink: &mut F,
    ) -> Result<Option<Scan>, ReadError>
    where
        F: FnMut(Word<'_>) -> Flow,
    {
        let bytes = std::mem::take(&mut word.bytes);
        let (valid, bad) = match std::str::from_utf8(&bytes) {
            Ok(text) => (text.len(), None),
            // A character that the next bytes will finish.
            Err(e) if !at_end && e.error_len().is_none() => (e.valid_up_to(), None),
            // Not UTF-8: said after the pieces that end before it, so that
            // the first error is the same wherever the buffers end.
            Err(e) => (e.valid_up_to(), Some(word.start + e.valid_up_to() as u64)),
        };
        let at_end = at_end && bad.is_none();
        let text = std::str::from_utf8(&bytes[..valid]).unwrap_or_default();
        let mut from = if word.start == 0 && text.starts_with('\u{feff}') {
            '\u{feff}'.len_utf8()
        } else {
            0
        };
        if word.skipping {
            match text[from..].find(char::is_whitespace) {
                Some(p) => {
                    from += p;
                    word.skipping = false;
                }
                None => from = valid,
            }
        }
        // The pieces that have ended: all, at the word's end; else those
        // before its last blank.
        let ended = if at_end {
            valid
        } else {
            text[from..]
                .rfind(char::is_whitespace)
                .map_or(from, |p| from + p)
        };
        let mut result = Ok(None);
        for piece in text[from..ended]
            .split(char::is_whitespace)
            .filter(|p| !p.is_empty())
        {
            result = self.piece(piece, line, sink);
            if !matches!(result, Ok(None)) {
                break;
            }
        }
        // What is left is one piece, not ended yet: too long already, or
        // kept for the next bytes.
        if let (Ok(None), Some(offset)) = (&result, bad) {
            word.bytes = bytes;
            return Err(ReadError::NotUtf8 { offset });
        }
        let mut rest = ended;
        let piece = text[ended..].trim_start_matches(char::is_whitespace);
        if matches!(result, Ok(None)) && !at_end && piece.len() > WORD_KEEP {
            result = self.piece(piece, line, sink);
            word.skipping = true;
            rest = valid;
        }
        word.start += rest as u64;
        word.bytes = bytes;
        word.bytes.drain(..rest);
        result
    }

    /// Hands on one piece of a word (or refuses it between lists).
    fn piece<F>(&mut self, piece: &str, line: u64, sink: &mut F) -> Result<Option<Scan>, ReadError>
    where
        F: FnMut(Word<'_>) -> Flow,
    {
        self.last_line = line;
        if matches!(self.state, State::Top | State::Outer) {
            return Err(self.unexpected(&quoted_word(piece)));
        }
        let (value, piece) = match long_prefix(piece) {
            Some(prefix) => (Err(Bad::TooLong), prefix),
            None => (classify(piece), piece),
        };
        if self.words == 0 {
            self.first_word.clear();
            self.first_word.extend_from_slice(piece.as_bytes());
            self.first_word_long = value == Err(Bad::TooLong);
            self.first_word_line = line;
        }
        self.words += 1;
        self.empty = false;
        if self.mixed {
            return Ok(None);
        }
        let word = Word {
            value,
            text: piece.as_bytes(),
            line,
        };
        if sink(word)?.is_break() {
            return Ok(Some(Scan::Stopped));
        }
        Ok(None)
    }

    /// A quoted string on one line; the reader is at its opening quote.
    fn read_string(&mut self) -> Result<String, ReadError> {
        let line = self.line;
        self.last_line = line;
        self.advance(1);
        let mut s = Vec::new();
        loop {
            let buf = self.fill()?;
            if buf.is_empty() {
                return Err(unclosed_quote(line));
            }
            let end = buf.iter().position(|&b| b == b'"' || b == b'\n');
            if s.len() < WORD_KEEP {
                s.extend_from_slice(&buf[..end.unwrap_or(buf.len())]);
            }
            match end {
                None => {
                    let k = buf.len();
                    self.advance(k);
                }
                Some(end) if buf[end] == b'\n' => return Err(unclosed_quote(line)),
                Some(end) => {
                    self.advance(end + 1);
                    return Ok(text_of(&s));
                }
            }
        }
    }

    /// A list whose first item is a quoted row: a LeetCode board, read whole
    /// (up to its `]`) and parsed by `leetcode::quoted_list`.
    fn quoted_board(&mut self) -> Result<Placement, ReadError> {
        let (start, first_line) = (self.offset, self.line);
        let mut text = b"[".to_vec();
        let mut quoted = false;
        let mut closed = false;
        while !closed {
            let buf = self.fill()?;
            if buf.is_empty() {
                break;
            }
            let mut used = buf.len();
            let mut newlines = 0;
            for (i, &b) in buf.iter().enumerate() {
                match b {
                    b'"' => quoted = !quoted,
                    b'\n' => {
                        quoted = false;
                        newlines += 1;
                    }
                    b']' if !quoted => {
                        used = i + 1;
                        closed = true;
                        break;
                    }
                    _ => {}
                }
            }
            if text.len() + used > QUOTED_MAX {
                return Err(parse_error(
                    Some(first_line),
                    format!(
                        "a quoted board of more than {} MiB; quoted (LeetCode) boards are for \
                         small boards, use a column list such as `[1, 3, 0, 2]` instead",
                        QUOTED_MAX >> 20
                    ),
                ));
            }
            text.extend_from_slice(&buf[..used]);
            self.line += newlines;
            self.advance(used);
        }
        self.last_line = self.line;
        let text = String::from_utf8(text).map_err(|e| ReadError::NotUtf8 {
            offset: start + e.utf8_error().valid_up_to() as u64 - 1,
        })?;
        let shift = |mut e: ParseError| {
            e.line = e.line.map(|l| l + first_line as usize - 1);
            ReadError::Parse(e)
        };
        quoted_list(&text).map_err(shift)
    }
}

/// A quoted row that its line does not close.
/// `0x0101…01` times a byte: that byte in each of the eight bytes of a word.
const fn bytes(b: u8) -> u64 {
    0x0101_0101_0101_0101 * b as u64
}

/// How many of the eight bytes of `x` (read little-endian, so the first byte
/// of the text is the lowest) are ASCII digits before the first that is not.
///
/// A digit is `0x30..=0x39`: its high nibble is 3, and adding 6 leaves it
/// 3 (`0x3a..=0x3f` become `0x40..=0x45`). A byte passes both tests only if it
/// is a digit. Adding 6 to a byte of `0xfa` or more carries into the next
/// byte, but such a byte is not a digit, and a carry only reaches the bytes
/// after it, which do not count.
#[inline]
fn leading_digits(x: u64) -> usize {
    let high = x & bytes(0xf0);
    let plus_six = x.wrapping_add(bytes(6)) & bytes(0xf0);
    let not_digits = (high ^ bytes(0x30)) | (plus_six ^ bytes(0x30));
    (not_digits.trailing_zeros() / 8) as usize
}

/// The value of the first `k` (at most 8) digits of `x`, read as
/// [`leading_digits`] reads them.
///
/// The `k` digit values move to the top bytes, so that zero bytes stand for
/// leading zeros, and then neighbours merge pairwise three times, each step
/// in one multiplication: bytes into 2-digit numbers in 16-bit lanes (the
/// first byte times 10 plus the second), those into 4-digit numbers in
/// 32-bit lanes (times 100), and those into the 8-digit number (times
/// 10,000). A multiplication by `1 + m·2^s` adds to every lane `m` times the
/// lane `s` bits below it (the more significant digits) at once; no lane
/// overflows, and the masks drop the half-merged lanes between.
#[inline]
fn digits_value(x: u64, k: usize) -> u64 {
    if k == 0 {
        return 0;
    }
    let d = (x & bytes(0x0f)) << (8 * (8 - k));
    let d = (d.wrapping_mul(1 + (10 << 8)) >> 8) & 0x00ff_00ff_00ff_00ff;
    let d = (d.wrapping_mul(1 + (100 << 16)) >> 16) & 0x0000_ffff_0000_ffff;
    d.wrapping_mul(1 + (10_000 << 32)) >> 32
}

/// Powers of ten up to 10^8.
const POW10: [u64; 9] = [
    1,
    10,
    100,
    1_000,
    10_000,
    100_000,
    1_000_000,
    10_000_000,
    100_000_000,
];

/// The number that the digits at the start of `window` (16 bytes) spell,
/// and how many there are, if they end inside it (a run of 1 to 15 digits,
/// or 16 with no byte after them to say so: `None` for 16).
#[inline]
fn run_of_digits(window: &[u8]) -> Option<(u64, usize)> {
    let (first, second) = window.split_first_chunk::<8>()?;
    let first = u64::from_le_bytes(*first);
    let k = leading_digits(first);
    if k < 8 {
        return Some((digits_value(first, k), k));
    }
    let second = u64::from_le_bytes(*second.first_chunk::<8>()?);
    let k2 = leading_digits(second);
    if k2 == 8 {
        return None;
    }
    let value = digits_value(first, 8) * POW10[k2] + digits_value(second, k2);
    Some((value, 8 + k2))
}

/// A comma with nothing before it in its list, or nothing since the comma
/// before it: an entry left out (`1,,3` is not `1 3`).
fn empty_entry(line: u64) -> ReadError {
    parse_error(Some(line), crate::leetcode::EMPTY_ENTRY.into())
}

fn unclosed_quote(line: u64) -> ReadError {
    parse_error(
        Some(line),
        "a quoted row is not closed: add the missing '\"'".into(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::test_util::{agrees, read_all, small};
    use crate::read::ColumnReader;
    use proptest::prelude::*;
    use std::io;

    proptest! {
        #[test]
        fn the_reader_agrees_with_parse_placements(
            atoms in proptest::collection::vec(
                prop_oneof![
                    Just("0"), Just("1"), Just("2"), Just("3"), Just("4"), Just("10"),
                    Just("007"), Just("+1"), Just("-1"), Just("x"), Just("99999999999999999999999"),
                    Just("["), Just("]"), Just(","), Just(" "), Just("\n"), Just("\r\n"),
                    Just("\"Q\""), Just("\".Q\""), Just("\u{a0}"), Just("é"), Just("[["), Just("]]"), Just("\t"), Just("\"\""),
                ],
                0..14,
            ),
            one_based in any::<bool>(),
        ) {
            let text: String = atoms.concat();
            agrees(&text, one_based);
            agrees(&format!("[{text}]"), one_based);
            agrees(&format!("0 {text}"), one_based);
        }
    }

    #[test]
    fn every_form_reads_as_parse_placements_does() {
        for text in [
            "0 4 7 5 2 6 1 3",
            "0,4,7,5,2,6,1,3",
            "0, 4, 7, 5, 2, 6, 1, 3\n",
            "[0, 4, 7, 5, 2, 6, 1, 3]",
            "[0,4,7,5,2,6,1,3]",
            "0\n4\n7\n5\n2\n6\n1\n3\n",
            "\u{feff}0 4 7 5 2 6 1 3\r\n",
            "\u{feff}[1, 3, 0, 2]",
            "[1, 3, 0, 2]\n[2, 0, 3, 1]\n",
            "[1, 3, 0, 2],[2, 0, 3, 1]",
            "[[1, 3, 0, 2], [2, 0, 3, 1]]",
            "[[1, 3, 0, 2],\n [2, 0, 3, 1]]\n[0]",
            "[1 3 0 2]",
            "[1, 3, 0, 2]\n[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]\n[0]",
            "[[1, 3, 0, 2], [\".Q\", \"Q.\"]]",
            "0\u{a0}1\u{2003}2",
            "007 1",
            "+0",
            "1 5 8 6 3 7 2 4",
        ] {
            agrees(text, false);
            agrees(text, true);
        }
        let p = small(read_all("[[1, 3, 0, 2], [2, 0, 3, 1]]", false).unwrap());
        assert_eq!(p.len(), 2);
        assert!(p.iter().all(Placement::is_solution));
        let p = small(read_all("1 5 8 6 3 7 2 4", true).unwrap());
        assert_eq!(p[0].queens()[1].col, 4);
    }

    #[test]
    fn a_word_longer_than_any_number_is_refused_not_cut() {
        // A word was kept to its first 4,096 bytes and read as the number
        // they spell: `1 3 <4,096 zeros>9 2` was a solution for n = 4.
        let zeros = |k: usize| "0".repeat(k);
        let texts = [
            format!("1 3 {}junk 2", zeros(WORD_KEEP)),
            format!("1 3 {}9 2", zeros(WORD_KEEP)),
            format!("[1, 3, {}9, 2]", zeros(WORD_KEEP)),
            format!("1\n3\n{}7\n2\n", zeros(WORD_KEEP)),
            format!("1 3 {}é 2", zeros(WORD_KEEP)),
            format!("1 3 {}\u{a0}9 2", zeros(WORD_KEEP + 1)),
            format!("1 3 {} 2", zeros(WORD_KEEP)),
            format!("1 3 {}", "é".repeat(3000)),
            // A piece after a wide blank, a little shorter than the bound:
            // read whole, not as its first bytes.
            format!("1\u{3000}{}9 3 0 2", zeros(WORD_KEEP - 2)),
            format!("1\u{3000}{}9\u{3000}3 0 2", zeros(WORD_KEEP - 1)),
            format!("1\u{3000}{}9\u{3000}3 0 2", zeros(WORD_KEEP)),
            format!("[1] {}", zeros(5000)),
            format!("[{}, \".Q\"]", zeros(5000)),
            format!("{}1", zeros(100_000)),
        ];
        for text in &texts {
            agrees(text, false);
            agrees(text, true);
        }
        let e = read_all(&texts[1], false).unwrap_err();
        assert_eq!(
            e,
            "line 1: token 3 (\"000000000000000000000000\"…) is longer than 4096 bytes, which \
             no column number is"
        );
        // Exactly 4,096 bytes is still a number: column 0.
        assert!(small(read_all(&texts[6], false).unwrap())[0].is_solution());
    }

    /// A word handed on in parts says the same first error wherever the
    /// buffers end: a piece before a byte that is not UTF-8 is refused
    /// first (it was "not UTF-8" when both were in one buffer).
    #[test]
    fn the_first_error_does_not_depend_on_the_buffers() {
        let mut text = b"[1, 3, 0, 2]\xc2\xa0x\xc2\xa0".to_vec();
        text.extend(std::iter::repeat_n(b'y', 5000));
        text.push(0xff);
        let mut first = None;
        for capacity in [1, 7, 64, 4096, 8192, 1 << 16] {
            let src = io::BufReader::with_capacity(capacity, &text[..]);
            let e = crate::read::test_util::read_with(ColumnReader::new(src, false)).unwrap_err();
            assert!(e.contains("\"x\""), "capacity {capacity}: {e}");
            assert_eq!(
                first.get_or_insert_with(|| e.clone()),
                &e,
                "capacity {capacity}"
            );
        }
    }

    #[test]
    fn a_list_that_no_break_spaces_separate_is_read_whole() {
        // Such a list is one word to the byte classes: it was read as its
        // first 4,096 bytes (a solution of 3,000 queens as 776 columns).
        let cols = crate::read::test_util::solution(1200);
        for sep in ["\u{a0}", "\u{3000}", " \u{2003}"] {
            let words: Vec<String> = cols.iter().map(usize::to_string).collect();
            let text = words.join(sep);
            agrees(&text, false);
            let read = small(read_all(&text, false).unwrap());
            assert_eq!(read[0].n(), 1200);
            assert!(read[0].is_solution());
            // Past the detail limit, through the verifier of large boards.
            let reader = ColumnReader::new(text.as_bytes(), false).with_detail_max(100);
            match crate::read::test_util::read_with(reader)
                .unwrap()
                .as_slice()
            {
                [crate::read::Streamed::Large(v)] => assert!(v.is_solution() && v.n() == 1200),
                other => panic!("{other:?}"),
            }
        }
    }

    #[test]
    fn errors_read_as_parse_placements_says() {
        for text in [
            "0 4 7\n5 x 6",
            "0 1 3",
            "0 1 -2",
            "0 1 2",
            "1 2 3",
            "[0, 1",
            "[0, 1]\n[0",
            "[]",
            "[,]",
            "[[]]",
            "[1, \".Q\"]",
            "[1, \".Q\"",
            "[1, \".Q]",
            "[\n1,\n2]\n]",
            "[1] x",
            "[1] \"s\"",
            "[[1], 2]",
            "[[1], \"s\"]",
            "[1, [2]]",
            "[, [1]]",
            "[[1]",
            "[",
            "99999999999999999999999 0",
            "0 1 007",
            "1 2 +2",
            "0 -",
            "[0]\n[1, 1]\n[\".Q\",\"..\"]",
            "[0]\n[\".Q\",\"..\"\n",
            "[\n0,\n5\n]",
            "0 1\n2 \u{a0}x",
            "1,,3,0,2",
            ",1,3,0,2",
            "1, 3,\n,0",
            "1,\u{a0},3",
            "[1,,3,0,2]",
            "[,1,3,0,2]",
            "[1,3,\n,0,2]",
            "[[1,3,0,2],[,2,0,3,1]]",
            "[\".Q\",,\"Q.\"]",
            "[,\".Q\",\"Q.\"]",
            "[1, \".Q\",,]",
        ] {
            agrees(text, false);
            agrees(text, true);
        }
        let e = read_all("0 4 7\n5 x 6", false).unwrap_err();
        assert!(
            e.starts_with("line 2: token 5 (\"x\") is not a column number"),
            "{e}"
        );
        // An entry left out is not read past (`1,,3,0,2` was read as
        // `1 3 0 2`, a solution for n = 4); a comma at the end is allowed.
        for text in [
            "1,,3,0,2",
            "[1,,3,0,2]",
            "1,\n,3,0,2",
            "[\".Q..\",,\"...Q\"]",
        ] {
            let e = read_all(text, false).unwrap_err();
            assert!(e.contains("an empty entry"), "{text:?}: {e}");
        }
        assert!(read_all("1,3,0,2,", false).is_ok());
        assert!(read_all("[1,3,0,2,]", false).is_ok());
        let e = read_all("  \n", false).unwrap_err();
        assert!(e.starts_with("the input is empty"), "{e}");
        let e = read_all("0 \u{ff}", false).unwrap_err();
        assert!(e.starts_with("line 1: token 2 (\"ÿ\")"), "{e}");
    }

    /// The digits at the start of `bytes` one at a time, as the scanner read
    /// them before it read eight at a time: (value, how many).
    fn digit_by_digit(bytes: &[u8]) -> (u64, usize) {
        let k = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
        let value = bytes[..k]
            .iter()
            .fold(0u64, |v, &b| v.wrapping_mul(10) + u64::from(b - b'0'));
        (value, k)
    }

    #[test]
    fn eight_digits_at_a_time_read_as_one_at_a_time() {
        // Every run length of 1 to 16, ended by every byte there is (bytes
        // from 0xfa carry when 6 is added: the end of the run must not move).
        let digits = b"9081726354637281";
        for k in 1..=16 {
            for end in (0..=255u8).filter(|b| !b.is_ascii_digit()) {
                let mut window = [end; 17];
                window[..k].copy_from_slice(&digits[..k]);
                let want = digit_by_digit(&window);
                assert_eq!(want.1, k);
                let got = run_of_digits(&window[..16]);
                // Sixteen digits fill the window: the slow loop reads them.
                let want = (k < 16).then_some(want);
                assert_eq!(got, want, "k = {k}, end = {end:#x}");
            }
        }
        assert_eq!(run_of_digits(b"0000000000000000"), None);
        assert_eq!(run_of_digits(b"000000000000001,"), Some((1, 15)));
        assert_eq!(run_of_digits(b"99999999 9999999"), Some((99_999_999, 8)));
        assert_eq!(
            run_of_digits(b"999999999999999\n"),
            Some((999_999_999_999_999, 15))
        );
        assert_eq!(run_of_digits(b"short"), None);
    }

    /// The words of a plain list (no brackets, ASCII), the obvious way: lines
    /// at newlines, entries at commas, words at blanks; or the line of the
    /// first comma that leaves an entry empty.
    /// A word as the scanner hands it on: its value, its text, its line.
    type Plain = (Result<u64, Bad>, String, u64);

    fn plain_words(text: &str) -> Result<Vec<Plain>, u64> {
        let mut words = Vec::new();
        let mut empty = true;
        for (line, n) in text.split('\n').zip(1..) {
            let entries: Vec<&str> = line.split(',').collect();
            for (k, entry) in entries.iter().enumerate() {
                for w in entry.split([' ', '\t', '\r']).filter(|w| !w.is_empty()) {
                    words.push((classify(w), w.to_string(), n));
                    empty = false;
                }
                if k + 1 < entries.len() {
                    if empty {
                        return Err(n);
                    }
                    empty = true;
                }
            }
        }
        Ok(words)
    }

    proptest! {
        /// Long and short numbers, glued to letters and signs, cut anywhere
        /// by the buffer's end: the same words, values and lines as the
        /// obvious reading.
        #[test]
        fn plain_words_read_as_the_obvious_split(
            atoms in proptest::collection::vec(
                prop_oneof![
                    "[0-9]{1,24}", "[1-9][0-9]{7,9}", "0{1,9}[0-9]{1,9}",
                    "[0-9]{1,17}[a-z+:/-]", "-[0-9]{1,10}", "[+][0-9]{1,3}",
                    "[ ,\t\n]", "\r\n", ", ",
                ],
                0..60,
            ),
            capacity in 1usize..80,
        ) {
            let text: String = atoms.concat();
            let want = plain_words(&text);
            for capacity in [capacity, 1 << 16] {
                let src = io::BufReader::with_capacity(capacity, text.as_bytes());
                let mut scanner = Scanner::new(src);
                let mut got = Vec::new();
                let scanned = scanner.scan(&mut |w: Word<'_>| {
                    got.push((w.value, String::from_utf8_lossy(w.text).into_owned(), w.line));
                    Ok(ControlFlow::Continue(()))
                });
                match (&want, scanned) {
                    (Ok(want), Ok(Scan::Columns | Scan::End)) => {
                        prop_assert_eq!(&got, want, "capacity {}", capacity)
                    }
                    (Err(line), Err(ReadError::Parse(e))) => {
                        prop_assert_eq!(e.line, Some(*line as usize));
                        prop_assert!(e.message.starts_with("an empty entry"), "{}", e.message);
                    }
                    (want, got) => prop_assert!(false, "{:?} against {:?}", want, got.map(|_| ())),
                }
            }
        }
    }

    /// A source that has more to say after it said it had ended, as a
    /// terminal does after Ctrl-D.
    struct Growing(Vec<&'static [u8]>);

    impl io::Read for Growing {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            unreachable!("read through BufRead only")
        }
    }

    impl BufRead for Growing {
        fn fill_buf(&mut self) -> io::Result<&[u8]> {
            Ok(self.0.first().copied().unwrap_or_default())
        }
        fn consume(&mut self, k: usize) {
            if let Some(part) = self.0.first_mut() {
                *part = &part[k..];
                if part.is_empty() {
                    self.0.remove(0);
                }
            }
        }
    }

    #[test]
    fn bytes_after_the_end_of_a_plain_list_do_not_hang() {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut scanner = Scanner::new(Growing(vec![b"1 3 0 2"]));
            let mut words = 0;
            let mut count = |_: Word<'_>| {
                words += 1;
                Ok(ControlFlow::Continue(()))
            };
            let first = matches!(scanner.scan(&mut count), Ok(Scan::Columns));
            // The step and the word reader once took `[` here with different
            // byte classes, and looped for ever.
            scanner.src.0.push(b"[x] 5");
            let second = matches!(scanner.scan(&mut count), Ok(Scan::End));
            let _ = tx.send((first, second, words));
        });
        let done = rx.recv_timeout(std::time::Duration::from_secs(20));
        assert_eq!(done, Ok((true, true, 6)));
    }

    #[test]
    fn not_utf8_names_the_offset() {
        let mut r = ColumnReader::new(&b"0 \xff 1\n"[..], false);
        assert!(matches!(
            r.next_placement(),
            Err(ReadError::NotUtf8 { offset: 2 })
        ));
        let mut r = ColumnReader::new(&b"[0, 1]\n[\"\xe9\"]"[..], false);
        r.next_placement().unwrap();
        assert!(matches!(
            r.next_placement(),
            Err(ReadError::NotUtf8 { offset: 9 })
        ));
    }
}
