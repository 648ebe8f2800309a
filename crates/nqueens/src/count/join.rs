//! The `join` engine: meet in the middle over quarter boards.
//!
//! Backtracking visits every partial board on the way to a solution. This
//! engine instead builds half boards out of quarter boards and counts the
//! compatible pairs of halves, which visits far fewer things (the idea of the
//! "quadrant" counters, such as E. Kluev's N-Queens-Count-Sol; this is an
//! independent implementation).
//!
//! # Even n = 2h
//!
//! Call columns `0..h` the east half and `h..n` the west half. Each half has
//! h columns, so exactly h rows have their queen in the east: the *east rows*
//! E. For a fixed E the board falls into four h×h quadrants (north-east,
//! south-east, north-west, south-west), and
//!
//! 1. an **east half board** is a north-east piece (one queen in each north
//!    row of E, in some set C of east columns) joined with a south-east piece
//!    (the south rows of E, the other east columns) when no diagonal meets;
//! 2. a **west half board** is built the same way from the rows outside E;
//! 3. an east and a west half make a solution exactly when their diagonals
//!    are disjoint: rows and columns are disjoint by construction. Only the
//!    diagonals that reach into both halves matter, 2h − 1 of each kind, so a
//!    half board is summed up by a **signature** of 4h − 2 bits, and the
//!    solutions with east rows E are the disjoint pairs of signatures, which
//!    [`disjoint`](super::disjoint) counts.
//!
//! Every quadrant is a translate of one h×h board, so one **quadrant table**
//! serves all four: every non-attacking placement on the h×h board with one
//! queen per row of a row set R, filed under (R, C) with its diagonals. Up
//! to n = 23 it is built once per plan (66.8 million placements for h = 11,
//! 535 MB; 60 MB for h = 10). It grows about 8.5 times a row (5 GB at
//! n = 24, hundreds of GB at n = 28), but a task reads only four row sets of
//! it (the north and south rows of each half), so from n = 24 on, or when
//! the memory given is too small, each task builds those **row tables**
//! itself (the workers share a cache of them). The half boards of a side
//! that does not fit in a chunk (a million or two) are never held whole:
//! the pairs are split by a signature bit, as the join itself splits its
//! lists, and each side's part made again from its pieces, partitioned by
//! that bit ([`JoinPlan::count_parts`], [`SideSplit`]). Memory is then bounded at
//! every n up to 28, and the join goes faster than on whole lists.
//!
//! The mirror images top-bottom and left-right map row splits to row splits
//! (E to its reverse, and E to its complement), so only one E of each class
//! under those two mirrors is counted, weighted by the size of its class.
//! The two diagonal reflections map row splits to column splits instead, so
//! they cannot choose tasks; they leave out work inside a task: a queen on
//! a long diagonal can be moved to the other half by one of them, and the
//! join leaves out the pairs of half boards that both hold a queen of a
//! long diagonal, weighting the others to make up for them (see
//! [`JoinPlan::join`]). The joins are left 43 to 49 % of the pairs
//! (sampled tasks of n = 16 to 22, the ignored test `join::sizes::sizes`),
//! and a whole count takes 0.86 times as long at n = 18 and 0.79 at n = 20
//! (`join::sizes::diagonal_gain`): less gain than in pairs, as four smaller
//! joins stand in for one. Below n = 18 it does not pay ([`DIAGONALS_FROM`]).
//!
//! # Odd n = 2h + 1
//!
//! The middle row and the middle column hold one queen each (the same queen
//! if it stands in the centre). Each way of placing those two is a frame: the
//! rest of the board is four h×h quadrants again, with one row and one
//! column fewer, and two queens' diagonals closed. The same join counts each
//! frame; the four mirrors act on frames and row splits together.
//!
//! # Tasks and unique counts
//!
//! A task is one row split (even n) or one frame and north split (odd n):
//! thousands of independent tasks, so threads, checkpoints, slices and MPI
//! work as for every engine. The first task counts P(n) and R(n), the
//! solutions fixed by a half and a quarter turn ([`fixed_by_turns`](super::fixed_by_turns)),
//! which Burnside's lemma turns, with Q(n), into the number of classes.

use super::disjoint::{count_disjoint, partition_with, Kernel, Scratch, MAX_LEAF};
use super::fixed_by_turns::{fixed_by_or_stop, Turn};
use super::pairs::{append_pairs, sort_by_bits, Placed, PlacedRef, Shifts};
use super::plan::{Engine, Plan, Tally};
use crate::error::Error;
use crate::search::check_n;
use crate::symmetry::Symmetry;
use std::sync::atomic::{AtomicBool, Ordering};

/// The engine; see the module docs.
///
/// The fastest engine from n = 14 on (see [`auto_engine`](crate::auto_engine)),
/// up to n = 28.
///
/// # Examples
///
/// ```
/// use nqueens::{count_plan, Engine, Error, JoinEngine};
///
/// assert_eq!((JoinEngine.name(), JoinEngine.max_n()), ("join", 28));
/// let tally = count_plan(JoinEngine.plan(10)?.as_ref());
/// assert_eq!((tally.solutions, tally.unique()), (724, Some(92)));
/// assert!(matches!(JoinEngine.plan(29), Err(Error::TooLarge { max: 28, .. })));
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct JoinEngine;

/// The largest board: n = 28, where a signature takes 54 of 64 bits and a
/// row table 10 million placements. (The whole quadrant table, 5 GB at
/// n = 24, is only built up to n = 23; see `WHOLE_TABLE_MAX_H` in the source.) Also
/// its [`max_n`](Engine::max_n), and where [`auto_engine`](crate::auto_engine)
/// stops taking it.
///
/// ```
/// use nqueens::{auto_engine, Engine, JoinEngine, JOIN_MAX_N};
///
/// assert_eq!(JoinEngine.max_n(), JOIN_MAX_N);
/// assert_eq!(auto_engine(JOIN_MAX_N, 1, None).name(), "join");
/// assert_eq!(auto_engine(JOIN_MAX_N + 1, 1, None).name(), "constellation");
/// ```
pub const JOIN_MAX_N: usize = 28;

/// Up to this h (n = 23) the whole quadrant table can be built once per plan
/// (535 MB at h = 11), which is fastest; above it, or when the table does
/// not fit in the memory given, each task builds the row tables it reads.
pub const WHOLE_TABLE_MAX_H: usize = 11;

/// The two halves of the board: east (columns `0..h`) and west; as an
/// index, of the pairs kept for them (east first).
#[derive(Debug, Clone, Copy)]
enum Side {
    East = 0,
    West = 1,
}

/// From this n on, even boards use the diagonal reflections (see
/// [`JoinPlan::join`]). Below it their joins are too small to gain: the
/// four joins in place of one cost more than the pairs they leave out
/// (n = 16: 0.084 s against 0.073 s; n = 18: 2.08 s against 2.43 s,
/// medians of 5 in one run of `join::sizes::diagonal_gain`).
const DIAGONALS_FROM: usize = 18;

/// From this h on (n = 24) a dry run times one row split of a task.
const ONE_SPLIT_H: usize = 12;

/// How many half boards of each side are joined at a time, at least: the
/// lists grow past this by one south list at most (see
/// [`JoinPlan::halves`]). A side that does not fit is split by signature
/// bits and each part made again from its pieces ([`JoinPlan::count_parts`]),
/// which is faster than joining a long list whole: the first splits, which
/// a join makes by moving its lists about, cost a pass over the pieces
/// instead.
/// The lists of a row split run to 33 million half boards at n = 26 and
/// 340 million at n = 28. Smaller when `--memory` asks for less
/// ([`Chunks::within`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Chunks {
    east: usize,
    west: usize,
}

impl Chunks {
    /// The chunks for n = 2h or 2h + 1: 2^17 and 2^18 signatures (1 and 2
    /// MB) for h = 11 to 13, 2^20 and 2^21 (8 and 16 MB) otherwise.
    ///
    /// Measured with `join::sizes::chunk_timing` (total seconds of the
    /// sampled row splits; medians of three runs or more, alternating),
    /// since a side too long for its chunk is split without being made
    /// first ([`JoinPlan::count_parts`]):
    /// - n = 22, 40 splits: 0.85 s with 2^17 against 0.93 s with 2^20 (five
    ///   runs, 2^17 faster in each).
    /// - n = 24, 12 splits: 3.66 s with 2^17, 3.86 s with 2^18, 3.85 s with
    ///   2^16; in another three runs 3.54 s, 3.77 s, and 4.42 s with 2^19.
    /// - n = 25, 300 splits: 2.76 s against 3.13 s with 2^18 (two runs).
    /// - n = 26, 3 splits: 15.5 s against 15.2 s with 2^18 (two runs).
    /// - n = 27, 60 splits: 6.00 s against 6.95 s with 2^18 (five runs);
    ///   5.42 s against 6.13 s with 2^16 (three).
    ///
    /// Before that, when each side was made up to its chunk to find out
    /// whether it fitted, larger chunks did better: 2^18 at n = 24 to 27,
    /// and 2^20 at n = 22 and 28 (one split of n = 28: 517 s with 2^18,
    /// 412 s with 2^20, 443 s with 2^21). Smaller chunks split more of a
    /// long side by bits through its pieces (a pass over thousands of
    /// pieces), and fewer splits are made by moving millions of half
    /// boards in the join. (The lists whole, as 2^24 and 2^25 left them,
    /// took 23.9 to 26.0 s on three splits of n = 26, against 18.1 s with
    /// 2^20, before the split sides were made level by level.)
    fn of(h: usize) -> Chunks {
        let east = if SMALL_CHUNKS.contains(&h) {
            1 << 17
        } else {
            1 << 20
        };
        Chunks {
            east,
            west: 2 * east,
        }
    }

    /// The smallest chunks: 2^16 and 2^17 signatures (0.5 and 1 MB). Below
    /// them a join's setup would cost more than its pairs.
    const SMALLEST: Chunks = Chunks {
        east: 1 << 16,
        west: 1 << 17,
    };

    /// The largest chunks from those of `h` down, halving, for which `fits`
    /// holds; the smallest if none.
    fn within(h: usize, fits: impl Fn(Chunks) -> bool) -> Chunks {
        let mut c = Chunks::of(h);
        while !fits(c) && c.east > Chunks::SMALLEST.east {
            c = Chunks {
                east: c.east / 2,
                west: c.west / 2,
            };
        }
        c
    }
}

/// The most pieces a south row set may have to be placed whole for a half
/// list (6 MB); see [`JoinPlan::halves`].
const WHOLE_SOUTH_MAX: usize = 1 << 18;

/// Below this the plan is the backtrack engine's (too few rows to split).
const SMALL: usize = 6;

/// Placements on the h×h board with one queen per row of some row set and no
/// two attacking (the empty one included), h = 0..=14: the quadrant table's
/// size, and all the row tables' (h = 13 and 14 counted once by the same
/// enumeration, in 40 s and 6 min; the test `table_sizes` checks h ≤ 8).
const PIECES: [u64; 15] = [
    1,
    2,
    5,
    18,
    87,
    462,
    2635,
    16870,
    118969,
    915442,
    7535369,
    66807234,
    633443407,
    6354135838,
    67480769839,
];

/// The largest row table (placements) and the largest half list (half
/// boards of one side of one row split) met on sampled tasks, for h = 10 to
/// 14, measured by the ignored test `join::sizes::sizes` (12 tasks at n = 20,
/// 22 and 24, 8 at n = 25 and 26, 4 at n = 28). The memory estimate doubles
/// them.
const SAMPLED: [(u64, u64); 5] = [
    (21_574, 90_770),
    (103_284, 523_104),
    (602_120, 4_398_526),
    (1_025_588, 32_987_976),
    (10_424_626, 230_929_476),
];

/// Bytes a worker needs for n = 2h or 2h + 1: its half lists (8 bytes a half
/// board, grown a quarter at a time, at most a chunk and a south list's
/// worth), the north pieces of both halves and a south list (16 bytes a
/// piece), the south pieces of both halves and room to partition them when
/// the sides are split by bits ([`SideSplit`]; its entries, tens of
/// thousands at n = 26, are left out), and with `row_tables` the one it
/// builds or reads beyond those kept and the placements it finds while
/// building one (10 bytes each, [`RowTable::build`]), all with a margin of
/// 2 over what [`SAMPLED`] met.
fn per_worker(h: usize, row_tables: bool, chunks: Chunks) -> u64 {
    let (table, half) = match h.checked_sub(10) {
        // Smaller boards have smaller row tables and lists than h = 10's.
        None => SAMPLED[0],
        Some(k) => SAMPLED.get(k).copied().unwrap_or((u64::MAX, u64::MAX)),
    };
    let (table, half) = (table.saturating_mul(2), half.saturating_mul(2));
    let list = |chunk: usize| half.min(chunk as u64 + table) * 10;
    let tables = if row_tables { table * 18 + (4 << h) } else { 0 };
    (6 * table * 16)
        .saturating_add(tables)
        .saturating_add(list(chunks.east) + list(chunks.west))
}

/// The plan's list of tasks: for even n one per canonical row split, about
/// a quarter of the C(n, h) splits, 16 bytes each (160 MB at n = 28); odd n
/// has far fewer (one per frame and north split).
fn plan_bytes(n: usize) -> u64 {
    let h = n / 2;
    // C(2h, h), exactly in u64 for h ≤ 32.
    let splits = (1..=h as u64).fold(1u64, |c, k| c * (h as u64 + k) / k);
    splits / 4 * 16
}

impl JoinEngine {
    /// Bytes to count `n` on `threads` threads with the whole quadrant table
    /// (`None` above [`WHOLE_TABLE_MAX_H`]): the table (8 bytes a placement,
    /// 4 a (rows, columns) key), each worker's lists, and for odd n up to 19
    /// the two south quadrants each worker keeps placed.
    fn whole_table_memory(n: usize, threads: usize) -> Option<u64> {
        let h = n / 2;
        if h > WHOLE_TABLE_MAX_H {
            return None;
        }
        let pieces = PIECES[h];
        let table = pieces * 8 + (4u64 << (2 * h));
        let placed = if n % 2 == 1 && h <= CACHE_MAX_H {
            2 * (pieces * 16 + (4u64 << (2 * h)))
        } else {
            0
        };
        let lists = per_worker(h, false, Chunks::of(h));
        Some((16 << 20) + plan_bytes(n) + table + (lists + placed) * threads as u64)
    }

