//! Checking placements of any size as they stream by: O(n) time, O(n) bits.
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
//! [`parse_placements`] from any [`BufRead`], byte
//! by byte with no allocation per number: numbers separated by spaces, commas
//! or newlines, bracketed lists (several lists, several placements), and a
//! list of lists. Each placement of at most [`DETAIL_MAX`] queens comes back
//! whole, as a [`Placement`], with the same errors as `parse_placements`;
//! larger ones come back as a [`Verdict`]. [`is_column_list`] tells, from the
//! first bytes, whether text is in one of these forms or is a drawn or
//! LeetCode board for `parse_placements`.
//!
//! ```
//! use nqueens::huge::stream::{ColumnReader, LineVerifier, Streamed};
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
//! # Ok::<(), nqueens::huge::stream::ReadError>(())
//! ```

use std::fmt;
use std::io::{self, BufRead};
use std::ops::ControlFlow;

use crate::board::{Attack, Placement, Square};
use crate::error::Error;
use crate::parse::{parse_placements, ParseError};

/// The largest board the streaming check reads: 2^32 = 4,294,967,296 queens.
/// Column numbers from 2^32 on are off every such board.
pub const MAX_QUEENS: u64 = 1 << 32;

/// How many conflicts a [`Verdict`] lists; it counts all of them.
pub const CONFLICTS_KEPT: usize = 10;

/// The default largest placement that [`ColumnReader`] returns whole, as a
/// [`Placement`] for a detailed report (every attacking pair, the exact pair
/// count). A [`Placement`] costs 16 bytes per queen and its report a few sorts,
/// so 10,000 queens take well under a megabyte and a few milliseconds; beyond
/// that nobody reads a report pair by pair, and the streaming [`Verdict`]
/// takes over.
pub const DETAIL_MAX: usize = 10_000;

/// The largest quoted (LeetCode) board [`ColumnReader`] reads inside a
/// column-list input, in bytes.
pub const QUOTED_MAX: usize = 64 << 20;

/// The forms, as `parse_placements` describes them in its errors.
const FORMS: &str =
    "expected a column list such as `0 4 7 5 2 6 1 3` or `[0, 4, 7, 5, 2, 6, 1, 3]`, \
a drawn board with one row per line (`Q` or `■` for a queen, `.` or `□` for an empty square), \
or a LeetCode board such as `[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]`";

// ---------------------------------------------------------------------------
// Paged bit sets
// ---------------------------------------------------------------------------

/// Bits per page, as a shift: 2^16 bits, 8 KiB.
const PAGE_SHIFT: u32 = 16;
/// Words per page.
const PAGE_WORDS: usize = 1 << (PAGE_SHIFT - 6);
type Page = [u64; PAGE_WORDS];

/// A set of numbers as bits in 8 KiB pages allocated when first touched.
///
/// Memory is one page per 65,536-number range that holds a member, plus an
/// 8-byte directory entry per range up to the largest member: a dense set of
/// n members below n costs n bits, a lone member `m` one page and `m / 2^13`
/// bytes of directory.
///
/// ```
/// use nqueens::huge::stream::PagedBitSet;
///
/// let mut set = PagedBitSet::new();
/// assert!(set.insert(5));
/// assert!(!set.insert(5)); // already there
/// assert!(set.insert(4_000_000_000));
/// assert!(set.contains(4_000_000_000) && !set.contains(6));
/// assert_eq!((set.len(), set.pages()), (2, 2));
/// assert!(set.memory_bytes() < 1 << 20);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PagedBitSet {
    dir: Vec<Option<Box<Page>>>,
    pages: usize,
}

impl PagedBitSet {
    /// An empty set; allocates nothing.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds `i`; true if it was not there yet.
    #[inline]
    pub fn insert(&mut self, i: u64) -> bool {
        let p = (i >> PAGE_SHIFT) as usize;
        if p >= self.dir.len() || self.dir[p].is_none() {
            self.allocate(p);
        }
        let Some(page) = &mut self.dir[p] else {
            unreachable!("page {p} was just allocated")
        };
        let word = &mut page[(i >> 6) as usize & (PAGE_WORDS - 1)];
        let mask = 1u64 << (i & 63);
        let fresh = *word & mask == 0;
        *word |= mask;
        fresh
    }

    #[cold]
    fn allocate(&mut self, p: usize) {
        if p >= self.dir.len() {
            self.dir.resize_with(p + 1, || None);
        }
        if self.dir[p].is_none() {
            self.dir[p] = Some(Box::new([0; PAGE_WORDS]));
            self.pages += 1;
        }
    }

    /// Whether `i` is in the set.
    pub fn contains(&self, i: u64) -> bool {
        match self.dir.get((i >> PAGE_SHIFT) as usize) {
            Some(Some(page)) => page[(i >> 6) as usize & (PAGE_WORDS - 1)] >> (i & 63) & 1 == 1,
            _ => false,
        }
    }

    /// How many members (a count over every page).
    pub fn len(&self) -> u64 {
        self.dir
            .iter()
            .flatten()
            .map(|page| page.iter().map(|w| u64::from(w.count_ones())).sum::<u64>())
            .sum()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many pages are allocated.
    pub fn pages(&self) -> usize {
        self.pages
    }

    /// Bytes held: the pages and the directory.
    pub fn memory_bytes(&self) -> usize {
        self.pages * std::mem::size_of::<Page>()
            + self.dir.capacity() * std::mem::size_of::<Option<Box<Page>>>()
    }

    /// The smallest member at or above `i`.
    fn next_at_or_after(&self, i: u64) -> Option<u64> {
        let mut p = (i >> PAGE_SHIFT) as usize;
        let mut w = (i >> 6) as usize & (PAGE_WORDS - 1);
        let mut mask = !0u64 << (i & 63);
        while p < self.dir.len() {
            if let Some(page) = &self.dir[p] {
                while w < PAGE_WORDS {
                    let bits = page[w] & mask;
                    if bits != 0 {
                        return Some(
                            ((p as u64) << PAGE_SHIFT)
                                + (w as u64) * 64
                                + u64::from(bits.trailing_zeros()),
                        );
                    }
                    w += 1;
                    mask = !0;
                }
            }
            p += 1;
            w = 0;
            mask = !0;
        }
        None
    }

    /// How many members are below `i`.
    fn count_below(&self, i: u64) -> u64 {
        let p = (i >> PAGE_SHIFT) as usize;
        let mut total = 0u64;
        for (q, page) in self.dir.iter().enumerate().take(p + 1) {
            let Some(page) = page else { continue };
            if q < p {
                total += page.iter().map(|w| u64::from(w.count_ones())).sum::<u64>();
            } else {
                let w = (i >> 6) as usize & (PAGE_WORDS - 1);
                total += page[..w]
                    .iter()
                    .map(|w| u64::from(w.count_ones()))
                    .sum::<u64>();
                let low = page[w] & ((1u64 << (i & 63)) - 1);
                total += u64::from(low.count_ones());
            }
        }
        total
    }

    /// The member of rank `k` (0 for the smallest).
    fn select(&self, mut k: u64) -> Option<u64> {
        for (p, page) in self.dir.iter().enumerate() {
            let Some(page) = page else { continue };
            for (w, &word) in page.iter().enumerate() {
                let ones = u64::from(word.count_ones());
                if k < ones {
                    let mut bits = word;
                    for _ in 0..k {
                        bits &= bits - 1;
                    }
                    return Some(
                        ((p as u64) << PAGE_SHIFT)
                            + (w as u64) * 64
                            + u64::from(bits.trailing_zeros()),
                    );
                }
                k -= ones;
            }
        }
        None
    }
}

// ---------------------------------------------------------------------------
// The verifier
// ---------------------------------------------------------------------------

/// The kinds of line a queen of a column list can share, in report order.
const KINDS: [Attack; 3] = [Attack::Column, Attack::Diagonal, Attack::AntiDiagonal];

/// The index of a diagonal (`row - col` constant), folded to a small number
/// whatever its sign: 0, −1, 1, −2, 2 … become 0, 1, 2, 3, 4 …
#[inline]
fn diagonal(row: u64, col: u64) -> u64 {
    let d = row.wrapping_sub(col) as i64;
    ((d << 1) ^ (d >> 63)) as u64
}

/// The column, diagonal and anti-diagonal bits.
#[derive(Debug, Clone)]
enum Lines {
    /// Paged, for any column below [`MAX_QUEENS`].
    Paged([PagedBitSet; 3]),
    /// Flat bit vectors of n, 2n − 1 and 2n − 1 bits, for a board of known
    /// size n (zeroed lazily by the allocator, so untouched parts cost nothing).
    Flat { n: u64, bits: [Vec<u64>; 3] },
}

impl Lines {
    /// Takes the three lines through (row, col), both on the board; says
    /// which were already taken.
    #[inline]
    fn take(&mut self, row: u64, col: u64) -> [bool; 3] {
        match self {
            Lines::Paged([cols, diags, antis]) => [
                !cols.insert(col),
                !diags.insert(diagonal(row, col)),
                !antis.insert(row + col),
            ],
            Lines::Flat {
                n,
                bits: [cols, diags, antis],
            } => [
                test_and_set(cols, col),
                test_and_set(diags, row + *n - 1 - col),
                test_and_set(antis, row + col),
            ],
        }
    }

