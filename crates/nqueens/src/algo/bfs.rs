//! `bfs`: breadth-first branch and bound, one row at a time.
//!
//! The search tree of N-Queens has the empty board at its root and, under a
//! board with k queens, one child for every free square of row k. Depth-first
//! searches walk it with a stack; this one walks it level by level with a
//! FIFO queue: take a board from the front, test every square of its next
//! row, and put each valid child at the back. The queue therefore holds the
//! rest of one level followed by the part of the next already generated, and
//! every board of k queens is taken out before any board of k + 1. The
//! *bound* is the conflict test: an attacked child is cut off at once and its
//! subtree never generated. Children are generated in column order and the
//! queue keeps that order, so each level, and thus the solutions (the valid
//! children of the last level, reported as they are found), come out in
//! lexicographic order.
//!
//! Why it is taught: it is the other way to traverse the same tree, the
//! starting point for best-first and A* searches, and the clearest lesson in
//! why nobody solves N-Queens breadth-first. Depth-first search holds one path
//! (O(n) memory); breadth-first search holds a whole level, and the levels of
//! this tree grow almost as fast as the tree itself.
//!
//! # Cost
//!
//! Time is the same tree as plain backtracking (each valid partial board
//! generated once, n squares tested under each), plus rebuilding a board's
//! attack masks from its columns when it is taken from the queue (O(k)).
//! Memory is the peak queue length. A board is stored in **8 bytes**: its
//! columns packed four bits each into a `u64`, which is why `max_n` is at most 16; the
//! number of queens is not stored, since the queue knows where one level ends
//! and the next begins. The queue's buffer grows by doubling, so the memory
//! held is at most 16 bytes per board of the peak.
//!
//! Peak queue lengths, measured (`peak_frontier`; the same whether all
//! solutions or only the first are taken, since every push comes before the
//! first solution), with release-build times of a full run (single-threaded, on a shared
//! development machine):
//!
//! | n | peak frontier | boards × 8 bytes | nodes | time |
//! |---|---:|---:|---:|---:|
//! | 8 | 573 | 4.5 KiB | 2,057 | 0.06 ms |
//! | 9 | 2,295 | 17.9 KiB | 8,394 | 0.2 ms |
//! | 10 | 9,643 | 75.3 KiB | 35,539 | 1 ms |
//! | 11 | 44,235 | 345.6 KiB | 166,926 | 9 ms |
//! | 12 | 223,174 | 1.7 MiB | 856,189 | 40 ms |
//! | 13 | 1,161,451 | 8.9 MiB | 4,674,890 | 0.18 s |
//! | 14 | 6,573,621 | 50.2 MiB | 27,358,553 | 1.1 s |
//! | 15 | 39,933,409 | 304.7 MiB | 171,129,072 | 8.8 s |
//!
//! The peak grows four- to six-fold for each row added, in step with the
//! whole tree: it is about a quarter of all the nodes (28% at n = 8, 23% at
//! n = 15), so breadth-first memory grows like the work, not like n.
//!
//! [`Bfs::DEFAULT`], the registered instance, allows
//! [`Bfs::DEFAULT_MAX_FRONTIER`] = 8,000,000 boards (about 61 MiB of boards,
//! at most twice that held by the queue's buffer), enough for n ≤ 14. A search
//! whose frontier would pass the bound is refused with [`Error::Refused`],
//! saying the frontier would exceed the bound and to use a depth-first
//! algorithm such as `bitwise` instead:
//!
//! - before starting, when the peak is known to be larger: for n ≤ 15 from
//!   the measured peaks above, and for any n because the peak is at least the
//!   number of solutions Q(n) (a board of n - 1 queens has one free column
//!   left, so the last queued level holds at least Q(n) boards, all queued at
//!   once); so `max_n` is the largest n whose peak fits (14 with the default
//!   bound), and n = 15 and 16 are over the limit, refused at once;
//! - otherwise, as a safety net, before a push would take the queue past the
//!   bound. Every push precedes every solution (solutions are the children of
//!   the last queued level and are never queued), so even then the refusal
//!   comes before any solution has been reported.
//!
//! # Stats
//!
//! - `nodes`: boards generated, the empty board included (1 + placements);
//!   after a full run this is the boards taken from the queue plus the
//!   solutions, the same count as the depth-first searches;
//! - `placements`: valid children, each a queen added to a copy of its parent;
//! - `conflict_tests`: candidate squares tested, n for every board taken from
//!   the queue (one mask test each);
//! - `backtracks`: 0: nothing is taken back; a child is a new board in the
//!   queue, and its parent stays as it was;
//! - `peak_frontier`: the largest number of boards in the queue at once (the
//!   board being expanded, already taken out, not counted).
//! - `reads`: the columns unpacked from each board taken out (its number of
//!   queens), and one mask test per square of its next row;
//! - `writes`: boards written into the queue, one word each.
//!
//! # Events
//!
//! For each board taken from the queue, [`Event::Dequeue`] with its columns
//! and the boards left behind it; then for each square of the next row
//! either [`Event::Reject`] (naming the first queen from the top that attacks
//! it, found only when tracing) or [`Event::Enqueue`] of the child board, or,
//! on the last row, [`Event::Solution`]. A queue never takes a queen back:
//! there are no `Backtrack` events, and the next board taken out replaces the
//! board.

