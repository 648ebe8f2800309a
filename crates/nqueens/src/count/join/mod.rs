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
//! they cannot choose tasks; from n = 18 on, even boards use them inside a
//! task, by the **transpose** (see `transpose`): a solution's row split E
//! and its column split F (the columns of its north queens) swap places
//! under it, so a task counts only the solutions whose F is of E's class or
//! above in an order of the classes (twice above, once the same). Which
//! column sets a half's north pieces may have follows from the order, so
//! each side is cut before it is made, and the join is left about half its
//! pairs. (Before it, the engine left out the pairs of half boards that
//! both held a queen of a long diagonal, as Kluev's counter does: about
//! half of the join's pairs too, but every half board was made, and each
//! join was four.)
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
//!
//! # Where things live
//!
//! One task flows through the files of this folder in this order:
//!
//! 1. here, [`JoinEngine`] checks n, picks the whole quadrant table or row
//!    tables per task from the memory given, and sizes the chunks (the
//!    memory plan and its constants);
//! 2. `plan` builds the [`JoinPlan`]: frames, units (row splits weighted
//!    by their class under the mirrors) and the list of tasks;
//! 3. `task` counts task i: its units, one after the other, with the
//!    worker's `buffers`;
//! 4. for each unit, `sides` makes the east and west half boards from the
//!    quadrant pieces that `tables` holds, splitting a side by signature
//!    bits when it is longer than its chunk, and `plan`'s join counts the
//!    disjoint pairs;
//! 5. a dry run times a task instead (`dry_run`); `cost` holds the rough
//!    model of a whole count's time, measured, for notes before a count.
//!
//! `tests` and `sizes` (ignored measurements) are the unit tests.
//!
//! # Where the time goes, n = 24 to 28
//!
//! A profile (`perf record -F 5000`, timer samples) of the release test
//! binary running 60 sampled row splits of n = 27 (`NQ_SIZES=27
//! NQ_SAMPLES=60 cargo test --release -p nqueens --lib
//! join::sizes::chunk_timing -- --ignored --nocapture`), as shares of the
//! splits' time: the grouped leaf lookups of [`disjoint`](super::disjoint)
//! about half, the partitions of a split side's pieces a tenth, making half
//! boards (`pairs::append_pairs`) 7%, the join's own partitions 5% (n = 26: 7%
//! of the process), placing pieces 6%, sampling a side and choosing its
//! split bit 6% (4% since the bits are counted by transposes, see
//! `sides::split_bit`). A dry run's process spends most of its time
//! building row tables (58% of `count 27 --dry-run -j 1`), but its path
//! through a split is short and the projection charges the tables once a
//! split (see `dry_run`): the projection is the joins'.
//!
//! Two changes from that profile, each checked to leave every count the
//! same: the split bit counted by transposes and the pieces' partition with
//! whole-register stores took the sampled splits from 3.84 s to 3.59 s at
//! n = 27 (medians of six runs, alternating with the build before), 2.45 s
//! to 2.38 s at n = 24 (12 splits, three runs), 9.67 s to 9.39 s at n = 26
//! (3 splits, three runs); `count 27 --dry-run -j 1` said 3.3 years before
//! and 3.1 after (medians of three, alternating), and `count N -j 1` took
//! as long as before within the noise (n = 18: 0.863 s and 0.868 s, n = 19:
//! 10.6 s and 10.7 s, medians of three; n = 20: 37.5 s and 36.8 s, two).
//! Two smaller ones after them, too small to show in the splits' time
//! (under 1% each, within the noise of this busy machine) but plain in the
//! profile, counted in the same runs, alternating: a side's sample drawn
//! with no branch on each pair (`sample_if_large`, 795 and 689 samples
//! before, 560 and 595 after) and the pieces of odd boards placed eight at
//! a time (`pieces_append`, 627 and 663, against 416 and 400); `count 18`
//! and `19 -j 1` as long as before within 2%. All four against the build
//! before them, later, medians of three runs alternating: n = 27, 3.51 s
//! and 3.19 s (0.91); n = 26, 8.19 s and 7.79 s (0.95); n = 24, 2.27 s
//! and 2.23 s (0.98); `count 27 --dry-run -j 1` 3.1 and 3.0 years before,
//! 2.9 and 2.9 after.
//!
//! Tried on the same splits of n = 27 and left out, slower: tables of the
//! leaf lookups laid out block by block so that each block's fit the
//! first-level cache (groups of 4 to 7 bits: 6.0 to 8.2 s against 3.7 s;
//! more loads and shifts per pair than the second-level cache costs; again
//! on a Zen 5 host, whose first-level cache holds 48 KiB and loads two
//! 512-bit lines a cycle, each block's queries run apart over its own
//! tables of 5, 6 or 7 bits: 4.7, 4.2 to 4.5 and 4.2 to 4.4 s against 2.8
//! to 3.9 s, one run each, alternating with the build before; the pext and
//! the entries' addresses, paid for every block instead of once a query,
//! about double the instructions a pair);
//! leaves of 1,024, 3,072 or 4,096 patterns instead of 2,048 (4.2, 3.9 and
//! 4.1 s against 3.8 s); the join's partition in place from both ends (no
//! copy back, but each load's address waits on the last group's count: the
//! partition took three times as long, the splits 12% longer); the lists
//! sorted before the join (the leaf lookups took as long: the order of the
//! queries does not matter to them); best bits chosen from 128 or 256
//! patterns instead of 64; chunks of 2^16; 2^10 or 2^12 sampled pairs; the
//! pieces' copy back eight at a time instead of `memmove` (within noise).
//!
//! At n = 28 the join is nearly all of a row split: one whole split (97 s,
//! `NQ_SIZES=28 NQ_SAMPLES=1`, the same test, profiled at 500 Hz) spent
//! 70.5% in the leaf lookups, 10.5% in the join's partitions, 5% building
//! the group tables, 3% in copies, 2.5% slicing leaves and 1.5% making half
//! boards. Tried against it on the Zen 4 machine and left out (the same
//! test, splits of n = 24, 26 and 27, runs alternating with the build
//! before): a leaf's live bits narrowed to those both its sliced side and
//! its queries use (n = 24 2.29 s against 2.31, n = 27 4.72 against 4.74,
//! medians of three: within the noise; nearly every bit is used); the tag
//! bits of the transpose split on first (4 splits of n = 26: 14.1 s against
//! 11.7 to 12.1; counted in the leaves, the tags add 0.7% to their group
//! lookups, so they are not what keeps the transpose from halving the
//! time); one lookup of the top group kept for a run of queries with the
//! same top bits (unsorted, 41% of queries start a run and the branch is
//! mispredicted: 14.6 s against 11.7; with both lists sorted before the
//! join, 5.6% do, but the sort took a quarter of the time and the loop no
//! less: 16.8 s). Joining distinct signatures with weights would save
//! little: 2.5% of the east half boards and 1.6% of the west ones repeat
//! a signature (55 joins of n = 24).
//!
//! What a split's time follows: the pairs its leaves test, padding
//! included. Counted on the sampled splits (the same test, instrumented),
//! with the transpose and without it, n = 24 took 2.37 s and 3.90 s for
//! 5.0 and 9.3 × 10^11 pairs tested, n = 26 11.8 s and 14.3 s for 2.1 and
//! 2.7 × 10^12: the time falls as the pairs do, so a faster count needs
//! fewer pairs reaching the leaves, not a faster leaf. The leaves test 140
//! pairs a solution at n = 24 and 475 at n = 27, with 30 to 35 live bits.
//! Also left out, measured on those splits: groups of ten bits (three
//! lookups for 28 to 30 live bits instead of four; n = 27 as before, the
//! tables no longer fit the second-level cache); the order of classes
//! reversed for the transpose, so that each pair of classes is counted on
//! the other's task (`count 24 --dry-run`: 36.3 and 35.7 hours against
//! 36.4 and 36.6; the pairs kept do not lean either way). Other orders
//! of the first halves did no better (any total order on them keeps each
//! side's cut; the class is the least image under it): the halves
//! compared with row 0 as the top bit, by a multiplicative hash, and
//! complemented, against the order above, `count 24 --dry-run
//! --dry-run-seconds 40` twice each, alternating: 22.8 and 22.2 hours,
//! 22.6 and 23.2, 21.9 and 22.3 against 23.5 and 22.7 (the runs moved
//! as much from one to the next). Why the transpose leaves two thirds of
//! the time for half the solutions: 20 sampled units of n = 22 took 0.67
//! times as long with it (`join::sizes::transpose_gain_by_units`), of
//! which the joins of the class itself were 1.4%; a join's time grows
//! more slowly than the product of its lists (its bit splits drop a
//! quarter of the pairs at each level), so a task that keeps a share s
//! of its pairs takes more than s of its time, and an order of the
//! classes deals the tasks shares spread from none to all, not whole
//! tasks. Later, with the
//! leaf's three-way ORs (see `ones_grouped`), also left out: the group
//! tables in a 2 MiB-aligned buffer on huge pages (`madvise`; 60 splits
//! of n = 27 as before, so the lookups do not wait on the TLB), and the
//! pieces' partition copying its back part eight at a time instead of by
//! `memcpy` (most runs are a few dozen pieces; n = 27 and 24 as before).
//!
//! Lopsided units, n = 27 (300 sampled splits, the first unit of each, the
//! same test with the units sorted by hand): the 184 units whose sides
//! differ a hundredfold or more in half boards (tens of thousands against
//! millions) took 14.4 s and held 16% of the solutions; the other 116 took
//! 13.9 s for 84%. Making and splitting the long side through its pieces is
//! over half of their time. Tried on them and left out: joining the long
//! side in chunks against the short one whole (no split through pieces:
//! 14.8, 19.0 and 26.5 s against 14.3 s for short sides up to 2,048, 8,192
//! and 32,768); splitting the join's lists further when one is 16 to 64
//! times the other (60 splits, within the noise). Joined in the other
//! order, the short side with the long side's north pieces first and their
//! result with its south pieces, the pairs before any split would be 58
//! times fewer (1.3 × 10^12 against 7.7 × 10^13), but that first join is
//! a product too: it tests more pairs than the long side has half boards
//! in 183 of the 184 units. Made without testing every pair, it does not
//! pay either (a prototype, measured on the first unit of 12 sampled tasks
//! of n = 27, each count the engine's): the short side was joined first
//! with the smaller of the long side's north and south pieces of each
//! column set, by a bit-split recursion that emits the disjoint pairs, and
//! the result with the other pieces by `disjoint`. Its first list was
//! longer than the long side's half boards in 8 of the 12 (up to 41
//! times), and the 12 took 8.8 s against the engine's 1.1 s. It was faster
//! only where one of the long side's quadrants had under a thousand
//! pieces in all (0.014 s against 0.040 s): two of the 12, 7% of the
//! engine's time, too little for a second path through the sides.
//! Chosen column set by column set, by the pairs each order's first join
//! would test, the other order was taken in one unit of the 12, for the
//! column sets of a tenth of its half boards.
//!
//! Also left out, built and measured on the first unit of 20 sampled tasks
//! of n = 27 (the same test; every count as before): a semi-join. A piece
//! of the long side that is disjoint from no half board of the short side
//! is in no solution, so where a side's bound on its half boards was 32
//! times the other's (13 of the 20), the pieces of the long side were
//! marked by whether they have a partner, by bit splits of both lists as
//! the join splits them, and the long side made of the pieces kept. Its
//! half boards' bounds fell by a quarter to nine tenths, and the counts of
//! the pruned sides took 0.70 s against 0.95 s for those units whole (one
//! run each, on a machine whose runs differ by a tenth). But marking the
//! pieces (a few hundred thousand against tens of thousands of half
//! boards) took 1.1 s with scalar leaves, and `count_disjoint` on the same
//! lists, a bound for what a marking kernel as fast as the join's could
//! reach, 0.21 s: 0.91 s against 0.95 s. Pruned only where it paid (known
//! afterwards; the ratio of the sides' sizes did not tell), it would have
//! saved a tenth of the sampled time.
//!
//! Also left out (a prototype on the Zen 5 host, every count as before):
//! the long side never made. A half board meets what its north piece or
//! its south piece meets, so where one side of a unit was whole in its
//! chunk and the other was not (53 of the first units of the 60 sampled
//! splits of n = 27), the short side was split by bits as the join splits
//! it, the long side's pieces filtered by each bit on the branch where
//! the short part has it, and at each short part of at most 2,048 half
//! boards every piece's conflicts with it taken as a bit mask (the leaf's
//! grouped lookups, once a piece); each pair of pieces that do not meet
//! then ORs its two masks and counts the zeros: one load a block instead
//! of the leaf's four, and no half board stored or partitioned. The 60
//! splits took 5.35 and 5.48 s against 3.10 to 3.20 s: the pairs were as
//! many (1.4 × 10^9 half boards against a short part, 3.9 × 10^9 blocks),
//! and each cost as much as in the leaf (a branch on every pair of pieces
//! that fits, and their masks read from the second-level cache), while
//! the masks of 151 million pieces came on top.

