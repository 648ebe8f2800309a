//! `recursive`: recursion over rows on a 1-D column array.
//!
//! The classic backtracking program (Wirth's, and the one in nearly every
//! course since): since each row holds exactly one queen, the board is stored
//! as `board[row] = col`. `solve(row)` tries each column of `row` from the
//! left; a square is free when no earlier row `r` has `board[r] == col` (same
//! column) or `row - r == |board[r] - col|` (same diagonal). A free square is
//! written into `board[row]` and the search recurses into `row + 1` (or, on
//! the last row, reports `board` as a solution); when that returns, the next
//! column is tried, which overwrites the entry: that is the backtrack. Taking
//! columns left to right makes the solutions lexicographic.
//!
//! ## Why it is taught
//!
//! It is the smallest correct backtracker, and its representation removes the
//! row conflicts by construction: one number per row cannot hold two queens.
//! Compared with the n×n board of [`super::recursive_board`] it finds each
//! earlier queen in O(1) instead of scanning a row for it, while visiting
//! exactly the same squares in the same order (the two report the same
//! nodes and tests, and differ in `reads` and `writes`: the board writes a
//! cell to place a queen and another to take it off, the array one entry).
//!
//! ## Cost
//!
//! The backtracking tree (n = 8: 2 056 queens placed, 15 720 squares tested),
//! each test O(row). Memory is the n-entry array and n recursion frames.
//! [`Algorithm::max_n`] is 64: the recursion is at most 64 frames deep, while
//! listing all solutions stops being feasible near n = 20 and even the first
//! solution of a larger board takes a plain backtracker very long; 64 matches
//! the bitwise search's limit.
//!
//! ## Stats
//!
//! - `nodes`: the empty board plus one per queen placed.
//! - `placements`: queens put on the board (entries written).
//! - `conflict_tests`: squares tested, one per `(row, col)` tried, however many
//!   earlier rows the test compared before it found an attacker.
//! - `backtracks`: queens taken off, including each last-row queen after its
//!   solution; a completed search takes off every queen it placed.
//! - `peak_frontier`: the deepest recursion, counted in `solve` calls (rows
//!   entered).
//! - `reads`: entries of the array compared by the checks, `board[0]` up to
//!   the first attacker (all `row` of them for a free square).
//! - `writes`: entries written, one per queen; taking a queen back writes
//!   nothing, the next column overwrites it.
//!
//! ## Events
//!
//! For every square tried, [`Event::Check`] with the entries compared and the
//! attacker found, then [`Event::Reject`] or [`Event::Place`], and
//! [`Event::Backtrack`] when the search returns from the row below.

use std::ops::ControlFlow;

use super::truth::record;
use super::{attack_of, check_size, emit_solution, Algorithm, Event, Sink, Stats, Structure};
use crate::board::Square;
use crate::error::Error;

/// The recursive search on a column array; see the docs of `src/algo/recursive.rs`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Recursive;

impl Algorithm for Recursive {
    fn name(&self) -> &'static str {
        "recursive"
    }

    fn summary(&self) -> &'static str {
        "recursion over rows on a 1-D array board[row] = col, each earlier row checked in O(1)"
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
        board: vec![0; n],
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
    /// `board[row]` is the column of `row`'s queen, for the rows filled so far.
    board: Vec<usize>,
    sink: &'a mut dyn Sink,
    stats: Stats,
}

impl<const TRACING: bool> Search<'_, TRACING> {
    /// The top-most queen above `row` that attacks `row`, `col`, and the
    /// entries `board[0], board[1], …` read to find it.
    fn attacker(&self, row: usize, col: usize) -> (Option<Square>, usize) {
        let board = &self.board[..row];
        match board
            .iter()
            .enumerate()
            .position(|(r, &c)| c == col || row - r == c.abs_diff(col))
        {
            Some(r) => (Some(Square::new(r, board[r])), r + 1),
            None => (None, row),
        }
    }

    /// Fills `row` and the rows below in every possible way.
    fn solve(&mut self, row: usize) -> ControlFlow<()> {
        let n = self.board.len();
        self.stats.peak_frontier = self.stats.peak_frontier.max(row as u64 + 1);
        for col in 0..n {
            self.stats.conflict_tests += 1;
            let (attacker, reads) = self.attacker(row, col);
            self.stats.reads += reads as u64;
            if TRACING {
                self.snap(row);
                self.sink.event(&Event::Check {
                    row,
                    col,
                    reads,
                    by: attacker,
                })?;
            }
            if let Some(by) = attacker {
                if TRACING {
                    self.snap(row);
                    self.sink.event(&Event::Reject {
                        row,
                        col,
                        by,
                        attack: attack_of(by, Square::new(row, col)),
                    })?;
                }
                continue;
            }
            self.board[row] = col;
            self.stats.writes += 1;
            self.stats.placements += 1;
            self.stats.nodes += 1;
            if TRACING {
                self.snap(row + 1);
                self.sink.event(&Event::Place { row, col })?;
            }
            if row + 1 == n {
                self.snap(n);
                emit_solution(&mut *self.sink, &mut self.stats, &self.board)?;
            } else {
                self.solve(row + 1)?;
            }
            self.stats.backtracks += 1;
            if TRACING {
                self.snap(row);
                self.sink.event(&Event::Backtrack { row, col })?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The real state, for the replay test: the array's first `filled`
    /// entries, the rows of the current path (the entries past them are
    /// left over from earlier branches and never read).
    fn snap(&self, filled: usize) {
        record(self.stats, || Structure::Array {
            s: (0..self.board.len())
                .map(|r| (r < filled).then(|| self.board[r]))
                .collect(),
            compared: 0,
            square: None,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algo::recursive_board::RecursiveBoard;
    use crate::algo::testing::{check_algorithm, Recorder};
    use crate::sink::Count;

    #[test]
    fn finds_every_solution_in_order() {
        check_algorithm(&Recursive, 9);
    }

    #[test]
    fn four_queens_by_hand() {
        // The same tree as recursive-board's walk-through: 16 queens placed,
        // 4 + 16 + 12 + 12 + 16 = 60 squares tested.
        let stats = Recursive.search(4, &mut Count::default()).unwrap();
        let expected = Stats {
            nodes: 17,
            placements: 16,
            conflict_tests: 60,
            backtracks: 16,
            solutions: 2,
            peak_frontier: 4,
            // 60 checks read 84 entries: 0 in row 0, then up to the attacker.
            reads: 84,
            writes: 16,
        };
        assert_eq!(stats, expected);
    }

    #[test]
    fn same_search_as_the_board_version() {
        for n in 1..=8 {
            let mut a = Recorder::default();
            let mut b = Recorder::default();
            let sa = Recursive.search(n, &mut a).unwrap();
            let sb = RecursiveBoard.search(n, &mut b).unwrap();
            let tree = |s: Stats| (s.nodes, s.placements, s.conflict_tests, s.backtracks);
            assert_eq!(tree(sa), tree(sb), "n = {n}");
            // The grid costs more to read than the array, from n = 2 up.
            if n >= 2 {
                assert!(sb.reads > sa.reads, "n = {n}");
            }
            // Same steps; only the cells read differ.
            let steps = |events: &[String]| -> Vec<String> {
                events
                    .iter()
                    .map(|e| match e.find("reads") {
                        Some(at) => e[..at].to_string(),
                        None => e.clone(),
                    })
                    .collect()
            };
            assert_eq!(steps(&a.events), steps(&b.events), "n = {n}");
        }
    }
}
