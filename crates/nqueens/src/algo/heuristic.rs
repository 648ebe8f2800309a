//! `heuristic`: look-ahead, most remaining freedom first.
//!
//! Plain backtracking tries a row's free squares from left to right. This
//! search looks one queen ahead instead: for each free square of the current
//! row it counts f, the number of squares that would still be free in all the
//! later rows if a queen went there, and tries the squares in order of
//! largest f first (ties: lowest column). A queen that leaves the rest of the
//! board as open as possible is the least likely to lead into a dead end, so
//! the first solution is usually reached after far fewer boards than in
//! lexicographic order. If a choice fails the search backtracks to the row's
//! next best square, as usual; nothing is pruned, so `all` and `count` still
//! enumerate the whole tree (in another order), and the solutions do not come
//! out in lexicographic order.
//!
//! On the empty board the scores are all equal, (n - 1)(n - 2): wherever it
//! stands in row 0, a queen attacks n - 1 squares below it on its column and
//! n - 1 on its two diagonals together. So the first queen always goes in
//! column 0, and the heuristic only starts to choose from row 1 on.
//!
//! The search is depth-first with an explicit stack of rows: for each row
//! entered, its scored candidates, sorted, and a cursor into them.
//!
//! Why it is taught: it is the simplest *value-ordering* heuristic of
//! constraint programming (akin to "least constraining value"), and it shows
//! the trade at the heart of heuristic search: more work per node to visit
//! fewer nodes.
//!
//! # Cost
//!
//! Scoring a square of row r recomputes the free squares of each of the
//! n - 1 - r rows below with the masks of `bitwise` (column, diagonal and
//! anti-diagonal, shifted by the distance) and a population count: O(n) word
//! operations per candidate, O(n²) per row entered, plus sorting the row's
//! candidates. For the first solution that is repaid many times over by the
//! boards not visited; for a full enumeration it is pure overhead. Memory is
//! O(n²) (n candidate slots per row). `max_n` is 64, one bit per column in a
//! `u64`.
//!
//! Boards reached until the first solution (`nodes` with a sink that stops
//! after one), against lexicographic `bitwise`:
//!
//! | n | heuristic | bitwise |
//! |---|---:|---:|
//! | 8 | 56 | 114 |
//! | 9 | 24 | 42 |
//! | 10 | 11 | 103 |
//! | 11 | 310 | 53 |
//! | 12 | 259 | 262 |
//! | 13 | 607 | 112 |
//! | 14 | 248 | 1,900 |
//! | 15 | 80 | 1,360 |
//! | 16 | 2,725 | 10,053 |
//! | 17 | 898 | 5,375 |
//! | 18 | 186 | 41,300 |
//! | 19 | 5,983 | 2,546 |
//! | 20 | 94 | 199,636 |
//!
//! Fewer boards for 10 of the 13 sizes (not 11, 13 and 19), 11,481 against
//! 262,856 in all; for n = 10 the first choices never fail (11 boards: the
//! empty one and ten queens). The heuristic is not a guarantee: on 11, 13 and
//! 19 its favourite early squares happen to lead into larger dead subtrees
//! than the left-most ones.
//!
//! # Stats
//!
//! - `nodes`: boards reached, the empty board included (1 + placements);
//! - `placements`: queens put on the board;
//! - `conflict_tests`: candidate squares tested, all n squares of each row
//!   entered (one mask test each) before the free ones are scored;
//! - `reads`: those mask tests plus the look-ahead's own work, one row mask
//!   for each row below each free square scored (n = 8, all solutions:
//!   15,720 tests but 21,220 reads; bitwise reads 5,895 words in all);
//! - `backtracks`: queens taken off (the last queen of each solution
//!   included);
//! - `peak_frontier`: the deepest row entered plus one, the number of rows
//!   on the stack;
//! - `writes`: candidates written into a row's sorted list, and the three
//!   masks and the column of each queen that goes down a row.
//!
//! # Events
//!
//! On entering a row: a [`Event::Reject`] for each attacked square (naming the
//! first queen from the top that attacks it), then [`Event::Scores`] with the
//! free squares and their f, best first; then `Place` and `Backtrack` as the
//! candidates are tried.

use std::cmp::Reverse;

use super::truth::record;
use super::{check_size, emit_solution, first_attacker, Algorithm, Event, Sink, Stats, Structure};
use crate::board::Square;
use crate::error::Error;

/// The look-ahead search; see the docs of `src/algo/heuristic.rs`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Heuristic;

/// f for a queen whose row's attack masks, after adding it, are `cols`,
/// `diag` and `anti` (in that row's frame): the free squares of the `below`
/// rows under it.
fn freedom(full: u64, cols: u64, diag: u64, anti: u64, below: usize) -> usize {
    (1..=below)
        .map(|d| (full & !(cols | diag << d | anti >> d)).count_ones() as usize)
        .sum()
}