use super::disjoint::{
    bit_counts_stepped, count_disjoint, partition_with, Kernel, Scratch, MAX_LEAF,
};
use super::fixed_by_turns::{fixed_by_or_stop, Turn};
use super::pairs::{append_pairs, Placed, PlacedRef, Shifts};
use super::plan::{thread_cpu_seconds, CpuClock, Engine, Plan, TaskSample};
use crate::error::Error;
use crate::search::check_n;
use crate::sink::tally::Tally;
use crate::symmetry::Symmetry;
use std::sync::atomic::{AtomicBool, Ordering};

mod buffers;
mod cost;
mod dry_run;
mod plan;
mod sides;
#[cfg(test)]
mod sizes;
mod tables;
mod task;
#[cfg(test)]
mod tests;
mod transpose;

use buffers::*;
use dry_run::{share_with, Path};
use plan::*;
use sides::*;
use tables::*;
use transpose::ColumnOrder;

/// The engine; see the docs of `src/count/join/mod.rs`.
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
/// assert!(matches!(JoinEngine.plan(usize::MAX), Err(Error::TooLarge { max: 28, .. })));
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct JoinEngine;

/// The largest board: n = 28, where a signature takes 54 of 64 bits and a
/// row table 10 million placements. The memory plan rests on row tables and
/// half lists measured up to there (`SAMPLED` in the source); the signature
/// and the transpose's tag bits would fit in 64 up to n = 31, but Q(29)
/// would take centuries of CPU time. (The whole quadrant table, 5 GB at
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

