//! `occupancy`: an n×n grid of attacked squares, marked and restored.
//!
//! The picture many textbooks and visualisers draw: besides the queens, the
//! board records which squares are under attack. Here every square has a
//! counter, the number of queens attacking it from the rows above. Placing a
//! queen on (r, c) adds one to every square it attacks in the rows below: for
//! each row r + d, the squares (r + d, c) on its column, (r + d, c - d) on its
//! anti-diagonal and (r + d, c + d) on its diagonal, where they lie on the
//! board. Taking it off subtracts one from exactly those squares, so the grid
//! comes back to what it was (a counter rather than a flag, because two queens
//! can attack the same square and lifting one must not free it). Rows are
//! filled from the top, so a square is free exactly when its counter is 0, and
//! testing a candidate is one look-up.
//!
//! Why counters and not 0/1 flags: a flag says *that* a square is attacked,
//! not *by how many*. With queens on (0, 0) and (1, 2) of a 4×4 board, the
//! square (2, 2) is attacked twice, along the diagonal of (0, 0) and the
//! column of (1, 2). Taking back (1, 2) by resetting its squares to 0, as a
//! flag grid's `update_reset` does, frees (2, 2) although (0, 0) still
//! attacks it, and the search would then place a queen there. Counting (2 →
//! 1) keeps it attacked. `nqueens trace -a occupancy` prints the counters.
//!
//! The search is depth-first and lexicographic: each row's columns are tried
//! from left to right, with an explicit cursor per row instead of recursion.
//!
//! Why it is taught: it makes "attacked" visible as data, it is the natural
//! step from checking every placed queen (O(row) per test) to O(1) tests, and
//! it shows the mark/undo discipline that every backtracking search with
//! incremental state needs.
//!
//! # Cost
//!
//! A test is O(1), but each placement marks up to 3(n - 1 - r) squares and
//! each backtrack unmarks them again, so the work per node is O(n), against
//! O(1) mask updates in `bitwise`. Memory is the n² grid of one-byte counters
//! (a square is attacked by at most one queen per row above, so a counter
//! never exceeds 63). `max_n` is 64, to keep to the range of the other
//! algorithms; the grid would allow more.
//!
//! # Stats
//!
//! - `nodes`: boards reached, the empty board included (1 + placements);
//! - `placements`: queens put on the board;
//! - `conflict_tests`: candidate squares tested, one counter read per column
//!   tried in a row;
//! - `backtracks`: queens taken off (the last queen of each solution
//!   included);
//! - `peak_frontier`: the deepest row entered plus one, the number of live
//!   per-row cursors.
//!
//! - `reads`: counters read, one per square tested;
//! - `writes`: counters changed by marking and unmarking, up to 3 for each
//!   row below the queen: this is where the grid's work is.
//!
//! # Events
//!
//! `Place`, `Reject` and `Backtrack` as above. The grid does not remember
//! which queen attacks a square, so for a `Reject` (only when tracing) the
//! queens above are scanned from the top and the first that attacks the square
//! is named.

use super::truth::record;
use super::{check_size, emit_solution, first_attacker, Algorithm, Event, Sink, Stats, Structure};
use crate::board::Square;
use crate::error::Error;

/// The occupancy-grid search; see the docs of `src/algo/occupancy.rs`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Occupancy;

/// The counters of an `n`×`n` board: how many queens attack each square.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Grid {
    n: usize,
    /// Row-major, `n * n` counters.
    attacked: Vec<u8>,
}

impl Grid {
    fn new(n: usize) -> Self {
        Grid {
            n,
            attacked: vec![0; n * n],
        }
    }

    /// Whether no queen attacks `row`, `col`.
    /// The real state, for the replay test: the counters.
    fn snapshot(&self) -> Structure {
        Structure::Counters {
            grid: self.attacked.chunks(self.n).map(<[u8]>::to_vec).collect(),
        }
    }

    fn is_free(&self, row: usize, col: usize) -> bool {
        self.attacked[row * self.n + col] == 0
    }

    /// Marks (`add`) or unmarks the squares a queen on `row`, `col` attacks in
    /// the rows below: its column and both diagonals.
    /// Returns the number of counters changed.
    fn mark(&mut self, row: usize, col: usize, add: bool) -> u64 {
        let n = self.n;
        let mut changed = 0;
        for r in row + 1..n {
            let d = r - row;
            let line = &mut self.attacked[r * n..(r + 1) * n];
            let mut bump = |c: usize| {
                line[c] = if add { line[c] + 1 } else { line[c] - 1 };
                changed += 1;
            };
            bump(col);
            if col >= d {
                bump(col - d);
            }
            if col + d < n {
                bump(col + d);
            }
        }
        changed
    }
}

impl Algorithm for Occupancy {
    fn name(&self) -> &'static str {
        "occupancy"
    }

    fn summary(&self) -> &'static str {
        "an n×n grid of attack counters: a queen marks the squares it attacks below, undoing restores them"
    }

    fn max_n(&self) -> usize {
        64
    }

    fn search(&self, n: usize, sink: &mut dyn Sink) -> Result<Stats, Error> {
        check_size(self, n)?;
        let mut grid = Grid::new(n);
        Ok(run(n, sink, &mut grid))
    }
}

