//! The quadrant pieces a task reads: the whole quadrant [`Table`] (built
//! once per plan up to n = 23), or the [`RowTable`]s of the four row sets a
//! task needs, built per task and shared between workers by the
//! [`RowCache`] under a memory budget. [`RowSet`] hides which of the two a
//! plan holds. The `place_*` helpers enumerate the pieces for both.
//!
//! Kept apart from the join because it is the engine's memory: what
//! `--memory` trades between speed (one table) and room (row tables).

use super::*;

/// The quadrant table: every placement on the h×h board, filed by (rows,
/// columns). A placement is its sum diagonals (`r + c`, low 32 bits) and
/// difference diagonals (`r - c + h - 1`, high 32 bits).
pub(super) struct Table {
    h: usize,
    /// `start[rows << h | cols]..start[(rows << h | cols) + 1]` indexes `pieces`.
    pub(super) start: Vec<u32>,
    pub(super) pieces: Vec<u64>,
}

impl Table {
    /// The table of the h×h board, built on `threads` threads.
    ///
    /// A counting sort by key, without storing keys: every placement is
    /// made twice, once to count each key's and once to file it. With more
    /// than one thread the placements are split by what their first rows
    /// hold (a prefix); each thread counts its prefixes' placements by key,
    /// the counts give each thread its own run of places within each key's
    /// range, and the second pass files the same prefixes again, each
    /// thread into its own places. (n = 22: 3.7 s on one thread before the
    /// bit masks of [`Partial`], the table being the only part of a count
    /// that ran alone.)
    ///
    /// # Errors
    /// [`Error::Threads`] when the system will not start the threads.
    pub(super) fn new(h: usize, threads: usize) -> Result<Table, Error> {
        let keys = 1usize << (2 * h);
        // Prefixes: the first rows' placements, the largest (rows empty) first.
        let depth = h.min(3);
        let mut prefixes = Vec::new();
        place(h, 0, depth, Partial::default(), &mut |p| prefixes.push(p));
        prefixes.reverse();
        // Each thread counts by key in an array of its own (4 MiB at h =
        // 10, 16 MiB at h = 11): no more threads than cores, which is all
        // that helps (`-j 512` took 2 GiB here).
        let asked = threads;
        let threads = threads
            .min(super::super::executor::default_threads())
            .clamp(1, prefixes.len().max(1));
        // Pass 1: which prefixes each thread takes, and its counts by key.
        let next = std::sync::atomic::AtomicUsize::new(0);
        let take = || {
            let mut mine = Vec::new();
            let mut counts = vec![0u32; keys];
            loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(&p) = prefixes.get(i) else {
                    return (mine, counts);
                };
                mine.push(p);
                place(h, depth, h, p, &mut |q| counts[q.key(h)] += 1);
            }
        };
        let mut parts: Vec<(Vec<Partial>, Vec<u32>)> = if threads == 1 {
            vec![take()]
        } else {
            std::thread::scope(|s| {
                let mut workers = Vec::with_capacity(threads);
                for started in 0..threads {
                    match std::thread::Builder::new().spawn_scoped(s, take) {
                        Ok(worker) => workers.push(worker),
                        // The threads started take every prefix between
                        // them; their work is let go with the error.
                        Err(e) => return Err(threads_error(asked, started, &e)),
                    }
                }
                Ok(workers
                    .into_iter()
                    .map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                    .collect())
            })?
        };
        // Each key's range, and each thread's first place in it.
        let mut start = vec![0u32; keys + 1];
        for key in 0..keys {
            let mut at = start[key];
            for (_, counts) in &mut parts {
                let here = counts[key];
                counts[key] = at;
                at += here;
            }
            start[key + 1] = at;
        }
        // Pass 2: every thread files its prefixes' placements in its places.
        let mut pieces = vec![0u64; start[keys] as usize];
        let out = Places(pieces.as_mut_ptr(), pieces.len());
        let file = |(mine, mut at): (Vec<Partial>, Vec<u32>)| {
            for &p in &mine {
                place(h, depth, h, p, &mut |q| {
                    let key = q.key(h);
                    // SAFETY: each thread writes the places its pass-1
                    // counts gave it, which no other thread was given, and
                    // which lie within `pieces` (their sum is its length).
                    unsafe { out.write(at[key] as usize, q.diags) };
                    at[key] += 1;
                });
            }
        };
        if parts.len() == 1 {
            parts.into_iter().for_each(file);
        } else {
            let file = &file;
            std::thread::scope(|s| {
                let mut workers = Vec::with_capacity(parts.len());
                for (started, part) in parts.into_iter().enumerate() {
                    match std::thread::Builder::new().spawn_scoped(s, move || file(part)) {
                        Ok(worker) => workers.push(worker),
                        // The table is let go with the error, half filed.
                        Err(e) => return Err(threads_error(asked, started, &e)),
                    }
                }
                for w in workers {
                    w.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
                }
                Ok(())
            })?;
        }
        Ok(Table { h, start, pieces })
    }

    pub(super) fn get(&self, rows: u32, cols: u32) -> &[u64] {
        let key = ((rows as usize) << self.h) | cols as usize;
        &self.pieces[self.start[key] as usize..self.start[key + 1] as usize]
    }
}