/// From this n on, even boards use the transpose (see `transpose`). Below
/// it the joins are too small to gain: the column sets kept and tagged, and
/// the column splits of the class joined apart, cost as much as the pairs
/// left out (whole counts with it against without it, medians of 7 in one
/// run of `join::sizes::transpose_gain`: n = 14 1.01, n = 16 1.02, n = 18
/// 0.71).
const TRANSPOSE_FROM: usize = 18;

/// From this h on (n = 24) a dry run times one random path through one row
/// split of a task ([`Path`]).
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
    /// The chunks for n = 2h or 2h + 1, as many half boards a side: 2^17
    /// signatures (1 MB) for h = 11 to 13, 2^18 for h = 14 (n = 28), 2^20
    /// (8 MB) otherwise.
    ///
    /// The west chunks were twice the east ones until measured against
    /// chunks of one size (the same test, medians of three runs
    /// alternating): n = 22 0.473 s against 0.483 s, n = 24 2.08 s against
    /// 2.19 s, n = 25 2.18 s against 2.40 s, n = 27 4.59 s against 4.74 s
    /// (six runs and three), n = 26 as before (10.7 and 10.8 s, two runs),
    /// and one split of n = 28 80.1 s against 82.3 s. The measurements
    /// below are of the east chunk, the west one twice as large.
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
    /// - n = 28, one split (the sample's first, 10 million placements a
    ///   row table): 85.5 s and 82.2 s with 2^18 against 96.6 s, 96.6 s and
    ///   95.2 s with 2^20; 2^17 89.5 s and 93.9 s, 2^19 87.6 s, 2^16 99.1
    ///   s; with 2^18 and the smaller sample of [`sample_pairs`], 80.4 s.
    ///   The sample's second split, 11.7 s against 11.9 s with 2^20.
    ///   `count 28 --dry-run` (90 s, alternating): 20.1 and 19.8 years
    ///   against 21.3 and 22.2, timing 559 and 556 tasks against 416 and 386.
    ///
    /// Before that, when each side was made up to its chunk to find out
    /// whether it fitted, larger chunks did better: 2^18 at n = 24 to 27,
    /// and 2^20 at n = 22 and 28 (one split of n = 28: 517 s with 2^18,
    /// 412 s with 2^20, 443 s with 2^21; n = 28 kept 2^20 until it was
    /// measured again, above). Smaller chunks split more of a
    /// long side by bits through its pieces (a pass over thousands of
    /// pieces), and fewer splits are made by moving millions of half
    /// boards in the join. (The lists whole, as 2^24 and 2^25 left them,
    /// took 23.9 to 26.0 s on three splits of n = 26, against 18.1 s with
    /// 2^20, before the split sides were made level by level.)
    fn of(h: usize) -> Chunks {
        let side = match h {
            11..=13 => 1 << 17,
            14 => 1 << 18,
            _ => 1 << 20,
        };
        Chunks {
            east: side,
            west: side,
        }
    }

    /// The smallest chunks: 2^16 signatures a side (0.5 MB). Below them a
    /// join's setup would cost more than its pairs.
    const SMALLEST: Chunks = Chunks {
        east: 1 << 16,
        west: 1 << 16,
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

/// The share of the room `--memory` leaves that the row tables kept may
/// take (3/4): tables of many sizes built and dropped leave the allocator
/// holding memory that no table uses, and the process's peak went 15 to
/// 20% past the tables' bytes (`count 20 --engine join -j 1 --memory 80M`
/// peaked at 90.7 MiB, and 64M at 70.4, with 54 and 38 MiB of tables
/// kept; `-j 2 --memory 92M` at 100.9). The memory a plan says counts the
/// tables a third more ([`JoinEngine::row_table_memory`]).
const CACHE_SHARE: (u64, u64) = (3, 4);

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
    let (table, half) = sampled(h);
    let (table, half) = (table.saturating_mul(2), half.saturating_mul(2));
    let list = |chunk: usize| {
        half.min((chunk as u64).saturating_add(table))
            .saturating_mul(10)
    };
    let tables = if row_tables {
        largest_row_table(h).saturating_add(table.saturating_mul(10))
    } else {
        0
    };
    table
        .saturating_mul(6 * 16)
        .saturating_add(tables)
        .saturating_add(list(chunks.east).saturating_add(list(chunks.west)))
}