    fn memory_bytes(&self) -> usize {
        match self {
            Lines::Paged(sets) => sets.iter().map(PagedBitSet::memory_bytes).sum(),
            Lines::Flat { bits, .. } => bits.iter().map(|b| b.capacity() * 8).sum(),
        }
    }
}

/// Sets bit `i`; whether it was set.
#[inline]
fn test_and_set(bits: &mut [u64], i: u64) -> bool {
    let word = &mut bits[(i >> 6) as usize];
    let mask = 1u64 << (i & 63);
    let was = *word & mask != 0;
    *word |= mask;
    was
}

/// The key of the line of kind `KINDS[kind]` through (row, col).
#[inline]
fn line_key(kind: usize, row: u64, col: u64) -> u64 {
    match kind {
        0 => col,
        1 => diagonal(row, col),
        _ => row + col,
    }
}

fn kind_index(attack: Attack) -> usize {
    match attack {
        Attack::Diagonal => 1,
        Attack::AntiDiagonal => 2,
        _ => 0,
    }
}

/// A queen that landed on a line an earlier queen already held.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LineConflict {
    /// The later queen (its row is the larger).
    pub queen: Square,
    /// The line they share: column, diagonal or anti-diagonal.
    pub attack: Attack,
    /// The row of the first queen on that line, once known: the bits do not
    /// hold it (see [`Verdict::fill_earlier_rows`]).
    pub earlier_row: Option<usize>,
}

impl LineConflict {
    /// The earlier queen, when its row is known (its column follows from the line).
    pub fn earlier(&self) -> Option<Square> {
        let row = self.earlier_row?;
        let up = self.queen.row.checked_sub(row)?;
        let col = match self.attack {
            Attack::Diagonal => self.queen.col.checked_sub(up)?,
            Attack::AntiDiagonal => self.queen.col + up,
            _ => self.queen.col,
        };
        Some(Square::new(row, col))
    }

    fn key(&self) -> (usize, u64) {
        let kind = kind_index(self.attack);
        (
            kind,
            line_key(kind, self.queen.row as u64, self.queen.col as u64),
        )
    }
}

/// Checks a column list pushed one row at a time, in O(1) per row and O(n)
/// bits in all.
///
/// `push` the column of each row in order, then [`finish`](Self::finish). The
/// board size is the number of rows pushed ([`LineVerifier::new`], for
/// streams) or given up front ([`LineVerifier::with_size`]: a column at or
/// beyond n is then noted at once).
///
/// ```
/// use nqueens::huge::stream::LineVerifier;
/// use nqueens::Attack;
///
/// let mut v = LineVerifier::new();
/// for col in [0, 2, 4, 1, 3, 5] {
///     v.push(col);
/// }
/// let verdict = v.finish();
/// assert!(!verdict.is_solution());
/// assert_eq!(verdict.queens_on_taken_lines(), 1);
/// let c = verdict.conflicts()[0];
/// assert_eq!((c.queen.row, c.queen.col, c.attack), (5, 5, Attack::Diagonal));
///
/// // Columns 0..=4 of 4 rows: column 4 of row 2 is off the 4×4 board.
/// let mut v = LineVerifier::new();
/// for col in [1, 3, 4, 0] {
///     v.push(col);
/// }
/// assert_eq!(v.finish().off_board().map(|q| (q.row, q.col)), Some((2, 4)));
/// ```
#[derive(Debug, Clone)]
pub struct LineVerifier {
    /// The board size, when given up front.
    size: Option<u64>,
    /// Columns and rows at or beyond this are off the board at once.
    limit: u64,
    rows: u64,
    lines: Lines,
    /// One more than the largest column so far (below `limit`).
    high: u64,
    /// Rows and columns of the prefix maxima whose column exceeds their row.
    record_rows: PagedBitSet,
    record_cols: PagedBitSet,
    off_board: Option<Square>,
    conflicts: Vec<LineConflict>,
    on_taken: u64,
    taken: [u64; 3],
    keep: usize,
    kept: Vec<u32>,
}

impl Default for LineVerifier {
    fn default() -> Self {
        Self::new()
    }
}

impl LineVerifier {
    /// A verifier for a board whose size is the number of rows pushed.
    pub fn new() -> Self {
        LineVerifier {
            size: None,
            limit: MAX_QUEENS,
            rows: 0,
            lines: Lines::Paged(Default::default()),
            high: 0,
            record_rows: PagedBitSet::new(),
            record_cols: PagedBitSet::new(),
            off_board: None,
            conflicts: Vec::new(),
            on_taken: 0,
            taken: [0; 3],
            keep: 0,
            kept: Vec::new(),
        }
    }

    /// A verifier for an `n`×`n` board: a column at or beyond `n`, or a row
    /// beyond the n-th, is off the board as soon as it is pushed.
    ///
    /// The bits are then three flat vectors (n, 2n − 1 and 2n − 1 bits, about
    /// twice as fast as pages), allocated zeroed at once and touched as rows
    /// come.
    pub fn with_size(n: usize) -> Self {
        let n = n as u64;
        let lines = if n <= MAX_QUEENS {
            let words = |bits: u64| vec![0u64; (bits / 64 + 1) as usize];
            Lines::Flat {
                n,
                bits: [words(n), words(2 * n), words(2 * n)],
            }
        } else {
            Lines::Paged(Default::default())
        };
        LineVerifier {
            size: Some(n),
            limit: n.min(MAX_QUEENS),
            lines,
            ..Self::new()
        }
    }

