//! JSON lines, `{"n":8,"columns":[0,4,7,5,2,6,1,3]}` one object a line, as
//! `--format json` writes them, read by serde a line at a time.
//!
//! The columns are not collected: serde hands each one, as it parses it, to
//! the [`Builder`](super::builder::Builder) that a column list feeds, so a
//! line of a billion columns takes the verifier's bits and the reader's
//! buffer, and small placements get the column list's checks and messages.
//! Each object must fill its line (JSON lines: nothing after it but blanks),
//! hold `n` and `columns` once each and nothing else, and `n` must be the
//! number of columns.

use std::fmt;
use std::io::{self, BufRead, Read};
use std::ops::ControlFlow;

use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};

use super::cursor::LineCursor;
use super::error::{parse_error, ReadError};
use super::scan::{Flow, Scan, Word};

/// The JSON-lines source of a [`ColumnReader`](super::ColumnReader).
#[derive(Debug)]
pub(super) struct JsonLines<R> {
    pub(super) cur: LineCursor<R>,
}

impl<R: BufRead> JsonLines<R> {
    pub(super) fn new(src: R) -> Self {
        JsonLines {
            cur: LineCursor::new(src),
        }
    }

    /// Reads the next object, handing its columns to `sink`.
    pub(super) fn scan<F>(&mut self, sink: &mut F) -> Result<Scan, ReadError>
    where
        F: FnMut(Word<'_>) -> Flow,
    {
        if !self.cur.start()? {
            return Ok(Scan::End);
        }
        let line = self.cur.line;
        let mut state = State {
            sink,
            line,
            stop: None,
            columns: 0,
        };
        let mut one = OneLine {
            src: &mut self.cur.src,
            offset: &mut self.cur.offset,
            ended: false,
            string: None,
            escaped: false,
            long_string: false,
        };
        let mut de = serde_json::Deserializer::from_reader(&mut one);
        let read = Object(&mut state).deserialize(&mut de).and_then(|n| {
            de.end()?;
            Ok(n)
        });
        let ended = one.ended;
        if one.long_string {
            return Err(parse_error(
                Some(line),
                format!(
                    "a string of more than {STRING_MAX} bytes: a placement's object holds \
                     \"n\" and \"columns\" and nothing else, such as \
                     {{\"n\":4,\"columns\":[1,3,0,2]}}"
                ),
            ));
        }
        // The rest of the line, if the object failed before its end, is
        // not read: the error ends the reading.
        if ended {
            self.cur.line += 1;
        }
        match (read, state.stop) {
            (_, Some(Stop::Failed(e))) => Err(e),
            (_, Some(Stop::Limit)) => Ok(Scan::Stopped),
            (Ok(n), None) if n != state.columns => Err(parse_error(
                Some(line),
                format!(
                    "\"n\" is {n}, but \"columns\" holds {} {}; a placement has one \
                     column a row",
                    state.columns,
                    if state.columns == 1 {
                        "column"
                    } else {
                        "columns"
                    }
                ),
            )),
            (Ok(_), None) => Ok(Scan::Columns),
            (Err(e), None) => Err(json_error(line, &e)),
        }
    }
}

/// The longest string a line may hold. serde keeps a string whole before
/// it is checked, so a line of one long key took as much memory (and its
/// message quoted it: a gigabyte key ended the program); an object's only
/// strings are its two keys.
const STRING_MAX: usize = 64;

/// The rest of one line of a [`BufRead`], newline included, then the end;
/// an error once a string is longer than [`STRING_MAX`].
struct OneLine<'a, R> {
    src: &'a mut R,
    offset: &'a mut u64,
    ended: bool,
    /// The bytes of the string being read, if one is.
    string: Option<usize>,
    /// The last byte of a string was a backslash.
    escaped: bool,
    /// A string was longer than [`STRING_MAX`].
    long_string: bool,
}

impl<R> OneLine<'_, R> {
    /// Follows the strings of `bytes`; false once one is too long.
    fn strings(&mut self, bytes: &[u8]) -> bool {
        for &b in bytes {
            match (self.string, b) {
                (None, b'"') => self.string = Some(0),
                (None, _) => {}
                (Some(_), b'"') if !self.escaped => self.string = None,
                (Some(k), _) => {
                    self.escaped = !self.escaped && b == b'\\';
                    if k == STRING_MAX {
                        self.long_string = true;
                        return false;
                    }
                    self.string = Some(k + 1);
                }
            }
        }
        true
    }
}

impl<R: BufRead> Read for OneLine<'_, R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.ended || out.is_empty() {
            return Ok(0);
        }
        let buf = loop {
            match self.src.fill_buf() {
                Ok(buf) => break buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        };
        // serde reads a byte at a time: look no further than it asks.
        let buf = &buf[..buf.len().min(out.len())];
        let newline = buf.iter().position(|&b| b == b'\n');
        let take = newline.map_or(buf.len(), |end| end + 1);
        self.ended = newline.is_some();
        out[..take].copy_from_slice(&buf[..take]);
        self.src.consume(take);
        *self.offset += take as u64;
        if !self.strings(&out[..take]) {
            return Err(io::Error::other("a string too long"));
        }
        Ok(take)
    }
}