use std::collections::VecDeque;

use super::truth::record;
use super::{check_size, emit_solution, first_attacker, Algorithm, Event, Sink, Stats, Structure};
use crate::board::Square;
use crate::error::Error;

/// The largest board: sixteen 4-bit columns fill a `u64`.
const MAX_N: usize = 16;

/// The peak queue length for n = 1..=15, measured (see the docs of `src/algo/bfs.rs`).
const PEAKS: [u64; 15] = [
    1, 2, 3, 6, 14, 46, 165, 573, 2_295, 9_643, 44_235, 223_174, 1_161_451, 6_573_621, 39_933_409,
];

/// A lower bound on the peak queue length for `n`: the measured peak, or the
/// number of solutions (see the docs of `src/algo/bfs.rs`), or 1.
fn peak_at_least(n: usize) -> u128 {
    match n.checked_sub(1).and_then(|i| PEAKS.get(i)) {
        Some(&peak) => u128::from(peak),
        None => crate::known::total(n).unwrap_or(1),
    }
}

/// Breadth-first branch and bound with a bounded queue; see the docs of `src/algo/bfs.rs`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bfs {
    /// The most boards the queue may hold; a search that would need more is
    /// refused with [`Error::Refused`].
    pub max_frontier: usize,
}

impl Bfs {
    /// The bound of [`Bfs::DEFAULT`]: 8,000,000 boards, about 61 MiB of
    /// boards at [`Bfs::BYTES_PER_BOARD`] (at most twice that held by the
    /// queue's buffer), which admits n ≤ 14.
    pub const DEFAULT_MAX_FRONTIER: usize = 8_000_000;

    /// Bytes of queue per board: the columns packed four bits each in a `u64`.
    pub const BYTES_PER_BOARD: usize = 8;

    /// The registered instance, bounded by [`Bfs::DEFAULT_MAX_FRONTIER`].
    pub const DEFAULT: Bfs = Bfs {
        max_frontier: Bfs::DEFAULT_MAX_FRONTIER,
    };

    fn refuse(&self, n: usize) -> Error {
        let kib = self.max_frontier as f64 * Bfs::BYTES_PER_BOARD as f64 / 1024.0;
        let size = if kib >= 102.4 {
            format!("{:.1} MiB", kib / 1024.0)
        } else {
            format!("{kib:.1} KiB")
        };
        Error::Refused {
            algorithm: "bfs",
            n,
            reason: format!(
                "the frontier would exceed {} boards ≈ {size}; \
                 use a depth-first algorithm such as `bitwise` instead",
                self.max_frontier
            ),
        }
    }
}

impl Default for Bfs {
    fn default() -> Self {
        Bfs::DEFAULT
    }
}

impl Algorithm for Bfs {
    fn name(&self) -> &'static str {
        "bfs"
    }

    fn summary(&self) -> &'static str {
        "breadth-first branch and bound: a FIFO queue of partial boards, one row at a time"
    }

    /// The largest n whose frontier fits the bound (14 for
    /// [`Bfs::DEFAULT`]; at most 16, four bits a column): where a search
    /// would be refused for its frontier, n is over the limit, and says so.
    fn max_n(&self) -> usize {
        (1..=MAX_N)
            .take_while(|&n| peak_at_least(n) <= self.max_frontier as u128)
            .last()
            .unwrap_or(1)
    }

    fn search(&self, n: usize, sink: &mut dyn Sink) -> Result<Stats, Error> {
        // Past `max_n`, which the frontier's bound sets, n is too large;
        // the refusal below is a safety net for bounds set by hand.
        check_size(self, n)?;
        if peak_at_least(n) > self.max_frontier as u128 {
            return Err(self.refuse(n));
        }
        // Two copies of the loop: the one that does not trace has no trace
        // code in it at all.
        let stats = if sink.tracing() {
            self.run::<true>(n, sink)
        } else {
            self.run::<false>(n, sink)
        };
        // One mask test read per square tested, besides the columns unpacked.
        stats.map(|s| Stats {
            reads: s.reads + s.conflict_tests,
            ..s
        })
    }
}

