//! `stack`: backtracking without recursion, on an explicit stack of squares.
//!
//! The recursion of [`super::recursive`] is replaced by a stack of the
//! positions still to try, each a square `(row, col)`. The board is the column
//! array `columns[row]` plus the number of rows `placed` that hold a queen.
//! The loop pops a square and:
//!
//! 1. takes off every queen on its row or below (they belong to a branch that
//!    is finished: this is where the search backtracks);
//! 2. tests the square against the queens above it (same column, or
//!    `|Δrow| = |Δcol|`);
//! 3. if it is attacked, pushes the square to its right (when there is one),
//!    so the row goes on;
//! 4. if it is free, places the queen and pushes the square to its right,
//!    and then, above it, the first square of the next row (or, on the last
//!    row, reports the solution). The next row's squares are therefore tried
//!    first, and when they run out the search resumes to the right in the row
//!    above, exactly where the recursion would return.
//!
//! The search starts from `(0, 0)` and ends when the stack is empty; then the
//! queens still standing are taken off. Squares are tried in the recursive
//! search's order, so the solutions are lexicographic and its nodes, tests
//! and reads equal [`super::recursive`]'s. Its writes do not (each square
//! pushed is a write too: n = 8, 17,776 against 2,056), and its peak is the
//! most squares on the stack, not the depth of the recursion.
//!
//! ## Why it is taught
//!
//! It shows what recursion does for us: the call stack holds, for every row,
//! where to resume. Making that stack explicit removes the depth limit of the
//! call stack, lets the search be paused and resumed, and is the first step to
//! other orders (a queue instead of a stack gives breadth-first search).
//!
//! ## Cost
//!
//! The backtracking tree (n = 8: 2 056 queens placed, 15 720 squares tested),
//! each test O(row). The stack holds at most one entry per row (the square to
//! resume at) plus the next row's first square: at most n entries.
//! [`Algorithm::max_n`] is 64, as for the other plain backtrackers: listing all
//! solutions stops being feasible near n = 20, and 64 matches the bitwise
//! search's limit.
//!
//! ## Stats
//!
//! - `nodes`: the empty board plus one per queen placed.
//! - `placements`: queens put on the board.
//! - `conflict_tests`: squares tested, one per square popped, however many
//!   earlier rows the test compared before it found an attacker.
//! - `backtracks`: queens taken off, when a popped square lies on or above
//!   their row, and at the end; a completed search takes off every queen it
//!   placed.
//! - `peak_frontier`: the largest number of squares on the stack at once.
//! - `reads`: entries of the column array compared by the checks.
//! - `writes`: entries written: one per queen in the column array, one per
//!   square pushed.
//!
//! ## Events
//!
//! [`Event::Push`] of the squares a step pushes (the first, `(0, 0)`, then
//! the square to the right and the next row's first), [`Event::Pop`] of each
//! square taken off the stack, then the [`Event::Backtrack`]s it causes, and
//! [`Event::Reject`] or [`Event::Place`] for the square.

use std::ops::ControlFlow;

use super::truth::record;
use super::{
    attack_of, check_size, emit_solution, Algorithm, Event, Sink, StackEntry, Stats, Structure,
};
use crate::board::Square;
use crate::error::Error;

/// The explicit-stack search; see the docs of `src/algo/stack.rs`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Stack;

impl Algorithm for Stack {
    fn name(&self) -> &'static str {
        "stack"
    }

    fn summary(&self) -> &'static str {
        "no recursion: an explicit stack of the squares still to try, the next row's on top"
    }

    fn max_n(&self) -> usize {
        64
    }

    fn search(&self, n: usize, sink: &mut dyn Sink) -> Result<Stats, Error> {
        check_size(self, n)?;
        let mut stats = Stats {
            nodes: 1,
            ..Stats::default()
        };
        // Two copies of the loop: the one that does not trace has no trace
        // code in it at all.
        let _ = if sink.tracing() {
            run::<true>(n, sink, &mut stats)
        } else {
            run::<false>(n, sink, &mut stats)
        };
        Ok(stats)
    }
}

/// A stack entry: a square, untagged.
fn entry(row: usize, col: usize) -> StackEntry {
    StackEntry {
        row,
        col,
        tag: None,
    }
}

