//! [`ColumnReader`]: placements in the column-list forms, read from any
//! [`BufRead`] as they stream by, and [`Streamed`], what it returns.
//!
//! The reader is the public face of two parts: the `scan` tokenizer, which
//! turns bytes into words and knows where a placement ends, and the `builder`,
//! which turns the words of one placement into a [`Placement`](crate::Placement) or a
//! [`Verdict`]. Memory is the source's buffer and the verifier's bits,
//! whatever the input.

use std::io::BufRead;
use std::ops::ControlFlow;

use super::builder::Builder;
use super::error::{parse_error, ReadError, COLUMN_LISTS, PAIRS};
use super::json::JsonLines;
use super::pairs::PairLines;
use super::scan::{Scan, Scanner, Word};
use super::sniff::InputFormat;
use super::verdict::{Streamed, Verdict};
use super::DETAIL_MAX;

/// Reads placements in the column-list forms from a [`BufRead`], streaming.
///
/// The forms and the errors are those of
/// [`parse_placements`]: numbers separated by
/// blanks, commas or newlines (one placement), or bracketed lists (one
/// placement each, as `nqueens all --format list` prints them, or a list of
/// lists); columns count from 0, or from 1 with `one_based`. A quoted
/// (LeetCode) board among bracketed lists is read whole and handed to
/// `parse_placements`. Use [`is_column_list`] to tell these forms from drawn
/// boards first.
///
/// Each placement of at most [`with_detail_max`](Self::with_detail_max)
/// queens (default [`DETAIL_MAX`]) comes back as a [`Placement`](crate::Placement); a larger one
/// streams through a [`LineVerifier`] and comes back as its [`Verdict`].
/// Memory is the reader's buffer and the verifier's bits, whatever the input.
///
/// ```
/// use nqueens::{ColumnReader, Streamed};
///
/// let text = "[1, 3, 0, 2]\n[2, 0, 3, 1]\n";
/// let mut reader = ColumnReader::new(text.as_bytes(), false);
/// let mut n = 0;
/// while let Some(Streamed::Small(p)) = reader.next_placement()? {
///     assert!(p.is_solution());
///     n += 1;
/// }
/// assert_eq!(n, 2);
///
/// let err = ColumnReader::new("0 1\n2 x".as_bytes(), false).next_placement().unwrap_err();
/// assert!(err.to_string().starts_with("line 2: token 4 (\"x\") is not a column number"));
/// # Ok::<(), nqueens::ReadError>(())
/// ```
///
/// [`parse_placements`]: crate::parse_placements
/// [`is_column_list`]: super::is_column_list
/// [`LineVerifier`]: super::LineVerifier
#[derive(Debug)]
pub struct ColumnReader<R> {
    source: Source<R>,
    /// Placements returned so far.
    placements: usize,
    builder: Builder,
}

impl<R: BufRead> ColumnReader<R> {
    /// A reader of `src`; columns count from 1 if `one_based`.
    pub fn new(src: R, one_based: bool) -> Self {
        ColumnReader {
            source: Source::Columns(Scanner::new(src)),
            placements: 0,
            builder: Builder::new(one_based, DETAIL_MAX),
        }
    }

    /// Placements of at most `n` queens come back whole
    /// ([`Streamed::Small`]); the default is [`DETAIL_MAX`].
    pub fn with_detail_max(mut self, n: usize) -> Self {
        self.builder.detail_max = n;
        self
    }

    /// Large placements keep their first `k` columns to name earlier queens
    /// without a second pass ([`LineVerifier::keeping_columns`]).
    ///
    /// [`LineVerifier::keeping_columns`]: super::LineVerifier::keeping_columns
    pub fn with_kept_columns(mut self, k: usize) -> Self {
        self.builder.keep = k;
        self
    }

    /// Refuses placements of more than `limit` queens: reading stops with
    /// [`ReadError::TooMany`] at the first queen beyond.
    pub fn with_limit(mut self, limit: usize) -> Self {
        self.builder.limit = Some(limit);
        self
    }