    /// Also keeps the first `k` columns (4 bytes each), so that
    /// [`finish`](Self::finish) can name the earlier queen of a conflict
    /// whose earlier queen lies among them, without a second pass. For
    /// pipes, which cannot be read twice.
    pub fn keeping_columns(mut self, k: usize) -> Self {
        self.keep = k;
        self
    }

    /// The queen of the next row stands in column `col`.
    #[inline]
    pub fn push(&mut self, col: usize) {
        let row = self.rows;
        self.rows += 1;
        let col = col as u64;
        if self.kept.len() < self.keep {
            self.kept.push(u32::try_from(col).unwrap_or(u32::MAX));
        }
        if col >= self.limit || row >= self.limit {
            self.outside(row, col);
            return;
        }
        if col >= self.high && self.size.is_none() {
            self.high = col + 1;
            if col > row {
                self.record_rows.insert(row);
                self.record_cols.insert(col);
            }
        }
        let hits = self.lines.take(row, col);
        if hits[0] | hits[1] | hits[2] {
            self.taken_line(row, col, hits);
        }
    }

    #[cold]
    fn outside(&mut self, row: u64, col: u64) {
        // Rows beyond MAX_QUEENS of an unsized board make it too large (the
        // verdict says so); they are not a queen off the board.
        if self.size.is_none() && row >= MAX_QUEENS {
            return;
        }
        if self.off_board.is_none() {
            self.off_board = Some(Square::new(row as usize, col as usize));
        }
    }

    #[cold]
    fn taken_line(&mut self, row: u64, col: u64, hits: [bool; 3]) {
        self.on_taken += 1;
        for (kind, &hit) in hits.iter().enumerate() {
            if hit {
                self.taken[kind] += 1;
                if self.conflicts.len() < CONFLICTS_KEPT {
                    self.conflicts.push(LineConflict {
                        queen: Square::new(row as usize, col as usize),
                        attack: KINDS[kind],
                        earlier_row: None,
                    });
                }
            }
        }
    }

    /// How many rows have been pushed.
    pub fn rows(&self) -> usize {
        self.rows as usize
    }

    /// Bytes held by the bit sets and kept columns.
    pub fn memory_bytes(&self) -> usize {
        self.lines.memory_bytes()
            + self.record_rows.memory_bytes()
            + self.record_cols.memory_bytes()
            + self.kept.capacity() * 4
    }

    /// The verdict on the rows pushed.
    pub fn finish(mut self) -> Verdict {
        let n = self.size.unwrap_or(self.rows);
        if self.size.is_none() && self.high > n {
            // Some column is off the board: the first such queen is the
            // recorded prefix maximum with the smallest column ≥ n.
            if let Some(col) = self.record_cols.next_at_or_after(n) {
                let rank = self.record_cols.count_below(col);
                if let Some(row) = self.record_rows.select(rank) {
                    let first = Square::new(row as usize, col as usize);
                    if self.off_board.is_none_or(|q| first.row < q.row) {
                        self.off_board = Some(first);
                    }
                }
            }
        }
        let mut verdict = Verdict {
            n: n as usize,
            queens: self.rows as usize,
            too_large: n > MAX_QUEENS || self.rows > MAX_QUEENS,
            conflicts: self.conflicts,
            on_taken: self.on_taken,
            taken: self.taken,
            off_board: self.off_board,
        };
        if !self.kept.is_empty() {
            verdict.fill_earlier_rows(self.kept.iter().map(|&c| c as usize));
        }
        verdict
    }
}

/// What a [`LineVerifier`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    n: usize,
    queens: usize,
    too_large: bool,
    conflicts: Vec<LineConflict>,
    on_taken: u64,
    taken: [u64; 3],
    off_board: Option<Square>,
}

impl Verdict {
    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// How many queens (rows) were pushed.
    pub fn queens(&self) -> usize {
        self.queens
    }

    /// Whether the rows form a solution: n queens, all on the board, none on
    /// a line an earlier one holds.
    pub fn is_solution(&self) -> bool {
        self.n > 0
            && !self.too_large
            && self.off_board.is_none()
            && self.queens == self.n
            && self.on_taken == 0
    }

    /// Why the rows are not a board at all: none ([`Error::ZeroSize`]), more
    /// than [`MAX_QUEENS`] ([`Error::TooLarge`]), or a queen off the board
    /// ([`Error::OutOfRange`], the first one in row order).
    pub fn error(&self) -> Option<Error> {
        if self.n == 0 {
            Some(Error::ZeroSize)
        } else if self.too_large {
            Some(Error::TooLarge {
                n: self.n,
                max: MAX_QUEENS as usize,
                what: "the streaming verifier",
            })
        } else {
            self.off_board
                .map(|square| Error::OutOfRange { square, n: self.n })
        }
    }

    /// The first queen off the board, in row order.
    pub fn off_board(&self) -> Option<Square> {
        self.off_board
    }

    /// The first [`CONFLICTS_KEPT`] conflicts found, by row of the later
    /// queen, then column, diagonal, anti-diagonal. A queen on two taken
    /// lines gives two.
    pub fn conflicts(&self) -> &[LineConflict] {
        &self.conflicts
    }

    /// How many queens landed on a line already taken (exact; a queen on two
    /// taken lines counts once). Zero for a solution. This is not the number
    /// of attacking pairs: three queens in one column count 2 here, and make
    /// 3 pairs.
    pub fn queens_on_taken_lines(&self) -> u64 {
        self.on_taken
    }

    /// How many queens landed on a taken line of this kind (exact; 0 for rows).
    pub fn taken(&self, attack: Attack) -> u64 {
        match attack {
            Attack::Column | Attack::Diagonal | Attack::AntiDiagonal => {
                self.taken[kind_index(attack)]
            }
            _ => 0,
        }
    }

    /// Whether some listed conflict still lacks its earlier row.
    pub fn needs_earlier_rows(&self) -> bool {
        self.conflicts.iter().any(|c| c.earlier_row.is_none())
    }

    /// Fills in the earlier rows from the same columns again, row by row from
    /// row 0; reads only up to the last listed conflict. Columns that end
    /// early leave the rows past them unknown.
    pub fn fill_earlier_rows<I: IntoIterator<Item = usize>>(&mut self, columns: I) {
        let Some(mut finder) = RowFinder::new(&self.conflicts) else {
            return;
        };
        for col in columns {
            if !finder.feed(col as u64) {
                break;
            }
        }
        finder.apply(&mut self.conflicts);
    }

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
        let Some(mut finder) = RowFinder::new(&self.conflicts) else {
            return Ok(());
        };
        let base = u64::from(columns.one_based);
        columns.scan(&mut |w: Word<'_>| {
            Ok(match w.value {
                Ok(v) if v >= base && finder.feed(v - base) => ControlFlow::Continue(()),
                _ => ControlFlow::Break(()),
            })
        })?;
        finder.apply(&mut self.conflicts);
        Ok(())
    }
}

/// Finds the first row on each of a few lines.
struct RowFinder {
    /// (kind, key, first row on it).
    targets: Vec<(usize, u64, Option<u64>)>,
    /// A 4096-bit filter per kind on the keys, so most rows cost three bit tests.
    filter: [[u64; 64]; 3],
    /// Rows below this are needed.
    upto: u64,
    row: u64,
}