/// The error of a table whose threads the system would not start.
fn threads_error(wanted: usize, started: usize, e: &std::io::Error) -> Error {
    Error::Threads {
        wanted,
        started,
        reason: e.to_string(),
    }
}

/// The table's pieces, written by several threads at places that the
/// counts of [`Table::new`] keep apart.
#[derive(Clone, Copy)]
struct Places(*mut u64, usize);

// SAFETY: the pointer is only written through `write`, at places that no
// two threads share (see `Table::new`), while the vector it points into
// outlives the threads.
unsafe impl Send for Places {}
unsafe impl Sync for Places {}

impl Places {
    /// # Safety
    /// No other thread may write or read place `i` meanwhile.
    unsafe fn write(self, i: usize, piece: u64) {
        assert!(i < self.1);
        // SAFETY: in bounds (checked); no other access (the caller's).
        unsafe { *self.0.add(i) = piece }
    }
}

/// A placement on the h×h board as it is built: its rows, columns and
/// diagonals as the table stores them (sums `r + c` in the low 32 bits,
/// differences `r - c + h - 1` in the high), and the differences once more,
/// numbered `c - r + h - 1`, so that a row's free columns are three shifts
/// and no loop (`open`).
#[derive(Debug, Clone, Copy, Default)]
struct Partial {
    rows: u32,
    cols: u32,
    diags: u64,
    ups: u32,
}

impl Partial {
    /// The columns of row `r` that no queen attacks.
    fn open(self, h: usize, r: usize) -> u32 {
        let sums = (self.diags & 0xFFFF_FFFF) >> r;
        ((1u32 << h) - 1) & !(self.cols | sums as u32 | self.ups >> (h - 1 - r))
    }

    /// With a queen on `(r, c)`.
    fn with(self, h: usize, r: usize, c: usize) -> Partial {
        Partial {
            rows: self.rows | 1 << r,
            cols: self.cols | 1 << c,
            diags: self.diags | 1 << (r + c) | 1 << (32 + r + h - 1 - c),
            ups: self.ups | 1 << (c + h - 1 - r),
        }
    }

    /// Its image under the left-right mirror, column c to h − 1 − c: the
    /// same rows, the columns reversed, and each sum diagonal `r + c` made
    /// the difference `r + (h − 1 − c)` and the other way round, so that
    /// the two halves of `diags` swap.
    fn mirrored(self, h: usize) -> Partial {
        let sums = self.diags as u32;
        Partial {
            rows: self.rows,
            cols: reverse(self.cols, h),
            diags: self.diags.rotate_left(32),
            // `c − r + h − 1` of the image is 2h − 2 − (r + c).
            ups: reverse(sums, 2 * h - 1),
        }
    }

    /// Its key in the table: rows, then columns.
    fn key(self, h: usize) -> usize {
        ((self.rows as usize) << h) | self.cols as usize
    }
}