/// The search itself, on a grid that starts (and, unless stopped, ends) clear.
fn run(n: usize, sink: &mut dyn Sink, grid: &mut Grid) -> Stats {
    let tracing = sink.tracing();
    let mut stats = Stats {
        nodes: 1,
        peak_frontier: 1,
        ..Stats::default()
    };
    let mut columns = vec![0usize; n];
    let mut next = vec![0usize; n];
    let mut row = 0;
    loop {
        let col = next[row];
        if col == n {
            // Every column of this row tried: back up.
            if row == 0 {
                break;
            }
            row -= 1;
            let col = columns[row];
            stats.writes += grid.mark(row, col, false);
            stats.backtracks += 1;
            if tracing {
                record(stats, || grid.snapshot());
                if sink.event(&Event::Backtrack { row, col }).is_break() {
                    break;
                }
            }
            continue;
        }
        next[row] = col + 1;
        stats.conflict_tests += 1;
        stats.reads += 1;
        if !grid.is_free(row, col) {
            if tracing {
                let here = Square::new(row, col);
                let attacker = first_attacker(&columns[..row], here);
                if let Some((by, attack)) = attacker {
                    let e = Event::Reject {
                        row,
                        col,
                        by,
                        attack,
                    };
                    record(stats, || grid.snapshot());
                    if sink.event(&e).is_break() {
                        break;
                    }
                }
            }
            continue;
        }
        columns[row] = col;
        stats.placements += 1;
        stats.nodes += 1;
        // The queen marks the squares it attacks below as it goes down.
        if row + 1 < n {
            stats.writes += grid.mark(row, col, true);
        }
        if tracing {
            record(stats, || grid.snapshot());
            if sink.event(&Event::Place { row, col }).is_break() {
                break;
            }
        }
        if row + 1 == n {
            record(stats, || grid.snapshot());
            if emit_solution(sink, &mut stats, &columns).is_break() {
                break;
            }
            stats.backtracks += 1;
            if tracing {
                record(stats, || grid.snapshot());
                if sink.event(&Event::Backtrack { row, col }).is_break() {
                    break;
                }
            }
            continue;
        }
        row += 1;
        next[row] = 0;
        stats.peak_frontier = stats.peak_frontier.max(row as u64 + 1);
    }
    stats
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algo::testing::{check_algorithm, Recorder};
    use crate::sink::Count;

    #[test]
    fn finds_every_solution_in_order() {
        check_algorithm(&Occupancy, 9);
    }

    #[test]
    fn marking_covers_column_and_diagonals_below() {
        let mut g = Grid::new(4);
        g.mark(0, 1, true);
        assert_eq!(
            g.attacked,
            [
                0, 0, 0, 0, //
                1, 1, 1, 0, //
                0, 1, 0, 1, //
                0, 1, 0, 0, //
            ]
        );
        // A second queen attacking some of the same squares.
        g.mark(1, 3, true);
        assert_eq!(&g.attacked[8..], [0, 1, 1, 2, 0, 2, 0, 1]);
        // Lifting it restores exactly the first queen's marks.
        g.mark(1, 3, false);
        assert_eq!(&g.attacked[8..], [0, 1, 0, 1, 0, 1, 0, 0]);
        g.mark(0, 1, false);
        assert_eq!(g, Grid::new(4));
    }

    #[test]
    fn counters_keep_a_square_attacked_twice() {
        // The docs' example: (2, 2) is attacked by (0, 0) and by (1, 2);
        // taking (1, 2) back leaves it attacked, where a 0/1 reset would not.
        let mut g = Grid::new(4);
        g.mark(0, 0, true);
        g.mark(1, 2, true);
        assert_eq!(g.attacked[2 * 4 + 2], 2);
        g.mark(1, 2, false);
        assert!(!g.is_free(2, 2));
    }

    #[test]
    fn the_grid_is_clear_after_a_full_search() {
        for n in 1..=8 {
            let mut grid = Grid::new(n);
            let stats = run(n, &mut Count::default(), &mut grid);
            assert_eq!(grid, Grid::new(n), "n = {n}");
            assert_eq!(stats.placements, stats.backtracks);
            assert_eq!(stats.nodes, stats.placements + 1);
        }
    }

    #[test]
    fn same_tree_as_bitwise() {
        // Same lexicographic tree: the same boards reached and queens moved.
        for n in 4..=10 {
            let ours = Occupancy.search(n, &mut Count::default()).unwrap();
            let theirs = crate::algo::bitwise::Bitwise
                .search(n, &mut Count::default())
                .unwrap();
            assert_eq!(ours.nodes, theirs.nodes, "n = {n}");
            assert_eq!(ours.backtracks, theirs.backtracks, "n = {n}");
            assert_eq!(ours.peak_frontier, theirs.peak_frontier, "n = {n}");
        }
    }

    #[test]
    fn rejects_name_an_attacking_queen() {
        // After (0, 0) and (1, 2): (1, 1) is on (0, 0)'s diagonal, (2, 1) on
        // (1, 2)'s anti-diagonal.
        let mut rec = Recorder::default();
        Occupancy.search(5, &mut rec).unwrap();
        assert!(rec
            .events
            .iter()
            .any(|e| e
                == "Reject { row: 1, col: 1, by: Square { row: 0, col: 0 }, attack: Diagonal }"));
        assert!(rec.events.iter().any(|e| e
            == "Reject { row: 2, col: 1, by: Square { row: 1, col: 2 }, attack: AntiDiagonal }"));
    }

    #[test]
    fn stops_at_once_when_the_sink_breaks() {
        crate::algo::testing::check_stops_at_once(&Occupancy, 6, &[1, 2, 7, 50, 300]);
    }
}
