//! [`ParallelVerifier`]: a board of known size, checked in blocks of rows on
//! several threads.
//!
//! [`LineVerifier`] takes one row after another, which is all a pipe allows.
//! A source that can start anywhere (the construction, a board in memory)
//! can be split instead: each thread takes the next block of rows, asks the
//! source for the columns of exactly those rows, and marks their three lines
//! in bit sets that every thread shares.
//!
//! ## Why shared bits, and why that is enough
//!
//! A block of rows can put its queens in any column and on almost any of the
//! 2n − 1 diagonals, so bit sets private to a thread would each need the full
//! 5n bits (1.25 GB for two threads on a billion queens) and a merge. Shared
//! sets cost 5n bits once. A thread sets bits with an atomic `fetch_or` on
//! the word and looks at the bits that were there before: two queens on one
//! line set the same bit of the same word, and atomic read-modify-writes of
//! one word happen one after the other, so whichever comes second sees the
//! first one's bit, whatever the threads and blocks. Relaxed ordering is
//! enough: only that one word's history matters.
//!
//! ## Why it is fast
//!
//! An atomic operation costs tens of cycles, three a row would cost more than
//! the whole single-threaded check. Each thread therefore keeps, for each of
//! the three sets, the word it touched last and the bits it has for it
//! (a `Mark`), and only goes to memory when a row's line falls in another
//! word. The rows of a solution that a construction or a search produces
//! move along their lines in small steps (the construction: columns two
//! apart, diagonals one apart), so a word of 64 lines is written once every
//! few dozen rows; a board in random order costs one atomic per line, which
//! is still correct. An atomic write waits for its word's line of memory
//! before the next can start, so for a chunk whose rows are in no order (a
//! min-conflicts search's, told by a sample of neighbouring rows) the words
//! of the row 16 rows on are asked for ahead, and their misses overlap:
//! `solve 5e7 -a min-conflicts -f none --verify` took 3.1 s in all, 1.9 s
//! of them the search, and 2.5 s with this (one run each, alternating,
//! Zen 5; the construction's check of 10^9 queens as before, 1.34 s).
//!
//! Within the held word a row costs one bit operation per set: two rows on
//! one line set the same bit, so the word ends up with fewer bits than rows
//! were marked in it, and each thread compares the bits it wrote with the
//! rows it marked (a line already taken in a word written before, by any
//! thread, is a bit that the write finds set). A thread takes the columns of
//! a few thousand rows from the source into a buffer and then marks them, so
//! that the source's loop and the marking loop each keep their state in
//! registers.
//!
//! The sets are 5n bits (625 MB for a billion queens), in fresh pages from
//! the kernel. Before marking, the threads write a zero into every page of
//! their share of the sets: a page first touched by the atomic's read would
//! map the kernel's shared zero page and pay a second fault, a copy and a
//! flush of every core's address cache at the first write, which was most of
//! the system time; written first, each page faults in once, on two cores.
//!
//! ## What the bits cannot say
//!
//! With several threads, which queen of a shared line came "first" is a race,
//! and a clash says nothing about rows. So the threads only decide whether
//! the board is a solution. When it is not (a clash, a queen off the board,
//! a source that yields too few columns), the board is checked again by a
//! single [`LineVerifier`] from row 0, which gives the exact [`Verdict`] of a
//! sequential check, and a second pass names the earlier queens. A bad board
//! costs three passes; a good one, one pass on every thread.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Barrier;

use super::verdict::Verdict;
use super::verifier::LineVerifier;
use super::MAX_QUEENS;

/// Rows per block: large enough that taking a block costs nothing, small
/// enough that two threads on a busy machine finish together.
const BLOCK_ROWS: usize = 1 << 20;

/// Rows a thread takes from the source at a time before marking them
/// (32 KiB of columns, which stay in the core's first-level cache).
const CHUNK_ROWS: usize = 1 << 12;