    /// Bytes to count `n` on `threads` threads with row tables built per
    /// task: the plan, the row tables kept (`cache` bytes) and each worker's
    /// lists (joined `chunks` at a time) and the table it builds or reads.
    fn row_table_memory(n: usize, threads: usize, cache: u64, chunks: Chunks) -> u64 {
        ((16 << 20) + plan_bytes(n))
            .saturating_add(cache)
            .saturating_add(per_worker(n / 2, true, chunks).saturating_mul(threads as u64))
    }

    /// The chunks for row tables within `memory`: those of n
    /// ([`Chunks::of`]), or smaller ones when they would not fit (`None`:
    /// no limit).
    fn chunks(n: usize, threads: usize, memory: Option<u64>) -> Chunks {
        match memory {
            None => Chunks::of(n / 2),
            Some(m) => Chunks::within(n / 2, |c| Self::row_table_memory(n, threads, 0, c) <= m),
        }
    }

    /// The bytes of row tables kept within `memory` (`None`: no limit), for
    /// all the workers: up to [`ROW_CACHE_BYTES`] for each, and no more than
    /// the whole table would take (at small n every row set fits); 0 (the
    /// tables in use only) when memory is short.
    ///
    /// Odd boards keep all that `memory` leaves room for, up to every row
    /// table: a task reads the tables of hundreds of south splits, and the
    /// other tasks of its frame read the same ones, so tables that are
    /// dropped are built again and again (n = 25, 256 MiB on one thread:
    /// building them took 13 to 47% of a task's time). Even boards read
    /// four tables a task and gain little from more.
    fn row_cache(n: usize, threads: usize, memory: Option<u64>) -> u64 {
        let whole = Self::every_row_table(n);
        let most = (ROW_CACHE_BYTES as u64)
            .saturating_mul(threads.max(1) as u64)
            .min(whole);
        match memory {
            None => most,
            Some(m) => m
                .saturating_sub(Self::row_table_memory(
                    n,
                    threads,
                    0,
                    Self::chunks(n, threads, memory),
                ))
                .min(if n % 2 == 1 { whole } else { most }),
        }
    }

    /// Bytes of every row table of n = 2h or 2h + 1 (the whole quadrant
    /// table's placements, and each table's index by column set); `u64::MAX`
    /// where [`PIECES`] does not say.
    fn every_row_table(n: usize) -> u64 {
        let h = n / 2;
        PIECES.get(h).map_or(u64::MAX, |&p| {
            p.saturating_mul(8)
                .saturating_add((4u64 << (2 * h)).saturating_add(4 << h))
        })
    }
}

impl Engine for JoinEngine {
    /// The least it can count with: row tables per task, or the whole table
    /// where that takes less.
    fn memory(&self, n: usize, threads: usize) -> u64 {
        let rows = Self::row_table_memory(n, threads, 0, Chunks::SMALLEST);
        Self::whole_table_memory(n, threads).map_or(rows, |whole| whole.min(rows))
    }

    /// The whole table when it fits in `memory` (and n ≤ 23): the fastest;
    /// row tables per task otherwise.
    fn plan_within(
        &self,
        n: usize,
        threads: usize,
        memory: Option<u64>,
    ) -> Result<Box<dyn Plan>, Error> {
        self.check(n)?;
        if n < SMALL {
            return super::backtrack::BacktrackEngine.plan(n);
        }
        let whole = Self::whole_table_memory(n, threads)
            .is_some_and(|need| memory.is_none_or(|m| need <= m));
        let mut plan = JoinPlan::build(n, Kernel::best(), 0);
        if whole {
            plan.whole = Some(Table::new(plan.h, threads)?);
        }
        plan.rows.budget = Self::row_cache(n, threads, memory) as usize;
        if plan.whole.is_none() {
            plan.chunk = Self::chunks(n, threads, memory);
        }
        Ok(Box::new(plan))
    }

    fn memory_plan(&self, n: usize, threads: usize, memory: Option<u64>) -> (u64, String) {
        match Self::whole_table_memory(n, threads) {
            Some(need) if memory.is_none_or(|m| need <= m) => (
                need,
                format!(
                    "the whole quadrant table, {} placements, built once",
                    crate::count::report::grouped(u128::from(PIECES[n / 2]))
                ),
            ),
            _ => {
                let cache = Self::row_cache(n, threads, memory);
                let chunks = Self::chunks(n, threads, memory);
                let kept = if cache >= Self::every_row_table(n) {
                    format!("every one of them kept, {} MiB", cache >> 20)
                } else {
                    format!("{} MiB of them kept for all threads", cache >> 20)
                };
                (
                    Self::row_table_memory(n, threads, cache, chunks),
                    format!(
                        "row tables built per task, {kept}; half boards joined {} and {} at a \
                         time",
                        crate::count::report::grouped(chunks.east as u128),
                        crate::count::report::grouped(chunks.west as u128)
                    ),
                )
            }
        }
    }

    fn name(&self) -> &'static str {
        "join"
    }

    fn max_n(&self) -> usize {
        JOIN_MAX_N
    }

    fn plan(&self, n: usize) -> Result<Box<dyn Plan>, Error> {
        self.plan_within(n, 1, None)
    }
}

impl JoinEngine {
    fn check(&self, n: usize) -> Result<(), Error> {
        check_n(n)?;
        if n > JOIN_MAX_N {
            return Err(Error::TooLarge {
                n,
                max: JOIN_MAX_N,
                what: "the join engine",
            });
        }
        Ok(())
    }
}