/// Why the columns stopped before serde did.
enum Stop {
    /// The builder refused a column.
    Failed(ReadError),
    /// The builder's limit was reached.
    Limit,
}

/// What the visitors share: the builder's sink and what stopped it.
struct State<'s, F> {
    sink: &'s mut F,
    line: u64,
    stop: Option<Stop>,
    columns: u64,
}

/// One object: `{"n": N, "columns": [...]}`; its value is `n`.
struct Object<'a, 's, F>(&'a mut State<'s, F>);

/// The keys an object may have.
#[derive(serde::Deserialize)]
#[serde(field_identifier, rename_all = "lowercase")]
enum Key {
    N,
    Columns,
}

impl<'de, F: FnMut(Word<'_>) -> Flow> DeserializeSeed<'de> for Object<'_, '_, F> {
    type Value = u64;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<u64, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de, F: FnMut(Word<'_>) -> Flow> Visitor<'de> for Object<'_, '_, F> {
    type Value = u64;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(r#"an object such as {"n":4,"columns":[1,3,0,2]}"#)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<u64, A::Error> {
        let (mut n, mut columns) = (None, false);
        while let Some(key) = map.next_key::<Key>()? {
            match key {
                Key::N if n.is_some() => return Err(de::Error::duplicate_field("n")),
                Key::N => n = Some(map.next_value_seed(BoardSize)?),
                Key::Columns if columns => return Err(de::Error::duplicate_field("columns")),
                Key::Columns => {
                    columns = true;
                    map.next_value_seed(Columns(&mut *self.0))?;
                }
            }
        }
        if !columns {
            return Err(de::Error::missing_field("columns"));
        }
        n.ok_or_else(|| de::Error::missing_field("n"))
    }
}

/// The `n` of an object, named as such when it is not a whole number (it
/// was "expected a column number", the words for the columns).
struct BoardSize;

impl<'de> DeserializeSeed<'de> for BoardSize {
    type Value = u64;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<u64, D::Error> {
        d.deserialize_u64(self)
    }
}

impl Visitor<'_> for BoardSize {
    type Value = u64;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the board size n, a whole number")
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<u64, E> {
        Ok(v)
    }
}

/// The `columns` array, each column handed to the sink as it is read.
struct Columns<'a, 's, F>(&'a mut State<'s, F>);

impl<'de, F: FnMut(Word<'_>) -> Flow> DeserializeSeed<'de> for Columns<'_, '_, F> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de, F: FnMut(Word<'_>) -> Flow> Visitor<'de> for Columns<'_, '_, F> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array of column numbers")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let state = self.0;
        let mut digits = [0u8; 20];
        while let Some(value) = seq.next_element::<u64>()? {
            state.columns += 1;
            let word = Word {
                value: Ok(value),
                text: decimal(value, &mut digits),
                line: state.line,
            };
            match (state.sink)(word) {
                Ok(ControlFlow::Continue(())) => {}
                Ok(ControlFlow::Break(())) => {
                    state.stop = Some(Stop::Limit);
                    return Err(de::Error::custom("stopped"));
                }
                Err(e) => {
                    state.stop = Some(Stop::Failed(e));
                    return Err(de::Error::custom("stopped"));
                }
            }
        }
        if state.columns == 0 {
            return Err(de::Error::custom(
                "\"columns\" is empty; a placement has one column a row",
            ));
        }
        Ok(())
    }
}

/// `value` in decimal, in `buf`.
fn decimal(mut value: u64, buf: &mut [u8; 20]) -> &[u8] {
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = b'0' + (value % 10) as u8;
        value /= 10;
        if value == 0 {
            return &buf[at..];
        }
    }
}

/// A serde error as a reading error on `line`: the column within the line,
/// and what was wrong, in the words of the column-list reader where it can.
fn json_error(line: u64, e: &serde_json::Error) -> ReadError {
    if e.is_io() {
        return ReadError::Io(io::Error::other(e.to_string()));
    }
    let full = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    let message = full
        .strip_suffix(&suffix)
        .unwrap_or(&full)
        .replace("expected u64", "expected a column number, 0 or more");
    let message = match e.classify() {
        serde_json::error::Category::Eof => {
            return parse_error(
                Some(line),
                format!(
                    "the line ends before its object does ({message}): JSON lines hold one \
                     object a line, such as {{\"n\":4,\"columns\":[1,3,0,2]}}"
                ),
            )
        }
        serde_json::error::Category::Data => format!("not a placement: {message}"),
        _ => format!("not valid JSON: {message}"),
    };
    // (serde counts the column of an error found before the line's first
    // character read as 0; the lines' columns are counted from 1.)
    parse_error(
        Some(line),
        format!("column {}: {message}", e.column().max(1)),
    )
}