/// Checks an n×n board on several threads, asking the source for the columns
/// of one block of rows at a time (see the docs of
/// `src/read/parallel.rs`).
///
/// The source is a function from a range of rows to an iterator over their
/// columns, in row order; it is called once per block, from any thread, so it
/// must be cheap to start at any row: [`Construction::rows`] or a slice's
/// range. The verdict is the one a [`LineVerifier::with_size`] fed every row
/// in order would give.
///
/// [`Construction::rows`]: crate::Construction::rows
///
/// # Examples
///
/// ```
/// use nqueens::{construct, ParallelVerifier};
///
/// let n = 1_000_003;
/// let board = construct(n)?.expect("n ≥ 4 has a solution");
/// let check = ParallelVerifier::new(n).threads(2);
/// assert!(check.verify(|rows| board.rows(rows)).is_solution());
///
/// // A board in memory: move the queen of row 5 onto row 4's column.
/// let mut columns: Vec<usize> = board.collect();
/// columns[5] = columns[4];
/// let verdict = check.verify(|rows| columns[rows].iter().copied());
/// assert!(!verdict.is_solution());
/// let first = verdict.conflicts()[0];
/// assert_eq!((first.queen.row, first.earlier_row), (5, Some(4)));
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParallelVerifier {
    n: usize,
    threads: usize,
    block: usize,
}

impl ParallelVerifier {
    /// A check of an `n`×`n` board on every core
    /// ([`default_threads`](crate::default_threads)).
    pub fn new(n: usize) -> Self {
        ParallelVerifier {
            n,
            threads: super::cores(),
            block: BLOCK_ROWS,
        }
    }

    /// Uses `threads` threads (at least one; the calling thread is one).
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// Hands out `rows` rows at a time (at least one; 2^20 by default).
    /// Small blocks are for tests, which want many block boundaries.
    pub fn block_rows(mut self, rows: usize) -> Self {
        self.block = rows.max(1);
        self
    }

    /// The verdict on the board whose rows `rows(range)` yields.
    pub fn verify<I, F>(&self, rows: F) -> Verdict
    where
        F: Fn(Range<usize>) -> I + Sync,
        I: Iterator<Item = usize>,
    {
        match self.verify_until(&AtomicBool::new(false), rows) {
            Some(verdict) => verdict,
            None => unreachable!("nothing sets the stop flag"),
        }
    }

    /// [`verify`](Self::verify), giving up (`None`) soon after `stop` is set:
    /// every thread looks at it between blocks, and the single-threaded
    /// second look every 2^20 rows.
    pub fn verify_until<I, F>(&self, stop: &AtomicBool, rows: F) -> Option<Verdict>
    where
        F: Fn(Range<usize>) -> I + Sync,
        I: Iterator<Item = usize>,
    {
        let n = self.n;
        if n > 0 && n as u64 <= MAX_QUEENS && self.is_solution(stop, &rows) {
            return (!stop.load(Ordering::Relaxed)).then(|| Verdict::solution(n));
        }
        // Not a solution (or stopped, or a size the bits do not take): the
        // exact verdict of the sequential check.
        let mut verifier = LineVerifier::with_size(n);
        for (i, col) in rows(0..n).enumerate() {
            if i % BLOCK_ROWS == 0 && stop.load(Ordering::Relaxed) {
                return None;
            }
            verifier.push(col);
        }
        let mut verdict = verifier.finish();
        if verdict.needs_earlier_rows() {
            verdict.fill_earlier_rows(rows(0..n));
        }
        Some(verdict)
    }