    /// Reads the placements in `format`, one of the forms that stream
    /// ([`InputFormat::streams`]): column lists (the default), JSON lines or
    /// `row, col;` pairs. Drawn, LeetCode and matrix boards are read whole by
    /// [`parse_placements_as`](crate::parse_placements_as); for them the
    /// reader stays a column-list reader (whose bracketed lists take LeetCode
    /// boards too). Told [`InputFormat::Columns`], it reads column lists
    /// only: a LeetCode board is refused, and an error says what a column
    /// list is rather than every form. Call it before reading.
    ///
    /// ```
    /// use nqueens::{ColumnReader, InputFormat, Streamed};
    ///
    /// let text = "{\"n\":4,\"columns\":[1,3,0,2]}\n";
    /// let mut reader = ColumnReader::new(text.as_bytes(), false).with_format(InputFormat::Json);
    /// assert!(matches!(reader.next_placement()?, Some(Streamed::Small(p)) if p.is_solution()));
    ///
    /// let text = "0, 1; 1, 3; 2, 0; 3, 2;\n";
    /// let mut reader = ColumnReader::new(text.as_bytes(), false).with_format(InputFormat::Pairs);
    /// assert!(matches!(reader.next_placement()?, Some(Streamed::Small(p)) if p.is_solution()));
    ///
    /// // A LeetCode board reads as one where the form is guessed, not where
    /// // column lists were asked for.
    /// let text = "[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]\n";
    /// let mut guessed = ColumnReader::new(text.as_bytes(), false);
    /// assert!(matches!(guessed.next_placement()?, Some(Streamed::Small(p)) if p.is_solution()));
    /// let mut told = ColumnReader::new(text.as_bytes(), false).with_format(InputFormat::Columns);
    /// let e = told.next_placement().unwrap_err().to_string();
    /// assert!(e.contains("where a column list was asked for"), "{e}");
    /// # Ok::<(), nqueens::ReadError>(())
    /// ```
    pub fn with_format(mut self, format: InputFormat) -> Self {
        let one_based = self.builder.base() == 1;
        self.source = match (self.source, format) {
            (Source::Columns(s), InputFormat::Json) => Source::Json(JsonLines::new(s.into_src())),
            (Source::Columns(s), InputFormat::Pairs) => {
                self.builder.expected = PAIRS;
                self.builder.word_name = "pair";
                Source::Pairs(PairLines::new(s.into_src(), one_based))
            }
            (Source::Columns(mut s), InputFormat::Columns) => {
                s.lists_only = true;
                self.builder.expected = COLUMN_LISTS;
                Source::Columns(s)
            }
            (source, _) => source,
        };
        self
    }

    /// Bytes read so far.
    pub fn offset(&self) -> u64 {
        match &self.source {
            Source::Columns(s) => s.offset,
            Source::Json(s) => s.cur.offset,
            Source::Pairs(s) => s.cur.offset,
        }
    }

    /// Where the placement last returned began, in bytes from the start (its
    /// `[`, or 0 for a plain list): a reader started there reads it again.
    pub fn placement_offset(&self) -> u64 {
        match &self.source {
            Source::Columns(s) => s.start_offset,
            Source::Json(s) => s.cur.start_offset,
            Source::Pairs(s) => s.cur.start_offset,
        }
    }

    /// The line where the placement last returned began.
    pub fn placement_line(&self) -> u64 {
        match &self.source {
            Source::Columns(s) => s.start_line,
            Source::Json(s) => s.cur.start_line,
            Source::Pairs(s) => s.cur.start_line,
        }
    }

    /// The next placement, or `None` at the end of the input.
    ///
    /// # Errors
    /// [`ReadError::Parse`] for text that is not a placement (an empty input
    /// is one), [`ReadError::NotUtf8`], [`ReadError::TooMany`] past the
    /// limit, [`ReadError::Io`].
    pub fn next_placement(&mut self) -> Result<Option<Streamed>, ReadError> {
        // Out of `self` while the scanner borrows it; always reset and put back.
        let mut builder = std::mem::take(&mut self.builder);
        let mut sink = |w: Word<'_>| builder.word(w);
        let scanned = match &mut self.source {
            Source::Columns(s) => s.scan(&mut sink),
            Source::Json(s) => s.scan(&mut sink),
            Source::Pairs(s) => s.scan(&mut sink),
        };
        let result = match scanned {
            Err(e) => Err(e),
            Ok(Scan::End) if self.placements == 0 => Err(parse_error(
                None,
                format!("the input is empty: {}", builder.expected),
            )),
            Ok(Scan::End) => Ok(None),
            Ok(Scan::Stopped) => Err(ReadError::TooMany {
                limit: builder.limit.unwrap_or(0),
            }),
            Ok(Scan::Board(p)) => match builder.limit {
                Some(limit) if p.n() > limit => Err(ReadError::TooMany { limit }),
                _ => Ok(Some(Streamed::Small(p))),
            },
            Ok(Scan::Columns) => builder.finish().map(Some),
        };
        if matches!(result, Ok(Some(_))) {
            self.placements += 1;
        }
        builder.reset();
        self.builder = builder;
        result
    }