/// Every placement that extends `p` (rows below `r` decided) with rows `r`
/// to `to` − 1 each empty or holding a queen; the recursion is at most
/// h ≤ 14 deep.
fn place(h: usize, r: usize, to: usize, p: Partial, out: &mut impl FnMut(Partial)) {
    if r == to {
        out(p);
        return;
    }
    place(h, r + 1, to, p, out);
    let mut free = p.open(h, r);
    while free != 0 {
        let c = free.trailing_zeros() as usize;
        free &= free - 1;
        place(h, r + 1, to, p.with(h, r, c), out);
    }
}

/// Places the pieces of the runs `sets` of a table (run `s` holds
/// `pieces[start[s] - start[0]..start[s + 1] - start[0]]`, the runs in
/// order) at `at`, into `out`, keeping those clear of the frame's closed
/// diagonals, and calls `end(s, len)` after each run with the length of
/// `out`. One pass, without a call per run: every piece is placed and
/// written, and kept by moving the end past it or not.
pub(super) fn place_kept(
    (pieces, start): (&[u64], &[u32]),
    sets: impl Iterator<Item = usize>,
    at: Shifts,
    f: &Frame,
    out: &mut Placed,
    mut end: impl FnMut(usize, usize),
) {
    let base = start[0] as usize;
    let most = start[start.len() - 1] as usize - base;
    for field in [&mut out.meets, &mut out.sigs] {
        field.clear();
        field.resize(most, 0);
    }
    let mut kept = 0;
    for s in sets {
        for &piece in &pieces[start[s] as usize - base..start[s + 1] as usize - base] {
            let [sums, diffs, meet, sig] = at.place(piece);
            out.meets[kept] = meet;
            out.sigs[kept] = sig;
            kept += usize::from(sums & f.sums | diffs & f.diffs == 0);
        }
        end(s, kept);
    }
    for field in [&mut out.meets, &mut out.sigs] {
        field.truncate(kept);
    }
}

/// The placements of one row set R of the h×h board (one queen in each row
/// of R, none attacking), filed by column set: the slice of the quadrant
/// table that one task reads, built when the task needs it. A task reads
/// four row sets (the north and south rows of each half), so a worker holds
/// a few of these instead of the whole table, whose size grows about 8.5
/// times a row (5 GB at n = 24, hundreds of GB at n = 28).
#[derive(Default)]
pub(super) struct RowTable {
    h: usize,
    pub(super) rows: u32,
    /// `start[cols]..start[cols + 1]` indexes `pieces`.
    start: Vec<u32>,
    pub(super) pieces: Vec<u64>,
}