impl Bfs {
    /// The search itself, refusing only when the queue is about to pass the
    /// bound.
    fn run<const TRACING: bool>(&self, n: usize, sink: &mut dyn Sink) -> Result<Stats, Error> {
        // The empty board alone takes one place.
        if self.max_frontier == 0 {
            return Err(self.refuse(n));
        }
        let tracing = TRACING;
        let mut stats = Stats {
            nodes: 1,
            peak_frontier: 1,
            ..Stats::default()
        };
        let mut queue: VecDeque<u64> = VecDeque::new();
        queue.push_back(0);
        // The queens of the board being expanded, then its child's.
        let mut columns = [0usize; MAX_N];
        // The number of queens on the boards now at the front of the queue,
        // and how many boards of that size are left in it.
        let mut level = 0;
        let mut left = 1;
        // The real state, for the replay test: the queue, its first `left`
        // boards of `level` queens and the rest of one more.
        macro_rules! snap {
            () => {
                record(
                    Stats {
                        reads: stats.reads + stats.conflict_tests,
                        ..stats
                    },
                    || Structure::Queue {
                        length: queue.len(),
                        front: queue
                            .iter()
                            .take(32)
                            .enumerate()
                            .map(|(i, &b)| {
                                let queens = if i < left { level } else { level + 1 };
                                (0..queens)
                                    .map(|r| ((b >> (4 * r)) & 15) as usize)
                                    .collect()
                            })
                            .collect(),
                        level,
                    },
                )
            };
        }
        while let Some(board) = queue.pop_front() {
            if left == 0 {
                level += 1;
                left = queue.len() + 1;
            }
            left -= 1;
            // Unpack the board and what it attacks in row `level`.
            let (mut cols, mut diag, mut anti) = (0u64, 0u64, 0u64);
            for (r, slot) in columns.iter_mut().enumerate().take(level) {
                let c = ((board >> (4 * r)) & 15) as usize;
                *slot = c;
                let bit = 1u64 << c;
                cols |= bit;
                diag |= bit << (level - r);
                anti |= bit >> (level - r);
            }
            // The columns unpacked; the mask tests are added at the end.
            stats.reads += level as u64;
            snap!();
            if tracing
                && sink
                    .event(&Event::Dequeue {
                        columns: &columns[..level],
                        queued: queue.len(),
                    })
                    .is_break()
            {
                return Ok(stats);
            }
            let last = level + 1 == n;
            for col in 0..n {
                stats.conflict_tests += 1;
                if (cols | diag | anti) & (1u64 << col) != 0 {
                    if tracing {
                        let here = Square::new(level, col);
                        let attacker = first_attacker(&columns[..level], here);
                        if let Some((by, attack)) = attacker {
                            let e = Event::Reject {
                                row: level,
                                col,
                                by,
                                attack,
                            };
                            snap!();
                            if sink.event(&e).is_break() {
                                return Ok(stats);
                            }
                        }
                    }
                    continue;
                }
                if !last && queue.len() >= self.max_frontier {
                    return Err(self.refuse(n));
                }
                stats.placements += 1;
                stats.nodes += 1;
                columns[level] = col;
                if last {
                    snap!();
                    if emit_solution(sink, &mut stats, &columns[..n]).is_break() {
                        return Ok(stats);
                    }
                } else {
                    queue.push_back(board | (col as u64) << (4 * level));
                    stats.writes += 1;
                    stats.peak_frontier = stats.peak_frontier.max(queue.len() as u64);
                    snap!();
                    if tracing
                        && sink
                            .event(&Event::Enqueue {
                                columns: &columns[..=level],
                            })
                            .is_break()
                    {
                        return Ok(stats);
                    }
                }
            }
        }
        Ok(stats)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algo::testing::{check_algorithm, Recorder};
    use crate::sink::Count;

    #[test]
    fn finds_every_solution_in_order() {
        check_algorithm(&Bfs::DEFAULT, 9);
    }

    #[test]
    fn peak_frontier_is_measured_and_the_bound_is_exact() {
        for n in 1..=12 {
            let stats = Bfs::DEFAULT.search(n, &mut Count::default()).unwrap();
            let peak = stats.peak_frontier;
            assert_eq!(peak, PEAKS[n - 1], "n = {n}");
            assert!(u128::from(peak) >= crate::known::total(n).unwrap());
            // Same tree as the depth-first searches.
            let dfs = crate::algo::bitwise::Bitwise
                .search(n, &mut Count::default())
                .unwrap();
            assert_eq!(stats.nodes, dfs.nodes, "n = {n}");
            assert_eq!(stats.backtracks, 0);
            // A bound of exactly the peak is enough; one less is refused,
            // up front and by the run itself.
            let exact = Bfs {
                max_frontier: peak as usize,
            };
            assert_eq!(exact.search(n, &mut Count::default()), Ok(stats));
            let short = Bfs {
                max_frontier: peak as usize - 1,
            };
            // Up front, n is past its max_n; the run itself refuses it too.
            // (A bound of 0 still has max_n 1, the least, and refuses it.)
            let mut count = Count::default();
            let up_front = short.search(n, &mut count);
            if n > 1 {
                assert_eq!(short.max_n(), n - 1, "n = {n}");
                assert!(
                    matches!(up_front, Err(Error::TooLarge { n: m, max, .. }) if m == n && max == n - 1),
                    "n = {n}: {up_front:?}"
                );
            } else {
                assert!(
                    matches!(up_front, Err(Error::Refused { .. })),
                    "{up_front:?}"
                );
            }
            let by_run = short.run::<false>(n, &mut count);
            assert!(
                matches!(by_run, Err(Error::Refused { algorithm: "bfs", n: m, .. }) if m == n),
                "n = {n}"
            );
            // Refused before any solution was reported.
            assert_eq!(count.total, 0);
        }
    }

    #[test]
    fn refusal_says_why_and_what_instead() {
        let err = Bfs { max_frontier: 100 }
            .run::<false>(8, &mut Count::default())
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "bfs refuses n = 8: the frontier would exceed 100 boards ≈ 0.8 KiB; \
             use a depth-first algorithm such as `bitwise` instead"
        );
        // The default takes n up to 14, and refuses n = 15 and 16 before
        // doing anything (its max_n once said 16).
        assert_eq!(Bfs::DEFAULT.max_n(), 14);
        for n in [15, 16] {
            let mut rec = Recorder::default();
            let err = Bfs::DEFAULT.search(n, &mut rec).unwrap_err();
            assert!(matches!(err, Error::TooLarge { max: 14, .. }), "{err}");
            assert!(rec.events.is_empty());
        }
    }