/// What [`SAMPLED`] says for h (`u64::MAX` past it).
fn sampled(h: usize) -> (u64, u64) {
    match h.checked_sub(10) {
        // Smaller boards have smaller row tables and lists than h = 10's.
        None => SAMPLED[0],
        Some(k) => SAMPLED.get(k).copied().unwrap_or((u64::MAX, u64::MAX)),
    }
}

/// Bytes of a row table of h with the margin of 2 over the largest that
/// [`SAMPLED`] met: 8 a placement, 4 a column set.
fn largest_row_table(h: usize) -> u64 {
    let index = if h < 62 { 4 << h } else { u64::MAX };
    sampled(h).0.saturating_mul(2 * 8).saturating_add(index)
}

/// Bytes of the dropped row tables that the cache keeps for their memory
/// ([`SPARES`]), each as large as [`largest_row_table`].
fn spare_bytes(h: usize) -> u64 {
    (SPARES as u64).saturating_mul(largest_row_table(h))
}

/// The plan's list of tasks: for even n one per canonical row split, about
/// a quarter of the C(n, h) splits, 16 bytes each (160 MB at n = 28); odd n
/// has far fewer (one per frame and north split).
fn plan_bytes(n: usize) -> u64 {
    let h = n / 2;
    // C(2h, h), exactly in u64 for h ≤ 32 (u64::MAX past it).
    let splits = (1..=h as u64).try_fold(1u64, |c, k| Some(c.checked_mul(h as u64 + k)? / k));
    splits.map_or(u64::MAX, |s| s / 4 * 16)
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
        Some(
            ((16 << 20) + plan_bytes(n) + table)
                .saturating_add((lists + placed).saturating_mul(threads as u64)),
        )
    }

    /// Bytes to count `n` on `threads` threads with row tables built per
    /// task: the plan, the row tables kept (`cache` bytes, and a third more
    /// for the allocator: [`CACHE_SHARE`] turned over) and the spares kept
    /// for their memory, and each worker's lists (joined `chunks` at a time)
    /// and the table it builds or reads.
    fn row_table_memory(n: usize, threads: usize, cache: u64, chunks: Chunks) -> u64 {
        plan_bytes(n)
            .saturating_add(16 << 20)
            .saturating_add((cache / CACHE_SHARE.0).saturating_mul(CACHE_SHARE.1))
            .saturating_add(spare_bytes(n / 2))
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
            Some(m) => {
                let room = m.saturating_sub(Self::row_table_memory(
                    n,
                    threads,
                    0,
                    Self::chunks(n, threads, memory),
                ));
                (room / CACHE_SHARE.1 * CACHE_SHARE.0).min(if n % 2 == 1 { whole } else { most })
            }
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
                    crate::words::grouped(u128::from(PIECES[n / 2]))
                ),
            ),
            _ => {
                let cache = Self::row_cache(n, threads, memory);
                let chunks = Self::chunks(n, threads, memory);
                let kept = if cache >= Self::every_row_table(n) {
                    format!(
                        "every one of them kept, {}",
                        crate::words::show_bytes(cache)
                    )
                } else if cache == 0 {
                    "none kept but those in use".to_string()
                } else {
                    format!(
                        "{} of them kept{}",
                        crate::words::show_bytes(cache),
                        if threads > 1 { " for all threads" } else { "" }
                    )
                };
                // (Both sides' chunks are of one size, `Chunks::of`.)
                debug_assert_eq!(chunks.east, chunks.west);
                (
                    Self::row_table_memory(n, threads, cache, chunks),
                    format!(
                        "row tables built per task, {kept}; half boards joined {} a side at a \
                         time",
                        crate::words::grouped(chunks.east as u128)
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

    /// Measured whole counts and dry runs, one value for each n from 16 to
    /// 28, about seven times less a row below (see `join/cost.rs`).
    fn rough_cpu_seconds(&self, n: usize) -> f64 {
        cost::rough_cpu_seconds(n)
    }
}

impl JoinEngine {
    /// Its own limit first: past 64 the bitboard search's was named.
    fn check(&self, n: usize) -> Result<(), Error> {
        if n > JOIN_MAX_N {
            return Err(Error::TooLarge {
                n,
                max: JOIN_MAX_N,
                what: "the join engine",
            });
        }
        check_n(n)
    }
}