impl RowTable {
    /// Builds the table of `rows` into `self`, reusing its memory: one
    /// search finds the placements (into the thread's own list, kept from
    /// build to build) and counts them by column set, and a counting sort
    /// files them. (Two searches, one to count and one to file, took 30%
    /// longer: the search costs more than the list, 40 tables of h = 13 in
    /// 0.16 to 0.21 s against 0.12 to 0.14 s.)
    ///
    /// The search finds half the placements, each with its mirror image
    /// ([`place_rows`]): those found are filed, and then each column set's
    /// mirror images are written, in one run, into the reversed column
    /// set's place, so that the filing (a write to one of 2^h places for
    /// each) is done for half of them, and the thread's list holds half.
    /// Against filing each image with the others (`join::sizes::
    /// row_table_build`, h = 14, four tables, medians of three,
    /// alternating): 10 rows 0.67 s against 0.80, 11 rows 0.87 against
    /// 0.99, 12 rows 0.76 against 0.87, 14 rows 0.46 against 0.45; a dry
    /// run of n = 28 timed 382 tasks in its 90 s against 331 (one run each).
    pub(super) fn build(&mut self, h: usize, rows: u32) {
        self.h = h;
        self.rows = rows;
        let keys = 1usize << h;
        self.start.clear();
        self.start.resize(keys + 1, 0);
        let start = &mut self.start;
        thread_local! {
            /// The placements found (diagonals, columns) and, by column
            /// set, how many of them have a mirror image to write.
            static FOUND: std::cell::RefCell<(Vec<u64>, Vec<u16>, Vec<u32>)> =
                std::cell::RefCell::default();
        }
        FOUND.with_borrow_mut(|(diags, cols, imaged)| {
            diags.clear();
            cols.clear();
            imaged.clear();
            imaged.resize(keys, 0);
            place_rows(h, rows, |p, mirrored| {
                start[p.cols as usize + 1] += 1;
                if mirrored {
                    start[p.mirrored(h).cols as usize + 1] += 1;
                    imaged[p.cols as usize] += 1;
                }
                diags.push(p.diags);
                cols.push(p.cols as u16);
            });
            for i in 0..keys {
                start[i + 1] += start[i];
            }
            let mut next = start[..keys].to_vec();
            self.pieces.clear();
            self.pieces.resize(start[keys] as usize, 0);
            // Those found, in the order found: the ones with an image come
            // first ([`place_rows`]), so they lead each column set.
            for (&d, &c) in diags.iter().zip(cols.iter()) {
                self.pieces[next[c as usize] as usize] = d;
                next[c as usize] += 1;
            }
            // Their images: the first `imaged[c]` of column set c, each
            // with its sums and differences swapped ([`Partial::mirrored`]),
            // at the end of the reversed set's.
            for (c, &count) in imaged.iter().enumerate() {
                let reversed = reverse(c as u32, h) as usize;
                let (from, to) = (start[c] as usize, next[reversed] as usize);
                for i in 0..count as usize {
                    self.pieces[to + i] = self.pieces[from + i].rotate_left(32);
                }
                next[reversed] += count;
            }
            debug_assert!((0..keys).all(|c| next[c] == start[c + 1]));
        });
    }

    pub(super) fn get(&self, cols: u32) -> &[u64] {
        let c = cols as usize;
        &self.pieces[self.start[c] as usize..self.start[c + 1] as usize]
    }

    pub(super) fn bytes(&self) -> usize {
        4 * self.start.capacity() + 8 * self.pieces.capacity()
    }
}

/// Every placement of the rows `rows` (a bit set) of the h×h board, one
/// queen in each, none attacking: a depth-first search from the lowest row
/// up, with its stack in two arrays (h ≤ 14 deep) instead of calls, so that
/// `out` is inlined and the last row costs no call per placement (a dry
/// run of n = 25 spent 25% of its time in a recursion with a call per
/// placement, 19% in this; what is left is mostly the scatter into the
/// table, a write to one of 2^h places per placement).
///
/// The left-right mirror maps the placements of a row set onto themselves,
/// so only those whose first queen stands in the left half of its row (or
/// in the middle column) are searched: `out` has each, and whether its
/// mirror image ([`Partial::mirrored`]) is another placement to count (its
/// first queen off the middle column; those come first). Half the search, whose
/// dead ends took most of the time of a table of many rows. Four random
/// tables of h = 14 of each size (the ignored test
/// `join::sizes::row_table_build`, medians of three, alternating) took
/// 1.33 s before and 0.98 s after with 11 rows, 1.28 and 0.85 with 12,
/// 0.85 and 0.45 with all 14, 1.00 and 0.79 with 10, 0.077 and 0.076 with
/// 7; a dry run of n = 28 (two threads, 90 s), which spends most of its
/// time building tables, timed 351 tasks instead of 292 (one run each).
fn place_rows(h: usize, rows: u32, mut out: impl FnMut(Partial, bool)) {
    const MAX_H: usize = 16;
    let mut row = [0usize; MAX_H];
    let depth = rows.count_ones() as usize;
    assert!(h <= MAX_H && depth <= h && (rows >> h) == 0);
    if depth == 0 {
        out(Partial::default(), false);
        return;
    }
    let mut left = rows;
    for r in row.iter_mut().take(depth) {
        *r = left.trailing_zeros() as usize;
        left &= left - 1;
    }
    // At depth d: the placement of the rows before it, and the columns of
    // row d still to try.
    let mut partial = [Partial::default(); MAX_H];
    let mut free = [0u32; MAX_H];
    // Columns 0 to (h - 1) / 2: the left half and the middle one.
    free[0] = partial[0].open(h, row[0]) & ((1u32 << h.div_ceil(2)) - 1);
    // Whether the first queen is off the middle column: then the mirror
    // image of each placement is another one, which the search skips.
    let mut mirrored = false;
    let mut d = 0;
    loop {
        if free[d] == 0 {
            if d == 0 {
                return;
            }
            d -= 1;
            continue;
        }
        let c = free[d].trailing_zeros() as usize;
        free[d] &= free[d] - 1;
        if d == 0 {
            mirrored = 2 * c + 1 != h;
        }
        let next = partial[d].with(h, row[d], c);
        if d + 1 == depth {
            out(next, mirrored);
        } else {
            d += 1;
            partial[d] = next;
            free[d] = next.open(h, row[d]);
        }
    }
}