impl RowFinder {
    fn new(conflicts: &[LineConflict]) -> Option<Self> {
        let mut targets = Vec::new();
        let mut filter = [[0u64; 64]; 3];
        let mut upto = 0;
        for c in conflicts.iter().filter(|c| c.earlier_row.is_none()) {
            let (kind, key) = c.key();
            if !targets.iter().any(|&(k, y, _)| (k, y) == (kind, key)) {
                targets.push((kind, key, None));
                filter[kind][(key >> 6) as usize & 63] |= 1 << (key & 63);
            }
            upto = upto.max(c.queen.row as u64);
        }
        (!targets.is_empty()).then_some(RowFinder {
            targets,
            filter,
            upto,
            row: 0,
        })
    }

    /// The next row's column; false once no further row is needed.
    #[inline]
    fn feed(&mut self, col: u64) -> bool {
        let row = self.row;
        if row >= self.upto {
            return false;
        }
        self.row += 1;
        for kind in 0..3 {
            let key = line_key(kind, row, col);
            if self.filter[kind][(key >> 6) as usize & 63] >> (key & 63) & 1 == 1 {
                for t in &mut self.targets {
                    if (t.0, t.1) == (kind, key) && t.2.is_none() {
                        t.2 = Some(row);
                    }
                }
            }
        }
        self.row < self.upto
    }

    fn apply(&self, conflicts: &mut [LineConflict]) {
        for c in conflicts.iter_mut().filter(|c| c.earlier_row.is_none()) {
            let (kind, key) = c.key();
            let first = self
                .targets
                .iter()
                .find(|t| (t.0, t.1) == (kind, key))
                .and_then(|t| t.2);
            if let Some(row) = first.filter(|&r| r < c.queen.row as u64) {
                c.earlier_row = Some(row as usize);
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Reading text
// ---------------------------------------------------------------------------

/// Why a stream could not be read as placements.
#[derive(Debug)]
#[non_exhaustive]
pub enum ReadError {
    /// The reader failed.
    Io(io::Error),
    /// The text is not a placement: where and why, in the words of
    /// [`parse_placements`].
    Parse(ParseError),
    /// A byte that is not UTF-8, at this offset from the start of the input.
    NotUtf8 {
        /// The offset of the first invalid byte.
        offset: u64,
    },
    /// A placement has more queens than [`ColumnReader::with_limit`] allows;
    /// reading stopped there.
    TooMany {
        /// The limit.
        limit: usize,
    },
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "{e}"),
            ReadError::Parse(e) => write!(f, "{e}"),
            ReadError::NotUtf8 { offset } => {
                write!(
                    f,
                    "the input is not UTF-8 text (invalid byte at offset {offset})"
                )
            }
            ReadError::TooMany { limit } => {
                write!(f, "a placement has more than {limit} queens")
            }
        }
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReadError::Io(e) => Some(e),
            ReadError::Parse(e) => Some(e),
            _ => None,
        }
    }
}

impl From<io::Error> for ReadError {
    fn from(e: io::Error) -> Self {
        ReadError::Io(e)
    }
}

impl From<ParseError> for ReadError {
    fn from(e: ParseError) -> Self {
        ReadError::Parse(e)
    }
}

fn parse_error(line: Option<u64>, message: String) -> ReadError {
    ReadError::Parse(ParseError {
        line: line.map(|l| l as usize),
        message,
    })
}

/// One placement read by [`ColumnReader::next_placement`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Streamed {
    /// At most the detail limit of queens (or a quoted board): the whole
    /// placement, for a detailed report.
    Small(Placement),
    /// More: checked as it streamed by, in O(n) bits.
    Large(Verdict),
}

/// Whether text starting with `start` is a column list that [`ColumnReader`]
/// reads: `Some(true)`; a drawn or LeetCode board, or anything else, for
/// [`parse_placements`]: `Some(false)`; `None` when
/// `start` is too short to tell and more text follows (`at_eof` false).
///
/// The rules are those of `parse_placements`: a first non-blank line that
/// starts with `[` is a bracketed list (unless its first item is a quoted
/// row); otherwise a first line with a digit is a column list. Text whose
/// first character is not ASCII goes to `parse_placements`, which reads every
/// form exactly.
///
/// ```
/// use nqueens::huge::stream::is_column_list;
///
/// assert_eq!(is_column_list(b"0 4 7 5", false), Some(true));
/// assert_eq!(is_column_list(b"\n[[1, 3, 0, 2]", false), Some(true));
/// assert_eq!(is_column_list(b"[\".Q..\",", false), Some(false));
/// assert_eq!(is_column_list(b".Q..\n", false), Some(false));
/// assert_eq!(is_column_list(b"  [ ", false), None);
/// assert_eq!(is_column_list(b"", true), Some(false));
/// ```
pub fn is_column_list(start: &[u8], at_eof: bool) -> Option<bool> {
    const BOM: &[u8] = b"\xef\xbb\xbf";
    let more = |found: bool| if at_eof { Some(found) } else { None };
    let text = match start.strip_prefix(BOM) {
        Some(rest) => rest,
        None if BOM.starts_with(start) => return more(false),
        None => start,
    };
    let blank = |b: u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c);
    let Some(first) = text.iter().position(|&b| !blank(b)) else {
        return more(false);
    };
    let rest = &text[first..];
    match rest[0] {
        b'[' => match rest[1..].iter().find(|&&b| !blank(b) && b != b'[') {
            Some(&b) => Some(b != b'"' && b.is_ascii()),
            None => more(false),
        },
        b if !b.is_ascii() => Some(false),
        _ => {
            for &b in rest {
                if b.is_ascii_digit() {
                    return Some(true);
                }
                if b == b'\n' {
                    return Some(false);
                }
            }
            more(false)
        }
    }
}

/// A word that is not a column number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bad {
    Negative,
    TooLarge,
    NotNumber,
}

/// A word of a placement, as the scanner hands it on.
#[derive(Debug, Clone, Copy)]
struct Word<'a> {
    value: Result<u64, Bad>,
    text: &'a [u8],
    line: u64,
}

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

/// The longest word kept whole (for messages); longer ones are cut.
const WORD_KEEP: usize = 4096;

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
enum Scan {
    /// No more placements.
    End,
    /// A list of columns ended; its words went to the sink.
    Columns,
    /// A quoted (LeetCode) board, read whole.
    Board(Placement),
    /// The sink asked to stop.
    Stopped,
}

/// Builds one placement from its words: whole while small, a
/// [`LineVerifier`] beyond.
#[derive(Debug, Default)]
struct Builder {
    one_based: bool,
    detail_max: usize,
    keep: usize,
    limit: Option<usize>,
    /// Words so far.
    count: u64,
    /// (value, line) of each word while the placement is small.
    small: Vec<(u64, u64)>,
    /// The text of the words whose value does not spell it (`007`, `+3`).
    texts: Vec<(u64, String)>,
    /// The first word that is not a number: (index, line, text, why).
    first_bad: Option<(u64, u64, String, Bad)>,
    verifier: Option<LineVerifier>,
}

