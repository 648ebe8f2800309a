//! `recursive-board`: recursion over rows on an n×n board of 0s and 1s.
//!
//! The backtracking search as most textbooks first write it, with the board
//! drawn the way a person draws it: an n×n grid (here a flat `Vec<u8>`,
//! square `(row, col)` at `row * n + col`) holding 1 where a queen stands.
//! `solve(row)` tries each column of `row` from the left; for a square that no
//! queen attacks it puts a 1 there and calls `solve(row + 1)` (or, on the last
//! row, reports the board), then puts the 0 back and tries the next column.
//! Taking the columns left to right makes the solutions lexicographic.
//!
//! To test a square the grid has to be searched, as the textbook `check(board,
//! pos)` does: for each earlier row, read its cells from the left, and for
//! every 1 found compare the columns and `|Δrow|` with `|Δcol|`. The first
//! attacking queen found (the top-most) refuses the square; a free square
//! costs all `row × n` cells above it. The grid does not know that a row holds
//! one queen, so it reads the whole row: that is the price of the picture.
//!
//! ## Why it is taught
//!
//! It is the recursion of the backtracking idea in its plainest form, with a
//! board that prints as a picture, and it shows why representation matters:
//! the same search on a column array ([`super::recursive`]) tests a square in
//! O(row) instead of O(row × n), and flag arrays ([`super::tagged_stack`]) or
//! bit masks ([`super::bitwise`]) in O(1).
//!
//! ## Cost
//!
//! The search tree is that of every row-by-row backtracker (n = 8: 2 056
//! queens placed, 15 720 squares tested); each test costs up to `row` row
//! scans of up to n cells. Memory is the n² board plus n recursion frames.
//! [`Algorithm::max_n`] is 64: the recursion is then at most 64 frames deep and
//! the board 4 KiB, while listing all solutions stops being feasible near
//! n = 20 and even the first solution of a larger board takes a plain
//! backtracker very long; 64 matches the bitwise search's limit.
//!
//! ## Stats
//!
//! - `nodes`: the empty board plus one per queen placed (each placement is a
//!   new partial board).
//! - `placements`: queens put on the board.
//! - `conflict_tests`: squares tested, one per `(row, col)` tried, however many
//!   earlier rows the test had to scan before it found an attacker.
//! - `backtracks`: queens taken off, including each last-row queen after its
//!   solution is reported; a completed search takes off every queen it placed.
//! - `peak_frontier`: the deepest recursion, counted in `solve` calls (rows
//!   entered): n when some branch reaches the last row.
//! - `reads`: cells of the grid read by the checks (n = 8: 326,192, against
//!   the column array's 46,752 entries in [`super::recursive`]).
//! - `writes`: cells written, a 1 when a queen is put down and a 0 when it
//!   is taken back.
//!
//! ## Events
//!
//! For every square tried, [`Event::Check`] with the number of cells read
//! (the first `reads` cells of the grid in row order) and the attacker found,
//! then [`Event::Reject`] or [`Event::Place`]; [`Event::Backtrack`] when the
//! 0 goes back.

use std::ops::ControlFlow;

use super::truth::record;
use super::{attack_of, check_size, emit_solution, Algorithm, Event, Sink, Stats, Structure};
use crate::board::Square;
use crate::error::Error;

/// The recursive search on an n×n 0/1 board; see the docs of `src/algo/recursive_board.rs`.
#[derive(Debug, Clone, Copy, Default)]
pub struct RecursiveBoard;

impl Algorithm for RecursiveBoard {
    fn name(&self) -> &'static str {
        "recursive-board"
    }

    fn summary(&self) -> &'static str {
        "recursion over rows on an n×n 0/1 board, scanning earlier rows for their queens"
    }

    fn max_n(&self) -> usize {
        64
    }

    fn search(&self, n: usize, sink: &mut dyn Sink) -> Result<Stats, Error> {
        check_size(self, n)?;
        // Two copies of the search: the one that does not trace has no
        // trace code in it at all, so tracing costs it nothing.
        Ok(if sink.tracing() {
            run::<true>(n, sink)
        } else {
            run::<false>(n, sink)
        })
    }
}

/// The search, with or without its trace code.
fn run<const TRACING: bool>(n: usize, sink: &mut dyn Sink) -> Stats {
    let mut search = Search::<TRACING> {
        n,
        board: vec![0; n * n],
        columns: vec![0; n],
        sink,
        stats: Stats {
            nodes: 1,
            ..Stats::default()
        },
    };
    let _ = search.solve(0);
    search.stats
}

/// The state of one search.
struct Search<'a, const TRACING: bool> {
    n: usize,
    /// 1 where a queen stands, row by row.
    board: Vec<u8>,
    /// Scratch for reading a solution off the board.
    columns: Vec<usize>,
    sink: &'a mut dyn Sink,
    stats: Stats,
}