/// The row tables the workers keep, shared by them: every task reads the
/// tables of its north rows and of each of its south splits, and the same
/// row sets come back task after task (at n ≤ 21 all of them fit, as in the
/// whole table). Shared, so that no two threads build and keep the same
/// table, and the memory given holds twice as many tables on two threads as
/// it would split in two (`count 19 --engine join --memory 40M`: 42 s on two
/// threads against 19 s on one when each thread had its own).
///
/// The tables kept take at most `budget` bytes (or one table's, if that
/// alone is more), the least recently used going first. A table is built
/// outside the lock, so workers never wait for each other's builds; a
/// worker holds the table it reads (an `Arc`) until it is done with it, so
/// a table dropped from the cache meanwhile is freed when it is done.
///
/// A table dropped that no worker reads is kept for its memory (up to
/// [`SPARES`] of them, the largest), and the next build takes it: tables
/// freed and allocated anew, each of its own size, left the allocator
/// holding memory that no table used (20 tasks of n = 25 on two threads
/// peaked at 1.07 GiB, against 0.81 GiB building in spares, in the same
/// time).
pub(super) struct RowCache {
    h: usize,
    pub(super) budget: usize,
    kept: std::sync::Mutex<Kept>,
}

/// The tables a [`RowCache`] keeps.
#[derive(Default)]
pub(super) struct Kept {
    /// `slot[rows]`: 1 + the index of its table in `tables`, or 0.
    pub(super) slot: Vec<u32>,
    pub(super) tables: Vec<std::sync::Arc<RowTable>>,
    /// Use stamps, for evicting the least recently used.
    used: Vec<u64>,
    clock: u64,
    pub(super) bytes: usize,
    /// Tables dropped from the cache, whose memory the next builds take
    /// (at most [`SPARES`], the largest kept): see [`RowCache`].
    pub(super) spare: Vec<RowTable>,
}

/// How many dropped tables a [`RowCache`] keeps for their memory.
pub(super) const SPARES: usize = 2;

/// The bytes of row tables kept for each worker (one more a worker may be
/// building or reading beyond them).
pub(super) const ROW_CACHE_BYTES: usize = 256 << 20;

impl RowCache {
    pub(super) fn new(h: usize, budget: usize) -> RowCache {
        RowCache {
            h,
            budget,
            kept: std::sync::Mutex::new(Kept {
                slot: vec![0; 1 << h],
                ..Kept::default()
            }),
        }
    }

