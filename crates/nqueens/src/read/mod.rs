//! Reading placements of any size as they stream by, and checking them:
//! O(n) time, O(n) bits.
//!
//! This is the library's one reader of column lists, at the bottom with the
//! board and the errors: [`parse_placements`] hands column lists to
//! [`ColumnReader`], `nqueens verify` streams files through it, and it
//! imports neither the engines nor the huge-board searches.
//!
//! [`crate::verify`] and [`Placement`] hold every queen, a `usize` or a
//! 16-byte [`Square`] each: 16 GB for a billion queens before a report even
//! starts. Checking a column list needs far less. The queen of row `r` in
//! column `c` stands on column `c`, diagonal `r - c` and anti-diagonal
//! `r + c`, and one queen per row is a solution exactly when no queen lands on
//! a line that an earlier queen already holds. A [`LineVerifier`] therefore
//! keeps one *bit* per line and forgets each column as soon as it has set its
//! three bits: a solution of n queens touches n columns, 2n − 1 diagonals and
//! 2n − 1 anti-diagonals, about 5n bits (625 MB for a billion queens), and the
//! columns are read once, in order, from a file or a pipe.
//!
//! ## Paged bits
//!
//! A stream does not say how long it is, so the line sets cannot be sized up
//! front, and a column number is whatever the input says: a single hostile
//! `4000000000` must not allocate half a gigabyte. Each set is a
//! [`PagedBitSet`], a directory of 64-Kibit (8 KiB) pages allocated when a bit
//! in them is first set, so memory follows the lines actually touched: a
//! solution fills its pages densely, and a lone huge column costs one page.
//! Columns and rows are capped at [`MAX_QUEENS`] = 2^32 (boards of up to
//! 4,294,967,296 queens), which bounds every directory (at most 2^17 entries,
//! 1 MiB). With n known up front ([`LineVerifier::with_size`]) the lines are
//! three flat bit vectors instead: no directory look-up, about 1.5 times as
//! fast per row (measured on 10^7 queens: 4.3 ns against 6.5 ns a row; reading
//! the text costs about as much again).
//!
//! ## Off the board while n is unknown
//!
//! A column at or beyond n is off the board, but in a stream n is the number
//! of rows, known only at the end. The first queen off the board is a strict
//! prefix maximum of the columns (every earlier column is below n, its own is
//! not) and has a column above its row (n > row). The verifier records the
//! rows and the columns of such prefix maxima in two more paged sets; both
//! grow in the same order, so the k-th recorded row belongs with the k-th
//! recorded column, and at the end the smallest recorded column at or above
//! n, and the row of the same rank, name the first queen off the board
//! exactly, in one pass and O(n) bits.
//!
//! ## The earlier queen needs a second look
//!
//! A bit says that a line is taken, not by which row. The [`Verdict`] lists
//! the first [`CONFLICTS_KEPT`] queens found on a taken line and which line,
//! and counts all of them exactly, but the row of the earlier queen needs the
//! columns again: [`Verdict::fill_earlier_rows`] scans them once more up to
//! the last listed conflict, checking each row's three lines against the few
//! lines of interest. A file can be read twice
//! ([`Verdict::fill_earlier_rows_from`], starting at
//! [`ColumnReader::placement_offset`]); a pipe cannot, so
//! [`LineVerifier::keeping_columns`] keeps a prefix of the columns (4 bytes
//! each) to name the earlier rows that fall inside it.
//!
//! ## Reading text
//!
//! [`ColumnReader`] reads the column-list forms of
//! [`parse_placements`] from any [`BufRead`], straight from its buffer
//! (the digits of a number eight at a time) with no allocation per number: numbers separated by spaces, commas
//! or newlines, bracketed lists (several lists, several placements), and a
//! list of lists. Each placement of at most [`DETAIL_MAX`] queens comes back
//! whole, as a [`Placement`], with the same errors as `parse_placements`;
//! larger ones come back as a [`Verdict`]. [`is_column_list`] tells, from the
//! first bytes, whether text is in one of these forms or is a drawn or
//! LeetCode board for `parse_placements`.
//!
//! ```
//! use nqueens::{ColumnReader, LineVerifier, Streamed};
//! use nqueens::Attack;
//!
//! let mut verifier = LineVerifier::new();
//! for col in [1, 3, 0, 2] {
//!     verifier.push(col);
//! }
//! assert!(verifier.finish().is_solution());
//!
//! // Rows 0 and 3 share column 1. Above 3 queens (here), a verdict.
//! let text = "[1, 3, 0, 2]\n[1, 3, 0, 1, 4]\n";
//! let mut reader = ColumnReader::new(text.as_bytes(), false).with_detail_max(3);
//! let Some(Streamed::Large(verdict)) = reader.next_placement()? else { panic!() };
//! assert!(verdict.is_solution());
//! let Some(Streamed::Large(mut verdict)) = reader.next_placement()? else { panic!() };
//! let first = verdict.conflicts()[0];
//! assert_eq!((first.queen.row, first.queen.col, first.attack), (3, 1, Attack::Column));
//! assert_eq!(first.earlier_row, None); // not in the bits
//!
//! // A second pass over the same text, from where that placement began.
//! let start = reader.placement_offset() as usize;
//! verdict.fill_earlier_rows_from(&mut ColumnReader::new(&text.as_bytes()[start..], false))?;
//! assert_eq!(verdict.conflicts()[0].earlier_row, Some(0));
//! assert!(reader.next_placement()?.is_none());
//! # Ok::<(), nqueens::ReadError>(())
//! ```
//!
//! [`Placement`]: crate::Placement
//! [`Square`]: crate::Square
//! [`parse_placements`]: crate::parse_placements
//! [`BufRead`]: std::io::BufRead