fn text_of(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

impl Builder {
    fn reset(&mut self) {
        self.count = 0;
        self.small.clear();
        self.texts.clear();
        self.first_bad = None;
        self.verifier = None;
    }

    fn base(&self) -> u64 {
        u64::from(self.one_based)
    }

    #[inline]
    fn word(&mut self, w: Word<'_>) -> Result<ControlFlow<()>, ReadError> {
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
                    v.push((value - base) as usize);
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
            return Err(large_bad(k, line, &text, bad, self.one_based));
        }
        let mut verifier = LineVerifier::new().keeping_columns(self.keep);
        let base = self.base();
        for (i, &(value, line)) in self.small.iter().enumerate() {
            let k = i as u64 + 1;
            if value < base || value - base >= MAX_QUEENS {
                return Err(off_limits(k, line, &self.text(k, value), value, base));
            }
            verifier.push((value - base) as usize);
        }
        self.small.clear();
        self.texts.clear();
        self.verifier = Some(verifier);
        Ok(())
    }

    fn large_error(&self, w: Word<'_>) -> ReadError {
        let base = self.base();
        let text = text_of(w.text);
        match w.value {
            Err(bad) => large_bad(self.count, w.line, &text, bad, self.one_based),
            Ok(_) if self.count > MAX_QUEENS => parse_error(
                Some(w.line),
                format!(
                    "the placement has more than {MAX_QUEENS} rows; verify reads boards of up to \
                     {MAX_QUEENS} queens"
                ),
            ),
            Ok(value) => off_limits(self.count, w.line, &text, value, base),
        }
    }

    /// The placement ended.
    fn finish(&mut self) -> Result<Streamed, ReadError> {
        let base = self.base();
        if let Some(verifier) = self.verifier.take() {
            let verdict = verifier.finish();
            if let Some(q) = verdict.off_board() {
                let n = verdict.n() as u64;
                let value = q.col as u64 + base;
                return Err(parse_error(
                    None,
                    format!(
                        "token {} ({:?}): column {value} is off the board; {n} rows were given, \
                         so columns run {base}..={}{}",
                        q.row + 1,
                        value.to_string(),
                        n - 1 + base,
                        off_board_hint(value, n, self.one_based)
                    ),
                ));
            }
            return Ok(Streamed::Large(verdict));
        }
        // As parse_placements reads a column list: every word first, then the range.
        let n = self.count;
        let range = format!("{base}..={}", n - 1 + base);
        if let Some((k, line, text, bad)) = self.first_bad.take() {
            let what = format!("token {k} ({text:?})");
            let message = match bad {
                Bad::Negative => format!("{what} is negative; columns run {range}"),
                Bad::TooLarge => format!("{what} is far too large; columns run {range}"),
                Bad::NotNumber => format!("{what} is not a column number; {FORMS}"),
            };
            return Err(parse_error(Some(line), message));
        }
        let mut cols = Vec::with_capacity(self.small.len());
        for (i, &(value, line)) in self.small.iter().enumerate() {
            if value < base || value - base >= n {
                let k = i as u64 + 1;
                return Err(parse_error(
                    Some(line),
                    format!(
                        "token {k} ({:?}): column {value} is off the board; {n} rows were given, \
                         so columns run {range}{}",
                        self.text(k, value),
                        off_board_hint(value, n, self.one_based)
                    ),
                ));
            }
            cols.push((value - base) as usize);
        }
        Placement::from_columns(cols)
            .map(Streamed::Small)
            .map_err(|e| parse_error(None, e.to_string()))
    }
}

/// The hint `parse_placements` adds to a column off the board.
fn off_board_hint(value: u64, n: u64, one_based: bool) -> &'static str {
    if one_based && value == 0 {
        " (columns are 1-based with --one-based)"
    } else if !one_based && value == n {
        " (1-based input? use --one-based)"
    } else {
        ""
    }
}

/// A word that is not a number in a large placement, whose size is not known yet.
fn large_bad(k: u64, line: u64, text: &str, bad: Bad, one_based: bool) -> ReadError {
    let what = format!("token {k} ({text:?})");
    let message = match bad {
        Bad::Negative => format!(
            "{what} is negative; columns count from {}",
            u64::from(one_based)
        ),
        Bad::TooLarge => {
            format!("{what} is far too large; verify reads boards of up to {MAX_QUEENS} queens")
        }
        Bad::NotNumber => format!("{what} is not a column number; {FORMS}"),
    };
    parse_error(Some(line), message)
}

/// A column that is off every board: 0 with `--one-based`, or 2^32 and more.
fn off_limits(k: u64, line: u64, text: &str, value: u64, base: u64) -> ReadError {
    let message = if value < base {
        format!(
            "token {k} ({text:?}): column {value} is off the board; columns run from 1 \
             (columns are 1-based with --one-based)"
        )
    } else {
        format!(
            "token {k} ({text:?}): column {value} is off the board; verify reads boards of up \
             to {MAX_QUEENS} queens, so columns run {base}..={}",
            MAX_QUEENS - 1 + base
        )
    };
    parse_error(Some(line), message)
}

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
/// queens (default [`DETAIL_MAX`]) comes back as a [`Placement`]; a larger one
/// streams through a [`LineVerifier`] and comes back as its [`Verdict`].
/// Memory is the reader's buffer and the verifier's bits, whatever the input.
///
/// ```
/// use nqueens::huge::stream::{ColumnReader, Streamed};
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
/// # Ok::<(), nqueens::huge::stream::ReadError>(())
/// ```
#[derive(Debug)]
pub struct ColumnReader<R> {
    src: R,
    one_based: bool,
    state: State,
    /// The line of the next byte, from 1.
    line: u64,
    /// Bytes consumed so far.
    offset: u64,
    /// The line of the last token (word, bracket, comma or string).
    last_line: u64,
    /// The line of the current list's `[`.
    open_line: u64,
    start_offset: u64,
    start_line: u64,
    /// Words in the current placement.
    words: u64,
    /// The current list holds both numbers and quoted rows.
    mixed: bool,
    /// The first word of the current list and its line.
    first_word: Vec<u8>,
    first_word_line: u64,
    scratch: Vec<u8>,
    /// Bytes of a byte-order mark read so far.
    bom: usize,
    placements: usize,
    builder: Builder,
}