/// The quadrant table: every placement on the h×h board, filed by (rows,
/// columns). A placement is its sum diagonals (`r + c`, low 32 bits) and
/// difference diagonals (`r - c + h - 1`, high 32 bits).
struct Table {
    h: usize,
    /// `start[rows << h | cols]..start[(rows << h | cols) + 1]` indexes `pieces`.
    start: Vec<u32>,
    pieces: Vec<u64>,
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
    fn new(h: usize, threads: usize) -> Result<Table, Error> {
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
            .min(super::executor::default_threads())
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

    fn get(&self, rows: u32, cols: u32) -> &[u64] {
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
fn place_kept(
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
struct RowTable {
    h: usize,
    rows: u32,
    /// `start[cols]..start[cols + 1]` indexes `pieces`.
    start: Vec<u32>,
    pieces: Vec<u64>,
}

impl RowTable {
    /// Builds the table of `rows` into `self`, reusing its memory: one
    /// search finds the placements (into the thread's own list, kept from
    /// build to build) and counts them by column set, and a counting sort
    /// files them. (Two searches, one to count and one to file, took 30%
    /// longer: the search costs more than the list, 40 tables of h = 13 in
    /// 0.16 to 0.21 s against 0.12 to 0.14 s.)
    fn build(&mut self, h: usize, rows: u32) {
        self.h = h;
        self.rows = rows;
        let keys = 1usize << h;
        self.start.clear();
        self.start.resize(keys + 1, 0);
        let start = &mut self.start;
        thread_local! {
            static FOUND: std::cell::RefCell<(Vec<u64>, Vec<u16>)> = std::cell::RefCell::default();
        }
        FOUND.with_borrow_mut(|(diags, cols)| {
            diags.clear();
            cols.clear();
            place_rows(h, rows, |p| {
                start[p.cols as usize + 1] += 1;
                diags.push(p.diags);
                cols.push(p.cols as u16);
            });
            for i in 0..keys {
                start[i + 1] += start[i];
            }
            let mut next = start[..keys].to_vec();
            self.pieces.clear();
            self.pieces.resize(start[keys] as usize, 0);
            for (&d, &c) in diags.iter().zip(cols.iter()) {
                self.pieces[next[c as usize] as usize] = d;
                next[c as usize] += 1;
            }
        });
    }

    fn get(&self, cols: u32) -> &[u64] {
        let c = cols as usize;
        &self.pieces[self.start[c] as usize..self.start[c + 1] as usize]
    }

    fn bytes(&self) -> usize {
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
fn place_rows(h: usize, rows: u32, mut out: impl FnMut(Partial)) {
    const MAX_H: usize = 16;
    let mut row = [0usize; MAX_H];
    let depth = rows.count_ones() as usize;
    assert!(h <= MAX_H && depth <= h && (rows >> h) == 0);
    if depth == 0 {
        out(Partial::default());
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
    free[0] = partial[0].open(h, row[0]);
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
        let next = partial[d].with(h, row[d], c);
        if d + 1 == depth {
            out(next);
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
struct RowCache {
    h: usize,
    budget: usize,
    kept: std::sync::Mutex<Kept>,
}

/// The tables a [`RowCache`] keeps.
#[derive(Default)]
struct Kept {
    /// `slot[rows]`: 1 + the index of its table in `tables`, or 0.
    slot: Vec<u32>,
    tables: Vec<std::sync::Arc<RowTable>>,
    /// Use stamps, for evicting the least recently used.
    used: Vec<u64>,
    clock: u64,
    bytes: usize,
}

/// The bytes of row tables kept for each worker (one more a worker may be
/// building or reading beyond them).
const ROW_CACHE_BYTES: usize = 256 << 20;

impl RowCache {
    fn new(h: usize, budget: usize) -> RowCache {
        RowCache {
            h,
            budget,
            kept: std::sync::Mutex::new(Kept {
                slot: vec![0; 1 << h],
                ..Kept::default()
            }),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Kept> {
        // A worker that panicked holding the lock left the tables whole:
        // every change to them is made before anything can panic.
        self.kept
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The table of `rows`, built if it is not kept.
    fn get(&self, rows: u32) -> std::sync::Arc<RowTable> {
        if let Some(table) = self.lock().find(rows) {
            return table;
        }
        let mut table = RowTable::default();
        table.build(self.h, rows);
        let table = std::sync::Arc::new(table);
        let mut kept = self.lock();
        // Another worker may have built it meanwhile: keep one.
        if let Some(theirs) = kept.find(rows) {
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
    fn bytes(&self) -> usize {
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
    }
}

/// The quadrant placements of one row set, by column set: a part of the
/// whole table, or a row table.
enum RowSet<'a> {
    Whole(&'a Table, u32),
    Built(std::sync::Arc<RowTable>),
}

impl RowSet<'_> {
    fn get(&self, cols: u32) -> &[u64] {
        match self {
            RowSet::Whole(table, rows) => table.get(*rows, cols),
            RowSet::Built(table) => table.get(cols),
        }
    }

    /// Every placement of the row set, by column set (all of them in one
    /// run), and where each column set's start: the pieces of `cols` are
    /// `[start[cols] - start[0], start[cols + 1] - start[0])`.
    fn all(&self) -> (&[u64], &[u32]) {
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

/// What is left of the board around the fixed queens (none for even n):
/// free rows and columns of each quadrant (local, h bits) and the closed
/// diagonals (global sum `r + c` and difference `r - c + n - 1` masks).
#[derive(Debug, Clone, Copy)]
struct Frame {
    north: u32,
    south: u32,
    east: u32,
    west: u32,
    sums: u64,
    diffs: u64,
}

/// One row split of one frame, counted with a weight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Unit {
    /// Odd n: the column of the middle row's queen and the row of the middle
    /// column's queen (both h for the centre); 0, 0 for even n.
    c1: u8,
    r1: u8,
    /// East rows among the north and south quadrant rows (local).
    en: u32,
    es: u32,
    /// How many row splits this one stands for (1, 2 or 4; 2 or 4 for even
    /// n, where no row split is its own left-right mirror image).
    weight: u8,
}

/// A task: for even n one row split (its one unit); for odd n a frame and a
/// north split, whose units (one for each canonical south split, hundreds
/// at n = 25) are listed when it is counted, so that the plan holds one
/// entry per task (at n = 27 the units would take gigabytes).
#[derive(Debug, Clone, Copy)]
struct Task {
    /// The first unit of the task.
    first: Unit,
    /// Odd n: the weight of the frame's class.
    frame_weight: u8,
}

/// The plan of the join engine.
struct JoinPlan {
    n: usize,
    h: usize,
    /// Row offset of the south quadrants, column offset of the west ones.
    off: usize,
    /// The whole quadrant table, for small boards (h ≤ WHOLE_MAX_H); larger
    /// ones build per task the row tables it reads.
    whole: Option<Table>,
    /// Task 0 counts P and R (first, so that it runs beside the others rather
    /// than alone at the end); task i ≥ 1 counts the units of `tasks[i - 1]`.
    tasks: Vec<Task>,
    kernel: Kernel,
    leaf: usize,
    /// How many half boards of each side are joined at a time, at least
    /// (see [`JoinPlan::halves`]).
    chunk: Chunks,
    /// How many signature bits a join may split its sides by before it
    /// cuts one into chunks ([`SPLIT_DEPTH`]; less in tests).
    split_depth: usize,
    /// About how many pairs of pieces a long side's sample tests
    /// ([`sample_pairs`]; other values in measurements).
    sample_pairs: usize,
    /// Even n: leave out the pairs of half boards that the diagonal
    /// reflections make up for (see [`JoinPlan::join`]); off below
    /// [`DIAGONALS_FROM`], and in tests and measurements of the gain.
    diagonals: bool,
    /// The row tables kept (boards without a whole table).
    rows: RowCache,
}

/// The frame `(c1, r1)` becomes under `g`: the middle queens `(h, c1)` and
/// `(r1, h)` are mapped to the middle row and column again.
fn frame_image(n: usize, g: Symmetry, c1: usize, r1: usize) -> (usize, usize) {
    let h = n / 2;
    let (mut c, mut r) = (h, h);
    for (row, col) in [(h, c1), (r1, h)] {
        let (a, b) = g.map_square(n, row, col);
        if a == h && b != h {
            c = b;
        } else if b == h && a != h {
            r = a;
        }
    }
    (c, r)
}

fn reverse(x: u32, h: usize) -> u32 {
    x.reverse_bits() >> (32 - h)
}

impl JoinPlan {
    #[cfg(test)]
    fn new(n: usize, kernel: Kernel) -> JoinPlan {
        JoinPlan::build(n, kernel, WHOLE_TABLE_MAX_H)
    }

    /// The plan, with the whole quadrant table if h ≤ `whole_max_h`.
    fn build(n: usize, kernel: Kernel, whole_max_h: usize) -> JoinPlan {
        JoinPlan::build_with(n, kernel, whole_max_h, n >= DIAGONALS_FROM)
    }

    /// [`build`](Self::build), choosing whether an even board uses the
    /// diagonal reflections (`diagonals`) or only the two mirrors.
    fn build_with(n: usize, kernel: Kernel, whole_max_h: usize, diagonals: bool) -> JoinPlan {
        let h = n / 2;
        let diagonals = diagonals && n.is_multiple_of(2);
        let off = n - h;
        let full = (1u32 << h) - 1;
        // On one thread no other is started, so the table is always built
        // (without it the plan would use row tables, as counts do).
        let whole = (h <= whole_max_h).then(|| Table::new(h, 1).ok()).flatten();
        let mut plan = JoinPlan {
            n,
            h,
            off,
            whole,
            tasks: Vec::new(),
            kernel,
            leaf: MAX_LEAF,
            chunk: Chunks::of(h),
            split_depth: SPLIT_DEPTH,
            sample_pairs: sample_pairs(h),
            diagonals,
            rows: RowCache::new(h, ROW_CACHE_BYTES),
        };
        // Odd n: the cross of the middle row and column is mapped onto itself
        // by all 8 symmetries, so one frame of each class is counted, with
        // the size of its class as weight. Even n: one frame, weight 1.
        let frames: Vec<(u8, u8, u8)> = if n.is_multiple_of(2) {
            vec![(0, 0, 1)]
        } else {
            let mut v = Vec::new();
            for c1 in 0..n {
                for r1 in 0..n {
                    let centre = c1 == h;
                    let ok = if centre {
                        r1 == h
                    } else {
                        r1 != h && r1.abs_diff(h) != c1.abs_diff(h)
                    };
                    if !ok {
                        continue;
                    }
                    let images = Symmetry::ALL.map(|g| frame_image(n, g, c1, r1));
                    if images.iter().any(|&im| im < (c1, r1)) {
                        continue;
                    }
                    let mut distinct = images.to_vec();
                    distinct.sort_unstable();
                    distinct.dedup();
                    v.push((c1 as u8, r1 as u8, distinct.len() as u8));
                }
            }
            v
        };
        for (c1, r1, frame_weight) in frames {
            let f = plan.frame(c1, r1);
            let east = f.east.count_ones();
            for en in 0..=full {
                if en & !f.north != 0 || en.count_ones() > east {
                    continue;
                }
                for es in 0..=full {
                    let Some(unit) = plan.unit(&f, (c1, r1, frame_weight), en, es) else {
                        continue;
                    };
                    plan.tasks.push(Task {
                        first: unit,
                        frame_weight,
                    });
                    // Odd n: one task per frame and north split.
                    if n % 2 == 1 {
                        break;
                    }
                }
            }
        }
        plan.shuffle_runs();
        plan
    }

    /// Deals the tasks in a fixed pseudo-random order, so that any
    /// contiguous range of them (a slice, a chunk of MPI tasks) holds as
    /// much work as any other of its length. Built in order, the tasks of
    /// nearby north rows cost alike: 16 slices of n = 20 took from 0.68 to
    /// 1.26 times their mean, 64 from 0.45 to 1.59; dealt this way, 0.95 to
    /// 1.12 and 0.89 to 1.27 (the ignored test `join::sizes::slice_balance`).
    ///
    /// Runs of up to 8 tasks with the same frame and north rows stay
    /// together: they read the same part of the quadrant table, which at
    /// n = 18 is about the size of the cache (dealt one by one, the count
    /// took 5% longer; in runs of 8, as long as in order). Odd boards up to
    /// n = 19 keep their order: each worker keeps its frame's south
    /// quadrants placed, and dealt tasks would place them again for nearly
    /// every task (1,000 tasks of n = 19: 1.9 s in order, 9.7 s dealt).
    fn shuffle_runs(&mut self) {
        // By n alone, not by whether this plan has the whole table (which
        // `--memory` decides): slices counted on machines with different
        // memory must hold the same tasks.
        if self.n % 2 == 1 && self.h <= CACHE_MAX_H {
            return;
        }
        let mut runs: Vec<Vec<Task>> = Vec::new();
        for t in self.tasks.drain(..) {
            let key = |t: &Task| (t.first.c1, t.first.r1, t.first.en);
            match runs.last_mut() {
                Some(run) if run.len() < 8 && key(&run[0]) == key(&t) => run.push(t),
                _ => runs.push(vec![t]),
            }
        }
        let mut rng = crate::rng::Xoshiro256::new(0x006e_7175_6565_6e73);
        for i in (1..runs.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            runs.swap(i, j);
        }
        self.tasks = runs.into_iter().flatten().collect();
    }

    /// The unit of row split (`en`, `es`) of frame `(c1, r1)` (whose class
    /// has `frame_weight` frames), if that split is the canonical one of its
    /// class under the mirrors that keep the frame; weighted by the class.
    fn unit(
        &self,
        f: &Frame,
        (c1, r1, frame_weight): (u8, u8, u8),
        en: u32,
        es: u32,
    ) -> Option<Unit> {
        let east = f.east.count_ones();
        if es & !f.south != 0 || en.count_ones() + es.count_ones() != east {
            return None;
        }
        let u = Unit {
            c1,
            r1,
            en,
            es,
            weight: 0,
        };
        // The mirrors that keep this frame act on its row splits. (On the
        // stack: a plan asks this of every row split, before any count
        // starts.)
        let mut images = [u; 4];
        let mut kept = 0;
        for im in self.images(&u, f) {
            if (im.c1, im.r1) == (c1, r1) {
                if im < u {
                    return None;
                }
                images[kept] = im;
                kept += 1;
            }
        }
        let images = &mut images[..kept];
        images.sort_unstable();
        let distinct = 1 + images.windows(2).filter(|w| w[0] != w[1]).count();
        Some(Unit {
            weight: frame_weight * distinct as u8,
            ..u
        })
    }

    /// The units of task `index` ≥ 1.
    fn units_of(&self, index: usize) -> Vec<Unit> {
        let task = self.tasks[index - 1];
        let u = task.first;
        if self.n.is_multiple_of(2) {
            return vec![u];
        }
        let f = self.frame(u.c1, u.r1);
        let full = (1u32 << self.h) - 1;
        (u.es..=full)
            .filter_map(|es| self.unit(&f, (u.c1, u.r1, task.frame_weight), u.en, es))
            .collect()
    }

    /// The frame around the middle queens `(h, c1)` and `(r1, h)` (odd n).
    fn frame(&self, c1: u8, r1: u8) -> Frame {
        let (n, h, off) = (self.n, self.h, self.off);
        let full = (1u32 << h) - 1;
        let mut f = Frame {
            north: full,
            south: full,
            east: full,
            west: full,
            sums: 0,
            diffs: 0,
        };
        if n.is_multiple_of(2) {
            return f;
        }
        let (c1, r1) = (usize::from(c1), usize::from(r1));
        for (r, c) in [(h, c1), (r1, h)] {
            f.sums |= 1 << (r + c);
            f.diffs |= 1 << (r + n - 1 - c);
        }
        if c1 < h {
            f.east &= !(1 << c1);
        } else if c1 > h {
            f.west &= !(1 << (c1 - off));
        }
        if r1 < h {
            f.north &= !(1 << r1);
        } else if r1 > h {
            f.south &= !(1 << (r1 - off));
        }
        f
    }

    /// The unit's images under the top-bottom mirror, the left-right mirror
    /// and both (the identity first).
    fn images(&self, u: &Unit, f: &Frame) -> [Unit; 4] {
        let h = self.h;
        let last = (self.n - 1) as u8;
        let odd = self.n % 2 == 1;
        let flip_tb = |u: Unit| Unit {
            r1: if odd { last - u.r1 } else { 0 },
            en: reverse(u.es, h),
            es: reverse(u.en, h),
            ..u
        };
        // The left-right mirror keeps the free rows: E becomes its complement.
        let (north, south) = (f.north, f.south);
        let flip_lr = move |u: Unit, north: u32, south: u32| Unit {
            c1: if odd { last - u.c1 } else { 0 },
            en: north & !u.en,
            es: south & !u.es,
            ..u
        };
        let tb = flip_tb(*u);
        let lr = flip_lr(*u, north, south);
        // After the top-bottom mirror the free rows are mirrored too.
        let both = flip_lr(tb, reverse(south, h), reverse(north, h));
        [*u, tb, lr, both]
    }

    /// The signature bits of the two long diagonals of an even board: the
    /// main one (`r = c`, difference n − 1) and the other (`r + c = n − 1`).
    /// A signature holds the sums from h on, then (from bit 2h − 1) the
    /// differences from h on (see [`place_piece`](Self::place_piece)), so
    /// both are the h − 1st of their kind.
    fn long_diagonal_bits(&self) -> (u64, u64) {
        let h = self.h;
        (1 << (2 * h - 1 + h - 1), 1 << (h - 1))
    }

    /// The solutions of unit `u` made of the east half boards `east` and the
    /// west ones `west`, weighted by the row splits the unit stands for.
    ///
    /// Odd n: every disjoint pair of signatures is a solution.
    ///
    /// Even n: half of the work (about) is left out with the two diagonal
    /// reflections, whose images the left-right mirror brings back to this
    /// task. The transpose `(r, c) → (c, r)` keeps the main diagonal `r = c`
    /// and moves a queen on the other long diagonal, `r + c = n − 1`, between
    /// the north-west and the south-east quadrants; the reflection in the
    /// other diagonal moves a queen on the main one between the north-east
    /// and the south-west, keeping the other. So, as in E. Kluev's quadrant
    /// counter, only the solutions with no queen of a long diagonal in the
    /// east half need counting, each standing for 2 solutions per long
    /// diagonal whose queen is in the west (1, 2 or 4 in all); with the
    /// row splits as tasks, that means twice as many tasks (only the
    /// top-bottom mirror keeps this choice of solutions, the left-right one
    /// does not). But the left-right mirror of a solution of row split E is
    /// a solution of E's mirror image (in this task's class) whose east half
    /// is the mirror of its west half, so the same choice for the mirror
    /// image means, here: the solutions with no long-diagonal queen in the
    /// west half, each standing for 2 per long diagonal whose queen is in
    /// the east. Both choices together, each solution of this row split
    /// counts
    ///
    /// - 0 when both halves hold a queen of a long diagonal (the join of
    ///   those half boards is the work left out),
    /// - 2^k when k ≥ 1 long-diagonal queens stand in one half only,
    /// - 2 when the long diagonals are empty (counted by both choices),
    ///
    /// and the row split's class `weight / 2` times that: the sum over
    /// every solution is the same as counting each once (checked by the
    /// tests against backtracking, which weighs solutions so).
    fn join(
        &self,
        east: &mut [u64],
        west: &mut [u64],
        u: &Unit,
        (scratch, sorting): (&mut Scratch, &mut Vec<u64>),
    ) -> u128 {
        let mut count = |east: &mut [u64], west: &mut [u64]| {
            if east.is_empty() || west.is_empty() {
                0
            } else {
                u128::from(count_disjoint(east, west, self.kernel, self.leaf, scratch))
            }
        };
        if !self.diagonals {
            return count(east, west) * u128::from(u.weight);
        }
        let (main, anti) = self.long_diagonal_bits();
        let long = main | anti;
        // Each list in three, in this order: the half boards with a queen
        // on both long diagonals, on one, on neither.
        let [e2, e1] = sort_by_bits(self.kernel, east, long, sorting);
        let [w2, w1] = sort_by_bits(self.kernel, west, long, sorting);
        let (east_some, east_none) = east.split_at_mut(e1);
        let (east_two, east_one) = east_some.split_at_mut(e2);
        // Some in the east, none in the west: 4 or 2. (First: a join
        // reorders its lists, and the next one joins the west's last two
        // classes as one.)
        let west_none = &mut west[w1..];
        let mut pairs = 4 * count(east_two, west_none);
        pairs += 2 * count(east_one, west_none);
        // None in the east: 4 with two in the west, 2 with one or none.
        let (west_two, west_rest) = west.split_at_mut(w2);
        pairs += 4 * count(east_none, west_two);
        pairs += 2 * count(east_none, west_rest);
        debug_assert!(
            u.weight.is_multiple_of(2),
            "even n: no row split is its own mirror"
        );
        pairs * u128::from(u.weight / 2)
    }

    /// A piece of the quadrant table placed at row offset `ro` and column
    /// offset `co`: its global sum and difference masks, its meet mask and
    /// its signature (see [`Shifts`]).
    fn place_piece(&self, p: u64, ro: usize, co: usize) -> [u64; 4] {
        self.shifts(ro, co).place(p)
    }

    /// [`place_piece`](Self::place_piece)'s shifts.
    ///
    /// The north quadrant of a half (rows `0..h`, columns `co..co + h`)
    /// and its south quadrant (rows from `off`) both reach the sums from
    /// `off + co` to `co + 2h − 2` and the differences (r − c + n − 1) from
    /// `off + n − h − co` on, 2h − 1 − off of each kind: only there can a
    /// north piece and a south piece meet.
    fn shifts(&self, ro: usize, co: usize) -> Shifts {
        let (n, h, off) = (self.n, self.h, self.off);
        Shifts {
            sums: (ro + co) as u32,
            diffs: (ro + n - h - co) as u32,
            off: off as u32,
            half: (n - h) as u32,
            width: (2 * h - 1) as u32,
            meet_sums: (off + co) as u32,
            meet_diffs: (off + n - h - co) as u32,
            meet_width: (2 * h - 1).saturating_sub(off) as u32,
        }
    }

    /// Whether the row tables kept can be all of them: an odd board given
    /// the memory (see [`JoinEngine::row_cache`]).
    fn keeps_every_row_table(&self) -> bool {
        self.whole.is_none() && self.rows.budget as u64 >= JoinEngine::every_row_table(self.n)
    }

    /// The quadrant placements with rows `rows`: from the whole table, or
    /// its row table.
    fn row_set(&self, rows: u32) -> RowSet<'_> {
        match &self.whole {
            Some(table) => RowSet::Whole(table, rows),
            None => RowSet::Built(self.rows.get(rows)),
        }
    }

    /// The pieces of `list` placed at row offset `ro`, column offset `co`,
    /// clear of the frame's closed diagonals, into `out`.
    /// Written unconditionally and kept conditionally: no branch to mispredict.
    fn pieces_into(&self, list: &[u64], f: &Frame, ro: usize, co: usize, out: &mut Placed) {
        out.clear();
        self.pieces_append(list, f, ro, co, out);
    }

    /// [`pieces_into`](Self::pieces_into), after what `out` holds.
    fn pieces_append(&self, list: &[u64], f: &Frame, ro: usize, co: usize, out: &mut Placed) {
        if f.sums | f.diffs == 0 {
            // No closed diagonals (even n): every piece is kept, placed
            // eight at a time with AVX-512.
            out.extend_placed(self.kernel, list, self.shifts(ro, co));
            return;
        }
        out.extend_kept(list.iter().map(|&q| self.place_piece(q, ro, co)), |piece| {
            piece[0] & f.sums | piece[1] & f.diffs == 0
        });
    }

    /// Places the whole south quadrant at column offset `co` for frame `f`.
    fn place_quadrant(&self, f: &Frame, co: usize, q: &mut Quadrant) {
        let Some(table) = &self.whole else {
            return;
        };
        // One pass over the table (a call per key, 2^16 keys a frame, took
        // twice as long: 6% of count 17).
        q.start.clear();
        q.start.push(0);
        let keys = 0..1usize << (2 * self.h);
        let at = self.shifts(self.off, co);
        place_kept(
            (&table.pieces, &table.start),
            keys,
            at,
            f,
            &mut q.pieces,
            |_, len| q.start.push(len as u32),
        );
    }

    /// For every column set C of `cols` with as many columns as `rows` has
    /// rows, the north pieces (rows `rows`, columns C) of a half at column
    /// offset `co`: shared by all the row splits of a task, which differ only
    /// in their south rows.
    fn north_pieces(&self, f: &Frame, rows: u32, cols: u32, co: usize, out: &mut NorthPieces) {
        out.nonempty.clear();
        out.start.clear();
        out.start.push(0);
        out.pieces.clear();
        let table = self.row_set(rows);
        if f.sums | f.diffs == 0 && cols == (1 << self.h) - 1 {
            // Nothing closed and every column free (even n): the whole row
            // set placed at once, in the order of its column sets.
            let (pieces, start) = table.all();
            out.pieces
                .extend_placed(self.kernel, pieces, self.shifts(0, co));
            for (c, ends) in start.windows(2).enumerate() {
                if ends[1] > ends[0] {
                    out.nonempty.push(c as u32);
                    out.start.push((ends[1] - start[0]) as usize);
                }
            }
            return;
        }
        let (pieces, start) = table.all();
        let sets = (0..1usize << self.h).filter(|&c| c as u32 & !cols == 0);
        place_kept(
            (pieces, start),
            sets,
            self.shifts(0, co),
            f,
            &mut out.pieces,
            |c, len| {
                if len > out.start[out.start.len() - 1] {
                    out.nonempty.push(c as u32);
                    out.start.push(len);
                }
            },
        );
    }

    /// The signatures of the half boards whose north pieces are `north` (by
    /// column set) and whose south rows are `rs`, in the free columns `cols`
    /// of the half at column offset `co`, into `out`; returns how many.
    /// `out` only grows, so that no call clears memory it then overwrites.
    ///
    /// A part of them: those from north piece `from` on (in the order of
    /// column sets, then of pieces), stopping after the piece that brings
    /// them to `chunk` or more, so that `out` holds at most `chunk` and one
    /// south list; also returns where the next part starts ([`At::end`] at
    /// the end). The count of disjoint pairs adds up over any split of
    /// either side, so a half list never needs to be held whole: on the
    /// largest boards one would take gigabytes.
    #[allow(clippy::too_many_arguments)]
    fn halves(
        &self,
        f: &Frame,
        north: &NorthPieces,
        (from, chunk): (At, usize),
        rs: u32,
        cols: u32,
        co: usize,
        placed: Option<&Quadrant>,
        out: &mut Vec<u64>,
        scratch: &mut Placed,
    ) -> (usize, At) {
        let mut used = 0;
        // (A placed quadrant is only kept with the whole table, whose row
        // sets cost nothing to name.)
        let table = self.row_set(rs);
        // Nothing closed and every column free (even n): the south row set
        // is placed whole, in one run (each of its column sets is used
        // once), unless it is large enough to be cut into chunks, when each
        // part would place it again (`count 16 -j1`: 0.074 s to 0.067 s
        // against placing each column set's list apart).
        let (all, start) = table.all();
        let whole = placed.is_none()
            && f.sums | f.diffs == 0
            && cols == (1 << self.h) - 1
            && all.len() <= WHOLE_SOUTH_MAX;
        if whole {
            scratch.clear();
            scratch.extend_placed(self.kernel, all, self.shifts(self.off, co));
        }
        for (i, &c) in north.nonempty.iter().enumerate().skip(from.set) {
            let pieces = north.of(i);
            let south = match placed {
                Some(q) => q.get(rs, cols & !c, self.h),
                None if whole => {
                    let d = (cols & !c) as usize;
                    scratch.get((start[d] - start[0]) as usize..(start[d + 1] - start[0]) as usize)
                }
                None => {
                    self.pieces_into(table.get(cols & !c), f, self.off, co, scratch);
                    scratch.all()
                }
            };
            if south.len() == 0 {
                // (6% of the column sets at n = 17: the frame's diagonals.)
                continue;
            }
            let skip = if i == from.set { from.piece } else { 0 };
            let (end, next) = append_pairs(self.kernel, (pieces, skip), south, out, used, chunk);
            used = end;
            if used >= chunk {
                return (used, At::after(i, next, pieces.len()));
            }
        }
        (used, At::end(north.nonempty.len()))
    }

    /// The first split of a unit's side (see [`JoinPlan::count_parts`]):
    /// one [`Entry`] for each north column set, its north pieces and the
    /// south pieces of the other columns, placed once into `split.south`
    /// and kept as level 0 of `split.levels`.
    #[allow(clippy::too_many_arguments)]
    fn first_split(
        &self,
        f: &Frame,
        north: &NorthPieces,
        rs: u32,
        cols: u32,
        co: usize,
        placed: Option<&Quadrant>,
        split: &mut SideSplit,
    ) {
        let table = self.row_set(rs);
        split.south.clear();
        if split.levels.is_empty() {
            split.levels.push(Vec::new());
        }
        let entries = &mut split.levels[0];
        entries.clear();
        for (i, &c) in north.nonempty.iter().enumerate() {
            let from = split.south.len();
            match placed {
                Some(q) => split.south.extend_from(q.get(rs, cols & !c, self.h)),
                None => self.pieces_append(table.get(cols & !c), f, self.off, co, &mut split.south),
            }
            let to = split.south.len();
            if to > from {
                entries.push(Entry {
                    north: [north.start[i], north.start[i + 1]],
                    south: [from, to],
                });
            }
        }
    }

    /// The half boards of one side of `s.u`, from `from` on, a chunk at a
    /// time, into `buf.east` or `buf.west`: with `level` none, every half
    /// board of the side ([`JoinPlan::halves`]: its north pieces, the south
    /// rows and columns of that side, and the south quadrant kept placed
    /// for the frame when `s.cache`); else those of the entries of that
    /// level of the side's split ([`SideSplit::halves`]).
    fn side_halves(
        &self,
        s: &Sides<'_>,
        buf: &mut Buffers,
        side: Side,
        from: At,
        level: Option<usize>,
    ) -> (usize, At) {
        let f = s.f;
        let (rs, cols, co) = self.south_of(s, side);
        let quadrant = &buf.south_placed[side as usize];
        let split = &buf.split[side as usize];
        let chunk = self.chunk_of(side);
        let (north, out) = match side {
            Side::East => (&buf.north[0], &mut buf.east),
            Side::West => (&buf.north[1], &mut buf.west),
        };
        match level {
            None => self.halves(
                f,
                north,
                (from, chunk),
                rs,
                cols,
                co,
                s.cache.then_some(quadrant),
                out,
                &mut buf.south,
            ),
            Some(l) => split.halves(self.kernel, &north.pieces, l, (from, chunk), out),
        }
    }

    /// Where the half boards of one side end: past the last north column
    /// set, or the last entry of the side's split at `level`.
    fn side_end(buf: &Buffers, side: Side, level: Option<usize>) -> At {
        At::end(match level {
            None => buf.north[side as usize].nonempty.len(),
            Some(l) => buf.split[side as usize].levels[l].len(),
        })
    }

    /// Whether a worker keeps the south quadrants of the frame it counts
    /// placed, from task to task: odd n up to 2 [`CACHE_MAX_H`] + 1, with
    /// the whole table.
    fn keeps_frames(&self) -> bool {
        self.n % 2 == 1 && self.h <= CACHE_MAX_H && self.whole.is_some()
    }

    /// Places the south quadrants of frame `f` (middle queens `at`) in `buf`.
    fn place_frame(&self, f: &Frame, at: (u8, u8), buf: &mut Buffers) {
        for (q, co) in buf.south_placed.iter_mut().zip([0, self.off]) {
            self.place_quadrant(f, co, q);
        }
        buf.placed_for = Some(at);
    }

    /// How many times a count on one core places a frame: once for each run
    /// of tasks with the same middle queens, in the plan's order.
    fn frame_runs(&self) -> usize {
        let frame = |t: &Task| (t.first.c1, t.first.r1);
        let changes = self
            .tasks
            .windows(2)
            .filter(|w| frame(&w[0]) != frame(&w[1]));
        usize::from(!self.tasks.is_empty()) + changes.count()
    }

    /// The solutions of unit `s.u` made of the east half boards of split
    /// level `levels[0]` of the east side (all of them if none) and the
    /// west ones of level `levels[1]`, or, for a side that `ready` names,
    /// the half boards its buffer holds; `taken` holds the bits split by
    /// so far.
    ///
    /// When both sides fit in their chunks they are joined whole. When one
    /// does not, the pairs are split as the join itself splits its lists
    /// ([`count_disjoint`]): by a signature bit j, the pairs of the east
    /// half boards without j with every west one, and of those with j with
    /// the west ones without it (or the same with the sides exchanged, to
    /// cut the west side). A side is split through its pieces, not its half
    /// boards ([`SideSplit`]), and its half boards are made again for each
    /// part, so memory stays within the chunks, and the join loses none of
    /// the pairs its splits would drop: cutting the lists into chunks by
    /// where they come from instead made a join of four chunks a side take
    /// 1.7 to 2.2 times as long on sampled n = 24 splits, and n = 28 has
    /// lists of 100 to 340 million half boards against chunks of 1 and 2
    /// million. Below [`SPLIT_DEPTH`] bits, or when no bit would drop a
    /// pair, a side is cut into chunks after all.
    ///
    /// A side is not made only to find out that it is too long: a side
    /// that can have more half boards than its chunk (its north pieces
    /// times their south ones) is split through its pieces at once, and
    /// then sampled ([`JoinPlan::sample_if_large`]); the sample says
    /// whether to make it or to split it further, and which bit to split
    /// by. 60 sampled row splits of n = 27 took 6.40 s against 6.78 s when
    /// each side was made up to its chunk first (medians of two runs,
    /// `join::sizes::chunk_timing`); 12 of n = 24, 3.61 s against 4.16 s;
    /// one of n = 28, 362 s against 373 s.
    fn count_parts(
        &self,
        s: &Sides<'_>,
        buf: &mut Buffers,
        levels: [Option<usize>; 2],
        ready: [Option<usize>; 2],
        taken: u64,
        depth: usize,
    ) -> u128 {
        // Each side's half boards, in its buffer: how many, and whether
        // that is all of them (else its first chunk). A side whose parent
        // left it whole in its buffer is `ready`; one that a sample says is
        // well past its chunk is not made at all, only sampled.
        if s.stopped() {
            return 0;
        }
        let mut made = [(0, false); 2];
        let mut sampled = [None; 2];
        let mut levels = levels;
        for side in [Side::East, Side::West] {
            let i = side as usize;
            if ready[i].is_none()
                && levels[i].is_none()
                && self.most_halves(s, buf, side) > self.chunk_of(side)
            {
                // (Split through its pieces as it will be if it is long.)
                self.side_split(s, buf, side);
                levels[i] = Some(0);
            }
            made[i] = if let Some(len) = ready[i] {
                (len, true)
            } else if let Some(len) = levels[i].and_then(|l| self.sample_if_large(buf, side, l)) {
                sampled[i] = Some(len);
                (0, false)
            } else {
                let (len, next) = self.side_halves(s, buf, side, At::START, levels[i]);
                (len, next == Self::side_end(buf, side, levels[i]))
            };
            if made[i] == (0, true) {
                return 0;
            }
        }
        let [(e, east_whole), (w, west_whole)] = made;
        if east_whole && west_whole {
            return self.join(
                &mut buf.east[..e],
                &mut buf.west[..w],
                s.u,
                (&mut buf.scratch, &mut buf.sorting),
            );
        }
        if depth < self.split_depth {
            let east = sampled[0].map_or(&buf.east[..e], |len| &buf.sample[0][..len]);
            let west = sampled[1].map_or(&buf.west[..w], |len| &buf.sample[1][..len]);
            if let Some(bit) = split_bit(east, west, !taken) {
                return self.split_parts(s, buf, (levels, made), bit, (taken, depth));
            }
        }
        // A chunk of one side at a time, each joined with the other side
        // whole when it is (in its buffer), or else with each of its chunks
        // in turn.
        let (east_end, west_end) = (
            Self::side_end(buf, Side::East, levels[0]),
            Self::side_end(buf, Side::West, levels[1]),
        );
        let mut pairs = 0u128;
        let mut west_from = At::START;
        while west_from < west_end {
            let (w, next) = if west_whole {
                (w, west_end)
            } else {
                self.side_halves(s, buf, Side::West, west_from, levels[1])
            };
            west_from = next;
            if w == 0 {
                continue;
            }
            let mut east_from = At::START;
            while east_from < east_end {
                let (e, next) = if east_whole {
                    (e, east_end)
                } else {
                    self.side_halves(s, buf, Side::East, east_from, levels[0])
                };
                east_from = next;
                if s.stopped() {
                    return pairs;
                }
                if e > 0 {
                    pairs += self.join(
                        &mut buf.east[..e],
                        &mut buf.west[..w],
                        s.u,
                        (&mut buf.scratch, &mut buf.sorting),
                    );
                }
            }
        }
        pairs
    }

    /// [`count_parts`](Self::count_parts) split by signature bit `bit`:
    /// the long side's half boards without the bit with every half board
    /// of the other, and those with it with the other's without it.
    /// `made` says how many half boards of each side its buffer holds and
    /// whether they are all of them.
    ///
    /// When the other side is whole, it stays in its buffer for both parts
    /// and every part below them: its half boards without the bit are
    /// moved to the front by a partition in place, for the part with the
    /// bit, which is counted first, and the part without the bit takes the
    /// whole buffer again (the parts below only reorder within it). Made
    /// again for each part, as it was, it took as many half boards as the
    /// joins themselves at n = 24.
    fn split_parts(
        &self,
        s: &Sides<'_>,
        buf: &mut Buffers,
        (levels, made): ([Option<usize>; 2], [(usize, bool); 2]),
        bit: u64,
        (taken, depth): (u64, usize),
    ) -> u128 {
        let (long, other) = if made[0].1 {
            (Side::West, Side::East)
        } else {
            (Side::East, Side::West)
        };
        let (l, o) = (long as usize, other as usize);
        // A side not whole is split through its pieces already, unless it
        // could hold no more than its chunk and was made to exactly its
        // chunk with column sets after it (which add no half board).
        if levels[l].is_none() {
            self.side_split(s, buf, long);
        }
        let at = levels[l].unwrap_or(0);
        let taken = taken | bit;
        let mut down = levels;
        down[l] = Some(at + 1);
        let kernel = self.kernel;
        if made[o].1 {
            let len = made[o].0;
            buf.derive(kernel, long, at, bit, true, false);
            let list = match other {
                Side::East => &mut buf.east[..len],
                Side::West => &mut buf.west[..len],
            };
            let without = partition_with(kernel, list, bit, &mut buf.sorting);
            let mut ready = [None; 2];
            ready[o] = Some(without);
            let with_bit = self.count_parts(s, buf, down, ready, taken, depth + 1);
            buf.derive(kernel, long, at, bit, false, true);
            ready[o] = Some(len);
            return with_bit + self.count_parts(s, buf, down, ready, taken, depth + 1);
        }
        // Both sides long: each is made again for each part.
        if levels[o].is_none() {
            self.side_split(s, buf, other);
        }
        let other_at = levels[o].unwrap_or(0);
        buf.derive(kernel, long, at, bit, false, false);
        let mut first_levels = levels;
        first_levels[l] = Some(at + 1);
        first_levels[o] = Some(other_at);
        let first = self.count_parts(s, buf, first_levels, [None; 2], taken, depth + 1);
        buf.derive(kernel, long, at, bit, true, true);
        buf.derive(kernel, other, other_at, bit, false, false);
        down[o] = Some(other_at + 1);
        first + self.count_parts(s, buf, down, [None; 2], taken, depth + 1)
    }

    /// How many half boards `side` of unit `s.u` has at most, unsplit:
    /// its north pieces times the south pieces of their other columns.
    fn most_halves(&self, s: &Sides<'_>, buf: &Buffers, side: Side) -> usize {
        let (rs, cols, _) = self.south_of(s, side);
        let north = &buf.north[side as usize];
        let table = self.row_set(rs);
        let quadrant = &buf.south_placed[side as usize];
        north
            .nonempty
            .iter()
            .enumerate()
            .map(|(i, &c)| {
                let south = if s.cache {
                    quadrant.get(rs, cols & !c, self.h).len()
                } else {
                    table.get(cols & !c).len()
                };
                north.of(i).len() * south
            })
            .sum()
    }

    /// The chunk of `side`.
    fn chunk_of(&self, side: Side) -> usize {
        match side {
            Side::East => self.chunk.east,
            Side::West => self.chunk.west,
        }
    }

    /// The half boards of `side` at split level `level` sampled, when
    /// there may be more than its chunk: about [`sample_pairs`] pairs of
    /// pieces, one in every k of the level's pairs (its north pieces in
    /// order, each with a south piece of its entry drawn at random), into
    /// `buf.sample`. Returns the sample's length when it says the side has
    /// more than its chunk (k times the sample), so that its half boards
    /// need not be made to find that out; else none. A side split when it
    /// would have fitted after all costs little: its two parts hold its
    /// half boards once, and their joins drop the pairs with the bit.
    /// (Made up to their chunk only to be dropped, the long sides' half
    /// boards outnumbered those joined, 193 million to 143 million on 20
    /// sampled row splits of n = 27.) Each north piece sampled with every
    /// south piece of its entry instead gave a few north pieces' bits as
    /// the sample and poor split bits: a sampled n = 28 split took 413 s
    /// against 373 s before, and 362 s with this sample.
    fn sample_if_large(&self, buf: &mut Buffers, side: Side, level: usize) -> Option<usize> {
        let i = side as usize;
        let chunk = self.chunk_of(side);
        let (north, split) = (&buf.north[i].pieces, &buf.split[i]);
        let entries = &split.levels[level];
        let size = |run: [usize; 2]| run[1] - run[0];
        let bound: usize = entries.iter().map(|e| size(e.north) * size(e.south)).sum();
        if bound <= chunk {
            return None;
        }
        let k = (bound / self.sample_pairs).max(1);
        let sample = &mut buf.sample[i];
        sample.clear();
        let mut rng = crate::rng::Xoshiro256::new(bound as u64);
        let (mut next, mut before) = (0, 0);
        for e in entries {
            let (pieces, south) = (size(e.north), size(e.south));
            let north = north.get(e.north[0]..e.north[1]);
            let south_run = split.south.get(e.south[0]..e.south[1]);
            while next < before + pieces * south {
                let [meet, sig] = north.piece((next - before) / south);
                let [south_meet, south_sig] = south_run.piece(rng.below(south as u64) as usize);
                if meet & south_meet == 0 {
                    sample.push(sig | south_sig);
                }
                next += k;
            }
            before += pieces * south;
        }
        let used = sample.len();
        (used.saturating_mul(k) > chunk).then_some(used)
    }

    /// Level 0 of one side's split for unit `s.u` ([`JoinPlan::first_split`]).
    fn side_split(&self, s: &Sides<'_>, buf: &mut Buffers, side: Side) {
        let (rs, cols, co) = self.south_of(s, side);
        let quadrant = &buf.south_placed[side as usize];
        let north = &buf.north[side as usize];
        let split = &mut buf.split[side as usize];
        self.first_split(s.f, north, rs, cols, co, s.cache.then_some(quadrant), split);
    }

    /// One side of unit `s.u`: its south rows, its free columns and its
    /// column offset.
    fn south_of(&self, s: &Sides<'_>, side: Side) -> (u32, u32, usize) {
        let (f, u) = (s.f, s.u);
        match side {
            Side::East => (u.es, f.east, 0),
            Side::West => (f.south & !u.es, f.west, self.off),
        }
    }

    /// The time a task of `units` (its row splits) takes, projected from
    /// one of them drawn with `seed` (see [`Plan::sample_seconds`]).
    fn task_seconds_by_a_split(&self, units: &[Unit], seed: u64) -> f64 {
        let mut rng = crate::rng::Xoshiro256::new(seed);
        let u = rng.below(units.len() as u64) as usize;
        let unit = &units[u..=u];
        // The unit's four row tables are built and timed apart, and their
        // build times added as a count spends them: the north tables once a
        // task, the south ones for each split (a task's splits have tables
        // of their own). A count that keeps every row table builds each once
        // in the whole count, not for each task: there they are left out.
        // (Measured on sampled tasks: 2% of the time at n = 24, 10% at
        // n = 25, under 1% from n = 26 on, where a split's join takes
        // seconds to minutes.)
        let (build_north, build_south) = if self.whole.is_some() {
            (0.0, 0.0)
        } else {
            let (u, f) = (unit[0], self.frame(unit[0].c1, unit[0].r1));
            let build = |rows: u32| {
                let start = std::time::Instant::now();
                std::hint::black_box(self.rows.get(rows));
                start.elapsed().as_secs_f64()
            };
            let north = build(u.en) + build(f.north & !u.en);
            let south = build(u.es) + build(f.south & !u.es);
            if self.keeps_every_row_table() {
                (0.0, 0.0)
            } else {
                (north, south)
            }
        };
        // The north pieces are built once for all the units of a task: timed
        // once, not scaled by the number of units. The split is counted with
        // the thread's own buffers, as a count uses them from task to task.
        let mut north = 0.0;
        let start = std::time::Instant::now();
        std::hint::black_box(with_buffers(|buf| {
            self.count_units_timed(unit, buf, Some(&mut north), None)
        }));
        let rest = start.elapsed().as_secs_f64() - north;
        north + build_north + (rest + build_south) * units.len() as f64
    }

    /// Counts the units of one task (the same frame and north east rows).
    fn count_units(&self, units: &[Unit], buf: &mut Buffers) -> u128 {
        self.count_units_timed(units, buf, None, None)
    }

    /// [`count_units`](Self::count_units), adding the seconds it spends on
    /// the north pieces (built once for all the units) to `north`.
    fn count_units_timed(
        &self,
        units: &[Unit],
        buf: &mut Buffers,
        north: Option<&mut f64>,
        stop: Option<&AtomicBool>,
    ) -> u128 {
        // Clocks only when timed: reading one costs 2% of n = 17.
        let north_start = north.is_some().then(std::time::Instant::now);
        let Some(first) = units.first() else {
            return 0;
        };
        let f = self.frame(first.c1, first.r1);
        // Even n: placing a piece is a few shifts, cheaper than reading it
        // from a placed quadrant twice the table's size.
        let cache = self.keeps_frames();
        if cache && buf.placed_for != Some((first.c1, first.r1)) {
            self.place_frame(&f, (first.c1, first.r1), buf);
        }
        let (en, wn) = (first.en, f.north & !first.en);
        let [east_north, west_north] = &mut buf.north;
        self.north_pieces(&f, en, f.east, 0, east_north);
        self.north_pieces(&f, wn, f.west, self.off, west_north);
        if let (Some(t), Some(start)) = (north, north_start) {
            *t += start.elapsed().as_secs_f64();
        }
        let mut total = 0u128;
        for u in units {
            debug_assert_eq!((u.c1, u.r1, u.en), (first.c1, first.r1, en));
            let sides = Sides {
                f: &f,
                u,
                cache,
                stop,
            };
            if sides.stopped() {
                break;
            }
            total += self.count_parts(&sides, buf, [None; 2], [None; 2], 0, 0);
        }
        total
    }
}

/// What [`JoinPlan::count_parts`] counts for: a unit of a task, its frame,
/// and whether the frame's south quadrants are kept placed.
struct Sides<'a> {
    f: &'a Frame,
    u: &'a Unit,
    cache: bool,
    /// Set when the run is to stop: the count gives up at its next join
    /// (a few milliseconds of work), and its sum is then not a count.
    stop: Option<&'a AtomicBool>,
}

impl Sides<'_> {
    /// Whether the run is to stop.
    fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }
}

/// The most signature bits [`JoinPlan::count_parts`] splits by before it
/// cuts a side into chunks: enough for lists thousands of times a chunk.
const SPLIT_DEPTH: usize = 16;

/// The h (n = 2h or 2h + 1) whose chunks are small: 2^17 and 2^18 half
/// boards ([`Chunks::of`]), sampled by 2^11 pairs ([`sample_pairs`]).
const SMALL_CHUNKS: std::ops::RangeInclusive<usize> = 11..=13;

/// About how many pairs of pieces [`JoinPlan::sample_if_large`] tests for
/// n = 2h or 2h + 1: 2^11 where the chunks are small ([`SMALL_CHUNKS`]),
/// else 2^13.
///
/// A sample is taken at every level of a long side's split, so a smaller
/// one costs less each time, but says less well which bit splits the side
/// evenly. Measured with `join::sizes::chunk_timing` (`NQ_SAMPLE_PAIRS`;
/// medians of three runs alternating, on an AMD EPYC of family 26): n = 27,
/// 60 splits, 3.29 s with 2^11 against 3.49 s with 2^13 and 3.87 s with
/// 2^15 (2^9 and 2^10 as 2^11); n = 25, 300 splits, 1.69 s against 1.81 s;
/// n = 22, 40 splits, 0.54 s against 0.55 s; n = 24 and 26 within noise
/// (2.23 s against 2.29 s; 8.4 s against 8.6 s). At n = 28, whose chunks are
/// eight times larger, one split took 230 s with 2^11 against 225 s with
/// 2^13 (one run each).
fn sample_pairs(h: usize) -> usize {
    if SMALL_CHUNKS.contains(&h) {
        1 << 11
    } else {
        1 << 13
    }
}

/// A run of north pieces and a run of south pieces (`start..end` in their
/// buffers) whose pairs that do not meet are half boards of a split side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Entry {
    north: [usize; 2],
    south: [usize; 2],
}

/// One side of a unit split by signature bits ([`JoinPlan::count_parts`]),
/// through its pieces: a half board's signature is its north piece's OR
/// its south piece's, and the two never share a bit (they would share a
/// diagonal). So the half boards without bit j are the pairs of north
/// pieces without j and south pieces without j, and those with j the pairs
/// of north pieces with j and south pieces without, and the reverse.
///
/// Level 0 has an entry for each north column set ([`JoinPlan::first_split`]);
/// each level below it is made from the one above by partitioning each
/// entry's runs by the bit in place ([`Buffers::derive`]), as
/// [`count_disjoint`] partitions its lists: a level's runs are reordered
/// only within themselves, so the levels above stay true as sets, and a
/// split costs one pass over the pieces of its level, not over every
/// piece of the side. (Filtering every piece of the side again for each
/// part took a fifth of a sampled n = 28 split.)
#[derive(Default)]
struct SideSplit {
    /// The south pieces of level 0's entries, one run each.
    south: Placed,
    /// The entries of each level.
    levels: Vec<Vec<Entry>>,
    /// Working room for partitions.
    back: Placed,
}

impl SideSplit {
    /// The half boards of the entries of `level`, from `from` on, into
    /// `out`, stopping once they reach `chunk`, as [`JoinPlan::halves`]
    /// does with north column sets; `north` holds the north pieces.
    fn halves(
        &self,
        kernel: Kernel,
        north: &Placed,
        level: usize,
        (from, chunk): (At, usize),
        out: &mut Vec<u64>,
    ) -> (usize, At) {
        let entries = &self.levels[level];
        let mut used = 0;
        for (i, e) in entries.iter().enumerate().skip(from.set) {
            let pieces = north.get(e.north[0]..e.north[1]);
            let south = self.south.get(e.south[0]..e.south[1]);
            let skip = if i == from.set { from.piece } else { 0 };
            let (end, next) = append_pairs(kernel, (pieces, skip), south, out, used, chunk);
            used = end;
            if used >= chunk {
                return (used, At::after(i, next, pieces.len()));
            }
        }
        (used, At::end(entries.len()))
    }
}

/// The bit of `allowed` to split a join's lists by: the one used most on
/// both sides, as in [`count_disjoint`], judged from up to 4,096 of each
/// list's patterns; `None` when no bit is used on both sides.
fn split_bit(east: &[u64], west: &[u64], allowed: u64) -> Option<u64> {
    let counts = |xs: &[u64]| {
        let mut c = [0u64; 64];
        for &x in xs.iter().step_by(xs.len() / 4096 + 1) {
            let mut m = x & allowed;
            while m != 0 {
                c[m.trailing_zeros() as usize] += 1;
                m &= m - 1;
            }
        }
        c
    };
    let (ce, cw) = (counts(east), counts(west));
    (0..64)
        .map(|j| (ce[j] * cw[j], j))
        .filter(|&(score, _)| score > 0)
        .max()
        .map(|(_, j)| 1u64 << j)
}

/// The pieces of one quadrant placed for one frame: globalized, without
/// those on a closed diagonal, filed by (rows, columns) like the table.
#[derive(Default)]
struct Quadrant {
    start: Vec<u32>,
    pieces: Placed,
}

impl Quadrant {
    fn get(&self, rows: u32, cols: u32, h: usize) -> PlacedRef<'_> {
        let key = ((rows as usize) << h) | cols as usize;
        self.pieces
            .get(self.start[key] as usize..self.start[key + 1] as usize)
    }
}

/// Runs `f` with the calling thread's buffers. Each worker thread keeps its
/// buffers from task to task: a task is short, and allocating them anew
/// costs as much as a tenth of it.
fn with_buffers<T>(f: impl FnOnce(&mut Buffers) -> T) -> T {
    thread_local! {
        static BUFFERS: std::cell::RefCell<Buffers> = std::cell::RefCell::default();
    }
    BUFFERS.with(|b| match b.try_borrow_mut() {
        Ok(mut buf) => f(&mut buf),
        // Only if a plan were counted from inside another's count.
        Err(_) => f(&mut Buffers::default()),
    })
}

/// For odd n up to 2h + 1 = 19 the south quadrants of the frame being
/// counted are kept placed, so that the pieces on the frame's closed
/// diagonals are dropped once per frame (twice 16 bytes a piece: 29 MB a
/// thread for h = 9); otherwise each list is placed when it is used.
const CACHE_MAX_H: usize = 9;

/// Where a part of a half list starts: a column set of [`NorthPieces`]
/// (or an entry of a [`SideSplit`] level) and a piece in its list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct At {
    set: usize,
    piece: usize,
}

impl At {
    const START: At = At { set: 0, piece: 0 };

    /// Where a part goes on after piece `next` of the `set`-th list, which
    /// has `len` pieces.
    fn after(set: usize, next: usize, len: usize) -> At {
        if next < len {
            At { set, piece: next }
        } else {
            At {
                set: set + 1,
                piece: 0,
            }
        }
    }

    /// Past the last of `sets` lists.
    fn end(sets: usize) -> At {
        At {
            set: sets,
            piece: 0,
        }
    }
}

/// A task's north pieces: the column sets whose list is not empty, and
/// their lists one after the other (one buffer, so that its size is the
/// largest task's, not the sum of each column set's largest list).
#[derive(Default)]
struct NorthPieces {
    nonempty: Vec<u32>,
    /// The pieces of `nonempty[i]` are `pieces[start[i]..start[i + 1]]`.
    start: Vec<usize>,
    pieces: Placed,
}

impl NorthPieces {
    /// The pieces of the `i`-th column set of `nonempty`.
    fn of(&self, i: usize) -> PlacedRef<'_> {
        self.pieces.get(self.start[i]..self.start[i + 1])
    }
}

#[derive(Default)]
struct Buffers {
    /// The frame `south` was placed for, and the south-east and south-west
    /// quadrants placed.
    placed_for: Option<(u8, u8)>,
    south_placed: [Quadrant; 2],
    east: Vec<u64>,
    west: Vec<u64>,
    /// Each side's north pieces, east then west.
    north: [NorthPieces; 2],
    south: Placed,
    /// Each side's split by signature bits, east then west.
    split: [SideSplit; 2],
    /// Each side's sampled half boards ([`JoinPlan::sample_if_large`]).
    sample: [Vec<u64>; 2],
    scratch: Scratch,
    /// Room for sorting half boards by their long-diagonal queens.
    sorting: Vec<u64>,
}

impl Buffers {
    /// Level `level + 1` of `side`'s split from level `level`: each entry's
    /// runs partitioned by `bit` in place, and of the half boards, those
    /// with the bit (`with`) or those without.
    ///
    /// With `parted`, the runs are partitioned by the bit already (the
    /// other kind of the same split, made after the first, which reorders
    /// only within the runs without the bit): the boundaries are found by
    /// binary search.
    fn derive(
        &mut self,
        kernel: Kernel,
        side: Side,
        level: usize,
        bit: u64,
        with: bool,
        parted: bool,
    ) {
        let north = &mut self.north[side as usize].pieces;
        let split = &mut self.split[side as usize];
        let back = &mut split.back;
        let mut part = |pieces: &mut Placed, run: [usize; 2]| {
            if parted {
                run[0] + pieces.sigs[run[0]..run[1]].partition_point(|&s| s & bit == 0)
            } else {
                pieces.partition(kernel, run, bit, back)
            }
        };
        if split.levels.len() < level + 2 {
            split.levels.resize_with(level + 2, Vec::new);
        }
        let (above, below) = split.levels.split_at_mut(level + 1);
        let out = &mut below[0];
        out.clear();
        for e in &above[level] {
            let nm = part(north, e.north);
            let sm = part(&mut split.south, e.south);
            let mut push = |north: [usize; 2], south: [usize; 2]| {
                if north[0] < north[1] && south[0] < south[1] {
                    out.push(Entry { north, south });
                }
            };
            if with {
                push([nm, e.north[1]], [e.south[0], sm]);
                push([e.north[0], nm], [sm, e.south[1]]);
            } else {
                push([e.north[0], nm], [e.south[0], sm]);
            }
        }
    }
}

impl Plan for JoinPlan {
    fn n(&self) -> usize {
        self.n
    }

    fn len(&self) -> usize {
        1 + self.tasks.len()
    }

    fn count(&self, index: usize) -> Tally {
        // Never stopped, so always the whole task.
        self.count_or_stop(index, &AtomicBool::new(false))
            .unwrap_or_default()
    }

    /// A task of n = 27 takes minutes: the stop flag is looked at before
    /// every join of two chunks (milliseconds apart), so that a cancelled
    /// job or Ctrl-C ends the run within a second.
    fn count_or_stop(&self, index: usize, stop: &AtomicBool) -> Option<Tally> {
        if index == 0 {
            // Burnside: 8 U = Q + P + 2 R; Q comes from the other tasks.
            // P(n) alone takes minutes at n = 26.
            let p = fixed_by_or_stop(self.n, Turn::Half, stop).unwrap_or(Some(0))?;
            let r = fixed_by_or_stop(self.n, Turn::Quarter, stop).unwrap_or(Some(0))?;
            return Some(Tally {
                solutions: 0,
                classes_x8: p + 2 * r,
            });
        }
        let units = &self.units_of(index)[..];
        let solutions = with_buffers(|buf| self.count_units_timed(units, buf, None, Some(stop)));
        // Stopped while counting: the sum is of part of the task only.
        (!stop.load(Ordering::Relaxed)).then_some(Tally {
            solutions,
            classes_x8: solutions,
        })
    }

    /// From n = 24 on a task of an odd board holds hundreds of row splits
    /// and takes minutes, so a dry run times one of them (a random one) and
    /// scales by their number. A row split is timed whole, at n = 28 for
    /// minutes. (From n = 26 on it used to time the east side for one class
    /// of 16 and one of 8 of its north column sets and extrapolate, which
    /// came within 2% of the whole when a side was cut into chunks; with
    /// the sides split by signature bits a part no longer goes as the
    /// whole does, and the same extrapolation said 1.73 times the time of
    /// the whole on three sampled splits of n = 24 and of n = 26, measured
    /// with an ignored test since removed with the classes it timed.)
    ///
    /// Where workers keep a frame's south quadrants placed (odd n ≤ 19), a
    /// worker places them once for the run of the frame's tasks it counts,
    /// so that a sampled task, which finds another frame placed, is timed
    /// with its frame placed beforehand, and the placing is timed apart and
    /// spread over the tasks as a count on one core spends it: once a
    /// frame. (Timed with the placing, n = 19 was projected at 87 s of CPU
    /// for a count that took 15.6 s.)
    fn sample_seconds(&self, index: usize, seed: u64) -> f64 {
        if index > 0 && self.keeps_frames() {
            let first = self.tasks[index - 1].first;
            let (place, task) = with_buffers(|buf| {
                let start = std::time::Instant::now();
                self.place_frame(&self.frame(first.c1, first.r1), (first.c1, first.r1), buf);
                let place = start.elapsed().as_secs_f64();
                let start = std::time::Instant::now();
                std::hint::black_box(self.count_units(&self.units_of(index), buf));
                (place, start.elapsed().as_secs_f64())
            });
            return task + place * self.frame_runs() as f64 / self.tasks.len() as f64;
        }
        if index == 0 || self.h < ONE_SPLIT_H {
            let start = std::time::Instant::now();
            std::hint::black_box(self.count(index));
            return start.elapsed().as_secs_f64();
        }
        self.task_seconds_by_a_split(&self.units_of(index), seed)
    }

    fn describe(&self, index: usize) -> String {
        if index == 0 {
            return "the solutions fixed by a half or quarter turn (Burnside's P and R)".into();
        }
        let units = &self.units_of(index)[..];
        let h = self.h;
        let u = units[0];
        let middle = if self.n % 2 == 1 {
            format!(
                "middle queens (row {h}, col {}) and (row {}, col {h}), ",
                u.c1, u.r1
            )
        } else {
            String::new()
        };
        format!(
            "{middle}east rows north {:0h$b}{} ({})",
            u.en.reverse_bits() >> (32 - h),
            if units.len() == 1 {
                format!(" south {:0h$b}", u.es.reverse_bits() >> (32 - h))
            } else {
                String::new()
            },
            crate::count::report::plural(units.len() as u128, "row split", "row splits"),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::plan::count_plan;
    use crate::known;

    /// A stop set while a task runs ends it at its next join, and the task
    /// is not counted; unstopped, `count_or_stop` is `count`.
    #[test]
    fn a_stop_ends_a_task_under_way() {
        let plan = JoinEngine.plan(19).unwrap();
        for i in [0, 1, plan.len() / 2, plan.len() - 1] {
            assert_eq!(
                plan.count_or_stop(i, &AtomicBool::new(false)),
                Some(plan.count(i))
            );
        }
        assert_eq!(plan.count_or_stop(1, &AtomicBool::new(true)), None);
        // Stopped from another thread while it counts: the biggest task of
        // n = 22 takes a while; it gives up at once.
        let plan = JoinEngine.plan(22).unwrap();
        let stop = AtomicBool::new(false);
        std::thread::scope(|scope| {
            scope.spawn(|| {
                std::thread::sleep(std::time::Duration::from_millis(5));
                stop.store(true, Ordering::Relaxed);
            });
            let mut stopped = 0;
            for i in 1..200 {
                if plan.count_or_stop(i, &stop).is_none() {
                    stopped = i;
                    break;
                }
            }
            assert!(stopped > 0, "never stopped");
        });
    }

    #[test]
    fn table_sizes() {
        for (h, &pieces) in PIECES.iter().enumerate().take(9).skip(1) {
            assert_eq!(
                Table::new(h, 1 + h % 3).unwrap().pieces.len() as u64,
                pieces,
                "h = {h}"
            );
        }
    }

    #[test]
    fn counts_match_oeis() {
        for n in 1..=13 {
            let t = count_plan(JoinEngine.plan(n).unwrap().as_ref());
            assert_eq!(Some(t.solutions), known::total(n), "Q({n})");
            assert_eq!(t.unique(), known::unique(n), "U({n})");
        }
        // The diagonal reflections, used from n = 18 on, on smaller boards;
        // with small leaves, so that the joins split (and reorder) their
        // lists as they do on large boards.
        for n in (6..=16).step_by(2) {
            let mut plan = JoinPlan::build_with(n, Kernel::best(), 0, true);
            assert!(plan.diagonals);
            plan.leaf = 16;
            let t = count_plan(&plan);
            assert_eq!(Some(t.solutions), known::total(n), "Q({n}), diagonals");
            assert_eq!(t.unique(), known::unique(n), "U({n}), diagonals");
        }
    }

    /// A north and a south piece of one half meet on a diagonal exactly
    /// when their meet masks meet: every pair of pieces of the table (a
    /// sample of them from h = 8 on), on both halves, for n = 6 to 21.
    #[test]
    fn meet_masks_stand_in_for_the_diagonals() {
        let mut rng = crate::rng::Xoshiro256::new(0x6d656574);
        for n in 6..=21 {
            let plan = JoinPlan::new(n, Kernel::Portable);
            let table = plan.whole.as_ref().unwrap();
            let pieces = &table.pieces;
            let pick =
                |rng: &mut crate::rng::Xoshiro256| pieces[rng.below(pieces.len() as u64) as usize];
            let pairs: Vec<(u64, u64)> = if pieces.len() <= 1000 {
                pieces
                    .iter()
                    .flat_map(|&a| pieces.iter().map(move |&b| (a, b)))
                    .collect()
            } else {
                (0..200_000)
                    .map(|_| (pick(&mut rng), pick(&mut rng)))
                    .collect()
            };
            for co in [0, plan.off] {
                let (north, south) = (plan.shifts(0, co), plan.shifts(plan.off, co));
                for &(a, b) in &pairs {
                    let [s1, d1, m1, _] = north.place(a);
                    let [s2, d2, m2, _] = south.place(b);
                    assert_eq!(
                        s1 & s2 | d1 & d2 == 0,
                        m1 & m2 == 0,
                        "n = {n}, co = {co}, pieces {a:#x} and {b:#x}"
                    );
                }
            }
        }
    }

    /// Row tables built per task hold what the whole table holds, and so
    /// does the whole table built on several threads.
    #[test]
    fn row_tables_are_slices_of_the_table() {
        for (h, &pieces) in PIECES.iter().enumerate().take(9).skip(1) {
            let tables = [Table::new(h, 1).unwrap(), Table::new(h, 3).unwrap()];
            let mut row = RowTable::default();
            let mut total = 0;
            for rows in 0..1u32 << h {
                row.build(h, rows);
                total += row.pieces.len() as u64;
                for cols in 0..1u32 << h {
                    let mut b = row.get(cols).to_vec();
                    b.sort_unstable();
                    for (threads, table) in [1, 3].iter().zip(&tables) {
                        let mut a = table.get(rows, cols).to_vec();
                        a.sort_unstable();
                        assert_eq!(
                            a, b,
                            "h = {h}, rows {rows:b}, cols {cols:b}, {threads} threads"
                        );
                    }
                }
            }
            assert_eq!(total, pieces, "h = {h}");
        }
    }

    /// Every task counts the same with the whole table and with row tables
    /// built per task, and so does the plan against OEIS.
    #[test]
    fn the_row_cache_keeps_within_its_budget() {
        // Row sets in a pseudo-random order, with repeats, as tasks ask for
        // them; tables of very different sizes. A table rebuilt in the memory
        // of a smaller one used to grow the cache past its budget (63 MB
        // against 36 MiB at n = 20).
        let h = 9;
        let mut rng = crate::rng::Xoshiro256::new(3);
        for budget in [0, 100_000, 1 << 20] {
            let cache = RowCache::new(h, budget);
            for _ in 0..3000 {
                let rows = (rng.next_u64() % (1 << h)) as u32;
                let table = cache.get(rows);
                assert_eq!(table.rows, rows);
                let mut fresh = RowTable::default();
                fresh.build(h, rows);
                assert_eq!(table.pieces, fresh.pieces, "rows {rows:#b}");
                let kept = cache.lock();
                let held: usize = kept.tables.iter().map(|t| t.bytes()).sum();
                assert_eq!(held, kept.bytes);
                // Over the budget only with the one table in use.
                assert!(
                    kept.bytes <= budget || kept.tables.len() == 1,
                    "{} tables, {} bytes > {budget}",
                    kept.tables.len(),
                    kept.bytes
                );
                // Every table is found from its row set.
                for (i, t) in kept.tables.iter().enumerate() {
                    assert_eq!(kept.slot[t.rows as usize] as usize, i + 1);
                }
                assert_eq!(
                    kept.slot.iter().filter(|&&k| k != 0).count(),
                    kept.tables.len()
                );
            }
        }
    }

    /// Threads that share the cache each get the right table, and the
    /// tables kept stay within the budget.
    #[test]
    fn threads_share_the_row_cache() {
        let h = 8;
        let budget = 40_000;
        let cache = RowCache::new(h, budget);
        let fresh: Vec<Vec<u64>> = (0..1u32 << h)
            .map(|rows| {
                let mut t = RowTable::default();
                t.build(h, rows);
                t.pieces
            })
            .collect();
        std::thread::scope(|s| {
            for seed in 0..4 {
                let (cache, fresh) = (&cache, &fresh);
                s.spawn(move || {
                    let mut rng = crate::rng::Xoshiro256::new(seed);
                    for _ in 0..2000 {
                        // A few row sets often, so that threads meet on them.
                        let rows = (rng.next_u64() % 24) as u32 * 9 % (1 << h);
                        let table = cache.get(rows);
                        assert_eq!(table.pieces, fresh[rows as usize], "rows {rows:#b}");
                        let kept = cache.lock();
                        assert!(kept.bytes <= budget || kept.tables.len() == 1);
                    }
                });
            }
        });
    }

    /// A dry run of an odd board whose workers keep each frame placed
    /// counts the placing once a frame, as the count does: timed with each
    /// sampled task, it projected 4.0 s for the 0.84 s of `count 17 -j1`
    /// (and 87 s for the 15 s of n = 19). Medians, and a factor of 2 either
    /// way, for a shared machine.
    #[test]
    fn dry_run_of_an_odd_board_counts_a_frame_once() {
        let plan = JoinEngine.plan(17).unwrap();
        assert!(plan.len() > 3000);
        let median = |mut v: Vec<f64>| {
            v.sort_by(f64::total_cmp);
            v[v.len() / 2]
        };
        let full = median(
            (0..3)
                .map(|_| {
                    let start = std::time::Instant::now();
                    assert_eq!(count_plan(plan.as_ref()).solutions, 95_815_104);
                    start.elapsed().as_secs_f64()
                })
                .collect(),
        );
        let projected = median(
            (0..3)
                .map(|seed| {
                    crate::count::estimate::dry_run(plan.as_ref(), 200, seed).projected_cpu_seconds
                })
                .collect(),
        );
        assert!(
            projected <= 2.0 * full && full <= 2.0 * projected,
            "projected {projected} s, measured {full} s"
        );
    }

    /// Odd boards keep every row table when the memory given has room for
    /// them all, and a dry run then times its samples without building
    /// them; even boards and counts without `--memory` keep up to 256 MiB a
    /// thread.
    #[test]
    fn odd_boards_keep_every_row_table_the_memory_allows() {
        let every = JoinEngine::every_row_table(25);
        assert_eq!(every, 633_443_407 * 8 + (4 << 24) + (4 << 12));
        let room = Some(8u64 << 30);
        assert_eq!(JoinEngine::row_cache(25, 2, room), every);
        assert_eq!(JoinEngine::row_cache(25, 2, None), 512 << 20);
        assert_eq!(JoinEngine::row_cache(24, 2, room), 512 << 20);
        assert!(JoinEngine::row_cache(25, 2, Some(2 << 30)) < every);
        let (bytes, text) = JoinEngine.memory_plan(25, 2, room);
        assert!(text.contains("every one of them kept"), "{text}");
        assert!(bytes > every && bytes <= 8 << 30);
        assert!(!JoinEngine.memory_plan(25, 2, None).1.contains("every one"));
        // A small odd board with every row table kept counts as before.
        let mut plan = JoinPlan::build(13, Kernel::best(), 0);
        plan.rows.budget = JoinEngine::every_row_table(13) as usize;
        assert!(plan.keeps_every_row_table());
        assert_eq!(count_plan(&plan).solutions, 73_712);
        plan.rows.budget -= 1;
        assert!(!plan.keeps_every_row_table());
    }

    /// With less memory the half boards are joined in smaller chunks, and
    /// the plan's estimate stays within the memory given, down to the least.
    #[test]
    fn chunks_shrink_to_fit_the_memory() {
        for n in [22, 24, 26, 28] {
            let least = JoinEngine.memory(n, 2);
            let mut last = Chunks::of(n / 2);
            for m in [8u64 << 30, 1 << 30, 300 << 20, least] {
                let (need, _) = JoinEngine.memory_plan(n, 2, Some(m));
                assert!(need <= m.max(least), "n = {n}, --memory {m}: {need}");
                let chunks = JoinEngine::chunks(n, 2, Some(m));
                assert!(chunks.east <= last.east && chunks.east >= Chunks::SMALLEST.east);
                last = chunks;
            }
            assert_eq!(
                JoinEngine::chunks(n, 2, Some(least)),
                Chunks::SMALLEST,
                "n = {n}"
            );
        }
        assert_eq!(JoinEngine::chunks(24, 2, None), Chunks::of(12));
        assert_eq!(JoinEngine::chunks(28, 2, None).east, 1 << 20);
    }

    #[test]
    fn row_tables_count_as_the_table_does() {
        for n in 6..=15 {
            let whole = JoinPlan::build(n, Kernel::best(), usize::MAX);
            let rows = JoinPlan::build(n, Kernel::best(), 0);
            assert!(whole.whole.is_some() && rows.whole.is_none());
            assert_eq!(whole.len(), rows.len());
            for i in 0..whole.len() {
                assert_eq!(whole.count(i), rows.count(i), "n = {n}, task {i}");
            }
            assert_eq!(Some(count_plan(&rows).solutions), known::total(n), "Q({n})");
            // Half boards joined a few at a time count the same: split by
            // bits as far as they go, cut into chunks only, or both; and
            // with long sides sampled by one or a few pairs of pieces.
            let samples = sample_pairs(n / 2);
            for (depth, samples) in [
                (SPLIT_DEPTH, samples),
                (0, samples),
                (2, samples),
                (SPLIT_DEPTH, 1),
                (SPLIT_DEPTH, 5),
            ] {
                let mut chunked = JoinPlan::build(n, Kernel::best(), 0);
                chunked.chunk = Chunks { east: 7, west: 5 };
                chunked.split_depth = depth;
                chunked.sample_pairs = samples;
                // And with no row table kept beyond the one in use.
                chunked.rows.budget = 0;
                for i in 0..whole.len() {
                    assert_eq!(
                        whole.count(i),
                        chunked.count(i),
                        "n = {n}, task {i}, chunked, {depth} bits, {samples} pairs sampled"
                    );
                }
            }
        }
    }

    /// The solutions of the whole board whose queens stand as `unit` says
    /// (for odd n: the middle row's queen in column `c1`, the middle
    /// column's in row `r1`; in every other row, in an east column exactly
    /// when the row is one of the unit's east rows), by plain backtracking
    /// row by row with each row's allowed columns: no quadrants, no tables,
    /// no signatures. The independent count of one unit.
    ///
    /// Weighted as the join engine weighs them: each the unit's weight
    /// times; with `diagonals` (even n), half the weight times 0, 2 or 2^k
    /// from where its queens on the two long diagonals stand, as
    /// [`JoinPlan::join`] says.
    pub(super) fn backtrack_unit(n: usize, u: &Unit, diagonals: bool) -> u128 {
        let h = n / 2;
        let off = n - h;
        let east_cols = (1u64 << h) - 1;
        let all = (1u64 << n) - 1;
        let west_cols = all & !east_cols & !(u64::from(n % 2 == 1) << h);
        let allowed: Vec<u64> = (0..n)
            .map(|r| {
                if n % 2 == 1 && r == h {
                    1 << u.c1
                } else if n % 2 == 1 && r == usize::from(u.r1) {
                    1 << h
                } else {
                    let east = if r < h {
                        u.en >> r & 1 == 1
                    } else {
                        u.es >> (r - off) & 1 == 1
                    };
                    if east {
                        east_cols
                    } else {
                        west_cols
                    }
                }
            })
            .collect();
        // The weight of a solution from its queens on the long diagonals:
        // `main` and `anti` are 0 (none), 1 (in the east) or 2 (in the west).
        let weigh = |main: u8, anti: u8| -> u128 {
            let weight = u128::from(u.weight);
            if !diagonals {
                return weight;
            }
            let east = u32::from(main == 1) + u32::from(anti == 1);
            let west = u32::from(main == 2) + u32::from(anti == 2);
            let k = match (east, west) {
                (0, 0) => 1,
                (k, 0) | (0, k) => k,
                _ => return 0,
            };
            (1 << k) * weight / 2
        };
        struct Walk<'a> {
            n: usize,
            allowed: &'a [u64],
            weigh: &'a dyn Fn(u8, u8) -> u128,
        }
        fn go(
            w: &Walk<'_>,
            row: usize,
            (cols, d, a): (u64, u64, u64),
            (main, anti): (u8, u8),
        ) -> u128 {
            let Some(&mask) = w.allowed.get(row) else {
                return (w.weigh)(main, anti);
            };
            let mut free = mask & !(cols | d | a);
            let mut total = 0;
            while free != 0 {
                let bit = free & free.wrapping_neg();
                free ^= bit;
                let c = bit.trailing_zeros() as usize;
                let east = c < w.n / 2;
                let side = if east { 1 } else { 2 };
                let main = if c == row { side } else { main };
                let anti = if c + row == w.n - 1 { side } else { anti };
                total += go(
                    w,
                    row + 1,
                    (cols | bit, (d | bit) << 1, (a | bit) >> 1),
                    (main, anti),
                );
            }
            total
        }
        let walk = Walk {
            n,
            allowed: &allowed,
            weigh: &weigh,
        };
        go(&walk, 0, (0, 0, 0), (0, 0))
    }

    /// Random units of every board from 8 to 16, counted by the join and by
    /// [`backtrack_unit`]; also with small leaves, so that the joins split
    /// their lists (and reorder them) even on small boards, and on two even
    /// boards without the diagonal reflections.
    #[test]
    fn units_agree_with_backtracking() {
        let mut rng = crate::rng::Xoshiro256::new(5);
        let cases = (8..=16)
            .flat_map(|n| [(n, true, MAX_LEAF), (n, true, 16)])
            .chain([(10, false, MAX_LEAF), (12, false, 16)]);
        for (n, diagonals, leaf) in cases {
            let mut plan = JoinPlan::build_with(n, Kernel::best(), 0, diagonals);
            plan.leaf = leaf;
            assert_eq!(plan.diagonals, diagonals && n % 2 == 0);
            let mut buf = Buffers::default();
            for _ in 0..6 {
                let task = 1 + rng.below(plan.len() as u64 - 1) as usize;
                let units = plan.units_of(task);
                let u = units[rng.below(units.len() as u64) as usize];
                let join = plan.count_units(&[u], &mut buf);
                assert_eq!(
                    join,
                    backtrack_unit(n, &u, plan.diagonals),
                    "n = {n}, task {task}, unit {u:?}"
                );
            }
        }
    }

    #[test]
    fn every_kernel_counts_the_same() {
        for n in [10, 11] {
            for k in Kernel::ALL.into_iter().filter(|k| k.is_available()) {
                let plan = JoinPlan::new(n, k);
                assert_eq!(
                    Some(count_plan(&plan).solutions),
                    known::total(n),
                    "n = {n}, {k:?}"
                );
            }
        }
    }

    #[test]
    fn weights_cover_every_row_split() {
        // The weights of the canonical splits add up to all splits.
        for n in [8, 9, 10, 11] {
            let plan = JoinPlan::new(n, Kernel::Portable);
            let h = plan.h;
            let units: Vec<Unit> = (1..plan.len()).flat_map(|i| plan.units_of(i)).collect();
            let weighted: u64 = units.iter().map(|u| u64::from(u.weight)).sum();
            if n % 2 == 0 {
                // `join` may halve the weight of every unit of an even board.
                assert!(units.iter().all(|u| u.weight.is_multiple_of(2)), "n = {n}");
            }
            let mut all = 0u64;
            let full = (1u32 << h) - 1;
            let frames = if n.is_multiple_of(2) { 1 } else { 0 };
            if frames == 1 {
                for en in 0..=full {
                    for es in 0..=full {
                        all += u64::from((en.count_ones() + es.count_ones()) as usize == h);
                    }
                }
            } else {
                for c1 in 0..n as u8 {
                    for r1 in 0..n as u8 {
                        let (c, r) = (usize::from(c1), usize::from(r1));
                        let ok = if c == h {
                            r == h
                        } else {
                            r != h && r.abs_diff(h) != c.abs_diff(h)
                        };
                        if !ok {
                            continue;
                        }
                        let f = plan.frame(c1, r1);
                        for en in 0..=full {
                            for es in 0..=full {
                                all += u64::from(
                                    en & !f.north == 0
                                        && es & !f.south == 0
                                        && en.count_ones() + es.count_ones() == f.east.count_ones(),
                                );
                            }
                        }
                    }
                }
            }
            assert_eq!(weighted, all, "n = {n}");
        }
    }
}

#[cfg(test)]
mod sizes {
    use super::*;
    use crate::count::plan::count_plan;

    /// The board sizes in `NQ_SIZES` (spaces between), or `default`.
    fn sizes_from_env(default: &str) -> Vec<usize> {
        std::env::var("NQ_SIZES")
            .unwrap_or_else(|_| default.into())
            .split_whitespace()
            .map(|x| x.parse().unwrap())
            .collect()
    }

    /// The number in `NQ_SAMPLES`, or `default`.
    fn samples_from_env(default: usize) -> usize {
        env_or("NQ_SAMPLES", default)
    }

    /// Prints row-table and half-list sizes on sampled tasks (a measurement
    /// for the memory bound): `cargo test --release -p nqueens --lib
    /// join::sizes -- --ignored --nocapture`, NQ_SIZES="24 25".
    #[test]
    #[ignore]
    fn sizes() {
        let ns = sizes_from_env("20 22");
        for n in ns {
            let t0 = std::time::Instant::now();
            let plan = JoinPlan::build(n, Kernel::best(), 0);
            let h = plan.h;
            eprintln!("n = {n}: {} tasks, plan {:.2?}", plan.len(), t0.elapsed());
            let mut rng = crate::rng::Xoshiro256::new(7);
            let mut max_e = 0;
            let mut max_w = 0;
            let mut max_table = 0;
            let mut pair_share = Vec::new();
            let mut buf = Buffers::default();
            for _ in 0..samples_from_env(12) {
                let task = 1 + (rng.next_u64() as usize) % (plan.len() - 1);
                let units = &plan.units_of(task)[..];
                let u = units[0];
                let f = plan.frame(u.c1, u.r1);
                let t = std::time::Instant::now();
                let [east_north, west_north] = &mut buf.north;
                plan.north_pieces(&f, u.en, f.east, 0, east_north);
                plan.north_pieces(&f, f.north & !u.en, f.west, plan.off, west_north);
                let (e, _) = plan.halves(
                    &f,
                    &buf.north[0],
                    (At::START, usize::MAX),
                    u.es,
                    f.east,
                    0,
                    None,
                    &mut buf.east,
                    &mut buf.south,
                );
                let (w, _) = plan.halves(
                    &f,
                    &buf.north[1],
                    (At::START, usize::MAX),
                    f.south & !u.es,
                    f.west,
                    plan.off,
                    None,
                    &mut buf.west,
                    &mut buf.south,
                );
                let lists = t.elapsed();
                let t = std::time::Instant::now();
                let pairs = if std::env::var("NQ_NOJOIN").is_ok() {
                    0
                } else {
                    count_disjoint(
                        &mut buf.east[..e],
                        &mut buf.west[..w],
                        plan.kernel,
                        plan.leaf,
                        &mut buf.scratch,
                    )
                };
                max_e = max_e.max(e);
                max_w = max_w.max(w);
                if plan.diagonals {
                    // The share of the pairs the diagonal reflections leave
                    // to the join: none in the east, or none in the west.
                    let (main, anti) = plan.long_diagonal_bits();
                    let none = |l: &[u64]| l.iter().filter(|&&x| x & (main | anti) == 0).count();
                    let (e0, w0) = (none(&buf.east[..e]) as f64, none(&buf.west[..w]) as f64);
                    let (e, w) = (e as f64, w as f64);
                    pair_share.push((e0 * w + (e - e0) * w0) / (e * w));
                }
                for tb in &plan.rows.lock().tables {
                    max_table = max_table.max(tb.pieces.len());
                }
                eprintln!("  task {task} ({} units): e {e} w {w} pairs {pairs}, lists {lists:.2?}, join {:.2?}; tables {} MB", units.len(), t.elapsed(), plan.rows.bytes() >> 20);
            }
            eprintln!("n = {n}: h = {h}, max e {max_e}, max w {max_w}, max row table {max_table}");
            if !pair_share.is_empty() {
                pair_share.sort_by(f64::total_cmp);
                eprintln!(
                    "n = {n}: the join takes {:.2} to {:.2} of the pairs (median {:.2})",
                    pair_share[0],
                    pair_share[pair_share.len() - 1],
                    pair_share[pair_share.len() / 2]
                );
            }
        }
    }

    /// Times a row split of sampled tasks with other chunks, split by bits
    /// or not: `NQ_SIZES=24 NQ_CHUNK=262144 NQ_DEPTH=0 cargo test --release
    /// -p nqueens --lib join::sizes::chunk_timing -- --ignored --nocapture`
    /// (the west chunk is twice the east one).
    #[test]
    #[ignore]
    fn chunk_timing() {
        for n in sizes_from_env("22") {
            let plan = plan_from_env(n);
            let mut rng = crate::rng::Xoshiro256::new(7);
            let (mut total, mut sum) = (0.0, 0u128);
            for _ in 0..samples_from_env(6) {
                let task = 1 + (rng.next_u64() as usize) % (plan.len() - 1);
                let units = &plan.units_of(task)[..1];
                let f = plan.frame(units[0].c1, units[0].r1);
                for rows in [
                    units[0].en,
                    f.north & !units[0].en,
                    units[0].es,
                    f.south & !units[0].es,
                ] {
                    std::hint::black_box(plan.rows.get(rows));
                }
                let t = std::time::Instant::now();
                // (One row split of each task: odd boards have hundreds.)
                let mut buf = Buffers::default();
                let c = plan.count_units(units, &mut buf);
                let secs = t.elapsed().as_secs_f64();
                // What splitting the sides by bits held at most.
                let held = buf.split.each_ref().map(|s| {
                    let entries: usize = s.levels.iter().map(Vec::capacity).sum();
                    (s.south.meets.capacity(), entries, s.levels.len())
                });
                eprintln!("  task {task}: {c} in {secs:.3} s; split (south pieces, entries, levels) {held:?}");
                total += secs;
                sum += c;
            }
            eprintln!("n = {n}: {total:.3} s, sum {sum}");
        }
    }

    /// How well one sampled row split projects the time of its task, as a
    /// dry run of an odd board from n = 25 on projects it: sampled tasks
    /// counted whole, against the mean of `NQ_SEEDS` projections of each,
    /// every phase with a fresh row cache of the size a count on one
    /// thread keeps: `NQ_SIZES=25 NQ_SAMPLES=4 cargo test --release -p
    /// nqueens --lib join::sizes::task_projection -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn task_projection() {
        for n in sizes_from_env("17") {
            let mut plan = plan_from_env(n);
            let budget = JoinEngine::row_cache(n, 1, None) as usize;
            let mut rng = crate::rng::Xoshiro256::new(11);
            let (mut counted, mut projected) = (0.0, 0.0);
            for _ in 0..samples_from_env(3) {
                let task = 1 + rng.below(plan.len() as u64 - 1) as usize;
                let units = plan.units_of(task);
                plan.rows = RowCache::new(plan.h, budget);
                let seeds = env_or("NQ_SEEDS", 8);
                let by_a_split = (0..seeds)
                    .map(|seed| plan.task_seconds_by_a_split(&units, seed as u64))
                    .sum::<f64>()
                    / seeds as f64;
                plan.rows = RowCache::new(plan.h, budget);
                let t = std::time::Instant::now();
                std::hint::black_box(plan.count(task));
                let whole = t.elapsed().as_secs_f64();
                eprintln!(
                    "  task {task}, {} row splits: counted in {whole:.2} s, projected {by_a_split:.2} s ({:.2})",
                    units.len(),
                    by_a_split / whole
                );
                counted += whole;
                projected += by_a_split;
            }
            eprintln!(
                "n = {n}: projected {projected:.2} s for tasks counted in {counted:.2} s ({:.3})",
                projected / counted
            );
        }
    }

    /// A plan of `n` with row tables, its east chunk from `NQ_CHUNK`, its
    /// west one from `NQ_WEST` (or twice the east one) and its split depth
    /// from `NQ_DEPTH`.
    fn plan_from_env(n: usize) -> JoinPlan {
        let mut plan = JoinPlan::build(n, Kernel::best(), 0);
        let east = env_or("NQ_CHUNK", Chunks::of(n / 2).east);
        plan.chunk = Chunks {
            east,
            west: env_or("NQ_WEST", 2 * east),
        };
        plan.split_depth = env_or("NQ_DEPTH", SPLIT_DEPTH);
        plan.sample_pairs = env_or("NQ_SAMPLE_PAIRS", sample_pairs(n / 2));
        plan
    }

    /// The number in the environment variable `key`, or `default`.
    fn env_or(key: &str, default: usize) -> usize {
        std::env::var(key).map_or(default, |s| s.parse().unwrap())
    }

    /// How evenly contiguous slices of the plan share the work: every task
    /// of each n timed on one thread, and the largest and smallest slice
    /// against the mean for 4, 16 and 64 slices: `NQ_SIZES="19 20" cargo
    /// test --release -p nqueens --lib join::sizes::slice_balance --
    /// --ignored --nocapture`.
    #[test]
    #[ignore]
    fn slice_balance() {
        for n in sizes_from_env("20") {
            let plan = JoinPlan::build(n, Kernel::best(), WHOLE_TABLE_MAX_H);
            let times: Vec<f64> = (0..plan.len())
                .map(|i| {
                    let t = std::time::Instant::now();
                    std::hint::black_box(plan.count(i));
                    t.elapsed().as_secs_f64()
                })
                .collect();
            let total: f64 = times.iter().sum();
            eprintln!("n = {n}: {} tasks, {total:.1} s", plan.len());
            for k in [4, 16, 64] {
                let part = |s: usize| {
                    times[s * times.len() / k..(s + 1) * times.len() / k]
                        .iter()
                        .sum::<f64>()
                };
                let parts: Vec<f64> = (0..k).map(part).collect();
                let mean = total / k as f64;
                let most = parts.iter().copied().fold(0.0, f64::max);
                let least = parts.iter().copied().fold(f64::MAX, f64::min);
                eprintln!(
                    "  {k} slices: {:.2} to {:.2} times the mean",
                    least / mean,
                    most / mean
                );
            }
        }
    }

    /// What the diagonal reflections gain on even boards: each plan counted
    /// on one thread with them and without them, alternately, `NQ_SAMPLES`
    /// times; prints the medians and their ratio: `NQ_SIZES="16 18 20"
    /// cargo test --release -p nqueens --lib join::sizes::diagonal_gain --
    /// --ignored --nocapture`.
    #[test]
    #[ignore]
    fn diagonal_gain() {
        for n in sizes_from_env("16 18") {
            let plans = [true, false]
                .map(|d| JoinPlan::build_with(n, Kernel::best(), WHOLE_TABLE_MAX_H, d));
            let mut times = [Vec::new(), Vec::new()];
            for _ in 0..samples_from_env(5) {
                for (plan, t) in plans.iter().zip(&mut times) {
                    let start = std::time::Instant::now();
                    let tally = count_plan(plan);
                    t.push(start.elapsed().as_secs_f64());
                    assert_eq!(Some(tally.solutions), crate::known::total(n));
                }
            }
            let [with, without] = times.map(|mut t| {
                t.sort_by(f64::total_cmp);
                t[t.len() / 2]
            });
            eprintln!(
                "n = {n}: with the diagonal reflections {with:.3} s, without {without:.3} s: {:.2}×",
                with / without
            );
        }
    }

    /// Random units at the frontier, counted by the join engine with row
    /// tables and by plain backtracking restricted to the unit:
    /// `NQ_SIZES="22 23 24" NQ_SAMPLES=3 cargo test --release -p nqueens
    /// --lib join::sizes::frontier_units -- --ignored --nocapture`. With a
    /// small `NQ_CHUNK` (say 4096) the sides of each unit are split by bits
    /// as deep as they go, as at n = 28 with the default chunks.
    #[test]
    #[ignore]
    fn frontier_units() {
        let ns = sizes_from_env("20 21");
        let samples = samples_from_env(3);
        let mut rng = crate::rng::Xoshiro256::new(0x6a6f696e);
        for n in ns {
            let plan = plan_from_env(n);
            let mut buf = Buffers::default();
            for _ in 0..samples {
                let task = 1 + rng.below(plan.len() as u64 - 1) as usize;
                let units = plan.units_of(task);
                let u = units[rng.below(units.len() as u64) as usize];
                let t = std::time::Instant::now();
                let join = plan.count_units(&[u], &mut buf);
                let tj = t.elapsed();
                let t = std::time::Instant::now();
                let back = super::tests::backtrack_unit(n, &u, plan.diagonals);
                eprintln!(
                    "n = {n}, task {task}: join {join} ({tj:.2?}), backtracking {back} ({:.2?})",
                    t.elapsed()
                );
                assert_eq!(join, back, "n = {n}, task {task}, {u:?}");
            }
        }
    }

    /// How far the unit timing of dry runs of odd boards (the north pieces
    /// once, one unit scaled by the number of units) is from the time of the
    /// whole task: `NQ_SIZES="21 23" cargo test --release -p nqueens --lib
    /// join::sizes::odd_timing -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn odd_timing() {
        let ns = sizes_from_env("21");
        for n in ns {
            let plan = JoinPlan::build(n, Kernel::best(), 0);
            let mut rng = crate::rng::Xoshiro256::new(3);
            let (mut whole_sum, mut est_sum) = (0.0, 0.0);
            for _ in 0..samples_from_env(4) {
                let task = 1 + rng.below(plan.len() as u64 - 1) as usize;
                let units = plan.units_of(task);
                let t = std::time::Instant::now();
                plan.count_units(&units, &mut Buffers::default());
                let whole = t.elapsed().as_secs_f64();
                let mut estimates = Vec::new();
                for u in 0..units.len() {
                    let mut north = 0.0;
                    let t = std::time::Instant::now();
                    plan.count_units_timed(
                        &units[u..=u],
                        &mut Buffers::default(),
                        Some(&mut north),
                        None,
                    );
                    let rest = t.elapsed().as_secs_f64() - north;
                    estimates.push(north + rest * units.len() as f64);
                }
                let mean = estimates.iter().sum::<f64>() / estimates.len() as f64;
                eprintln!("n = {n}, task {task} ({} units): whole {whole:.3} s, estimate {mean:.3} s, ratio {:.2}", units.len(), mean / whole);
                whole_sum += whole;
                est_sum += mean;
            }
            eprintln!("n = {n}: estimate / time = {:.2}", est_sum / whole_sum);
        }
    }
}