// What goes where. The check: `bits` (the paged bit set), `lines` (the three
// lines through a square, and the set of lines taken so far), `verifier`
// (pushing columns), `background` (the verifier of a stream on a second
// thread while the text is read), `parallel` (blocks of rows on several threads, for a
// source that can start at any row) and `verdict` (what it found, and the
// second pass that names earlier queens). The text: `sniff` (column list or not), `scan` (bytes
// to words and list ends), `builder` (words to a placement or a verdict, with
// the messages of `parse_placements`), `reader` (the two together, the public
// face) and `error`.
mod background;
mod bits;
mod builder;
mod cursor;
pub(crate) mod error;
mod json;
mod lines;
mod pairs;
mod parallel;
mod reader;
mod scan;
mod sniff;
mod verdict;
mod verifier;

#[cfg(test)]
mod oracle;
#[cfg(test)]
mod test_util;

pub use bits::PagedBitSet;
pub use error::ReadError;
pub use parallel::ParallelVerifier;
pub use reader::ColumnReader;
pub use sniff::{is_column_list, sniff_format, InputFormat};
pub use verdict::{LineConflict, Streamed, Verdict};
pub use verifier::LineVerifier;

pub(crate) use scan::quoted_word;

/// The largest board the streaming check reads: 2^32 = 4,294,967,296 queens.
/// Column numbers from 2^32 on are off every such board.
pub const MAX_QUEENS: u64 = 1 << 32;

/// How many conflicts a [`Verdict`] lists; it counts all of them.
///
/// # Examples
///
/// ```
/// use nqueens::{LineVerifier, CONFLICTS_KEPT};
///
/// // Twenty queens in column 0: each after the first lands on a taken column.
/// let mut verifier = LineVerifier::new();
/// for _ in 0..20 {
///     verifier.push(0);
/// }
/// let verdict = verifier.finish();
/// assert_eq!(verdict.queens_on_taken_lines(), 19);
/// assert_eq!(verdict.conflicts().len(), CONFLICTS_KEPT);
/// assert_eq!(verdict.conflicts().last().unwrap().queen.row, CONFLICTS_KEPT);
/// ```
pub const CONFLICTS_KEPT: usize = 10;

/// The default largest placement that [`ColumnReader`] returns whole, as a
/// [`Placement`](crate::Placement) for a detailed report (every attacking
/// pair, the exact pair count). A `Placement` costs 16 bytes per queen and its
/// report a few sorts, so 10,000 queens take well under a megabyte and a few
/// milliseconds; beyond that nobody reads a report pair by pair, and the
/// streaming [`Verdict`] takes over.
///
/// # Examples
///
/// ```
/// use nqueens::{construct, ColumnReader, Streamed, DETAIL_MAX};
///
/// let board = |n| -> String {
///     let columns: Vec<String> = construct(n).unwrap().unwrap().map(|c| c.to_string()).collect();
///     format!("[{}]\n", columns.join(", "))
/// };
/// let text = board(DETAIL_MAX) + &board(DETAIL_MAX + 1);
/// let mut reader = ColumnReader::new(text.as_bytes(), false);
/// assert!(matches!(
///     reader.next_placement()?,
///     Some(Streamed::Small(p)) if p.n() == DETAIL_MAX && p.is_solution()
/// ));
/// assert!(matches!(
///     reader.next_placement()?,
///     Some(Streamed::Large(v)) if v.n() == DETAIL_MAX + 1 && v.is_solution()
/// ));
/// assert_eq!(reader.next_placement()?, None);
/// # Ok::<(), nqueens::ReadError>(())
/// ```
pub const DETAIL_MAX: usize = 10_000;

/// The largest quoted (LeetCode) board [`ColumnReader`] reads inside a
/// column-list input, in bytes.
pub const QUOTED_MAX: usize = 64 << 20;

/// The UTF-8 byte-order mark, skipped at the start of the input.
const BOM: &[u8] = b"\xef\xbb\xbf";

/// The cores the machine offers, counted as
/// [`default_threads`](crate::default_threads) counts them: the reader sits
/// below the counting engines and does not import them for one line.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}