impl<R: BufRead> ColumnReader<R> {
    /// A reader of `src`; columns count from 1 if `one_based`.
    pub fn new(src: R, one_based: bool) -> Self {
        ColumnReader {
            src,
            one_based,
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
            first_word_line: 1,
            scratch: Vec::new(),
            bom: 0,
            placements: 0,
            builder: Builder {
                one_based,
                detail_max: DETAIL_MAX,
                ..Builder::default()
            },
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

    /// Bytes read so far.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// Where the placement last returned began, in bytes from the start (its
    /// `[`, or 0 for a plain list): a reader started there reads it again.
    pub fn placement_offset(&self) -> u64 {
        self.start_offset
    }

    /// The line where the placement last returned began.
    pub fn placement_line(&self) -> u64 {
        self.start_line
    }

    /// The next placement, or `None` at the end of the input.
    ///
    /// # Errors
    /// [`ReadError::Parse`] for text that is not a placement (an empty input
    /// is one), [`ReadError::NotUtf8`], [`ReadError::TooMany`] past the
    /// limit, [`ReadError::Io`].
    pub fn next_placement(&mut self) -> Result<Option<Streamed>, ReadError> {
        let mut builder = std::mem::take(&mut self.builder);
        builder.reset();
        let result = match self.scan(&mut |w| builder.word(w)) {
            Err(e) => Err(e),
            Ok(Scan::End) if self.placements == 0 => {
                Err(parse_error(None, format!("the input is empty: {FORMS}")))
            }
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

    fn fill(&mut self) -> Result<&[u8], ReadError> {
        loop {
            match self.src.fill_buf() {
                Ok(_) => break,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e.into()),
            }
        }
        Ok(self.src.fill_buf()?)
    }

    fn advance(&mut self, k: usize) {
        self.src.consume(k);
        self.offset += k as u64;
    }

    fn begin_list(&mut self) {
        self.open_line = self.line;
        self.words = 0;
        self.mixed = false;
    }

    fn end_list(&mut self, outer: bool) {
        self.state = if outer { State::Outer } else { State::Top };
    }

    /// Reads up to the end of the next placement, handing its words to `sink`.
    fn scan<F>(&mut self, sink: &mut F) -> Result<Scan, ReadError>
    where
        F: FnMut(Word<'_>) -> Result<ControlFlow<()>, ReadError>,
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

    /// Numbers, blanks, newlines and commas inside a list, straight from the
    /// buffer. Returns true if the sink stopped; false at anything else.
    fn fast<F>(&mut self, sink: &mut F) -> Result<bool, ReadError>
    where
        F: FnMut(Word<'_>) -> Result<ControlFlow<()>, ReadError>,
    {
        let table: &[u8; 256] = if self.state == State::Plain {
            &PLAIN
        } else {
            &BRACKETS
        };
        loop {
            self.fill()?;
            let ColumnReader {
                src,
                line,
                offset,
                last_line,
                words,
                first_word,
                first_word_line,
                ..
            } = self;
            let buf = src.fill_buf()?;
            if buf.is_empty() {
                return Ok(false);
            }
            let len = buf.len();
            let (mut i, mut ln, mut last, mut count) = (0, *line, *last_line, *words);
            let mut stopped = false;
            let mut slow = false;
            while i < len {
                let digit = buf[i].wrapping_sub(b'0');
                if digit < 10 {
                    let start = i;
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
                        *first_word_line = ln;
                    }
                    count += 1;
                    last = ln;
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
                    COMMA => {
                        last = ln;
                        i += 1;
                    }
                    _ => {
                        slow = true;
                        break;
                    }
                }
            }
            (*line, *last_line, *words) = (ln, last, count);
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
        F: FnMut(Word<'_>) -> Result<ControlFlow<()>, ReadError>,
    {
        const BOM: &[u8] = b"\xef\xbb\xbf";
        let buf = self.fill()?;
        let Some(&b) = buf.first() else {
            return self.at_eof().map(Some);
        };
        // A byte-order mark, byte by byte (a buffer may hold less than three).
        if self.state == State::Start && self.offset == self.bom as u64 && self.bom < 3 {
            if b == BOM[self.bom] {
                self.bom += 1;
                self.advance(1);
                return Ok(None);
            }
            if self.bom > 0 {
                return Err(ReadError::NotUtf8 {
                    offset: self.offset,
                });
            }
        }
        let plain = matches!(self.state, State::Plain | State::PlainDone);
        let class = (if plain { &PLAIN } else { &BRACKETS })[b as usize];
        match (self.state, class) {
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
                    self.start_offset = 0;
                    self.start_line = self.line;
                    self.words = 0;
                }
            }
            (State::AfterOpen, OPEN) => {
                // `[[`: a list of lists, and this `[` opens its first list.
                self.last_line = self.line;
                self.start_offset = self.offset;
                self.start_line = self.line;
                self.begin_list();
                self.state = State::Group { outer: true };
                self.advance(1);
            }
            (State::AfterOpen, _) => self.state = State::Group { outer: false },
            (State::Top | State::Outer, OPEN) => {
                self.last_line = self.line;
                self.start_offset = self.offset;
                self.start_line = self.line;
                self.begin_list();
                self.state = if self.state == State::Top {
                    State::AfterOpen
                } else {
                    State::Group { outer: true }
                };
                self.advance(1);
            }
            (_, COMMA) => {
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
            (State::Group { outer }, CLOSE) => {
                self.last_line = self.line;
                self.advance(1);
                if self.mixed {
                    return Err(parse_error(
                        Some(self.first_word_line),
                        format!(
                            "the list mixes numbers ({:?}) and quoted rows; use one or the other",
                            text_of(&self.first_word)
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
                return Ok(Some(Scan::Columns));
            }
            (State::Group { outer }, QUOTE) if self.words == 0 => {
                let board = self.quoted_board()?;
                self.end_list(outer);
                return Ok(Some(Scan::Board(board)));
            }
            (State::Group { .. }, QUOTE) => {
                self.read_string()?;
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

    /// Something other than a list where a list must start.
    fn unexpected(&self, found: &str) -> ReadError {
        let message = if self.state == State::Outer {
            format!("expected '[' or ']' in a list of boards, found {found}")
        } else {
            format!("expected '[' to start a list, found {found}")
        };
        parse_error(Some(self.last_line), message)
    }

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

    /// A word the fast path left: read it whole, check its UTF-8, split it at
    /// Unicode blanks, and hand the pieces on (or refuse them between lists).
    fn token<F>(&mut self, sink: &mut F) -> Result<Option<Scan>, ReadError>
    where
        F: FnMut(Word<'_>) -> Result<ControlFlow<()>, ReadError>,
    {
        let table: &[u8; 256] = if self.state == State::Plain {
            &PLAIN
        } else {
            &BRACKETS
        };
        let (start, line) = (self.offset, self.line);
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.clear();
        let mut cut = false;
        loop {
            let buf = self.fill()?;
            if buf.is_empty() {
                break;
            }
            let end = buf
                .iter()
                .position(|&b| table[b as usize] != TOKEN)
                .unwrap_or(buf.len());
            let room = WORD_KEEP.saturating_sub(scratch.len());
            scratch.extend_from_slice(&buf[..end.min(room)]);
            cut |= end > room;
            let whole = end < buf.len();
            self.advance(end);
            if whole {
                break;
            }
        }
        let result = self.words_of(&scratch, start, line, cut, sink);
        self.scratch = scratch;
        result
    }

    fn words_of<F>(
        &mut self,
        bytes: &[u8],
        start: u64,
        line: u64,
        cut: bool,
        sink: &mut F,
    ) -> Result<Option<Scan>, ReadError>
    where
        F: FnMut(Word<'_>) -> Result<ControlFlow<()>, ReadError>,
    {
        let text = match std::str::from_utf8(bytes) {
            Ok(text) => text,
            // A word cut for length may end inside a character.
            Err(e) if cut && e.error_len().is_none() => {
                std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or("")
            }
            Err(e) => {
                return Err(ReadError::NotUtf8 {
                    offset: start + e.valid_up_to() as u64,
                })
            }
        };
        let text = if start == 0 {
            text.strip_prefix('\u{feff}').unwrap_or(text)
        } else {
            text
        };
        for piece in text.split(char::is_whitespace).filter(|p| !p.is_empty()) {
            self.last_line = line;
            match self.state {
                State::Top | State::Outer => {
                    return Err(self.unexpected(&format!("{piece:?}")));
                }
                _ => {
                    if self.words == 0 {
                        self.first_word.clear();
                        self.first_word.extend_from_slice(piece.as_bytes());
                        self.first_word_line = line;
                    }
                    self.words += 1;
                    if self.mixed {
                        continue;
                    }
                    let word = Word {
                        value: classify(piece),
                        text: piece.as_bytes(),
                        line,
                    };
                    if sink(word)?.is_break() {
                        return Ok(Some(Scan::Stopped));
                    }
                }
            }
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
            let Some(end) = buf.iter().position(|&b| b == b'"' || b == b'\n') else {
                if buf.is_empty() {
                    return Err(unclosed_quote(line));
                }
                let k = buf.len();
                if s.len() < WORD_KEEP {
                    s.extend_from_slice(buf);
                }
                self.advance(k);
                continue;
            };
            if buf[end] == b'\n' {
                return Err(unclosed_quote(line));
            }
            if s.len() < WORD_KEEP {
                s.extend_from_slice(&buf[..end]);
            }
            self.advance(end + 1);
            return Ok(text_of(&s));
        }
    }

    /// A list whose first item is a quoted row: a LeetCode board, read whole
    /// (up to its `]`) and parsed by `parse_placements`.
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
        let mut placements = parse_placements(&text, false).map_err(shift)?;
        match (placements.pop(), placements.is_empty()) {
            (Some(p), true) => Ok(p),
            _ => Err(parse_error(
                Some(first_line),
                "expected one quoted board in this list".into(),
            )),
        }
    }
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
    use proptest::prelude::*;

    /// Line-by-line reference: for each row, the kinds of line it finds taken
    /// and the first row on each.
    fn naive(cols: &[usize]) -> (Vec<LineConflict>, u64, [u64; 3]) {
        let mut out = Vec::new();
        let mut on_taken = 0;
        let mut taken = [0u64; 3];
        for (row, &col) in cols.iter().enumerate() {
            let mut hit = false;
            for (kind, attack) in KINDS.iter().enumerate() {
                let key = line_key(kind, row as u64, col as u64);
                let first = (0..row).find(|&r| line_key(kind, r as u64, cols[r] as u64) == key);
                if let Some(first) = first {
                    hit = true;
                    taken[kind] += 1;
                    out.push(LineConflict {
                        queen: Square::new(row, col),
                        attack: *attack,
                        earlier_row: Some(first),
                    });
                }
            }
            on_taken += u64::from(hit);
        }
        (out, on_taken, taken)
    }

    fn blank(mut conflicts: Vec<LineConflict>) -> Vec<LineConflict> {
        for c in &mut conflicts {
            c.earlier_row = None;
        }
        conflicts
    }

    fn run(cols: &[usize], v: LineVerifier) -> Verdict {
        let mut v = v;
        for &c in cols {
            v.push(c);
        }
        v.finish()
    }

    /// A solution for n even and n % 6 != 2: rows r < n/2 in column 2r + 1,
    /// the others in 2(r − n/2).
    fn solution(n: usize) -> Vec<usize> {
        assert!(n.is_multiple_of(2) && n % 6 != 2);
        (0..n)
            .map(|r| {
                if r < n / 2 {
                    2 * r + 1
                } else {
                    2 * (r - n / 2)
                }
            })
            .collect()
    }

    fn read_all(text: &str, one_based: bool) -> Result<Vec<Streamed>, String> {
        read_with(ColumnReader::new(text.as_bytes(), one_based))
    }

    fn read_with<R: BufRead>(mut reader: ColumnReader<R>) -> Result<Vec<Streamed>, String> {
        let mut out = Vec::new();
        loop {
            match reader.next_placement() {
                Ok(Some(p)) => out.push(p),
                Ok(None) => return Ok(out),
                Err(e) => return Err(e.to_string()),
            }
        }
    }

    fn small(items: Vec<Streamed>) -> Vec<Placement> {
        items
            .into_iter()
            .map(|s| match s {
                Streamed::Small(p) => p,
                Streamed::Large(v) => panic!("large: {v:?}"),
            })
            .collect()
    }

    /// The reader agrees with parse_placements on text in the column-list forms.
    fn agrees(text: &str, one_based: bool) {
        if is_column_list(text.as_bytes(), true) != Some(true) {
            return;
        }
        let want = parse_placements(text, one_based).map_err(|e| e.to_string());
        let got = read_all(text, one_based).map(small);
        assert_eq!(got, want, "{text:?} one_based={one_based}");
        // The same through a one-byte buffer: words cut at every byte.
        let got = read_with(ColumnReader::new(
            io::BufReader::with_capacity(1, text.as_bytes()),
            one_based,
        ))
        .map(small);
        assert_eq!(got, want, "{text:?} one_based={one_based}, 1-byte buffer");
    }

    #[test]
    fn paged_set_basics() {
        let mut s = PagedBitSet::new();
        assert!(s.is_empty());
        for i in [0u64, 63, 64, 65_535, 65_536, 1 << 33, 7] {
            assert!(s.insert(i));
            assert!(!s.insert(i));
            assert!(s.contains(i));
        }
        assert!(!s.contains(1) && !s.contains(1 << 34));
        assert_eq!(s.len(), 7);
        assert_eq!(s.pages(), 3);
        assert_eq!(s.next_at_or_after(8), Some(63));
        assert_eq!(s.next_at_or_after(65_537), Some(1 << 33));
        assert_eq!(s.next_at_or_after((1 << 33) + 1), None);
        assert_eq!(s.count_below(64), 3);
        assert_eq!(s.count_below(1 << 33), 6);
        assert_eq!(s.select(0), Some(0));
        assert_eq!(s.select(3), Some(64));
        assert_eq!(s.select(6), Some(1 << 33));
        assert_eq!(s.select(7), None);
    }

    #[test]
    fn a_lone_huge_column_costs_one_page() {
        let mut v = LineVerifier::new();
        v.push((MAX_QUEENS - 1) as usize);
        // One page per set touched, and directories of at most 2^17 entries.
        assert!(v.memory_bytes() < 4 << 20, "{}", v.memory_bytes());
        let verdict = v.finish();
        assert_eq!(
            verdict.off_board(),
            Some(Square::new(0, (MAX_QUEENS - 1) as usize))
        );
        // Beyond the cap: off the board at once, and no lines touched.
        let mut v = LineVerifier::new();
        v.push(1 << 40);
        v.push(0);
        assert!(v.memory_bytes() < 1 << 20, "{}", v.memory_bytes());
        let verdict = v.finish();
        assert_eq!(verdict.off_board(), Some(Square::new(0, 1 << 40)));
        assert!(matches!(verdict.error(), Some(Error::OutOfRange { .. })));
        assert!(!verdict.is_solution());
    }

    #[test]
    fn memory_follows_the_lines_touched() {
        let n = 1 << 20;
        let v = {
            let mut v = LineVerifier::new();
            for c in solution(n) {
                v.push(c);
            }
            v
        };
        // 5n bits of lines plus at most 2n of records, in whole pages.
        let bytes = v.memory_bytes();
        assert!(bytes < 8 * n / 8 + (1 << 20), "{bytes} bytes for n = {n}");
        assert!(v.finish().is_solution());
    }

    #[test]
    fn empty_and_sized() {
        let v = LineVerifier::new().finish();
        assert_eq!(v.error(), Some(Error::ZeroSize));
        assert!(!v.is_solution());
        let v = run(&[1, 3, 0, 2], LineVerifier::with_size(4));
        assert!(v.is_solution());
        let v = run(&[1, 3, 0], LineVerifier::with_size(4));
        assert_eq!((v.n(), v.queens()), (4, 3));
        assert!(!v.is_solution() && v.error().is_none());
        let v = run(&[1, 3, 5, 0], LineVerifier::with_size(4));
        assert_eq!(v.off_board(), Some(Square::new(2, 5)));
        let v = run(&[1, 3, 0, 2, 0], LineVerifier::with_size(4));
        assert_eq!(v.off_board(), Some(Square::new(4, 0)));
    }

    #[test]
    fn three_in_a_column_count_twice() {
        let v = run(&[0, 0, 0], LineVerifier::new());
        assert_eq!(v.queens_on_taken_lines(), 2);
        assert_eq!(v.taken(Attack::Column), 2);
        assert_eq!(v.taken(Attack::Diagonal), 0);
        assert_eq!(v.taken(Attack::Row), 0);
    }

    #[test]
    fn conflicts_listed_are_capped_and_counted() {
        let cols = vec![0; 50];
        let v = run(&cols, LineVerifier::new().keeping_columns(50));
        assert_eq!(v.conflicts().len(), CONFLICTS_KEPT);
        assert_eq!(v.queens_on_taken_lines(), 49);
        assert!(v.conflicts().iter().all(|c| c.earlier_row == Some(0)));
        assert_eq!(v.conflicts()[9].earlier(), Some(Square::new(0, 0)));
    }

    proptest! {
        #[test]
        fn agrees_with_verify_and_placement(cols in (1usize..12).prop_flat_map(|n| proptest::collection::vec(0..n, n))) {
            let n = cols.len();
            let (want, on_taken, taken) = naive(&cols);
            for v in [LineVerifier::new(), LineVerifier::with_size(n)] {
                let mut verdict = run(&cols, v);
                prop_assert_eq!(verdict.is_solution(), crate::verify(&cols).is_ok());
                prop_assert_eq!(
                    verdict.is_solution(),
                    Placement::from_columns(cols.clone()).unwrap().is_solution()
                );
                prop_assert_eq!(verdict.queens_on_taken_lines(), on_taken);
                prop_assert_eq!(KINDS.map(|k| verdict.taken(k)), taken);
                let first: Vec<_> = want.iter().copied().take(CONFLICTS_KEPT).collect();
                prop_assert_eq!(verdict.conflicts(), &blank(first.clone())[..]);
                verdict.fill_earlier_rows(cols.iter().copied());
                prop_assert_eq!(verdict.conflicts(), &first[..]);
                for c in verdict.conflicts() {
                    let e = c.earlier().unwrap();
                    prop_assert_eq!(cols[e.row], e.col);
                    prop_assert_eq!(e.attack(c.queen), Some(c.attack));
                }
                // Kept columns name the same rows in one pass.
                let kept = run(&cols, LineVerifier::new().keeping_columns(n));
                prop_assert_eq!(kept.conflicts(), &first[..]);
            }
        }

        #[test]
        fn first_off_the_board(cols in (1usize..12).prop_flat_map(|n| proptest::collection::vec(0..2 * n + 2, n))) {
            let n = cols.len();
            let want = cols.iter().position(|&c| c >= n).map(|r| Square::new(r, cols[r]));
            prop_assert_eq!(run(&cols, LineVerifier::new()).off_board(), want);
            prop_assert_eq!(run(&cols, LineVerifier::with_size(n)).off_board(), want);
        }

        #[test]
        fn planted_conflicts_name_both_rows(
            a in 0usize..60_000,
            b in 0usize..60_000,
            kind in 0usize..3,
        ) {
            let n = 60_000;
            let mut cols = solution(n);
            let (a, b) = (a.min(b), a.max(b));
            prop_assume!(a < b);
            let col = match kind {
                0 => Some(cols[a]),
                1 => cols[a].checked_add(b - a).filter(|&c| c < n),
                _ => cols[a].checked_sub(b - a),
            };
            let Some(col) = col else { return Ok(()) };
            prop_assume!(col != cols[b]);
            cols[b] = col;
            let attack = KINDS[kind];
            let mut verdict = run(&cols, LineVerifier::new());
            prop_assert!(!verdict.is_solution());
            let planted = |v: &Verdict| {
                v.conflicts()
                    .iter()
                    .find(|c| c.queen == Square::new(b, col) && c.attack == attack)
                    .copied()
            };
            prop_assert_eq!(planted(&verdict).unwrap().earlier_row, None);
            verdict.fill_earlier_rows(cols.iter().copied());
            let c = planted(&verdict).unwrap();
            prop_assert_eq!(c.earlier(), Some(Square::new(a, cols[a])));
            // Kept columns: both rows when row a is kept.
            let kept = run(&cols, LineVerifier::new().keeping_columns(a + 1));
            prop_assert_eq!(planted(&kept).unwrap().earlier_row, Some(a));
            let short = run(&cols, LineVerifier::new().keeping_columns(a));
            prop_assert_eq!(planted(&short).unwrap().earlier_row, None);
        }

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
        ] {
            agrees(text, false);
            agrees(text, true);
        }
        let e = read_all("0 4 7\n5 x 6", false).unwrap_err();
        assert!(
            e.starts_with("line 2: token 5 (\"x\") is not a column number"),
            "{e}"
        );
        let e = read_all("  \n", false).unwrap_err();
        assert!(e.starts_with("the input is empty"), "{e}");
        let e = read_all("0 \u{ff}", false).unwrap_err();
        assert!(e.starts_with("line 1: token 2 (\"ÿ\")"), "{e}");
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

    /// `[c0, c1, …]` of a board, or `[` and one column per line.
    fn list(cols: &[usize], one_per_line: bool, base: usize) -> String {
        let words: Vec<String> = cols.iter().map(|c| (c + base).to_string()).collect();
        if one_per_line {
            format!("[\n{}\n]\n", words.join("\n"))
        } else {
            format!("[{}]\n", words.join(", "))
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
        assert!(e.starts_with("line 2: token 21 (\"4294967296\"): column 4294967296 is off the board; verify reads boards of up to 4294967296 queens"), "{e}");
        let e = read(&big("0"), true);
        assert!(
            e.contains("column 0 is off the board; columns run from 1"),
            "{e}"
        );
        // Off the board only at the end: 22 rows, column 25 on the 22nd.
        let e = read(&big("21 25"), false);
        assert_eq!(
            e,
            "token 22 (\"25\"): column 25 is off the board; 22 rows were given, so columns run 0..=21"
        );
        let e = read(&big("22 21"), false);
        assert!(e.ends_with("(1-based input? use --one-based)"), "{e}");
        // A bad word before the switch is reported at the switch.
        let e = read("0 x 1 2 3 4 5 6", false);
        assert!(
            e.starts_with("line 1: token 2 (\"x\") is not a column number"),
            "{e}"
        );
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
    fn sniffing() {
        for (text, want) in [
            ("0 1", Some(true)),
            ("\u{feff}0 1", Some(true)),
            ("  \n [1", Some(true)),
            ("[[1", Some(true)),
            ("[]", Some(true)),
            ("[ \"", Some(false)),
            ("[[\"", Some(false)),
            ("Q..", None),
            ("Q..\n", Some(false)),
            ("Q 1", Some(true)),
            ("hello", None),
            ("■ □", Some(false)),
            ("", None),
        ] {
            assert_eq!(is_column_list(text.as_bytes(), false), want, "{text:?}");
        }
        assert_eq!(is_column_list(b"hello", true), Some(false));
        assert_eq!(is_column_list(b"\xef\xbb", false), None);
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
        reader
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