#[cfg(test)]
mod tests {
    use crate::read::test_util::read_with;
    use crate::read::{ColumnReader, InputFormat, Streamed};

    fn read(text: &str, detail_max: usize) -> Result<Vec<Streamed>, String> {
        read_with(
            ColumnReader::new(text.as_bytes(), false)
                .with_format(InputFormat::Json)
                .with_detail_max(detail_max),
        )
    }

    #[test]
    fn objects_one_a_line() {
        let text = "{\"n\":4,\"columns\":[1,3,0,2]}\n\n{\"columns\": [2, 0, 3, 1], \"n\": 4}\n";
        let items = read(text, 100).unwrap();
        assert_eq!(items.len(), 2);
        for item in &items {
            let Streamed::Small(p) = item else { panic!() };
            assert!(p.is_solution());
        }
        // Large: the verdict, in the verifier's bits.
        let items = read("{\"n\":5,\"columns\":[0,2,4,1,3]}", 3).unwrap();
        let Streamed::Large(v) = &items[0] else {
            panic!()
        };
        assert!(v.is_solution());
        assert_eq!(v.n(), 5);
    }

    #[test]
    fn errors() {
        for (text, want) in [
            ("{\"n\":4,\"columns\":[1,3,0,2]} x", "line 1: column 29: not valid JSON: trailing characters"),
            ("{\"n\":4,\"columns\":[1,3,0,2]}{\"n\":4,\"columns\":[1,3,0,2]}", "trailing characters"),
            ("{\"n\":4,\n\"columns\":[1,3,0,2]}", "line 1: the line ends before its object does (EOF while parsing a value): JSON lines hold one object a line"),
            ("{\"n\":4,\"n\":4,\"columns\":[1,3,0,2]}", "duplicate field `n`"),
            ("{\"n\":4}", "missing field `columns`"),
            ("{\"columns\":[1,3,0,2]}", "missing field `n`"),
            ("{\"n\":4,\"columns\":[1,3,0,2],\"x\":1}", "unknown field `x`"),
            ("{\"n\":4,\"columns\":[1,-3,0,2]}", "expected a column number, 0 or more"),
            ("{\"n\":4.0,\"columns\":[1,3,0,2]}", "column 9: not a placement: invalid type: floating point `4.0`, expected the board size n, a whole number"),
            ("{\"n\":-4,\"columns\":[1,3,0,2]}", "expected the board size n, a whole number"),
            ("1", "column 1: not a placement: invalid type: integer `1`, expected an object"),
            ("{\"n\":0,\"columns\":[]}", "\"columns\" is empty"),
            ("{\"n\":4,\"columns\":[1,3,0,4]}", "column 4 is off the board"),
            ("[1,3,0,2]", "not a placement: invalid type: sequence, expected an object"),
        ] {
            let e = read(text, 100).unwrap_err();
            assert!(e.contains(want), "{text}: {e}");
        }
    }

    #[test]
    fn a_long_string_is_refused_as_it_is_read() {
        // serde keeps a string whole: a key of a gigabyte took gigabytes,
        // and its message quoted it. A string ends the reading at 65 bytes.
        let key = |k: usize| "x".repeat(k);
        let long = format!("{{\"n\":4,\"{}\":[1,3,0,2]}}", key(10_000_000));
        let src = std::io::BufReader::with_capacity(256, long.as_bytes());
        let mut reader = ColumnReader::new(src, false).with_format(InputFormat::Json);
        let e = reader.next_placement().unwrap_err().to_string();
        assert!(
            e.starts_with("line 1: a string of more than 64 bytes"),
            "{e}"
        );
        assert!(e.len() < 200, "{e}");
        assert!(reader.offset() < 1000, "read {} bytes", reader.offset());
        // 64 bytes is a string serde reads (an unknown key here), escapes
        // and quotes within it followed.
        for (text, want) in [
            (
                format!("{{\"n\":4,\"{}\":[1,3,0,2]}}", key(64)),
                "unknown field",
            ),
            (
                format!("{{\"n\":4,\"{}\":[1,3,0,2]}}", key(65)),
                "a string of more than 64",
            ),
            (
                format!("{{\"n\":4,\"{}\\\"\":[1]}}", key(62)),
                "unknown field",
            ),
            (
                format!("{{\"n\":4,\"{}\\\"x\":[1]}}", key(62)),
                "a string of more than 64",
            ),
            (
                format!("{{\"n\":\"{}\",\"columns\":[1]}}", key(100)),
                "a string of more than 64",
            ),
        ] {
            let e = read(&text, 100).unwrap_err();
            assert!(e.contains(want), "{text}: {e}");
        }
    }
}