    /// Whether another placement may follow: false once only blanks, commas
    /// and closing brackets of a list of lists remain.
    ///
    /// # Errors
    /// [`ReadError::Io`].
    pub fn has_more(&mut self) -> Result<bool, ReadError> {
        match &mut self.source {
            Source::Columns(s) => s.has_more(),
            Source::Json(s) => s.cur.has_more(),
            Source::Pairs(s) => s.cur.has_more(),
        }
    }

    /// The second pass of [`Verdict::fill_earlier_rows_from`]: hands the
    /// columns of the next placement, counted from 0, to `feed` until it
    /// returns false or a word is not a column.
    pub(super) fn for_each_column(
        &mut self,
        mut feed: impl FnMut(u64) -> bool,
    ) -> Result<(), ReadError> {
        let base = self.builder.base();
        let mut sink = |w: Word<'_>| {
            Ok(match w.value {
                Ok(v) if v >= base && feed(v - base) => ControlFlow::Continue(()),
                _ => ControlFlow::Break(()),
            })
        };
        match &mut self.source {
            Source::Columns(s) => s.scan(&mut sink),
            Source::Json(s) => s.scan(&mut sink),
            Source::Pairs(s) => s.scan(&mut sink),
        }?;
        Ok(())
    }
}

/// Where the words of a [`ColumnReader`] come from: the form of the text.
#[derive(Debug)]
enum Source<R> {
    /// Column lists, plain or bracketed (the `scan` tokenizer).
    Columns(Scanner<R>),
    /// JSON lines, read by serde.
    Json(JsonLines<R>),
    /// `row, col;` pairs.
    Pairs(PairLines<R>),
}