    /// Whether the threads found every row of 0..n on the board and no line
    /// taken twice (false as well when stopped).
    fn is_solution<I, F>(&self, stop: &AtomicBool, rows: &F) -> bool
    where
        F: Fn(Range<usize>) -> I + Sync,
        I: Iterator<Item = usize>,
    {
        let n = self.n as u64;
        let lines = SharedLines::new(n);
        let next = AtomicUsize::new(0);
        let failed = AtomicBool::new(false);
        let blocks = self.n.div_ceil(self.block);
        let threads = self.threads.min(blocks).max(1);
        let touched = Barrier::new(threads);
        let work = |thread: usize| {
            lines.touch(thread, threads);
            touched.wait();
            let mut marks = lines.marks();
            // Columns are read into this buffer, then marked: the source's
            // loop and the marking loop each keep their state in registers.
            let mut columns = vec![0usize; CHUNK_ROWS.min(self.block)];
            'blocks: loop {
                if stop.load(Ordering::Relaxed) || failed.load(Ordering::Relaxed) {
                    break;
                }
                let first = next
                    .fetch_add(1, Ordering::Relaxed)
                    .saturating_mul(self.block);
                if first >= self.n {
                    break;
                }
                let end = first.saturating_add(self.block).min(self.n);
                let mut source = rows(first..end);
                let mut row = first;
                while row < end {
                    let chunk = &mut columns[..(end - row).min(CHUNK_ROWS)];
                    let filled = fill(chunk, &mut source);
                    if filled < chunk.len() || !marks.rows(row as u64, chunk) {
                        failed.store(true, Ordering::Relaxed);
                        break 'blocks;
                    }
                    row += chunk.len();
                }
                // A source that gives more rows than its range asked for is
                // not a board of n rows: the sequential check says what it is.
                if source.next().is_some() {
                    failed.store(true, Ordering::Relaxed);
                    break;
                }
            }
            if !marks.finish() {
                failed.store(true, Ordering::Relaxed);
            }
        };
        std::thread::scope(|scope| {
            let work = &work;
            for thread in 1..threads {
                scope.spawn(move || work(thread));
            }
            work(0);
        });
        !failed.load(Ordering::Relaxed) && !stop.load(Ordering::Relaxed)
    }
}

/// Fills `chunk` from `source`; how many columns it gave (fewer than asked
/// when it ran out).
#[inline]
fn fill(chunk: &mut [usize], source: &mut impl Iterator<Item = usize>) -> usize {
    for (i, slot) in chunk.iter_mut().enumerate() {
        match source.next() {
            Some(col) => *slot = col,
            None => return i,
        }
    }
    chunk.len()
}

/// The column, diagonal and anti-diagonal bits of an n×n board (n, 2n − 1
/// and 2n − 1 bits), shared by the threads.
struct SharedLines {
    n: u64,
    sets: [Vec<AtomicU64>; 3],
}

/// Words in a 4 KiB page of memory.
const PAGE_WORDS: usize = 4096 / 8;

impl SharedLines {
    fn new(n: u64) -> Self {
        // Zeroed words, collected: the allocator hands out fresh zeroed
        // pages, which the threads fault in with `touch`.
        let words = |bits: u64| -> Vec<AtomicU64> {
            std::iter::repeat_with(|| AtomicU64::new(0))
                .take((bits / 64 + 1) as usize)
                .collect()
        };
        SharedLines {
            n,
            sets: [words(n), words(2 * n), words(2 * n)],
        }
    }

    /// Thread `thread` of `threads` writes a zero into every page of its
    /// share of the sets, before anyone marks a line.
    ///
    /// Why: a fresh page that is first *read* maps the kernel's shared zero
    /// page, and the first write then copies it and flushes the TLB of every
    /// core this process runs on. An atomic `fetch_or` whose old value is
    /// used reads before it writes, so every page paid two faults and a
    /// flush between cores (most of the system time of a billion queens). A
    /// plain store faults in a private zeroed page at once, and the threads
    /// fault their shares in side by side.
    fn touch(&self, thread: usize, threads: usize) {
        for set in &self.sets {
            let share = set.len().div_ceil(threads);
            let start = (share * thread).min(set.len());
            let end = (start + share).min(set.len());
            for word in set[start..end].iter().step_by(PAGE_WORDS) {
                word.store(0, Ordering::Relaxed);
            }
        }
    }