impl Algorithm for Heuristic {
    fn name(&self) -> &'static str {
        "heuristic"
    }

    fn summary(&self) -> &'static str {
        "look-ahead: try the square that leaves the most free squares below first"
    }

    fn max_n(&self) -> usize {
        64
    }

    fn lexicographic(&self) -> bool {
        false
    }

    fn search(&self, n: usize, sink: &mut dyn Sink) -> Result<Stats, Error> {
        check_size(self, n)?;
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let tracing = sink.tracing();
        let mut stats = Stats {
            nodes: 1,
            peak_frontier: 1,
            ..Stats::default()
        };
        let mut columns = vec![0usize; n];
        // The attack masks on row r from the queens above it (bit i = column i).
        let mut cols = vec![0u64; n];
        let mut diag = vec![0u64; n];
        let mut anti = vec![0u64; n];
        // Row r's scored candidates live in `cands[r * n..r * n + len[r]]`,
        // best first; `next[r]` is the next one to try.
        let mut cands = vec![(0usize, 0usize); n * n];
        let mut len = vec![0usize; n];
        let mut next = vec![0usize; n];

        let mut row = 0;
        let mut entering = true;
        // The real state for the replay test: the current row's scored
        // candidates (none while it is being entered) and how many are tried.
        macro_rules! snap {
            ($row:expr, $scored:expr) => {
                record(stats, || Structure::Scores {
                    row: $row,
                    candidates: if $scored {
                        cands[$row * n..$row * n + len[$row]]
                            .iter()
                            .map(|&(c, f)| [c, f])
                            .collect()
                    } else {
                        Vec::new()
                    },
                    next: if $scored { next[$row] } else { 0 },
                })
            };
        }
        loop {
            if entering {
                // Test every square of the row, score the free ones, sort.
                entering = false;
                let attacked = cols[row] | diag[row] | anti[row];
                let slots = &mut cands[row * n..(row + 1) * n];
                let mut k = 0;
                for col in 0..n {
                    stats.conflict_tests += 1;
                    stats.reads += 1;
                    let bit = 1u64 << col;
                    if attacked & bit == 0 {
                        // The look-ahead: one mask per row below.
                        stats.reads += (n - 1 - row) as u64;
                        let f = freedom(
                            full,
                            cols[row] | bit,
                            diag[row] | bit,
                            anti[row] | bit,
                            n - 1 - row,
                        );
                        slots[k] = (col, f);
                        k += 1;
                    } else if tracing {
                        let here = Square::new(row, col);
                        let attacker = first_attacker(&columns[..row], here);
                        if let Some((by, attack)) = attacker {
                            let e = Event::Reject {
                                row,
                                col,
                                by,
                                attack,
                            };
                            record(stats, || Structure::Scores {
                                row,
                                candidates: Vec::new(),
                                next: 0,
                            });
                            if sink.event(&e).is_break() {
                                return Ok(stats);
                            }
                        }
                    }
                }
                // Stable order: largest f first, then lowest column.
                slots[..k].sort_unstable_by_key(|&(col, f)| (Reverse(f), col));
                stats.writes += k as u64;
                len[row] = k;
                next[row] = 0;
                if tracing {
                    snap!(row, true);
                    let e = Event::Scores {
                        row,
                        scores: &cands[row * n..row * n + k],
                    };
                    if sink.event(&e).is_break() {
                        return Ok(stats);
                    }
                }
            }
            if next[row] == len[row] {
                // Every candidate of this row tried: back up.
                if row == 0 {
                    break;
                }
                row -= 1;
                let col = columns[row];
                stats.backtracks += 1;
                if tracing {
                    snap!(row, true);
                    if sink.event(&Event::Backtrack { row, col }).is_break() {
                        break;
                    }
                }
                continue;
            }
            let (col, _) = cands[row * n + next[row]];
            next[row] += 1;
            columns[row] = col;
            stats.placements += 1;
            stats.nodes += 1;
            if row + 1 < n {
                // The column above and the three masks of the row below.
                stats.writes += 4;
            }
            if tracing {
                snap!(row, true);
                if sink.event(&Event::Place { row, col }).is_break() {
                    break;
                }
            }
            if row + 1 == n {
                snap!(row, true);
                if emit_solution(sink, &mut stats, &columns).is_break() {
                    break;
                }
                stats.backtracks += 1;
                if tracing {
                    snap!(row, true);
                    if sink.event(&Event::Backtrack { row, col }).is_break() {
                        break;
                    }
                }
                continue;
            }
            let bit = 1u64 << col;
            cols[row + 1] = cols[row] | bit;
            diag[row + 1] = ((diag[row] | bit) << 1) & full;
            anti[row + 1] = (anti[row] | bit) >> 1;
            row += 1;
            entering = true;
            stats.peak_frontier = stats.peak_frontier.max(row as u64 + 1);
        }
        Ok(stats)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algo::testing::{check_algorithm, Recorder};
    use crate::sink::{Collect, Count};

    #[test]
    fn finds_every_solution() {
        check_algorithm(&Heuristic, 9);
    }

    fn first(algorithm: &dyn Algorithm, n: usize) -> (Stats, Vec<usize>) {
        let mut one = Collect {
            limit: Some(1),
            ..Collect::default()
        };
        let stats = algorithm.search(n, &mut one).unwrap();
        (stats, one.solutions.pop().unwrap())
    }

    /// (n, heuristic, bitwise): boards reached until the first solution, as
    /// in the module docs.
    const FIRST: [(usize, u64, u64); 13] = [
        (8, 56, 114),
        (9, 24, 42),
        (10, 11, 103),
        (11, 310, 53),
        (12, 259, 262),
        (13, 607, 112),
        (14, 248, 1900),
        (15, 80, 1360),
        (16, 2725, 10053),
        (17, 898, 5375),
        (18, 186, 41300),
        (19, 5983, 2546),
        (20, 94, 199636),
    ];

    #[test]
    fn first_solution_touches_fewer_nodes_than_bitwise() {
        let mut fewer = 0;
        for (n, heuristic, bitwise) in FIRST {
            let (ours, solution) = first(&Heuristic, n);
            assert!(crate::verify(&solution).is_ok());
            let (theirs, _) = first(&crate::algo::bitwise::Bitwise, n);
            assert_eq!((ours.nodes, theirs.nodes), (heuristic, bitwise), "n = {n}");
            if ours.nodes < theirs.nodes {
                fewer += 1;
            }
        }
        assert_eq!(fewer, 10, "fewer nodes for {fewer} of 13 sizes");
    }

    #[test]
    fn all_solutions_still_the_whole_tree() {
        for n in 4..=9 {
            let ours = Heuristic.search(n, &mut Count::default()).unwrap();
            let theirs = crate::algo::bitwise::Bitwise
                .search(n, &mut Count::default())
                .unwrap();
            // Order changes, the tree does not.
            assert_eq!(ours.nodes, theirs.nodes, "n = {n}");
            assert_eq!(ours.solutions, theirs.solutions, "n = {n}");
        }
    }

    /// At a step that takes a queen back, the text of the candidate list
    /// marks that queen's column tried (✗), as the page's table does, not
    /// "* trying" (the text and the table disagreed at every backtrack).
    #[test]
    fn a_candidate_taken_back_is_not_said_to_be_trying() {
        use crate::algo::{Event, MarkKind, Replay};
        use crate::sink::Sink;
        use std::ops::ControlFlow;
        struct Texts(Replay, usize);
        impl Sink for Texts {
            fn tracing(&self) -> bool {
                true
            }
            fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
                let step = self.0.apply(event);
                let text = self.0.structure_text().join("\n");
                // The candidates, after the legend "(* trying, ✗ tried): ".
                let list = text.split("tried): ").nth(1).unwrap_or_default();
                match self.0.mark() {
                    Some(m) if m.kind == MarkKind::Removed && !list.is_empty() => {
                        self.1 += 1;
                        assert!(!list.contains('*'), "{}: {text}", step.says);
                    }
                    Some(m) if m.kind == MarkKind::Placed => {
                        assert!(list.contains('*'), "{}: {text}", step.says);
                    }
                    _ => {}
                }
                ControlFlow::Continue(())
            }
        }
        for n in 4..=6 {
            let mut texts = Texts(Replay::new("heuristic", n), 0);
            Heuristic.search(n, &mut texts).unwrap();
            assert!(texts.1 > 0, "n = {n}: no step took a queen back");
        }
    }

    #[test]
    fn scores_order_the_candidates() {
        let mut rec = Recorder::default();
        Heuristic.search(4, &mut rec).unwrap();
        // A queen on row 0 attacks 2(n - 1) squares below whatever its
        // column, so row 0 is all ties: f = 12 - 6 = 6, lowest column first.
        assert_eq!(
            rec.events[0],
            "Scores { row: 0, scores: [(0, 6), (1, 6), (2, 6), (3, 6)] }"
        );
        assert_eq!(rec.events[1], "Place { row: 0, col: 0 }");
        // After (0, 0): (1, 3) leaves (2, 1) and (3, 2) free, f = 2; (1, 2)
        // leaves only (3, 1), f = 1; so column 3 is tried first.
        assert_eq!(
            rec.events[2],
            "Reject { row: 1, col: 0, by: Square { row: 0, col: 0 }, attack: Column }"
        );
        assert_eq!(
            rec.events[3],
            "Reject { row: 1, col: 1, by: Square { row: 0, col: 0 }, attack: Diagonal }"
        );
        assert_eq!(rec.events[4], "Scores { row: 1, scores: [(3, 2), (2, 1)] }");
        assert_eq!(rec.events[5], "Place { row: 1, col: 3 }");
    }

    #[test]
    fn stops_at_once_when_the_sink_breaks() {
        crate::algo::testing::check_stops_at_once(&Heuristic, 6, &[1, 2, 7, 50, 300]);
    }
}