impl Verdict {
    /// [`fill_earlier_rows`](Self::fill_earlier_rows) from text: `columns`
    /// reads the same placement again (for example a file opened again and
    /// started at [`ColumnReader::placement_offset`]).
    ///
    /// # Errors
    /// Reading errors only; text that is not a column list just ends the scan.
    pub fn fill_earlier_rows_from<R: BufRead>(
        &mut self,
        columns: &mut ColumnReader<R>,
    ) -> Result<(), ReadError> {
        self.fill_earlier_rows_by(|feed| columns.for_each_column(feed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Attack, Square};
    use crate::read::test_util::{list, naive, solution};
    use crate::read::LineVerifier;
    use std::io;

    /// A byte-order mark and then a blank line, in the form the sniffer
    /// names: the pairs reader took the blank for an empty board (a debug
    /// build panicked on its size 0), the JSON reader for a cut object.
    #[test]
    fn a_mark_and_a_blank_line_come_before_the_board() {
        for text in [
            "\u{feff}\n0, 1; 1, 3; 2, 0; 3, 2;\n",
            "\u{feff} \r\n{\"n\": 4, \"columns\": [1, 3, 0, 2]}\n",
            "\u{feff}\n\n1 3 0 2\n",
        ] {
            let format = crate::read::sniff_format(text.as_bytes(), true).unwrap();
            let mut reader = ColumnReader::new(text.as_bytes(), false).with_format(format);
            let Some(Streamed::Small(p)) = reader.next_placement().unwrap() else {
                panic!("{text:?} ({format:?}): no board")
            };
            assert_eq!(p.to_solution().unwrap().columns(), [1, 3, 0, 2], "{text:?}");
            assert!(reader.next_placement().unwrap().is_none(), "{text:?}");
        }
        // A mark and blanks alone read as no input at all.
        let read = |text: &str| {
            let mut reader =
                ColumnReader::new(text.as_bytes(), false).with_format(InputFormat::Pairs);
            format!("{:?}", reader.next_placement())
        };
        for text in ["\u{feff}", "\u{feff} \n"] {
            assert_eq!(read(text), read(""), "{text:?}");
        }
    }

    #[test]
    fn large_placements_stream_and_name_both_rows() {
        let n = 20_004;
        let mut cols = solution(n);
        cols[15_000] = cols[1234]; // a column conflict with row 1234
        for one_per_line in [false, true] {
            for base in [0, 1] {
                let text = format!(
                    "{}{}",
                    list(&[1, 3, 0, 2], false, base),
                    list(&cols, one_per_line, base)
                );
                let mut reader = ColumnReader::new(text.as_bytes(), base == 1);
                assert!(matches!(
                    reader.next_placement().unwrap(),
                    Some(Streamed::Small(_))
                ));
                assert!(reader.has_more().unwrap());
                let Some(Streamed::Large(mut v)) = reader.next_placement().unwrap() else {
                    panic!("expected a large placement")
                };
                assert!(!reader.has_more().unwrap());
                assert!(reader.next_placement().unwrap().is_none());
                assert_eq!(v.n(), n);
                assert!(!v.is_solution());
                let c = v.conflicts()[0];
                assert_eq!(c.queen, Square::new(15_000, cols[1234]));
                assert_eq!(c.attack, Attack::Column);
                assert!(v.needs_earlier_rows());
                let start = reader.placement_offset() as usize;
                let mut again = ColumnReader::new(&text.as_bytes()[start..], base == 1);
                v.fill_earlier_rows_from(&mut again).unwrap();
                assert_eq!(v.conflicts()[0].earlier_row, Some(1234));
                // Kept columns do it in one pass.
                let mut reader =
                    ColumnReader::new(text.as_bytes(), base == 1).with_kept_columns(2000);
                reader.next_placement().unwrap();
                let Some(Streamed::Large(v)) = reader.next_placement().unwrap() else {
                    panic!()
                };
                assert_eq!(v.conflicts()[0].earlier_row, Some(1234));
            }
        }
        // A valid board, one column per line and no brackets.
        let text: String = solution(n).iter().map(|c| format!("{c}\n")).collect();
        let mut reader = ColumnReader::new(text.as_bytes(), false);
        let Some(Streamed::Large(v)) = reader.next_placement().unwrap() else {
            panic!()
        };
        assert!(v.is_solution() && v.conflicts().is_empty());
    }

    #[test]
    fn second_pass_in_a_list_of_lists() {
        let n = 3000;
        let mut cols = solution(n);
        // Row 2999 moves from column 2998 to 2997: a diagonal with row 2998
        // (column 2996) and a column with row 1498.
        cols[2999] = 2997;
        let text = format!("[[1, 3, 0, 2],\n{}, [0]]", list(&cols, false, 0).trim_end());
        let mut reader = ColumnReader::new(text.as_bytes(), false).with_detail_max(100);
        reader.next_placement().unwrap();
        let Some(Streamed::Large(mut v)) = reader.next_placement().unwrap() else {
            panic!()
        };
        assert!(!v.is_solution());
        let start = reader.placement_offset() as usize;
        assert_eq!(&text[start..start + 1], "[");
        v.fill_earlier_rows_from(&mut ColumnReader::new(&text.as_bytes()[start..], false))
            .unwrap();
        let want = naive(&cols).0;
        assert_eq!(v.conflicts(), &want[..v.conflicts().len()]);
        assert!(matches!(
            reader.next_placement().unwrap(),
            Some(Streamed::Small(_))
        ));
        assert!(!reader.has_more().unwrap());
        assert!(reader.next_placement().unwrap().is_none());
    }

    #[test]
    #[ignore = "timing: cargo test --release -p nqueens --lib stream -- --ignored --nocapture"]
    fn speed() {
        let n = 10_000_000;
        let cols = solution(n);
        let text = list(&cols, false, 0);
        for _ in 0..3 {
            let t = std::time::Instant::now();
            let mut reader = ColumnReader::new(
                io::BufReader::with_capacity(1 << 18, text.as_bytes()),
                false,
            );
            let Some(Streamed::Large(v)) = reader.next_placement().unwrap() else {
                panic!()
            };
            assert!(v.is_solution());
            println!(
                "read and check {n}: {:?} for {} MB",
                t.elapsed(),
                text.len() >> 20
            );
        }
        let mut count = 0u64;
        let t = std::time::Instant::now();
        let mut reader = ColumnReader::new(text.as_bytes(), false);
        let Source::Columns(scanner) = &mut reader.source else {
            unreachable!()
        };
        scanner
            .scan(&mut |_w: Word<'_>| {
                count += 1;
                Ok(ControlFlow::Continue(()))
            })
            .unwrap();
        assert_eq!(count, n as u64);
        println!("tokenize only: {:?}", t.elapsed());
        for sized in [false, true] {
            let t = std::time::Instant::now();
            let mut v = if sized {
                LineVerifier::with_size(n)
            } else {
                LineVerifier::new()
            };
            for &c in &cols {
                v.push(c);
            }
            assert!(v.finish().is_solution());
            println!("push only (sized {sized}): {:?}", t.elapsed());
        }
        // The alternative with n known: three flat bit vectors.
        let t = std::time::Instant::now();
        let mut flat = [
            vec![0u64; n / 64 + 1],
            vec![0u64; n / 32 + 1],
            vec![0u64; n / 32 + 1],
        ];
        let mut hits = 0u64;
        for (row, &col) in cols.iter().enumerate() {
            let keys = [col, row + n - 1 - col, row + col];
            for (set, key) in flat.iter_mut().zip(keys) {
                let (w, m) = (&mut set[key >> 6], 1u64 << (key & 63));
                hits += u64::from(*w & m != 0);
                *w |= m;
            }
        }
        assert_eq!(hits, 0);
        println!("push only (flat bit vectors): {:?}", t.elapsed());
    }
}