    /// A thread's marks on these sets.
    fn marks(&self) -> Marks<'_> {
        let [cols, diags, antis] = &self.sets;
        Marks {
            n: self.n,
            marked: 0,
            cols: Mark::new(cols),
            diags: Mark::new(diags),
            antis: Mark::new(antis),
        }
    }
}

/// One thread's three [`Mark`]s.
struct Marks<'a> {
    n: u64,
    /// How many rows this thread marked.
    marked: u64,
    cols: Mark<'a>,
    diags: Mark<'a>,
    antis: Mark<'a>,
}

impl Marks<'_> {
    /// Marks the rows from `first` on, whose columns are `columns`; false
    /// when a column is off the board or a clash has been seen (a clash
    /// shows once its word is written, at the latest in
    /// [`finish`](Self::finish)).
    #[inline(never)]
    fn rows(&mut self, first: u64, columns: &[usize]) -> bool {
        let n = self.n;
        // Copies, so that the loop keeps them in registers.
        let (mut cols, mut diags, mut antis) = (self.cols, self.diags, self.antis);
        let mut row = first;
        let mut on_board = true;
        if scattered(columns) {
            (row, on_board) =
                rows_scattered(n, first, columns, [&mut cols, &mut diags, &mut antis]);
        } else {
            for &col in columns {
                let col = col as u64;
                if col >= n {
                    on_board = false;
                    break;
                }
                cols.mark(col);
                // Shifted by n − 1 so that it stays in 0..2n − 1.
                diags.mark(row + (n - 1 - col));
                antis.mark(row + col);
                row += 1;
            }
        }
        (self.cols, self.diags, self.antis) = (cols, diags, antis);
        self.marked += row - first;
        on_board && self.clean()
    }

    /// No clash so far: each set holds one bit for every row marked, none
    /// of them found already taken.
    fn clean(&self) -> bool {
        [self.cols, self.diags, self.antis].iter().all(|mark| {
            mark.clash == 0 && mark.ones + u64::from(mark.bits.count_ones()) == self.marked
        })
    }

    /// Writes the words still held; whether no clash was found.
    fn finish(&mut self) -> bool {
        self.cols.flush();
        self.diags.flush();
        self.antis.flush();
        self.clean()
    }
}

/// A thread's last word of one shared set: its index and the bits marked in
/// it and not yet written, and what the words written so far showed.
///
/// Two rows on one line of the held word set one bit, so the word holds
/// fewer bits than rows were marked in it: the count of bits written
/// (`ones`) falls behind the rows marked. A line marked in a word written
/// before, by this thread or another, is a bit the write finds already
/// set (`clash`). So a row costs one bit operation per set and the test
/// waits for the write.
#[derive(Clone, Copy)]
struct Mark<'a> {
    set: &'a [AtomicU64],
    word: usize,
    bits: u64,
    /// How many bits the words written so far held.
    ones: u64,
    /// Nonzero once a write found one of its bits already set.
    clash: u64,
}

impl<'a> Mark<'a> {
    fn new(set: &'a [AtomicU64]) -> Self {
        Mark {
            set,
            word: 0,
            bits: 0,
            ones: 0,
            clash: 0,
        }
    }

    /// Marks line `i`, which is below the set's length in bits.
    #[inline(always)]
    fn mark(&mut self, i: u64) {
        let word = (i >> 6) as usize;
        if word != self.word {
            self.flush();
            self.word = word;
        }
        self.bits |= 1u64 << (i & 63);
    }

    /// Writes the bits held into the shared word.
    #[inline(always)]
    fn flush(&mut self) {
        self.ones += u64::from(self.bits.count_ones());
        self.clash |= write(self.set, self.word, self.bits);
        self.bits = 0;
    }
}