    #[test]
    fn levels_come_out_in_order() {
        let mut rec = Recorder::default();
        Bfs::DEFAULT.search(6, &mut rec).unwrap();
        let visits: Vec<&String> = rec
            .events
            .iter()
            .filter(|e| e.starts_with("Dequeue"))
            .collect();
        assert_eq!(visits[0], "Dequeue { columns: [], queued: 0 }");
        // Boards come out in non-decreasing length: a whole level before the next.
        let lengths: Vec<usize> = visits.iter().map(|e| e.matches(',').count()).collect();
        assert!(lengths.windows(2).all(|w| w[0] <= w[1]), "{lengths:?}");
        // The empty board's six children are queued; the second board taken
        // out is [0], with five behind it, and its child (1, 0) is refused.
        assert_eq!(rec.events[1], "Enqueue { columns: [0] }");
        assert_eq!(rec.events[6], "Enqueue { columns: [5] }");
        assert_eq!(rec.events[7], "Dequeue { columns: [0], queued: 5 }");
        assert!(!rec.events.iter().any(|e| e.starts_with("Backtrack")));
        assert_eq!(
            rec.events[8],
            "Reject { row: 1, col: 0, by: Square { row: 0, col: 0 }, attack: Column }"
        );
    }

    #[test]
    fn stops_at_once_when_the_sink_breaks() {
        crate::algo::testing::check_stops_at_once(&Bfs::DEFAULT, 6, &[1, 2, 7, 50, 300]);
    }
}