impl<const TRACING: bool> Search<'_, TRACING> {
    /// The column of `row`'s queen, found by scanning the row.
    fn queen_in(&self, row: usize) -> Option<usize> {
        let n = self.n;
        self.board[row * n..(row + 1) * n]
            .iter()
            .position(|&cell| cell == 1)
    }

    /// `check(board, (row, col))`: reads the cells of the rows above in
    /// order, comparing every 1 found with `row`, `col`; the top-most
    /// attacker, and the cells read.
    fn attacker(&self, row: usize, col: usize) -> (Option<Square>, usize) {
        let n = self.n;
        for r in 0..row {
            for c in 0..n {
                if self.board[r * n + c] == 1 && (c == col || row - r == c.abs_diff(col)) {
                    return (Some(Square::new(r, c)), r * n + c + 1);
                }
            }
        }
        (None, row * n)
    }

    /// Fills `row` and the rows below in every possible way.
    fn solve(&mut self, row: usize) -> ControlFlow<()> {
        let n = self.n;
        self.stats.peak_frontier = self.stats.peak_frontier.max(row as u64 + 1);
        for col in 0..n {
            self.stats.conflict_tests += 1;
            let (attacker, reads) = self.attacker(row, col);
            self.stats.reads += reads as u64;
            if TRACING {
                self.snap();
                self.sink.event(&Event::Check {
                    row,
                    col,
                    reads,
                    by: attacker,
                })?;
            }
            if let Some(by) = attacker {
                if TRACING {
                    self.snap();
                    self.sink.event(&Event::Reject {
                        row,
                        col,
                        by,
                        attack: attack_of(by, Square::new(row, col)),
                    })?;
                }
                continue;
            }
            self.board[row * n + col] = 1;
            self.stats.writes += 1;
            self.stats.placements += 1;
            self.stats.nodes += 1;
            if TRACING {
                self.snap();
                self.sink.event(&Event::Place { row, col })?;
            }
            if row + 1 == n {
                // Read the solution off the board.
                for r in 0..n {
                    self.columns[r] = self.queen_in(r).unwrap_or(usize::MAX);
                }
                self.snap();
                emit_solution(&mut *self.sink, &mut self.stats, &self.columns)?;
            } else {
                self.solve(row + 1)?;
            }
            self.board[row * n + col] = 0;
            self.stats.writes += 1;
            self.stats.backtracks += 1;
            if TRACING {
                self.snap();
                self.sink.event(&Event::Backtrack { row, col })?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The real state, for the replay test: the 0/1 board.
    fn snap(&self) {
        let n = self.n;
        record(self.stats, || Structure::Board01 {
            cells: self.board.chunks(n).map(<[u8]>::to_vec).collect(),
            read: 0,
            square: None,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algo::testing::{check_algorithm, Recorder};
    use crate::board::Attack;
    use crate::sink::Count;

    #[test]
    fn finds_every_solution_in_order() {
        check_algorithm(&RecursiveBoard, 9);
    }

    /// Cells a row-by-row scan reads for every square the search tries,
    /// counted over the tree of a plain recursion on a column array.
    fn scan_reads(n: usize, s: &mut Vec<usize>) -> u64 {
        let row = s.len();
        let mut total = 0;
        for col in 0..n {
            let hit = s
                .iter()
                .enumerate()
                .find(|&(r, &c)| c == col || row - r == c.abs_diff(col));
            match hit {
                Some((r, &c)) => total += (r * n + c + 1) as u64,
                None => {
                    total += (row * n) as u64;
                    if row + 1 < n {
                        s.push(col);
                        total += scan_reads(n, s);
                        s.pop();
                    }
                }
            }
        }
        total
    }

    #[test]
    fn reads_every_cell_above_a_free_square() {
        for n in 1..=8 {
            let stats = RecursiveBoard.search(n, &mut Count::default()).unwrap();
            assert_eq!(stats.reads, scan_reads(n, &mut Vec::new()), "n = {n}");
        }
    }

    #[test]
    fn four_queens_by_hand() {
        // Row 0 tests 4 squares. Under (0, 0): row 1 tests 4 and places 2 and
        // 3; row 2 tests 4 under each, placing only (2, 1) under (1, 3); row 3
        // tests 4 under it: 16 tests, 4 queens. Under (0, 1): rows 1, 2, 3
        // each test 4 and place one queen: 12 tests, 4 queens, a solution.
        // (0, 2) and (0, 3) mirror these: 4 + 16 + 12 + 12 + 16 = 60 tests.
        let stats = RecursiveBoard.search(4, &mut Count::default()).unwrap();
        let expected = Stats {
            nodes: 17,
            placements: 16,
            conflict_tests: 60,
            backtracks: 16,
            solutions: 2,
            peak_frontier: 4,
            reads: scan_reads(4, &mut Vec::new()),
            writes: 32,
        };
        assert_eq!(stats, expected);
    }

    #[test]
    fn the_first_refusal_names_the_queen_in_the_column() {
        let mut rec = Recorder::default();
        RecursiveBoard.search(4, &mut rec).unwrap();
        assert_eq!(
            rec.events[0],
            "Check { row: 0, col: 0, reads: 0, by: None }"
        );
        assert_eq!(rec.events[1], "Place { row: 0, col: 0 }");
        assert_eq!(
            rec.events[2],
            "Check { row: 1, col: 0, reads: 1, by: Some(Square { row: 0, col: 0 }) }"
        );
        assert_eq!(
            rec.events[3],
            format!(
                "{:?}",
                Event::Reject {
                    row: 1,
                    col: 0,
                    by: Square::new(0, 0),
                    attack: Attack::Column
                }
            )
        );
        assert_eq!(
            rec.events[5],
            format!(
                "{:?}",
                Event::Reject {
                    row: 1,
                    col: 1,
                    by: Square::new(0, 0),
                    attack: Attack::Diagonal
                }
            )
        );
    }
}