/// The search; `Break` when the sink says stop.
fn run<const TRACING: bool>(n: usize, sink: &mut dyn Sink, stats: &mut Stats) -> ControlFlow<()> {
    let tracing = TRACING;
    let mut columns = vec![0usize; n];
    let mut placed = 0;
    // At most one square per row plus the next row's first: n + 1 is ample.
    let mut stack: Vec<(usize, usize)> = Vec::with_capacity(n + 1);
    stack.push((0, 0));
    stats.writes = 1;
    stats.peak_frontier = 1;
    // The real state, for the replay test: the stack, bottom first.
    macro_rules! snap {
        () => {
            record(*stats, || Structure::Stack {
                entries: stack.iter().map(|&(r, c)| [r, c]).collect(),
            })
        };
    }
    if tracing {
        snap!();
        sink.event(&Event::Push {
            entries: &[entry(0, 0)],
        })?;
    }
    while let Some((row, col)) = stack.pop() {
        if tracing {
            snap!();
            sink.event(&Event::Pop {
                entry: entry(row, col),
            })?;
        }
        // The queens on this row and below belong to a finished branch.
        while placed > row {
            placed -= 1;
            stats.backtracks += 1;
            if tracing {
                snap!();
                sink.event(&Event::Backtrack {
                    row: placed,
                    col: columns[placed],
                })?;
            }
        }
        stats.conflict_tests += 1;
        let attacker = columns[..row]
            .iter()
            .enumerate()
            .position(|(r, &c)| c == col || row - r == c.abs_diff(col))
            .map(|r| (r, columns[r]));
        stats.reads += attacker.map_or(row, |(r, _)| r + 1) as u64;
        // What this step pushes is the stack above this height.
        let height = stack.len();
        if let Some((r, c)) = attacker {
            if tracing {
                let by = Square::new(r, c);
                snap!();
                sink.event(&Event::Reject {
                    row,
                    col,
                    by,
                    attack: attack_of(by, Square::new(row, col)),
                })?;
            }
            // The stack is back to its length before the pop: no new peak.
            if col + 1 < n {
                stack.push((row, col + 1));
                stats.writes += 1;
            }
        } else {
            columns[row] = col;
            placed = row + 1;
            stats.placements += 1;
            stats.nodes += 1;
            // One write for the queen's column, one per square pushed.
            stats.writes += 1;
            if tracing {
                snap!();
                sink.event(&Event::Place { row, col })?;
            }
            if col + 1 < n {
                stack.push((row, col + 1));
                stats.writes += 1;
            }
            if row + 1 < n {
                stack.push((row + 1, 0));
                stats.writes += 1;
            }
            stats.peak_frontier = stats.peak_frontier.max(stack.len() as u64);
        }
        if tracing && stack.len() > height {
            let pushed: Vec<StackEntry> =
                stack[height..].iter().map(|&(r, c)| entry(r, c)).collect();
            snap!();
            sink.event(&Event::Push { entries: &pushed })?;
        }
        if attacker.is_none() && row + 1 == n {
            snap!();
            emit_solution(sink, stats, &columns)?;
        }
    }
    // Nothing left to try: take the remaining queens off.
    while placed > 0 {
        placed -= 1;
        stats.backtracks += 1;
        if tracing {
            snap!();
            sink.event(&Event::Backtrack {
                row: placed,
                col: columns[placed],
            })?;
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algo::recursive::Recursive;
    use crate::algo::testing::check_algorithm;
    use crate::sink::Count;

    #[test]
    fn finds_every_solution_in_order() {
        check_algorithm(&Stack, 9);
    }

    #[test]
    fn four_queens_by_hand() {
        // The recursive search's tree: 60 squares tested, 16 queens. Under
        // (0, 0), (1, 2) the stack holds (0, 1), (1, 3), (2, 0): 3 squares.
        // Holding 4 would need three queens in rows 0..=2 that each leave a
        // square to their right (columns 0..=2), which cannot be: three
        // queens do not fit on a 3×3 board.
        let stats = Stack.search(4, &mut Count::default()).unwrap();
        let expected = Stats {
            nodes: 17,
            placements: 16,
            conflict_tests: 60,
            backtracks: 16,
            solutions: 2,
            peak_frontier: 3,
            // The array's 84 entries, as in the recursion.
            reads: 84,
            // 16 queens written, and the 60 squares popped were each pushed.
            writes: 76,
        };
        assert_eq!(stats, expected);
    }

    /// Stops at the `limit`-th event and counts what comes after.
    struct StopAt {
        limit: usize,
        seen: usize,
    }

    impl Sink for StopAt {
        fn tracing(&self) -> bool {
            true
        }

        fn event(&mut self, _: &Event<'_>) -> ControlFlow<()> {
            self.seen += 1;
            if self.seen >= self.limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        }

        fn solution(&mut self, _: &[usize]) -> ControlFlow<()> {
            ControlFlow::Continue(())
        }
    }

    #[test]
    fn a_break_from_any_event_stops_every_search() {
        use crate::algo::brute_force::BruteForce;
        use crate::algo::recursive_board::RecursiveBoard;
        use crate::algo::tagged_stack::TaggedStack;
        let all: [&dyn Algorithm; 6] = [
            &BruteForce {
                permutations: false,
            },
            &BruteForce { permutations: true },
            &RecursiveBoard,
            &Recursive,
            &Stack,
            &TaggedStack,
        ];
        for algorithm in all {
            for limit in 1..200 {
                let mut sink = StopAt { limit, seen: 0 };
                algorithm.search(5, &mut sink).unwrap();
                assert_eq!(sink.seen, limit, "{} stop at {limit}", algorithm.name());
            }
        }
    }

    #[test]
    fn same_counts_as_the_recursion() {
        for n in 1..=9 {
            let a = Stack.search(n, &mut Count::default()).unwrap();
            let b = Recursive.search(n, &mut Count::default()).unwrap();
            // Not the frontier, and not the writes: the stack's pushes are its own.
            let frontier = |s: Stats| Stats {
                peak_frontier: 0,
                writes: 0,
                ..s
            };
            assert_eq!(frontier(a), frontier(b), "n = {n}");
            assert!(a.peak_frontier <= n as u64, "n = {n}");
        }
    }

    /// The square a pop takes off the stack to try is marked on the board
    /// (it was in no panel until its test, a step or more later).
    #[test]
    fn a_popped_square_is_marked_until_it_is_tested() {
        use crate::algo::{MarkKind, Replay};
        use std::ops::ControlFlow;
        struct Marks(Replay, usize);
        impl Sink for Marks {
            fn tracing(&self) -> bool {
                true
            }
            fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
                self.0.apply(event);
                if let Event::Pop { entry } = event {
                    if entry.tag.is_none() {
                        let m = self.0.mark().expect("a mark");
                        assert_eq!(
                            (m.row, m.col, m.kind),
                            (entry.row, entry.col, MarkKind::Checked)
                        );
                        self.1 += 1;
                    }
                }
                ControlFlow::Continue(())
            }
        }
        let mut marks = Marks(Replay::new("stack", 5), 0);
        Stack.search(5, &mut marks).unwrap();
        assert!(marks.1 > 100, "{} pops", marks.1);
    }
}