/// [`Marks::rows`] for rows in no order (a min-conflicts search's): each
/// line's word is another, far from the last, and each atomic write waits
/// for its line of memory before the next can start. The words of the row
/// [`AHEAD`] rows on are asked for early, so that their misses overlap
/// (verifying 5 × 10^7 queens of min-conflicts took 3.4 s, and 0.55 s
/// with this; a loop of its own, so that the one for rows in order is
/// compiled as before). Returns the row after the last marked, and false
/// if a column is off the board.
#[inline(never)]
fn rows_scattered(
    n: u64,
    first: u64,
    columns: &[usize],
    [cols, diags, antis]: [&mut Mark<'_>; 3],
) -> (u64, bool) {
    let mut row = first;
    for (k, &col) in columns.iter().enumerate() {
        let col = col as u64;
        if col >= n {
            return (row, false);
        }
        if let Some(&ahead) = columns.get(k + AHEAD) {
            let (ahead, r) = (ahead as u64, row + AHEAD as u64);
            if ahead < n {
                prefetch(cols.set, ahead);
                prefetch(diags.set, r + (n - 1 - ahead));
                prefetch(antis.set, r + ahead);
            }
        }
        cols.mark(col);
        diags.mark(row + (n - 1 - col));
        antis.mark(row + col);
        row += 1;
    }
    (row, true)
}

/// Whether the rows of `columns` are in no order: most of 64 neighbours
/// sampled across it put their queens 64 columns apart or more, in other
/// words of the sets (a search's rows; the construction's move two
/// columns a row). A sample, so that rows in order pay nothing for it.
fn scattered(columns: &[usize]) -> bool {
    let step = (columns.len() / 64).max(1);
    let (mut far, mut seen) = (0, 0);
    for k in (1..columns.len()).step_by(step) {
        far += usize::from(columns[k].abs_diff(columns[k - 1]) >= 64);
        seen += 1;
    }
    2 * far > seen
}

/// How many rows ahead a scattered chunk asks for its words.
const AHEAD: usize = 16;

/// Asks the memory for the word of `set` that holds line `i`, to be
/// written soon: a hint that changes nothing but the time.
#[inline(always)]
fn prefetch(set: &[AtomicU64], i: u64) {
    #[cfg(target_arch = "x86_64")]
    if let Some(word) = set.get((i >> 6) as usize) {
        // SAFETY: a prefetch reads and changes nothing; the address is that
        // of a word of `set`.
        unsafe {
            std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                word.as_ptr().cast::<i8>(),
            );
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (set, i);
}

/// Or-s `bits` into word `word` of `set`; the bits that were already there.
/// Out of line: it runs once every few dozen rows, and kept apart it leaves
/// the marking loop its registers.
#[cold]
#[inline(never)]
fn write(set: &[AtomicU64], word: usize, bits: u64) -> u64 {
    if bits == 0 {
        return 0;
    }
    set[word].fetch_or(bits, Ordering::Relaxed) & bits
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::huge::construct::construct;
    use crate::read::test_util::run;
    use proptest::prelude::*;

    /// The threads' answer alone, without the sequential second look.
    fn threads_say(cols: &[usize], threads: usize, block: usize) -> bool {
        let check = ParallelVerifier::new(cols.len())
            .threads(threads)
            .block_rows(block);
        check.is_solution(&AtomicBool::new(false), &|r: Range<usize>| {
            cols[r].iter().copied()
        })
    }

    fn sequential(cols: &[usize]) -> Verdict {
        let mut verdict = run(cols, LineVerifier::with_size(cols.len()));
        verdict.fill_earlier_rows(cols.iter().copied());
        verdict
    }

    /// The construction for `n`, with a queen per row.
    fn constructed(n: usize) -> Vec<usize> {
        construct(n).unwrap().unwrap().collect()
    }

    /// Rows in no order (a min-conflicts search's board) take the loop
    /// that fetches words ahead: a solution passes on any number of
    /// threads, and a queen moved onto another's column or diagonal is
    /// caught, as the sequential check says.
    #[test]
    fn rows_in_no_order_are_checked_as_rows_in_order_are() {
        use crate::huge::min_conflicts::{MinConflicts, Outcome};
        let n = 20_000;
        let search = MinConflicts {
            seed: 3,
            ..MinConflicts::default()
        };
        let Ok((Outcome::Found(board), _)) = search.solve(n) else {
            panic!("no board for n = {n}");
        };
        let cols: Vec<usize> = board.iter().map(|&c| c as usize).collect();
        assert!(scattered(&cols[..CHUNK_ROWS]));
        assert!(!scattered(&constructed(n)[..CHUNK_ROWS]));
        for threads in [1, 2, 3] {
            assert!(threads_say(&cols, threads, 4096), "{threads} threads");
        }
        let mut same_column = cols.clone();
        same_column[12_345] = cols[777];
        let mut same_diagonal = cols.clone();
        // Row 5,001's queen one column off row 5,000's: a diagonal apart
        // (or a column, if it is off the board).
        same_diagonal[5_001] = (cols[5_000] + 1) % n;
        for bad in [same_column, same_diagonal] {
            assert!(!sequential(&bad).is_solution());
            for threads in [1, 2] {
                assert!(!threads_say(&bad, threads, 4096), "{threads} threads");
            }
        }
    }

    #[test]
    fn constructions_pass_on_any_number_of_threads_and_blocks() {
        for n in (1..=400).filter(|&n| n != 2 && n != 3) {
            let board = construct(n).unwrap().unwrap();
            for (threads, block) in [(1, n), (2, 1), (2, 7), (3, 64), (4, 65)] {
                let check = ParallelVerifier::new(n).threads(threads).block_rows(block);
                assert!(check.verify(|r| board.rows(r)).is_solution(), "n = {n}");
                assert!(threads_say(&constructed(n), threads, block), "n = {n}");
            }
        }
    }

    /// A source that yields a row more than its range asked for is no
    /// board of n rows: the verdict is the sequential check's (the threads
    /// took the first rows of each range and said "a solution").
    #[test]
    fn a_source_with_rows_to_spare_is_not_a_solution() {
        let board = constructed(100);
        for (threads, block) in [(1, 100), (2, 7), (3, 64)] {
            let check = ParallelVerifier::new(100)
                .threads(threads)
                .block_rows(block);
            let verdict = check.verify(|r: Range<usize>| {
                let extra = (r.end == 100).then_some(0);
                board[r].iter().copied().chain(extra)
            });
            assert!(
                !verdict.is_solution(),
                "{threads} threads, blocks of {block}"
            );
        }
    }

    #[test]
    fn each_way_a_clash_is_seen_catches_it() {
        // n = 64: rows 0 and 1 in columns 5 and 4 share anti-diagonal 5 and
        // nothing else; both marks fall in one held word, whose bit count
        // then falls behind the rows marked.
        let lines = SharedLines::new(64);
        let mut marks = lines.marks();
        assert!(!marks.rows(0, &[5, 4]));
        assert!(!marks.finish());
        // The same two rows marked by two threads (two marks), each clean
        // alone: the second write finds the bit taken.
        let lines = SharedLines::new(64);
        let (mut first, mut second) = (lines.marks(), lines.marks());
        assert!(first.rows(0, &[5]) && second.rows(1, &[4]));
        assert!(first.finish());
        assert!(!second.finish());
        // One thread leaves the word and comes back to it: rows 0 and 40
        // share column 3, with rows far off in between.
        let lines = SharedLines::new(1000);
        let mut marks = lines.marks();
        assert!(marks.rows(0, &[3]) && marks.rows(1, &[900]));
        marks.rows(40, &[3]);
        assert!(!marks.finish());
        // A column off the board.
        assert!(!SharedLines::new(8).marks().rows(0, &[8]));
    }

    #[test]
    fn two_queens_swapped_or_copied_are_caught_anywhere_on_a_large_board() {
        let n = 5000;
        let good = constructed(n);
        for (a, b) in [(10, 11), (0, n - 1), (1234, 4321), (63, 64), (2499, 2500)] {
            // A copy puts two queens in one column; a swap keeps the
            // columns a permutation, so only a diagonal can clash.
            let mut copied = good.clone();
            copied[b] = copied[a];
            let mut swapped = good.clone();
            swapped.swap(a, b);
            for cols in [copied, swapped] {
                assert!(!sequential(&cols).is_solution(), "rows {a} and {b}");
                for (threads, block) in [(1, n), (2, 64), (2, 1000), (3, 7)] {
                    assert!(!threads_say(&cols, threads, block), "rows {a} and {b}");
                }
            }
        }
    }

    #[test]
    fn short_long_and_empty_sources_get_the_sequential_verdict() {
        let cols = constructed(100);
        let check = ParallelVerifier::new(100).threads(2).block_rows(8);
        // Every block but the last is short by one row.
        let short = check.verify(|r| cols[r.start..r.end - 1].iter().copied());
        assert!(!short.is_solution());
        // A source that yields rows past its range: only the range counts.
        let long = check.verify(|r| cols[r.start..].iter().copied());
        assert!(long.is_solution());
        let empty = ParallelVerifier::new(0).verify(|_| std::iter::empty());
        assert_eq!(empty, LineVerifier::with_size(0).finish());
    }

    #[test]
    fn a_set_stop_flag_gives_none() {
        let board = construct(1000).unwrap().unwrap();
        let stop = AtomicBool::new(true);
        let check = ParallelVerifier::new(1000).threads(2).block_rows(10);
        assert_eq!(check.verify_until(&stop, |r| board.rows(r)), None);
    }

    proptest! {
        /// Random columns, many threads and tiny blocks: the threads say
        /// "solution" exactly when the sequential check does, and the
        /// verdict is the sequential one.
        #[test]
        fn agrees_with_the_sequential_check(
            cols in (1usize..12).prop_flat_map(|n| proptest::collection::vec(0..n + 1, n)),
            threads in 1usize..5,
            block in 1usize..6,
        ) {
            let want = sequential(&cols);
            prop_assert_eq!(threads_say(&cols, threads, block), want.is_solution());
            let check = ParallelVerifier::new(cols.len()).threads(threads).block_rows(block);
            prop_assert_eq!(check.verify(|r| cols[r].iter().copied()), want);
        }

        /// One queen of a solution moved, at or next to a block boundary,
        /// with the blocks spread over threads: always caught, with the
        /// sequential verdict. Boards up to 700 rows cross many 64-bit words.
        #[test]
        fn a_moved_queen_at_a_block_boundary_is_caught(
            n in 4usize..700,
            block in 1usize..100,
            threads in 2usize..5,
            pick in any::<prop::sample::Index>(),
            side in 0usize..3,
            to in any::<prop::sample::Index>(),
        ) {
            let mut cols = constructed(n);
            // A row at a boundary: the last of a block, the first of the
            // next, or one further.
            let boundaries = n.div_ceil(block);
            let row = (pick.index(boundaries) * block + side).saturating_sub(1).min(n - 1);
            let col = to.index(n - 1);
            // Any other column of the board.
            cols[row] = if col >= cols[row] { col + 1 } else { col };
            prop_assert!(!threads_say(&cols, threads, block));
            let check = ParallelVerifier::new(n).threads(threads).block_rows(block);
            let verdict = check.verify(|r| cols[r].iter().copied());
            prop_assert!(!verdict.is_solution());
            prop_assert_eq!(verdict, sequential(&cols));
        }
    }
}