    pub(super) fn lock(&self) -> std::sync::MutexGuard<'_, Kept> {
        // A worker that panicked holding the lock left the tables whole:
        // every change to them is made before anything can panic.
        self.kept
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The table of `rows`, built if it is not kept (in the memory of a
    /// table dropped before, if there is one).
    pub(super) fn get(&self, rows: u32) -> std::sync::Arc<RowTable> {
        let mut table = {
            let mut kept = self.lock();
            if let Some(table) = kept.find(rows) {
                return table;
            }
            if kept.spare.is_empty() {
                RowTable::default()
            } else {
                kept.spare.swap_remove(0)
            }
        };
        table.build(self.h, rows);
        let table = std::sync::Arc::new(table);
        let mut kept = self.lock();
        // Another worker may have built it meanwhile: keep one.
        if let Some(theirs) = kept.find(rows) {
            kept.keep_spare(table);
            return theirs;
        }
        kept.bytes += table.bytes();
        kept.tables.push(table.clone());
        kept.clock += 1;
        let clock = kept.clock;
        kept.used.push(clock);
        let i = kept.tables.len() - 1;
        kept.slot[rows as usize] = i as u32 + 1;
        while kept.bytes > self.budget && kept.tables.len() > 1 {
            kept.evict_oldest(rows);
        }
        table
    }

    #[cfg(test)]
    pub(super) fn bytes(&self) -> usize {
        self.lock().bytes
    }
}

impl Kept {
    /// The table of `rows` if it is kept, marked as just used.
    fn find(&mut self, rows: u32) -> Option<std::sync::Arc<RowTable>> {
        let i = self.slot.get(rows as usize).copied().filter(|&k| k != 0)? as usize - 1;
        self.clock += 1;
        self.used[i] = self.clock;
        Some(self.tables[i].clone())
    }

    /// Drops the least recently used table other than that of `keep`; the
    /// last table takes its place.
    fn evict_oldest(&mut self, keep: u32) {
        let Some(i) = (0..self.tables.len())
            .filter(|&k| self.tables[k].rows != keep)
            .min_by_key(|&k| self.used[k])
        else {
            return;
        };
        let table = self.tables.swap_remove(i);
        self.used.swap_remove(i);
        self.slot[table.rows as usize] = 0;
        if let Some(moved) = self.tables.get(i) {
            self.slot[moved.rows as usize] = i as u32 + 1;
        }
        self.bytes -= table.bytes();
        self.keep_spare(table);
    }

    /// Keeps a dropped table for its memory if no worker still reads it
    /// and it is among the [`SPARES`] largest.
    fn keep_spare(&mut self, table: std::sync::Arc<RowTable>) {
        let Ok(table) = std::sync::Arc::try_unwrap(table) else {
            return;
        };
        self.spare.push(table);
        self.spare.sort_by_key(|t| std::cmp::Reverse(t.bytes()));
        self.spare.truncate(SPARES);
    }
}

/// The quadrant placements of one row set, by column set: a part of the
/// whole table, or a row table.
pub(super) enum RowSet<'a> {
    Whole(&'a Table, u32),
    Built(std::sync::Arc<RowTable>),
}

impl RowSet<'_> {
    pub(super) fn get(&self, cols: u32) -> &[u64] {
        match self {
            RowSet::Whole(table, rows) => table.get(*rows, cols),
            RowSet::Built(table) => table.get(cols),
        }
    }

    /// Every placement of the row set, by column set (all of them in one
    /// run), and where each column set's start: the pieces of `cols` are
    /// `[start[cols] - start[0], start[cols + 1] - start[0])`.
    pub(super) fn all(&self) -> (&[u64], &[u32]) {
        let (pieces, start) = match self {
            RowSet::Whole(table, rows) => {
                let first = (*rows as usize) << table.h;
                (
                    &table.pieces[..],
                    &table.start[first..=first + (1 << table.h)],
                )
            }
            RowSet::Built(table) => (&table.pieces[..], &table.start[..]),
        };
        (
            &pieces[start[0] as usize..start[start.len() - 1] as usize],
            start,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A placement's mirror image is the placement of the mirrored queens,
    /// every field of it, at every h a row table takes.
    #[test]
    fn a_mirror_image_is_the_mirrored_placement() {
        for h in 1..=16 {
            let mut rng = crate::rng::Xoshiro256::new(h as u64);
            for _ in 0..200 {
                let (mut p, mut image) = (Partial::default(), Partial::default());
                for r in 0..h {
                    if rng.below(3) == 0 {
                        continue;
                    }
                    // Any column, attacked or not: the fields are sets.
                    let c = rng.below(h as u64) as usize;
                    p = p.with(h, r, c);
                    image = image.with(h, r, h - 1 - c);
                }
                let m = p.mirrored(h);
                assert_eq!(
                    (m.rows, m.cols, m.diags, m.ups),
                    (image.rows, image.cols, image.diags, image.ups),
                    "h = {h}"
                );
            }
        }
    }
}
